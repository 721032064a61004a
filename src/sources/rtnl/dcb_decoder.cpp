// The RTM_GETDCB reply decoders.
#include "sources/rtnl/dcb_decoder.hpp"

#include <limits>

#include "sources/netlink/attrs.hpp"
#include "sources/netlink/uapi.hpp"

namespace roce::sources::rtnl {

// The model keeps the kernel's selector and DCBX values under its own names.
static_assert(model::kAppSelEthertype == IEEE_8021QAZ_APP_SEL_ETHERTYPE &&
              model::kAppSelStream == IEEE_8021QAZ_APP_SEL_STREAM &&
              model::kAppSelDgram == IEEE_8021QAZ_APP_SEL_DGRAM && model::kAppSelAny == IEEE_8021QAZ_APP_SEL_ANY &&
              model::kAppSelDscp == IEEE_8021QAZ_APP_SEL_DSCP && model::kAppSelPcp == DCB_APP_SEL_PCP);
static_assert(model::kDcbxHost == DCB_CAP_DCBX_HOST && model::kDcbxLldManaged == DCB_CAP_DCBX_LLD_MANAGED &&
              model::kDcbxVerCee == DCB_CAP_DCBX_VER_CEE && model::kDcbxVerIeee == DCB_CAP_DCBX_VER_IEEE &&
              model::kDcbxStatic == DCB_CAP_DCBX_STATIC);

namespace {

using model::Availability;
using model::Field;
using namespace netlink;  // the attribute walker and readers

const char* dcb_attr_name(std::uint16_t type) {
  switch (type) {
    case DCB_ATTR_IFNAME: return "DCB_ATTR_IFNAME";
    case DCB_ATTR_IEEE: return "DCB_ATTR_IEEE";
    case DCB_ATTR_DCBX: return "DCB_ATTR_DCBX";
    default: return nullptr;
  }
}

const char* ieee_attr_name(std::uint16_t type) {
  switch (type) {
    case DCB_ATTR_IEEE_ETS: return "DCB_ATTR_IEEE_ETS";
    case DCB_ATTR_IEEE_PFC: return "DCB_ATTR_IEEE_PFC";
    case DCB_ATTR_IEEE_APP_TABLE: return "DCB_ATTR_IEEE_APP_TABLE";
    case DCB_ATTR_IEEE_PEER_ETS: return "DCB_ATTR_IEEE_PEER_ETS";
    case DCB_ATTR_IEEE_PEER_PFC: return "DCB_ATTR_IEEE_PEER_PFC";
    case DCB_ATTR_IEEE_PEER_APP: return "DCB_ATTR_IEEE_PEER_APP";
    case DCB_ATTR_IEEE_MAXRATE: return "DCB_ATTR_IEEE_MAXRATE";
    case DCB_ATTR_IEEE_QCN: return "DCB_ATTR_IEEE_QCN";
    case DCB_ATTR_IEEE_QCN_STATS: return "DCB_ATTR_IEEE_QCN_STATS";
    case DCB_ATTR_DCB_BUFFER: return "DCB_ATTR_DCB_BUFFER";
    case DCB_ATTR_DCB_APP_TRUST_TABLE: return "DCB_ATTR_DCB_APP_TRUST_TABLE";
    case DCB_ATTR_DCB_REWR_TABLE: return "DCB_ATTR_DCB_REWR_TABLE";
    default: return nullptr;
  }
}

const char* app_attr_name(std::uint16_t type) {
  switch (type) {
    case DCB_ATTR_IEEE_APP: return "DCB_ATTR_IEEE_APP";
    case DCB_ATTR_DCB_APP: return "DCB_ATTR_DCB_APP";
    default: return nullptr;
  }
}

model::Provenance from(const std::string& ifname, const char* attr) { return {"dcbnl", ifname + " " + attr}; }

// One DCB object of the IEEE nest -> its Field (see the header for the three outcomes).
template <class T, class Convert>
Field<T> object_field(const AttrList& nest, std::uint16_t type, const std::string& ifname, Convert convert) {
  const char* name = ieee_attr_name(type);
  if (const Attr* a = nest.find(type)) {
    Expected<T> v = convert(a->payload, name);
    if (!v) return Field<T>::missing(Availability::error, v.error().message, from(ifname, name));
    return Field<T>::of(std::move(*v), from(ifname, name));
  }
  if (nest.error) return Field<T>::missing(Availability::error, *nest.error, from(ifname, name));
  return Field<T>::missing(Availability::unsupported, std::string("driver does not report ") + name,
                           from(ifname, name));
}

template <std::size_t N, class Src>
model::PerPrio<std::uint8_t> copy8(const Src (&src)[N]) {
  static_assert(N == model::kPriorities);
  model::PerPrio<std::uint8_t> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = src[i];
  return out;
}

Expected<model::Ets> to_ets(ByteView p, const char* name) {
  auto s = read_struct<ieee_ets>(p, name);
  if (!s) return fail(std::move(s.error()));
  model::Ets e;
  e.willing = s->willing != 0;
  e.ets_cap = s->ets_cap;
  e.cbs = s->cbs != 0;
  e.tc_tx_bw = copy8(s->tc_tx_bw);
  e.tc_rx_bw = copy8(s->tc_rx_bw);
  e.tc_tsa = copy8(s->tc_tsa);
  e.prio_tc = copy8(s->prio_tc);
  e.tc_reco_bw = copy8(s->tc_reco_bw);
  e.tc_reco_tsa = copy8(s->tc_reco_tsa);
  e.reco_prio_tc = copy8(s->reco_prio_tc);
  return e;
}

Expected<model::Pfc> to_pfc(ByteView p, const char* name) {
  auto s = read_struct<ieee_pfc>(p, name);
  if (!s) return fail(std::move(s.error()));
  model::Pfc f;
  f.pfc_cap = s->pfc_cap;
  f.pfc_en = s->pfc_en;
  f.mbc = s->mbc;
  f.delay = s->delay;
  for (int i = 0; i < model::kPriorities; ++i) {
    f.requests[i] = s->requests[i];
    f.indications[i] = s->indications[i];
  }
  return f;
}

Expected<model::Buffer> to_buffer(ByteView p, const char* name) {
  auto s = read_struct<dcbnl_buffer>(p, name);
  if (!s) return fail(std::move(s.error()));
  model::Buffer b;
  b.prio2buffer = copy8(s->prio2buffer);
  for (int i = 0; i < DCBX_MAX_BUFFERS; ++i) b.buffer_size[i] = s->buffer_size[i];
  b.total_size = s->total_size;
  return b;
}

Expected<model::PerPrio<std::uint64_t>> to_maxrate(ByteView p, const char* name) {
  auto s = read_struct<ieee_maxrate>(p, name);
  if (!s) return fail(std::move(s.error()));
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  model::PerPrio<std::uint64_t> bps{};
  for (int i = 0; i < model::kPriorities; ++i)  // kbit/s in the UAPI
    bps[i] = s->tc_maxrate[i] > kMax / 1000 ? kMax : s->tc_maxrate[i] * 1000;
  return bps;
}

// Entries of the APP table: DCB_ATTR_IEEE_APP for IEEE selectors, DCB_ATTR_DCB_APP for the others.
Expected<std::vector<model::AppEntry>> to_app_table(ByteView p, const char* name) {
  const AttrList list = parse_attrs(p, name, app_attr_name);
  if (list.error) return fail(*list.error);
  std::vector<model::AppEntry> out;
  for (std::size_t i = 0; i < list.attrs.size(); ++i) {
    const Attr& a = list.attrs[i];
    if (a.type != DCB_ATTR_IEEE_APP && a.type != DCB_ATTR_DCB_APP) continue;
    auto app = read_struct<dcb_app>(
        a.payload, std::string(name) + " entry " + std::to_string(i) + " (" + app_attr_name(a.type) + ")");
    if (!app) return fail(std::move(app.error()));
    out.push_back(model::AppEntry{app->selector, app->priority, app->protocol});
  }
  return out;
}

// The trusted selectors, most trusted first, each a u8 in an attribute typed like the APP table's.
Expected<std::vector<std::uint8_t>> to_apptrust(ByteView p, const char* name) {
  const AttrList list = parse_attrs(p, name, app_attr_name);
  if (list.error) return fail(*list.error);
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i < list.attrs.size(); ++i) {
    const Attr& a = list.attrs[i];
    if (a.type != DCB_ATTR_IEEE_APP && a.type != DCB_ATTR_DCB_APP) continue;
    auto sel = read_scalar<std::uint8_t>(
        a.payload, std::string(name) + " entry " + std::to_string(i) + " (" + app_attr_name(a.type) + ")");
    if (!sel) return fail(std::move(sel.error()));
    out.push_back(*sel);
  }
  return out;
}

Expected<MessageView> view_dcb_reply(ByteView msg, std::uint8_t cmd, const char* cmd_name) {
  auto view = netlink::view_message(msg, RTM_GETDCB, sizeof(dcbmsg), std::string(cmd_name) + " reply");
  if (!view) return view;
  dcbmsg d;
  std::memcpy(&d, view->family_header.data(), sizeof d);
  if (d.cmd != cmd)
    return fail(std::string(cmd_name) + " reply: dcbmsg cmd " + std::to_string(d.cmd) + ", expected " +
                std::to_string(cmd));
  return view;
}

}  // namespace

