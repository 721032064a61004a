// The writer's request encoders.
#include "sources/writer/write_messages.hpp"

#include <cstring>

#include <linux/if_link.h>
#include <linux/pkt_sched.h>
#include <sys/socket.h>

#include "sources/netlink/uapi.hpp"

namespace roce::sources::writer {

namespace {

// RTM_SETDCB {dcbmsg cmd, DCB_ATTR_IFNAME, DCB_ATTR_IEEE open}: the caller puts the objects and
// closes the nest.
Request dcb_ieee_set(const std::string& ifname, std::uint8_t cmd) {
  dcbmsg d{};
  d.dcb_family = AF_UNSPEC;
  d.cmd = cmd;
  Request req(RTM_SETDCB, 0, d);
  req.put_string(DCB_ATTR_IFNAME, ifname);
  req.begin_nest_noflag(DCB_ATTR_IEEE);
  return req;
}

template <class Dst, std::size_t N>
void copy_prio(Dst (&dst)[N], const model::PerPrio<std::uint8_t>& src) {
  static_assert(N == model::kPriorities);
  for (std::size_t i = 0; i < N; ++i) dst[i] = src[i];
}

}  // namespace

std::uint16_t app_attr_type(std::uint8_t selector) {
  return selector == DCB_APP_SEL_PCP ? std::uint16_t{DCB_ATTR_DCB_APP} : std::uint16_t{DCB_ATTR_IEEE_APP};
}

Request encode_get_link(const std::string& ifname) {
  ifinfomsg ifi{};
  ifi.ifi_family = AF_UNSPEC;
  Request req(RTM_GETLINK, 0, ifi);
  req.put_string(IFLA_IFNAME, ifname);
  return req;
}

Request encode_set_mtu(const std::string& ifname, std::uint32_t mtu) {
  ifinfomsg ifi{};
  ifi.ifi_family = AF_UNSPEC;
  Request req(RTM_SETLINK, 0, ifi);
  req.put_string(IFLA_IFNAME, ifname);
  req.put_u32(IFLA_MTU, mtu);
  return req;
}

Request encode_dcb_set_pfc(const std::string& ifname, const model::Pfc& pfc) {
  ieee_pfc s;
  std::memset(&s, 0, sizeof s);
  s.pfc_cap = pfc.pfc_cap.value_or(0);  // read-only for the kernel
  s.pfc_en = pfc.pfc_en;
  s.mbc = pfc.mbc;
  s.delay = pfc.delay;
  Request req = dcb_ieee_set(ifname, DCB_CMD_IEEE_SET);
  req.put_struct(DCB_ATTR_IEEE_PFC, s).end_nest();
  return req;
}

Request encode_dcb_set_ets(const std::string& ifname, const model::Ets& ets) {
  ieee_ets s;
  std::memset(&s, 0, sizeof s);
  s.willing = ets.willing;
  s.ets_cap = ets.ets_cap;
  s.cbs = ets.cbs;
  copy_prio(s.tc_tx_bw, ets.tc_tx_bw);
  copy_prio(s.tc_rx_bw, ets.tc_rx_bw);
  copy_prio(s.tc_tsa, ets.tc_tsa);
  copy_prio(s.prio_tc, ets.prio_tc);
  copy_prio(s.tc_reco_bw, ets.tc_reco_bw);
  copy_prio(s.tc_reco_tsa, ets.tc_reco_tsa);
  copy_prio(s.reco_prio_tc, ets.reco_prio_tc);
  Request req = dcb_ieee_set(ifname, DCB_CMD_IEEE_SET);
  req.put_struct(DCB_ATTR_IEEE_ETS, s).end_nest();
  return req;
}

Request encode_dcb_set_buffer(const std::string& ifname, const model::Buffer& buffer) {
  dcbnl_buffer s;
  std::memset(&s, 0, sizeof s);
  copy_prio(s.prio2buffer, buffer.prio2buffer);
  for (int i = 0; i < DCBX_MAX_BUFFERS; ++i) s.buffer_size[i] = buffer.buffer_size[i];
  s.total_size = buffer.total_size.value_or(0);  // read-only for the kernel
  Request req = dcb_ieee_set(ifname, DCB_CMD_IEEE_SET);
  req.put_struct(DCB_ATTR_DCB_BUFFER, s).end_nest();
  return req;
}

Request encode_dcb_set_apptrust(const std::string& ifname, const std::vector<std::uint8_t>& selectors) {
  Request req = dcb_ieee_set(ifname, DCB_CMD_IEEE_SET);
  req.begin_nest_noflag(DCB_ATTR_DCB_APP_TRUST_TABLE);
  for (std::uint8_t sel : selectors) req.put_u8(app_attr_type(sel), sel);
  req.end_nest().end_nest();
  return req;
}

Request encode_dcb_app(const std::string& ifname, std::uint8_t cmd, const std::vector<model::AppEntry>& entries) {
  Request req = dcb_ieee_set(ifname, cmd);
  req.begin_nest_noflag(DCB_ATTR_IEEE_APP_TABLE);
  for (const auto& e : entries) {
    dcb_app app{};
    app.selector = e.selector;
    app.priority = e.priority;
    app.protocol = e.protocol;
    req.put_struct(app_attr_type(e.selector), app);
  }
  req.end_nest().end_nest();
  return req;
}

Request encode_red_replace(std::uint32_t ifindex, std::uint32_t parent, std::uint32_t handle,
                           const model::RedParams& red, const std::vector<std::uint8_t>& stab) {
  tcmsg t{};
  t.tcm_family = AF_UNSPEC;
  t.tcm_ifindex = static_cast<int>(ifindex);
  t.tcm_handle = handle;
  t.tcm_parent = parent;
  Request req(RTM_NEWQDISC, NLM_F_CREATE | NLM_F_REPLACE, t);
  req.put_string(TCA_KIND, "red");

  constexpr std::uint8_t kHistoric = TC_RED_ECN | TC_RED_HARDDROP | TC_RED_ADAPTATIVE;
  const bool needs_bitfield = (red.flags & ~kHistoric) != 0;
  tc_red_qopt q{};
  q.limit = red.limit;
  q.qth_min = red.qth_min;
  q.qth_max = red.qth_max;
  q.Wlog = red.wlog;
  q.Plog = red.plog;
  q.Scell_log = red.scell_log;
  q.flags = needs_bitfield ? 0 : red.flags;

  req.begin_nest_noflag(TCA_OPTIONS);
  req.put_struct(TCA_RED_PARMS, q);
  req.put(TCA_RED_STAB, stab.data(), stab.size());
  if (red.max_p) req.put_u32(TCA_RED_MAX_P, *red.max_p);
  if (needs_bitfield) {
    nla_bitfield32 bf{};
    bf.value = red.flags;
    bf.selector = kHistoric | TC_RED_NODROP;
    req.put_struct(TCA_RED_FLAGS, bf);
  }
  req.end_nest();
  return req;
}

}  // namespace roce::sources::writer
