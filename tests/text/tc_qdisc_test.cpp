// tc -s qdisc show: mlxsw RED/ETS in today's and the older size notation, prio/mqprio maps,
// statistics, and located warnings on malformed lines.
#include <catch2/catch.hpp>

#include "captures/text/tc_qdisc.hpp"
#include "sample.hpp"

namespace roce::test {

using namespace roce::captures::text;
using roce::model::Availability;

namespace {
const NetdevQdiscs* dev(const std::vector<NetdevQdiscs>& all, const std::string& name) {
  for (const auto& d : all)
    if (d.netdev == name) return &d;
  return nullptr;
}
}  // namespace

TEST_CASE("tc -s qdisc: mlxsw ETS root with an offloaded RED child, statistics and xstats") {
  const char* text =
      "qdisc ets 1: dev swp1 root refcnt 2 offloaded bands 8 strict 8 priomap 7 6 5 4 3 2 1 0 0 0 0 0 0 0 0 0\n"
      " Sent 123456789 bytes 98765 pkt (dropped 12, overlimits 0 requeues 3)\n"
      " backlog 1514b 1p requeues 3\n"
      "qdisc red 104: dev swp1 parent 1:4 offloaded limit 1000000b min 150000b max 1500000b ecn ewma 3 probability 0.1 "
      "Scell_log 17\n"
      " Sent 4096 bytes 32 pkt (dropped 2, overlimits 5 requeues 0)\n"
      " backlog 0b 0p requeues 0\n"
      "  marked 5 early 0 pdrop 2 other 0\n";
  auto r = parse_tc_qdisc(text, kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.size() == 1);
  const auto& d = r->value[0];
  CHECK(d.netdev == "swp1");
  REQUIRE(d.qdiscs.ok());
  CHECK(d.qdiscs.from.locator == "sos_commands/test/file:1");
  REQUIRE(d.qdiscs->size() == 2);
  const auto& ets = d.qdiscs->at(0);
  CHECK(ets.kind == "ets");
  CHECK(ets.handle == 0x00010000u);
  CHECK(ets.parent == 0xffffffffu);
  CHECK(ets.offloaded);
  CHECK(*ets.bands == 8);
  CHECK(*ets.strict_bands == 8);
  CHECK(ets.priomap == std::vector<std::uint8_t>{7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  REQUIRE(ets.stats);
  CHECK(ets.stats->bytes == 123456789u);
  CHECK(ets.stats->packets == 98765u);
  CHECK(ets.stats->drops == 12u);
  CHECK(ets.stats->backlog == 1514u);
  CHECK(ets.stats->qlen == 1u);
  const auto& red = d.qdiscs->at(1);
  CHECK(red.handle == 0x01040000u);
  CHECK(red.parent == 0x00010004u);
  REQUIRE(red.red);
  CHECK(red.red->limit == 1000000u);
  CHECK(red.red->qth_min == 150000u);
  CHECK(red.red->qth_max == 1500000u);
  CHECK(red.red->ecn());
  CHECK(red.red->wlog == 3);
  CHECK(red.red->scell_log == 17);
  REQUIRE(red.red->max_p);
  CHECK(*red.red->max_p == 429496729u);
  REQUIRE(red.red_xstats);
  CHECK(red.red_xstats->marked == 5u);
  CHECK(red.red_xstats->pdrop == 2u);
  CHECK(red.stats->overlimits == 5u);
}

TEST_CASE("tc -s qdisc: the older binary units, harddrop, and no ecn") {
  const char* text =
      "qdisc red 10: dev eth2 root refcnt 2 limit 1Mb min 150Kb max 1.5Mb harddrop\n"
      " Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0)\n"
      " backlog 0b 0p requeues 0\n"
      "  marked 0 early 0 pdrop 0 other 0\n";
  auto r = parse_tc_qdisc(text, kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  const auto& red = r->value.at(0).qdiscs->at(0);
  CHECK(red.red->limit == 1048576u);
  CHECK(red.red->qth_min == 153600u);
  CHECK(red.red->qth_max == 1572864u);
  CHECK_FALSE(red.red->ecn());
  CHECK(red.red->flags == 2);
  CHECK_FALSE(red.red->max_p);
}

TEST_CASE("tc -s qdisc: prio, mqprio with its queues line, fq_codel with parent :1, several devices") {
  const char* text =
      "qdisc noqueue 0: dev lo root refcnt 2\n"
      " Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0)\n"
      " backlog 0b 0p requeues 0\n"
      "qdisc mqprio 8002: dev ens1f0np0 root tc 8 map 0 1 2 3 4 5 6 7 0 0 0 0 0 0 0 0\r\n"
      "             queues:(0:7) (8:15) (16:23) (24:31) (32:39) (40:47) (48:55) (56:63)\n"
      " Sent 999 bytes 9 pkt (dropped 0, overlimits 0 requeues 0)\n"
      " backlog 0b 0p requeues 0\n"
      "qdisc fq_codel 0: dev ens1f0np0 parent 8002:1 limit 10240p flows 1024 quantum 1514 target 5ms interval 100ms "
      "memory_limit 32Mb ecn drop_batch 64\n"
      " Sent 999 bytes 9 pkt (dropped 0, overlimits 0 requeues 0)\n"
      " backlog 0b 0p requeues 0\n"
      "  maxpacket 0 drop_overlimit 0 new_flow_count 0 ecn_mark 0\n"
      "  new_flows_len 0 old_flows_len 0\n"
      "qdisc prio 1: dev eth0 root refcnt 2 bands 3 priomap  1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 1\n"
      "qdisc fq_codel 0: dev eth1 parent :1 limit 10240p\n";
  auto r = parse_tc_qdisc(text, kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.size() == 4);
  const auto* mq = dev(r->value, "ens1f0np0");
  REQUIRE(mq);
  CHECK(mq->qdiscs.from.locator == "sos_commands/test/file:4");
  REQUIRE(mq->qdiscs->size() == 2);
  CHECK(*mq->qdiscs->at(0).bands == 8);
  CHECK(mq->qdiscs->at(0).priomap == std::vector<std::uint8_t>{0, 1, 2, 3, 4, 5, 6, 7, 0, 0, 0, 0, 0, 0, 0, 0});
  CHECK(mq->qdiscs->at(0).stats->bytes == 999u);
  CHECK(mq->qdiscs->at(1).parent == 0x80020001u);
  CHECK_FALSE(mq->qdiscs->at(1).red);  // fq_codel's "ecn" is not RED's
  const auto* prio = dev(r->value, "eth0");
  REQUIRE(prio);
  CHECK(*prio->qdiscs->at(0).bands == 3);
  CHECK(prio->qdiscs->at(0).priomap.size() == 16);
  CHECK(dev(r->value, "eth1")->qdiscs->at(0).parent == 0x00000001u);
}

TEST_CASE("tc -s qdisc: malformed lines are located warnings; a bad qdisc line makes its device an error") {
  const char* text =
      "qdisc red 104: dev swp1 parent 1:4 limit 1000000b min lots max 1500000b ecn\n"
      " Sent 1 bytes 1 pkt (dropped 0, overlimits 0 requeues 0)\n"
      "qdisc ets 1: dev swp2 root bands 8 priomap 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
      " Sent garbage\n"
      " backlog 0b 0p requeues 0\n"
      "Error: something\n"
      "qdisc ets 2: dev swp3 parent\n";
  auto r = parse_tc_qdisc(text, kOrigin);
  REQUIRE(r.ok());
  REQUIRE(r->warnings.size() == 4);
  CHECK(r->warnings[0].line == 1);
  CHECK(r->warnings[0].message.find("sos_commands/test/file:1: unreadable red option") == 0);
  CHECK(r->warnings[0].message.find("min lots") != std::string::npos);
  CHECK(r->warnings[1].line == 4);
  CHECK(r->warnings[2].line == 6);
  CHECK(r->warnings[3].line == 7);
  const auto* swp1 = dev(r->value, "swp1");
  REQUIRE(swp1);
  CHECK(swp1->qdiscs.availability == Availability::error);
  CHECK(swp1->qdiscs.cause.find("file:1") != std::string::npos);
  const auto* swp2 = dev(r->value, "swp2");
  REQUIRE(swp2->qdiscs.ok());
  CHECK_FALSE(swp2->qdiscs->at(0).stats);  // its Sent line was garbled
  CHECK(dev(r->value, "swp3")->qdiscs.availability == Availability::error);
}

TEST_CASE("tc -s qdisc: not tc output, or empty, is an error") {
  CHECK_FALSE(parse_tc_qdisc("", kOrigin).ok());
  auto r = parse_tc_qdisc("Cannot find device \"swp9\"\n", kOrigin);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message.find("sos_commands/test/file:1:") == 0);
  auto cut = parse_tc_qdisc("qdisc\n", kOrigin);  // a qdisc line cut short: a warning, no device
  REQUIRE(cut.ok());
  CHECK(cut->value.empty());
  CHECK(cut->warnings.size() == 1);
}

}  // namespace roce::test
