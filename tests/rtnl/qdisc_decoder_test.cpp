// RTM_NEWQDISC messages built as net/sched/sch_api.c tc_fill_qdisc() emits them: tcmsg, TCA_KIND,
// the kind's dump (sch_red.c red_dump, sch_ets.c ets_qdisc_dump, sch_prio.c prio_dump,
// sch_mqprio.c mqprio_dump), TCA_HW_OFFLOAD, TCA_STATS2 {APP, BASIC, QUEUE}, TCA_STATS, TCA_XSTATS.
#include <catch2/catch.hpp>

#include <linux/gen_stats.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>
#include <sys/socket.h>

#include "model/dcb_text.hpp"
#include "sources/rtnl/qdisc_decoder.hpp"
#include "support/nl_builder.hpp"

namespace roce::test {

using namespace roce::sources::rtnl;

namespace {

struct Built {
  std::vector<std::uint8_t> bytes;
  // Cuts at or after this lose only TCA_STATS / TCA_XSTATS, the compatibility copies of what
  // TCA_STATS2 already said: the decode may rightly be unchanged.
  std::size_t last_attr_end = 0;
};

NlBuilder qdisc_header(std::uint32_t ifindex, std::uint32_t handle, std::uint32_t parent, const std::string& kind) {
  NlBuilder b(RTM_NEWQDISC, NLM_F_MULTI, 3, 4242);
  tcmsg t{};
  t.tcm_family = AF_UNSPEC;
  t.tcm_ifindex = static_cast<int>(ifindex);
  t.tcm_handle = handle;
  t.tcm_parent = parent;
  t.tcm_info = 1;  // refcnt
  b.header(t).put_string(TCA_KIND, kind);
  return b;
}

// The stats tail of tc_fill_qdisc: STATS2 nest (app copy first, as dump_stats runs before
// gnet_stats_copy_basic/queue), then the compat TCA_STATS and TCA_XSTATS.
std::size_t put_stats(NlBuilder& b, const void* xstats, std::size_t xlen) {
  gnet_stats_basic basic{};
  basic.bytes = 987654321;
  basic.packets = 654321;
  gnet_stats_queue queue{};
  queue.qlen = 2;
  queue.backlog = 1500;
  queue.drops = 17;
  queue.requeues = 0;
  queue.overlimits = 12362;
  b.begin_nest(TCA_STATS2, false);
  if (xstats) b.put(TCA_STATS_APP, xstats, xlen);
  b.put_struct(TCA_STATS_BASIC, basic);
  b.put_struct(TCA_STATS_QUEUE, queue);
  b.end_nest();
  const std::size_t stats2_end = b.size();
  tc_stats compat{};
  compat.bytes = basic.bytes;
  compat.packets = basic.packets;
  compat.drops = queue.drops;
  compat.overlimits = queue.overlimits;
  compat.qlen = queue.qlen;
  compat.backlog = queue.backlog;
  b.put_struct(TCA_STATS, compat);
  if (xstats) b.put(TCA_XSTATS, xstats, xlen);
  return stats2_end;
}

// tc qdisc replace dev swp1 parent 10:4 handle 104: red limit 1000000 min 30000 max 90000
//   avpkt 1000 burst 55 probability 0.1 ecn   (mlxsw offloads it)
Built red_message(std::uint32_t flag_bits = TC_RED_ECN) {
  auto b = qdisc_header(7, 0x01040000, 0x00100004, "red");
  tc_red_qopt opt{};
  opt.limit = 1000000;
  opt.qth_min = 30000;
  opt.qth_max = 90000;
  opt.Wlog = 5;   // tc_red_eval_ewma(30000, 55, 1000)
  opt.Plog = 20;  // tc_red_eval_P(30000, 90000, 0.1)
  opt.Scell_log = 11;
  opt.flags = static_cast<unsigned char>(flag_bits & TC_RED_HISTORIC_FLAGS);
  nla_bitfield32 flags{flag_bits, TC_RED_HISTORIC_FLAGS | TC_RED_NODROP};
  b.begin_nest(TCA_OPTIONS, false);
  b.put_struct(TCA_RED_PARMS, opt);
  b.put_u32(TCA_RED_MAX_P, 429496729);  // 0.1 * 2^32
  b.put_struct(TCA_RED_FLAGS, flags);
  b.end_nest();
  b.put_u8(TCA_HW_OFFLOAD, 1);
  tc_red_xstats x{};
  x.early = 17;
  x.pdrop = 0;
  x.other = 0;
  x.marked = 12345;
  const std::size_t essential_end = put_stats(b, &x, sizeof x);
  Built out;
  out.bytes = b.finish();
  out.last_attr_end = essential_end;
  return out;
}

// tc qdisc add dev swp1 root handle 1: ets bands 8 strict 2 quanta 3000 3000 3000 3000 3000 3000
//   priomap 7 6 5 4 3 2 1 0
Built ets_message() {
  auto b = qdisc_header(7, 0x00010000, TC_H_ROOT, "ets");
  b.begin_nest(TCA_OPTIONS, false);
  b.put_u8(TCA_ETS_NBANDS, 8);
  b.put_u8(TCA_ETS_NSTRICT, 2);
  b.begin_nest(TCA_ETS_QUANTA, true);
  for (int band = 2; band < 8; ++band) b.put_u32(TCA_ETS_QUANTA_BAND, 3000 + band);
  b.end_nest();
  b.begin_nest(TCA_ETS_PRIOMAP, true);
  const std::uint8_t map[16] = {7, 6, 5, 4, 3, 2, 1, 0, 7, 7, 7, 7, 7, 7, 7, 7};
  for (auto band : map) b.put_u8(TCA_ETS_PRIOMAP_BAND, band);
  b.end_nest();
  b.end_nest();
  b.put_u8(TCA_HW_OFFLOAD, 0);
  const std::size_t essential_end = put_stats(b, nullptr, 0);
  Built out;
  out.bytes = b.finish();
  out.last_attr_end = essential_end;
  return out;
}

// tc qdisc add dev eth0 root handle 1: prio bands 3 (the default priomap)
Built prio_message(const std::string& kind = "prio") {
  auto b = qdisc_header(2, 0x00010000, TC_H_ROOT, kind);
  tc_prio_qopt opt{};
  opt.bands = 3;
  const std::uint8_t map[16] = {1, 2, 2, 2, 1, 2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1};
  std::memcpy(opt.priomap, map, sizeof map);
  b.put_struct(TCA_OPTIONS, opt);
  b.put_u8(TCA_HW_OFFLOAD, 0);
  const std::size_t essential_end = put_stats(b, nullptr, 0);
  Built out;
  out.bytes = b.finish();
  out.last_attr_end = essential_end;
  return out;
}

// tc qdisc add dev ens1f0np0 root mqprio num_tc 2 map 0 0 1 1 1 1 1 1 queues 1@0 1@1 hw 1 mode channel
Built mqprio_message() {
  auto b = qdisc_header(4, 0x80010000, TC_H_ROOT, "mqprio");
  tc_mqprio_qopt opt{};
  opt.num_tc = 2;
  const std::uint8_t map[16] = {0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  std::memcpy(opt.prio_tc_map, map, sizeof map);
  opt.hw = 1;
  opt.count[0] = 1;
  opt.count[1] = 1;
  opt.offset[1] = 1;
  // mqprio_dump: the struct (padded to 4) directly in TCA_OPTIONS, then its own attributes.
  b.begin_nest(TCA_OPTIONS, false);
  b.raw(&opt, sizeof opt);
  b.put_u16(TCA_MQPRIO_MODE, TC_MQPRIO_MODE_CHANNEL);
  b.end_nest();
  b.put_u8(TCA_HW_OFFLOAD, 1);
  const std::size_t essential_end = put_stats(b, nullptr, 0);
  Built out;
  out.bytes = b.finish();
  out.last_attr_end = essential_end;
  return out;
}

QdiscEntry decode_qdisc_ok(const std::vector<std::uint8_t>& bytes) {
  auto e = decode_qdisc_message(bytes);
  INFO((e.ok() ? std::string() : e.error().message));
  REQUIRE(e.ok());
  return *e;
}

}  // namespace

TEST_CASE("qdisc: RED with ECN, max_p, offload and xstats") {
  const auto e = decode_qdisc_ok(red_message().bytes);
  CHECK(e.ifindex == 7);
  const auto& q = e.qdisc;
  CHECK(q.kind == "red");
  CHECK(model::tc_handle_text(q.handle) == "104:");
  CHECK(model::tc_handle_text(q.parent) == "10:4");
  CHECK(q.offloaded);
  REQUIRE(q.red);
  CHECK(q.red->limit == 1000000);
  CHECK(q.red->qth_min == 30000);
  CHECK(q.red->qth_max == 90000);
  CHECK(q.red->wlog == 5);
  CHECK(q.red->plog == 20);
  CHECK(q.red->scell_log == 11);
  CHECK(q.red->ecn());
  CHECK(q.red->flags == TC_RED_ECN);
  CHECK(q.red->max_p == 429496729u);
  REQUIRE(q.red_xstats);
  CHECK(*q.red_xstats == roce::model::RedXstats{17, 0, 0, 12345});
  REQUIRE(q.stats);
  CHECK(*q.stats == roce::model::QdiscStats{987654321, 654321, 17, 12362, 2, 1500});
  CHECK_FALSE(q.bands);
}

TEST_CASE("qdisc: RED flags beyond the historic ones come from TCA_RED_FLAGS") {
  const auto e = decode_qdisc_ok(red_message(TC_RED_ECN | TC_RED_NODROP).bytes);
  REQUIRE(e.qdisc.red);
  CHECK(e.qdisc.red->flags == (TC_RED_ECN | TC_RED_NODROP));
}

TEST_CASE("qdisc: ETS bands, strict bands, quanta of the non-strict bands, priomap") {
  const auto e = decode_qdisc_ok(ets_message().bytes);
  const auto& q = e.qdisc;
  CHECK(q.kind == "ets");
  CHECK(q.parent == TC_H_ROOT);
  CHECK(q.bands == 8u);
  CHECK(q.strict_bands == 2u);
  CHECK(q.quanta == std::vector<std::uint32_t>{3002, 3003, 3004, 3005, 3006, 3007});
  CHECK(q.priomap == std::vector<std::uint8_t>{7, 6, 5, 4, 3, 2, 1, 0, 7, 7, 7, 7, 7, 7, 7, 7});
  CHECK_FALSE(q.offloaded);
  CHECK_FALSE(q.red);
}

TEST_CASE("qdisc: PRIO and pfifo_fast carry struct tc_prio_qopt") {
  for (const std::string kind : {"prio", "pfifo_fast"}) {
    const auto e = decode_qdisc_ok(prio_message(kind).bytes);
    CHECK(e.qdisc.kind == kind);
    CHECK(e.qdisc.bands == 3u);
    CHECK(e.qdisc.priomap == std::vector<std::uint8_t>{1, 2, 2, 2, 1, 2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1});
    CHECK_FALSE(e.qdisc.strict_bands);
  }
}

TEST_CASE("qdisc: MQPRIO traffic classes and map") {
  const auto e = decode_qdisc_ok(mqprio_message().bytes);
  CHECK(e.qdisc.kind == "mqprio");
  CHECK(model::tc_handle_text(e.qdisc.handle) == "8001:");
  CHECK(e.qdisc.bands == 2u);
  CHECK(e.qdisc.priomap == std::vector<std::uint8_t>{0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
  CHECK(e.qdisc.offloaded);
}

TEST_CASE("qdisc: an unknown kind keeps kind, handle, parent and stats") {
  auto b = qdisc_header(3, 0, TC_H_ROOT, "noqueue");
  b.put_u8(TCA_HW_OFFLOAD, 0);
  put_stats(b, nullptr, 0);
  const auto e = decode_qdisc_ok(b.finish());
  CHECK(e.qdisc.kind == "noqueue");
  CHECK(e.qdisc.handle == 0);
  CHECK(e.qdisc.stats);
  CHECK_FALSE(e.qdisc.bands);
  CHECK(e.qdisc.priomap.empty());
}

TEST_CASE("qdisc: TCA_STATS_PKT64 carries packet counts beyond 32 bits") {
  auto b = qdisc_header(3, 0x00010000, TC_H_ROOT, "tbf");
  gnet_stats_basic basic{};
  basic.bytes = 1ull << 45;
  basic.packets = 5;  // truncated by the kernel
  b.begin_nest(TCA_STATS2, false);
  b.put_struct(TCA_STATS_BASIC, basic);
  b.put_u64(TCA_STATS_PKT64, (1ull << 32) + 5);
  b.end_nest();
  const auto e = decode_qdisc_ok(b.finish());
  REQUIRE(e.qdisc.stats);
  CHECK(e.qdisc.stats->packets == (1ull << 32) + 5);
  CHECK(e.qdisc.stats->bytes == 1ull << 45);
}

TEST_CASE("qdisc: wrong-size structs and overrunning nests fail naming the attribute") {
  SECTION("short TCA_RED_PARMS") {
    auto b = qdisc_header(7, 0x01040000, 0x00100004, "red");
    tc_red_qopt opt{};
    b.begin_nest(TCA_OPTIONS, false).put(TCA_RED_PARMS, &opt, 12).end_nest();
    auto e = decode_qdisc_message(b.finish());
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().message == "qdisc 104: parent 10:4 on ifindex 7: red: TCA_RED_PARMS: 12 bytes, expected 16");
  }
  SECTION("short tc_prio_qopt") {
    auto b = qdisc_header(2, 0x00010000, TC_H_ROOT, "prio");
    const int bands = 3;
    b.put(TCA_OPTIONS, &bands, sizeof bands);
    auto e = decode_qdisc_message(b.finish());
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().message.find("prio: TCA_OPTIONS (struct tc_prio_qopt): 4 bytes, expected 20") != std::string::npos);
  }
  SECTION("ETS priomap nest overruns TCA_OPTIONS") {
    auto bytes = ets_message().bytes;
    bool patched = false;
    for (std::size_t i = 36; i + 4 <= bytes.size() && !patched; i += 4) {
      std::uint16_t type;
      std::memcpy(&type, &bytes[i + 2], 2);
      if (type == (TCA_ETS_PRIOMAP | NLA_F_NESTED)) {
        const std::uint16_t big = 400;
        std::memcpy(&bytes[i], &big, 2);
        patched = true;
      }
    }
    REQUIRE(patched);
    auto e = decode_qdisc_message(bytes);
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().message.find("ets: TCA_OPTIONS: TCA_ETS_PRIOMAP at offset") != std::string::npos);
    CHECK(e.error().message.find("overruns") != std::string::npos);
  }
  SECTION("no TCA_KIND") {
    NlBuilder b(RTM_NEWQDISC, NLM_F_MULTI);
    tcmsg t{};
    t.tcm_ifindex = 9;
    b.header(t);
    const auto bytes = b.finish();
    CHECK_FALSE(decode_qdisc_message(bytes).ok());
    CHECK(qdisc_message_ifindex(bytes) == 9u);
  }
}

TEST_CASE("qdisc: every truncation fails or loses something, never crashes") {
  for (const auto& built : {red_message(), ets_message(), prio_message(), mqprio_message()}) {
    const auto& full = built.bytes;
    const auto whole = decode_qdisc_ok(full);
    for (std::size_t n = 0; n < full.size(); ++n) {
      INFO(whole.qdisc.kind << " cut at " << n << " of " << full.size());
      std::vector<std::uint8_t> cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
      CHECK_FALSE(decode_qdisc_message(cut).ok());
      auto e = decode_qdisc_message(roce::test::truncated_message(full, n));
      if (e.ok() && n < built.last_attr_end) CHECK_FALSE(e->qdisc == whole.qdisc);
    }
  }
}

TEST_CASE("qdisc: write fuzz seeds", "[.seeds]") {
  roce::test::write_seed("qdisc", "red", red_message().bytes);
  roce::test::write_seed("qdisc", "ets", ets_message().bytes);
  roce::test::write_seed("qdisc", "prio", prio_message().bytes);
  roce::test::write_seed("qdisc", "mqprio", mqprio_message().bytes);
}

TEST_CASE("qdisc: a dump is placed by ifindex; a garbled message marks only its device") {
  std::vector<roce::model::NetDev> devs(3);
  devs[0].name = "swp1";
  devs[0].ifindex = roce::model::Field<std::uint32_t>::of(7);
  devs[1].name = "eth0";
  devs[1].ifindex = roce::model::Field<std::uint32_t>::of(2);
  devs[2].name = "eth1";
  devs[2].ifindex = roce::model::Field<std::uint32_t>::of(5);

  auto bad = qdisc_header(2, 0x00010000, TC_H_ROOT, "prio");
  const int bands = 3;
  bad.put(TCA_OPTIONS, &bands, sizeof bands);
  const std::vector<std::vector<std::uint8_t>> dump = {ets_message().bytes, red_message().bytes, bad.finish(),
                                                       prio_message().bytes};
  assign_qdiscs(devs, dump);

  REQUIRE(devs[0].qdiscs.ok());
  REQUIRE(devs[0].qdiscs->size() == 2);
  CHECK((*devs[0].qdiscs)[0].kind == "ets");
  CHECK((*devs[0].qdiscs)[1].kind == "red");
  CHECK(devs[0].qdiscs.from == roce::model::Provenance{"tc", "swp1 RTM_GETQDISC"});
  CHECK(devs[1].qdiscs.availability == roce::model::Availability::error);
  CHECK(devs[1].qdiscs.cause.find("prio: TCA_OPTIONS (struct tc_prio_qopt): 4 bytes, expected 20") !=
        std::string::npos);
  REQUIRE(devs[2].qdiscs.ok());
  CHECK(devs[2].qdiscs->empty());
}

}  // namespace roce::test
