// show_gids on both real captures (web-rendered spaces, and exact TABs) and odd rows.
#include <catch2/catch.hpp>

#include "captures/text/show_gids.hpp"
#include "sample.hpp"

namespace roce::test {

using namespace roce::captures::text;
using roce::model::Availability;

namespace {
std::string part(int n) {
  const std::string all = sample("show_gids_cx6.txt");
  const std::size_t second = all.find("\nDEV") + 1;
  return n == 0 ? all.substr(0, second) : all.substr(second);
}
}  // namespace

TEST_CASE("show_gids: ConnectX-6, columns separated by spaces (real)") {
  auto r = parse_show_gids(part(0), kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.size() == 1);
  const auto& d = r->value[0];
  CHECK(d.name == "mlx5_0");
  REQUIRE(d.ports.size() == 1);
  const auto& gids = *d.ports[0].gids;
  REQUIRE(gids.size() == 6);
  CHECK(gids[0].index == 0);
  CHECK(gids[0].gid == "fe80:0000:0000:0000:0e42:a1ff:fe5d:4db8");
  CHECK(*gids[0].type == "IB/RoCE v1");
  CHECK(*gids[1].type == "RoCE v2");
  CHECK(gids[5].index == 5);
  CHECK(gids[5].gid == "0000:0000:0000:0000:0000:ffff:ac13:003c");
  CHECK(*gids[5].type == "RoCE v2");
  CHECK(*gids[5].netdev == "ens1f0");
  CHECK(gids[5].type.from.locator == "sos_commands/test/file:8");
}

TEST_CASE("show_gids: k8s macvlan, exact TABs, two devices, truncated without footer (real)") {
  auto r = parse_show_gids(part(1), kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.size() == 2);
  CHECK(r->value[1].name == "mlx5_1");
  const auto& gids = *r->value[1].ports.at(0).gids;
  REQUIRE(gids.size() == 4);
  CHECK(gids[2].index == 6);
  CHECK(gids[2].gid == "0000:0000:0000:0000:0000:ffff:0a98:040c");
  CHECK(*gids[3].type == "RoCE v2");
  CHECK(*gids[3].netdev == "net2");
}

TEST_CASE("show_gids: footer mismatch, missing netdev, garbled row") {
  const char* text =
      "DEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV\n"
      "---\t----\t-----\t---\t\t\t\t\t------------  \t---\t---\n"
      "mlx5_0\t1\t3\t0000:0000:0000:0000:0000:ffff:ac13:003c\t172.19.0.60  \tv2\t\n"
      "mlx5_0\t1\tx\tnot-a-gid\t\t\tv1\tens1\n"
      "mlx5_0\t2\t1\tfe80:0000:0000:0000:0e42:a1ff:fe5d:4db9\t\t\tv2\tens2\n"
      "n_gids_found=3\n";
  auto r = parse_show_gids(text, kOrigin);
  REQUIRE(r.ok());
  REQUIRE(r->value.size() == 1);
  REQUIRE(r->value[0].ports.size() == 2);
  const auto& g = r->value[0].ports[0].gids->at(0);
  CHECK(g.netdev.availability == Availability::absent);
  REQUIRE(r->warnings.size() == 2);
  CHECK(r->warnings[0].line == 4);
  CHECK(r->warnings[1].line == 6);
  CHECK(r->warnings[1].message == "sos_commands/test/file:6: footer says 3 GIDs, 2 rows were read");
}

TEST_CASE("show_gids: not show_gids") {
  CHECK_FALSE(parse_show_gids("", kOrigin).ok());
  auto r = parse_show_gids("mlx5_0\t1\t0\tfe80::1\n", kOrigin);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message.find("sos_commands/test/file:1: not show_gids output") == 0);
}

}  // namespace roce::test
