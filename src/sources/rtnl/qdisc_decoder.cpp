// The RTM_NEWQDISC decoder and the placing of qdiscs on their devices.
#include "sources/rtnl/qdisc_decoder.hpp"

#include <cstdio>
#include <map>

#include <linux/gen_stats.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

#include "model/dcb_text.hpp"
#include "sources/netlink/attrs.hpp"

namespace roce::sources::rtnl {

namespace {

using namespace netlink;  // the attribute walker and readers

const char* tca_name(std::uint16_t type) {
  switch (type) {
    case TCA_KIND: return "TCA_KIND";
    case TCA_OPTIONS: return "TCA_OPTIONS";
    case TCA_STATS: return "TCA_STATS";
    case TCA_XSTATS: return "TCA_XSTATS";
    case TCA_STATS2: return "TCA_STATS2";
    case TCA_HW_OFFLOAD: return "TCA_HW_OFFLOAD";
    default: return nullptr;
  }
}

const char* stats_name(std::uint16_t type) {
  switch (type) {
    case TCA_STATS_BASIC: return "TCA_STATS_BASIC";
    case TCA_STATS_RATE_EST: return "TCA_STATS_RATE_EST";
    case TCA_STATS_QUEUE: return "TCA_STATS_QUEUE";
    case TCA_STATS_APP: return "TCA_STATS_APP";
    case TCA_STATS_PKT64: return "TCA_STATS_PKT64";
    default: return nullptr;
  }
}

const char* red_name(std::uint16_t type) {
  switch (type) {
    case TCA_RED_PARMS: return "TCA_RED_PARMS";
    case TCA_RED_STAB: return "TCA_RED_STAB";
    case TCA_RED_MAX_P: return "TCA_RED_MAX_P";
    case TCA_RED_FLAGS: return "TCA_RED_FLAGS";
    default: return nullptr;
  }
}

const char* ets_name(std::uint16_t type) {
  switch (type) {
    case TCA_ETS_NBANDS: return "TCA_ETS_NBANDS";
    case TCA_ETS_NSTRICT: return "TCA_ETS_NSTRICT";
    case TCA_ETS_QUANTA: return "TCA_ETS_QUANTA";
    case TCA_ETS_QUANTA_BAND: return "TCA_ETS_QUANTA_BAND";
    case TCA_ETS_PRIOMAP: return "TCA_ETS_PRIOMAP";
    case TCA_ETS_PRIOMAP_BAND: return "TCA_ETS_PRIOMAP_BAND";
    default: return nullptr;
  }
}

Outcome decode_red(ByteView options, model::Qdisc& q) {
  const AttrList list = parse_attrs(options, "red: TCA_OPTIONS", red_name);
  if (list.error) return fail(*list.error);
  const Attr* parms = list.find(TCA_RED_PARMS);
  if (!parms) return fail("red: TCA_OPTIONS has no TCA_RED_PARMS");
  auto opt = read_struct<tc_red_qopt>(parms->payload, "red: TCA_RED_PARMS");
  if (!opt) return fail(std::move(opt.error()));
  model::RedParams r;
  r.limit = opt->limit;
  r.qth_min = opt->qth_min;
  r.qth_max = opt->qth_max;
  r.wlog = opt->Wlog;
  r.plog = opt->Plog;
  r.scell_log = opt->Scell_log;
  r.flags = opt->flags;
  if (const Attr* a = list.find(TCA_RED_MAX_P)) {
    auto v = read_scalar<std::uint32_t>(a->payload, "red: TCA_RED_MAX_P");
    if (!v) return fail(std::move(v.error()));
    r.max_p = *v;
  }
  // Flags beyond the historic three (TC_RED_NODROP) exist only here; the value bits carry them.
  if (const Attr* a = list.find(TCA_RED_FLAGS)) {
    auto bf = read_struct<nla_bitfield32>(a->payload, "red: TCA_RED_FLAGS");
    if (!bf) return fail(std::move(bf.error()));
    r.flags = static_cast<std::uint8_t>(r.flags | (bf->value & bf->selector & 0xff));
  }
  q.red = r;
  return done();
}

Outcome decode_ets(ByteView options, model::Qdisc& q) {
  const AttrList list = parse_attrs(options, "ets: TCA_OPTIONS", ets_name);
  if (list.error) return fail(*list.error);
  const Attr* nbands = list.find(TCA_ETS_NBANDS);
  if (!nbands) return fail("ets: TCA_OPTIONS has no TCA_ETS_NBANDS");
  auto bands = read_scalar<std::uint8_t>(nbands->payload, "ets: TCA_ETS_NBANDS");
  if (!bands) return fail(std::move(bands.error()));
  q.bands = *bands;
  q.strict_bands = 0;  // sch_ets omits TCA_ETS_NSTRICT when there are none
  if (const Attr* a = list.find(TCA_ETS_NSTRICT)) {
    auto v = read_scalar<std::uint8_t>(a->payload, "ets: TCA_ETS_NSTRICT");
    if (!v) return fail(std::move(v.error()));
    q.strict_bands = *v;
  }
  if (const Attr* a = list.find(TCA_ETS_QUANTA)) {
    const AttrList quanta = parse_attrs(a->payload, "ets: TCA_ETS_QUANTA", ets_name);
    if (quanta.error) return fail(*quanta.error);
    for (const Attr& b : quanta.attrs) {
      if (b.type != TCA_ETS_QUANTA_BAND) continue;
      auto v = read_scalar<std::uint32_t>(b.payload, "ets: TCA_ETS_QUANTA_BAND");
      if (!v) return fail(std::move(v.error()));
      q.quanta.push_back(*v);
    }
  }
  if (const Attr* a = list.find(TCA_ETS_PRIOMAP)) {
    const AttrList map = parse_attrs(a->payload, "ets: TCA_ETS_PRIOMAP", ets_name);
    if (map.error) return fail(*map.error);
    for (const Attr& b : map.attrs) {
      if (b.type != TCA_ETS_PRIOMAP_BAND) continue;
      auto v = read_scalar<std::uint8_t>(b.payload, "ets: TCA_ETS_PRIOMAP_BAND");
      if (!v) return fail(std::move(v.error()));
      q.priomap.push_back(*v);
    }
  }
  return done();
}

Outcome decode_prio(ByteView options, model::Qdisc& q) {
  auto opt = read_struct<tc_prio_qopt>(options, q.kind + ": TCA_OPTIONS (struct tc_prio_qopt)");
  if (!opt) return fail(std::move(opt.error()));
  q.bands = static_cast<std::uint32_t>(opt->bands);
  q.priomap.assign(std::begin(opt->priomap), std::end(opt->priomap));
  return done();
}

Outcome decode_mqprio(ByteView options, model::Qdisc& q) {
  auto opt = read_struct<tc_mqprio_qopt>(options, "mqprio: TCA_OPTIONS (struct tc_mqprio_qopt)");
  if (!opt) return fail(std::move(opt.error()));
  q.bands = opt->num_tc;
  q.priomap.assign(std::begin(opt->prio_tc_map), std::end(opt->prio_tc_map));
  return done();
}

Outcome decode_options(ByteView options, model::Qdisc& q) {
  if (q.kind == "red") return decode_red(options, q);
  if (q.kind == "ets") return decode_ets(options, q);
  if (q.kind == "prio" || q.kind == "pfifo_fast") return decode_prio(options, q);
  if (q.kind == "mqprio") return decode_mqprio(options, q);
  return done();
}

Outcome decode_red_xstats(ByteView payload, const char* name, model::Qdisc& q) {
  auto x = read_struct<tc_red_xstats>(payload, std::string("red: ") + name);
  if (!x) return fail(std::move(x.error()));
  q.red_xstats = model::RedXstats{x->early, x->pdrop, x->other, x->marked};
  return done();
}

// TCA_STATS2 (kernels since 2.6.x) with TCA_STATS (struct tc_stats) as the fallback.
Outcome decode_stats(const AttrList& top, model::Qdisc& q) {
  if (const Attr* s2 = top.find(TCA_STATS2)) {
    const AttrList st = parse_attrs(s2->payload, "TCA_STATS2", stats_name);
    if (st.error) return fail(*st.error);
    model::QdiscStats s;
    bool any = false;
    if (const Attr* a = st.find(TCA_STATS_BASIC)) {
      auto b = read_struct<gnet_stats_basic>(a->payload, "TCA_STATS_BASIC");
      if (!b) return fail(std::move(b.error()));
      s.bytes = b->bytes;
      s.packets = b->packets;
      any = true;
    }
    if (const Attr* a = st.find(TCA_STATS_PKT64)) {  // packets beyond 2^32
      auto v = read_scalar<std::uint64_t>(a->payload, "TCA_STATS_PKT64");
      if (!v) return fail(std::move(v.error()));
      s.packets = *v;
    }
    if (const Attr* a = st.find(TCA_STATS_QUEUE)) {
      auto qs = read_struct<gnet_stats_queue>(a->payload, "TCA_STATS_QUEUE");
      if (!qs) return fail(std::move(qs.error()));
      s.qlen = qs->qlen;
      s.backlog = qs->backlog;
      s.drops = qs->drops;
      s.overlimits = qs->overlimits;
      any = true;
    }
    if (any) q.stats = s;
    if (q.kind == "red" && !top.find(TCA_XSTATS))
      if (const Attr* a = st.find(TCA_STATS_APP))
        if (auto r = decode_red_xstats(a->payload, "TCA_STATS_APP", q); !r) return r;
  } else if (const Attr* old = top.find(TCA_STATS)) {
    auto t = read_struct<tc_stats>(old->payload, "TCA_STATS");
    if (!t) return fail(std::move(t.error()));
    q.stats = model::QdiscStats{t->bytes, t->packets, t->drops, t->overlimits, t->qlen, t->backlog};
  }
  if (q.kind == "red")
    if (const Attr* a = top.find(TCA_XSTATS))
      if (auto r = decode_red_xstats(a->payload, "TCA_XSTATS", q); !r) return r;
  return done();
}

}  // namespace

std::optional<std::uint32_t> qdisc_message_ifindex(ByteView msg) {
  auto view = netlink::view_message(msg, RTM_NEWQDISC, sizeof(tcmsg), "RTM_NEWQDISC");
  if (!view) return std::nullopt;
  tcmsg t;
  std::memcpy(&t, view->family_header.data(), sizeof t);
  return static_cast<std::uint32_t>(t.tcm_ifindex);
}

Expected<QdiscEntry> decode_qdisc_message(ByteView msg) {
  auto view = netlink::view_message(msg, RTM_NEWQDISC, sizeof(tcmsg), "RTM_NEWQDISC");
  if (!view) return fail(std::move(view.error()));
  tcmsg t;
  std::memcpy(&t, view->family_header.data(), sizeof t);
  QdiscEntry e;
  e.ifindex = static_cast<std::uint32_t>(t.tcm_ifindex);
  e.qdisc.handle = t.tcm_handle;
  e.qdisc.parent = t.tcm_parent;
  const std::string where = "qdisc " + model::tc_handle_text(t.tcm_handle) + " parent " +
                            model::tc_handle_text(t.tcm_parent) + " on ifindex " + std::to_string(t.tcm_ifindex);
  const AttrList top = parse_attrs(view->attrs, where, tca_name);
  if (top.error) return fail(*top.error);
  const Attr* kind = top.find(TCA_KIND);
  if (!kind) return fail(where + ": no TCA_KIND");
  e.qdisc.kind = read_string(kind->payload);
  if (const Attr* off = top.find(TCA_HW_OFFLOAD)) {
    auto v = read_scalar<std::uint8_t>(off->payload, "TCA_HW_OFFLOAD");
    if (!v) return fail(where + ": " + v.error().message);
    e.qdisc.offloaded = *v != 0;
  }
  if (const Attr* opt = top.find(TCA_OPTIONS))
    if (auto r = decode_options(opt->payload, e.qdisc); !r) return fail(where + ": " + r.error().message);
  if (auto r = decode_stats(top, e.qdisc); !r) return fail(where + ": " + r.error().message);
  return e;
}

}  // namespace roce::sources::rtnl

namespace roce::sources::rtnl {

void assign_qdiscs(std::vector<model::NetDev>& netdevs, const std::vector<ByteBuffer>& messages) {
  std::map<std::uint32_t, std::vector<model::Qdisc>> found;
  std::map<std::uint32_t, std::string> errors;  // the first per device
  for (const auto& m : messages) {
    auto entry = decode_qdisc_message(m);
    if (entry) {
      found[entry->ifindex].push_back(std::move(entry->qdisc));
    } else if (auto idx = qdisc_message_ifindex(m)) {
      errors.emplace(*idx, entry.error().message);
    }
  }
  for (auto& nd : netdevs) {
    if (!nd.ifindex.ok()) continue;
    const model::Provenance from{"tc", nd.name + " RTM_GETQDISC"};
    if (auto e = errors.find(*nd.ifindex); e != errors.end())
      nd.qdiscs = model::Field<std::vector<model::Qdisc>>::missing(model::Availability::error, e->second, from);
    else
      nd.qdiscs = model::Field<std::vector<model::Qdisc>>::of(found[*nd.ifindex], from);
  }
}

}  // namespace roce::sources::rtnl