model::Dcb dcb_all_missing(Availability availability, const std::string& cause, const std::string& ifname) {
  model::Dcb d;
  d.dcbx = Field<std::uint8_t>::missing(availability, cause, from(ifname, "DCB_ATTR_DCBX"));
  d.pfc = Field<model::Pfc>::missing(availability, cause, from(ifname, "DCB_ATTR_IEEE_PFC"));
  d.ets = Field<model::Ets>::missing(availability, cause, from(ifname, "DCB_ATTR_IEEE_ETS"));
  d.app = Field<std::vector<model::AppEntry>>::missing(availability, cause, from(ifname, "DCB_ATTR_IEEE_APP_TABLE"));
  d.apptrust =
      Field<std::vector<std::uint8_t>>::missing(availability, cause, from(ifname, "DCB_ATTR_DCB_APP_TRUST_TABLE"));
  d.buffer = Field<model::Buffer>::missing(availability, cause, from(ifname, "DCB_ATTR_DCB_BUFFER"));
  d.maxrate = Field<model::PerPrio<std::uint64_t>>::missing(availability, cause, from(ifname, "DCB_ATTR_IEEE_MAXRATE"));
  return d;
}

Expected<model::Dcb> decode_dcb_ieee_reply(ByteView msg, const std::string& ifname) {
  auto view = view_dcb_reply(msg, DCB_CMD_IEEE_GET, "DCB_CMD_IEEE_GET");
  if (!view) return fail(std::move(view.error()));
  const AttrList top = parse_attrs(view->attrs, ifname + " DCB_CMD_IEEE_GET reply", dcb_attr_name);
  if (const Attr* name = top.find(DCB_ATTR_IFNAME)) {
    const std::string replied = read_string(name->payload);
    if (replied != ifname) return fail("DCB_CMD_IEEE_GET reply is for " + replied + ", expected " + ifname);
  }

  model::Dcb d;
  const Attr* ieee = top.find(DCB_ATTR_IEEE);
  if (!ieee) {
    d = dcb_all_missing(Availability::error, top.error ? *top.error : "DCB_CMD_IEEE_GET reply has no DCB_ATTR_IEEE",
                        ifname);
  } else {
    const AttrList nest = parse_attrs(ieee->payload, "DCB_ATTR_IEEE", ieee_attr_name);
    d.ets = object_field<model::Ets>(nest, DCB_ATTR_IEEE_ETS, ifname, to_ets);
    d.pfc = object_field<model::Pfc>(nest, DCB_ATTR_IEEE_PFC, ifname, to_pfc);
    d.app = object_field<std::vector<model::AppEntry>>(nest, DCB_ATTR_IEEE_APP_TABLE, ifname, to_app_table);
    d.apptrust = object_field<std::vector<std::uint8_t>>(nest, DCB_ATTR_DCB_APP_TRUST_TABLE, ifname, to_apptrust);
    d.buffer = object_field<model::Buffer>(nest, DCB_ATTR_DCB_BUFFER, ifname, to_buffer);
    d.maxrate = object_field<model::PerPrio<std::uint64_t>>(nest, DCB_ATTR_IEEE_MAXRATE, ifname, to_maxrate);
  }

  const auto prov = from(ifname, "DCB_ATTR_DCBX");
  if (const Attr* dcbx = top.find(DCB_ATTR_DCBX)) {
    auto v = read_scalar<std::uint8_t>(dcbx->payload, "DCB_ATTR_DCBX");
    d.dcbx = v ? Field<std::uint8_t>::of(*v, prov)
               : Field<std::uint8_t>::missing(Availability::error, v.error().message, prov);
  } else if (top.error) {
    d.dcbx = Field<std::uint8_t>::missing(Availability::error, *top.error, prov);
  } else {
    d.dcbx = Field<std::uint8_t>::missing(Availability::unsupported, "driver does not report DCB_ATTR_DCBX", prov);
  }
  return d;
}

Expected<std::uint8_t> decode_dcbx_reply(ByteView msg) {
  auto view = view_dcb_reply(msg, DCB_CMD_GDCBX, "DCB_CMD_GDCBX");
  if (!view) return fail(std::move(view.error()));
  const AttrList top = parse_attrs(view->attrs, "DCB_CMD_GDCBX reply", dcb_attr_name);
  const Attr* dcbx = top.find(DCB_ATTR_DCBX);
  if (!dcbx) return fail(top.error ? *top.error : "DCB_CMD_GDCBX reply has no DCB_ATTR_DCBX");
  return read_scalar<std::uint8_t>(dcbx->payload, "DCB_ATTR_DCBX");
}

}  // namespace roce::sources::rtnl
