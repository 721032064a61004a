// rdma statistic show: the current multi-line layout (real counter values), the old one-line layout, -j.
#include <catch2/catch.hpp>

#include "captures/text/rdma_statistic.hpp"
#include "sample.hpp"

namespace roce::test {

using namespace roce::captures::text;

TEST_CASE("rdma statistic show: current layout, mlx5_bond_0 values (synthesised layout, real values)") {
  const std::string text = sample("rdma_statistic_show_SYNTH.txt");
  REQUIRE(text.rfind("link mlx5_bond_0/1 \n", 0) == 0);
  auto r = parse_rdma_statistic(text, kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.size() == 1);
  CHECK(r->value[0].name == "mlx5_bond_0");
  REQUIRE(r->value[0].ports.size() == 1);
  const auto& p = r->value[0].ports[0];
  CHECK(p.number == 1);
  REQUIRE(p.hw_counters.ok());
  const auto& set = *p.hw_counters;
  REQUIRE(set.entries.size() == 25);
  CHECK(set.entries.front() == std::pair<std::string, std::uint64_t>("rx_write_requests", 3809045607u));
  CHECK(set.get("rx_dct_connect") == 422237u);
  CHECK(set.get("roce_adp_retrans") == 3u);
  CHECK(set.entries.back().first == "rx_icrc_encapsulated");
  CHECK(p.hw_counters.from.locator == "sos_commands/test/file:1");
}

TEST_CASE("rdma statistic show: old one-line layout, two ports, a garbled value") {
  const char* text =
      "link mlx5_0/1 rx_write_requests 0 rx_read_requests 7 out_of_sequence 12 np_cnp_sent 99\n"
      "link mlx5_0/2 rx_write_requests 1 out_of_sequence x\n";
  auto r = parse_rdma_statistic(text, kOrigin);
  REQUIRE(r.ok());
  REQUIRE(r->value.size() == 1);
  REQUIRE(r->value[0].ports.size() == 2);
  CHECK(r->value[0].ports[0].hw_counters->get("np_cnp_sent") == 99u);
  CHECK(r->value[0].ports[0].hw_counters->entries.size() == 4);
  CHECK(r->value[0].ports[1].hw_counters->get("rx_write_requests") == 1u);
  CHECK_FALSE(r->value[0].ports[1].hw_counters->get("out_of_sequence").has_value());  // absent, not 0
  REQUIRE(r->warnings.size() == 1);
  CHECK(r->warnings[0].line == 2);
}

TEST_CASE("rdma statistic -j and -j -p") {
  auto r = parse_rdma_statistic(
      "[{\"ifname\":\"mlx5_0\",\"port\":1,\"rx_write_requests\":0,\"out_of_sequence\":5},"
      "{\"ifname\":\"mlx5_1\",\"port\":1,\"np_cnp_sent\":18446744073709551615}]\n",
      kOrigin);
  REQUIRE(r.ok());
  REQUIRE(r->value.size() == 2);
  CHECK(r->value[0].ports[0].hw_counters->entries.size() == 2);
  CHECK(r->value[1].ports[0].hw_counters->get("np_cnp_sent") == 18446744073709551615u);

  auto pretty = parse_rdma_statistic(
      "[ {\n    \"ifname\": \"mlx5_0\",\n    \"port\": 1,\n    \"out_of_buffer\": 3\n  } ]\n", kOrigin);
  REQUIRE(pretty.ok());
  CHECK(pretty->value[0].ports[0].hw_counters->get("out_of_buffer") == 3u);

  CHECK_FALSE(parse_rdma_statistic("[{\"ifname\":\"mlx5_0\"}]", kOrigin).ok());
  CHECK_FALSE(parse_rdma_statistic("[{\"ifname\":\"mlx5_0\",\"port\":1,\"x\":-1}]", kOrigin).ok());
  CHECK_FALSE(parse_rdma_statistic("[{\"ifname\":", kOrigin).ok());
}

TEST_CASE("rdma statistic: not rdma statistic output") {
  CHECK_FALSE(parse_rdma_statistic("", kOrigin).ok());
  auto r = parse_rdma_statistic("    rx_write_requests 0 \n", kOrigin);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message.find("sos_commands/test/file:1: not rdma statistic output") == 0);
}

}  // namespace roce::test
