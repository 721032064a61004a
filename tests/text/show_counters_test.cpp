// show_counters and cma_roce_mode (MLNX_OFED scripts): layouts from their source, real counter values.
#include <catch2/catch.hpp>

#include "captures/text/cma_roce_mode.hpp"
#include "captures/text/show_counters.hpp"
#include "sample.hpp"

namespace roce::test {

using namespace roce::captures::text;

TEST_CASE("show_counters: the hw counters of each port; cm counters are not hw counters") {
  auto r = parse_show_counters(sample("show_counters_SYNTH.txt"), "mlx5_bond_0", kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  CHECK(r->value.name == "mlx5_bond_0");
  REQUIRE(r->value.ports.size() == 1);
  const auto& c = r->value.ports[0].hw_counters;
  REQUIRE(c.ok());
  CHECK(c->entries.size() == 26);
  CHECK(c->get("lifespan") == 12u);
  CHECK(c->get("rx_write_requests") == 3809045607u);
  CHECK_FALSE(c->get("rep").has_value());
  CHECK(c.from.locator == "sos_commands/test/file:1");
}

TEST_CASE("show_counters: a garbled counter line is a located warning; other text is not show_counters") {
  auto r = parse_show_counters("Port 1 hw counters:\nout_of_buffer: 7\nnp_cnp_sent: lots\n", "mlx5_0", kOrigin);
  REQUIRE(r.ok());
  CHECK(r->value.ports.at(0).hw_counters->get("out_of_buffer") == 7u);
  REQUIRE(r->warnings.size() == 1);
  CHECK(r->warnings[0].message ==
        "sos_commands/test/file:3: not a '<counter>: <value>' line, skipped: 'np_cnp_sent: lots'");
  auto usage = parse_show_counters("Valid command is: show_rdma_counters <rdma_device_name>\n", "mlx5_0", kOrigin);
  REQUIRE_FALSE(usage.ok());
  CHECK(usage.error().message.find("sos_commands/test/file:1: not show_counters output") == 0);
  CHECK_FALSE(parse_show_counters("", "mlx5_0", kOrigin).ok());
}

TEST_CASE("cma_roce_mode: the two modes the configfs file holds; anything else is refused") {
  // The script ends with `cat default_roce_mode` (Mellanox/mlnx-tools sbin/cma_roce_mode).
  auto v2 = parse_cma_roce_mode("RoCE v2\n", kOrigin);
  REQUIRE(v2.ok());
  CHECK(v2->value == "RoCE v2");
  auto v1 = parse_cma_roce_mode("IB/RoCE v1\r\n", kOrigin);
  REQUIRE(v1.ok());
  CHECK(v1->value == "IB/RoCE v1");
  auto missing = parse_cma_roce_mode("Module rdma_cm is not loaded or does not support configfs\n", kOrigin);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().message.find("sos_commands/test/file:1: not cma_roce_mode output") == 0);
  auto extra = parse_cma_roce_mode("RoCE v2\nRoCE v2\n", kOrigin);
  REQUIRE(extra.ok());
  CHECK(extra->warnings.size() == 1);
}

}  // namespace roce::test
