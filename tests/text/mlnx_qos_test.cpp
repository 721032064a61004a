// mlnx_qos -i on the real (old-layout, truncated) capture and on the new layout with buffers.
#include <catch2/catch.hpp>

#include "captures/text/mlnx_qos.hpp"
#include "sample.hpp"

namespace roce::test {

using namespace roce::captures::text;
using roce::model::AppEntry;
using roce::model::Availability;

TEST_CASE("mlnx_qos -i: old layout, trust dscp, truncated after tc 6 (real)") {
  auto r = parse_mlnx_qos(sample("mlnx_qos_i.txt"), kOrigin);
  REQUIRE(r.ok());
  const auto& q = r->value;
  CHECK(*q.dcbx_mode == "OS controlled");
  CHECK(*q.dcb.dcbx == 1);
  CHECK(*q.trust == "dscp");
  REQUIRE(q.dcb.app.ok());
  REQUIRE(q.dcb.app->size() == 64);
  CHECK(q.dcb.app->at(0) == roce::model::AppEntry{roce::model::kAppSelDscp, 0, 7});
  CHECK(q.dcb.app->at(31) == roce::model::AppEntry{roce::model::kAppSelDscp, 3, 24});
  CHECK(q.dcb.app->at(63) == roce::model::AppEntry{roce::model::kAppSelDscp, 7, 56});
  REQUIRE(q.dcb.pfc.ok());
  CHECK(q.dcb.pfc->pfc_en == 0b11000101);  // enabled 1 0 1 0 0 0 1 1
  CHECK(q.dcb.pfc->delay == 10);
  CHECK(q.dcb.pfc.from.locator == "sos_commands/test/file:15");
  CHECK(q.dcb.buffer.availability == Availability::absent);  // the old layout prints no buffers
  // tc 6 has no priority lines and tc 7 is missing: the maps are incomplete, so not values.
  CHECK(q.dcb.ets.availability == Availability::error);
  CHECK(q.dcb.maxrate.availability == Availability::absent);  // not all 8 tcs printed
  REQUIRE(r->warnings.size() == 1);
  CHECK(r->warnings[0].line == 16);
}

TEST_CASE("mlnx_qos -i: new layout with receive buffers, ratelimit and strict tcs") {
  const char* text =
      "DCBX mode: Firmware controlled\n"
      "Priority trust state: pcp\n"
      "Receive buffer size (bytes): 20352,156900,0,0,0,0,0,0,max_buffer_size=1027968\n"
      "Cable len: 7\n"
      "PFC configuration:\n"
      "\tpriority    0   1   2   3   4   5   6   7\n"
      "\tenabled     0   0   0   1   0   0   0   0   \n"
      "\tbuffer      0   0   0   1   0   0   0   0   \n"
      "tc: 0 ratelimit: unlimited, tsa: vendor\n"
      "\t priority:  1\n"
      "tc: 1 ratelimit: unlimited, tsa: vendor\n"
      "\t priority:  0\n"
      "tc: 2 ratelimit: unlimited, tsa: vendor\n"
      "\t priority:  2\n"
      "tc: 3 ratelimit: 12.5 Gbps, tsa: ets, bw: 50%\n"
      "\t priority:  3\n"
      "tc: 4 ratelimit: unlimited, tsa: ets, bw: 50%\n"
      "\t priority:  4\n"
      "\t priority:  5\n"
      "tc: 5 ratelimit: unlimited, tsa: strict\n"
      "tc: 6 ratelimit: unlimited, tsa: strict\n"
      "\t priority:  6\n"
      "tc: 7 ratelimit: unlimited, tsa: strict\n"
      "\t priority:  7";
  auto r = parse_mlnx_qos(text, kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  const auto& q = r->value;
  CHECK(*q.dcb.dcbx == 2);
  CHECK(*q.trust == "pcp");
  CHECK(q.dcb.app.availability == Availability::absent);  // no dscp2prio table with trust pcp
  CHECK(q.dcb.pfc->pfc_en == 0x08);
  CHECK(q.dcb.pfc->delay == 7);
  CHECK_FALSE(q.dcb.pfc->pfc_cap.has_value());  // mlnx_qos never prints it: absent, not 0
  REQUIRE(q.dcb.buffer.ok());
  CHECK(q.dcb.buffer->buffer_size[0] == 20352);
  CHECK(q.dcb.buffer->buffer_size[1] == 156900);
  CHECK(q.dcb.buffer->total_size == 1027968);
  CHECK(q.dcb.buffer->prio2buffer == roce::model::PerPrio<std::uint8_t>{0, 0, 0, 1, 0, 0, 0, 0});
  REQUIRE(q.dcb.ets.ok());
  CHECK(q.dcb.ets->prio_tc == roce::model::PerPrio<std::uint8_t>{1, 0, 2, 3, 4, 4, 6, 7});
  CHECK(q.dcb.ets->tc_tsa[0] == static_cast<std::uint8_t>(roce::model::Tsa::vendor));
  CHECK(q.dcb.ets->tc_tsa[3] == static_cast<std::uint8_t>(roce::model::Tsa::ets));
  CHECK(q.dcb.ets->tc_tx_bw[3] == 50);
  CHECK(q.dcb.ets->tc_tsa[5] == static_cast<std::uint8_t>(roce::model::Tsa::strict));
  REQUIRE(q.dcb.maxrate.ok());
  CHECK((*q.dcb.maxrate)[3] == 12'500'000'000ull);
  CHECK((*q.dcb.maxrate)[0] == 0);
}

TEST_CASE("mlnx_qos -i: current mlnx-tools print order, default priority, only used tcs") {
  // Exactly as python/mlnx_qos pretty_print() prints it: used tcs only, "%1d   " PFC cells.
  const char* text =
      "DCBX mode: OS controlled\n"
      "Priority trust state: dscp\n"
      "dscp2prio mapping:\n"
      "\tprio:0 dscp:07,06,05,04,03,02,01,00,\n"
      "\tprio:0 dscp:15,14,13,12,11,10,09,08,\n"
      "\tprio:3 dscp:26,\n"
      "default priority:\n"
      "Receive buffer size (bytes): 130944,130944,0,0,0,0,0,0,total_size=1027968\n"
      "Cable len: 7\n"
      "PFC configuration:\n"
      "\tpriority    0   1   2   3   4   5   6   7\n"
      "\tenabled     0   0   0   1   0   0   0   0   \n"
      "\tbuffer      0   0   0   1   0   0   0   0   \n"
      "tc: 0 ratelimit: unlimited, tsa: ets, bw: 50%\n"
      "\t priority:  0\n"
      "\t priority:  1\n"
      "\t priority:  2\n"
      "\t priority:  4\n"
      "\t priority:  5\n"
      "\t priority:  6\n"
      "\t priority:  7\n"
      "tc: 3 ratelimit: unlimited, tsa: ets, bw: 50%\n"
      "\t priority:  3\n";
  auto r = parse_mlnx_qos(text, kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  const auto& q = r->value;
  REQUIRE(q.dcb.app->size() == 17);
  CHECK(q.dcb.app->at(15) == AppEntry{roce::model::kAppSelDscp, 0, 8});
  CHECK(q.dcb.app->at(16) == AppEntry{roce::model::kAppSelDscp, 3, 26});
  CHECK(q.dcb.buffer->total_size == 1027968);
  CHECK(q.dcb.buffer->buffer_size[1] == 130944);
  REQUIRE(q.dcb.ets.ok());
  CHECK(q.dcb.ets->prio_tc == roce::model::PerPrio<std::uint8_t>{0, 0, 0, 3, 0, 0, 0, 0});
  CHECK(q.dcb.ets->tc_tx_bw[3] == 50);
  CHECK(q.dcb.maxrate.availability == Availability::absent);

  // A default priority, buffers read through sysfs (no total), and the buffer-less variant.
  auto sysfs = parse_mlnx_qos(
      "DCBX mode: OS controlled\nPriority trust state: pcp\ndefault priority:\n\tprio:3\n"
      "Receive buffer size (bytes): 1,2,3,4,5,6,7,8,\nCable len: 7\nPFC configuration:\n"
      "\tpriority    0   1   2   3   4   5   6   7\n\tenabled     0   0   0   1   0   0   0   0   \n"
      "\tbuffer      0   0   0   1   0   0   0   0   \n",
      kOrigin);
  REQUIRE(sysfs.ok());
  CHECK(*sysfs->value.dcb.app == std::vector<AppEntry>{{roce::model::kAppSelEthertype, 3, 0}});
  CHECK(sysfs->value.dcb.buffer->buffer_size[7] == 8);
  CHECK_FALSE(sysfs->value.dcb.buffer->total_size.has_value());  // not printed: absent, not 0
  REQUIRE(sysfs->warnings.size() == 1);                          // no total printed
  CHECK(sysfs->warnings[0].line == 5);

  auto no_buffers = parse_mlnx_qos(
      "Buffers commands are not supported on your system\nDCBX mode: OS controlled\n"
      "Priority trust state: none\nCable len: 7\n",
      kOrigin);
  REQUIRE(no_buffers.ok());
  CHECK(no_buffers->value.dcb.buffer.availability == Availability::unsupported);
  CHECK(no_buffers->value.trust.availability == Availability::unsupported);
  CHECK(no_buffers->value.dcb.pfc.availability == Availability::absent);
}

TEST_CASE("mlnx_qos -i: garbled rows are errors on their fields, not zeros") {
  const char* text =
      "DCBX mode: OS controlled\n"
      "Priority trust state: dscp\n"
      "dscp2prio mapping:\n"
      "\tprio:0 dscp:07,06,xx,\n"
      "PFC configuration:\n"
      "\tenabled     0   0   0   2   0   0   0   0\n"
      "something else\n";
  auto r = parse_mlnx_qos(text, kOrigin);
  REQUIRE(r.ok());
  CHECK(r->value.dcb.pfc.availability == Availability::error);
  CHECK(r->value.dcb.pfc.cause.find("sos_commands/test/file:6:") == 0);
  CHECK(r->value.dcb.app.availability == Availability::error);
  REQUIRE(r->warnings.size() == 3);
  CHECK(r->warnings[0].line == 4);
  CHECK(r->warnings[2].line == 7);
  CHECK_FALSE(parse_mlnx_qos("", kOrigin).ok());
  CHECK_FALSE(parse_mlnx_qos("NIC statistics:\n", kOrigin).ok());
}

}  // namespace roce::test
