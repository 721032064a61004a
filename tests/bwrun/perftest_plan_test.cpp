// The perftest command lines bw --run picks, on hosts built as sysfs shows them: device, port, RoCE
// v2 GID index of the address, traffic class of the lossless DSCP, and the refusals.
#include <catch2/catch.hpp>

#include <algorithm>

#include "bwrun/perftest_plan.hpp"

namespace roce::test {
namespace {

using model::Field;

model::Gid gid(std::uint32_t index, const std::string& text, const std::string& type, const std::string& netdev) {
  return {index, text, Field<std::string>::of(type), Field<std::string>::of(netdev)};
}

// One CX6 Dx port as show_gids lists it: link-local v1/v2 at 0/1, the IPv4 address's v1/v2 at 2/3.
model::Host cx6_host(const std::string& netdev = "ens1f0np0", const std::string& rdma = "mlx5_0",
                     const std::string& ipv4 = "172.19.0.60", std::uint32_t v2_index = 3) {
  model::Host host;
  model::NetDev nd;
  nd.name = netdev;
  nd.addresses = Field<std::vector<std::string>>::of({"fe80::e42:a1ff:fe5d:4db8/64", ipv4 + "/24"});
  host.netdevs.push_back(nd);
  model::RdmaDevice dev;
  dev.name = rdma;
  dev.netdevs = Field<std::vector<std::string>>::of({netdev});
  model::RdmaPort port;
  port.number = 1;
  port.link_layer = Field<std::string>::of("Ethernet");
  port.netdev = Field<std::string>::of(netdev);
  unsigned a, b, c, d;
  std::sscanf(ipv4.c_str(), "%u.%u.%u.%u", &a, &b, &c, &d);
  char mapped[64];
  std::snprintf(mapped, sizeof mapped, "0000:0000:0000:0000:0000:ffff:%02x%02x:%02x%02x", a, b, c, d);
  port.gids = Field<std::vector<model::Gid>>::of(
      {gid(0, "fe80:0000:0000:0000:0e42:a1ff:fe5d:4db8", "IB/RoCE v1", netdev),
       gid(1, "fe80:0000:0000:0000:0e42:a1ff:fe5d:4db8", "RoCE v2", netdev), gid(2, mapped, "IB/RoCE v1", netdev),
       gid(v2_index, mapped, "RoCE v2", netdev)});
  dev.ports.push_back(port);
  host.rdma_devices.push_back(dev);
  return host;
}

bool has_pair(const std::vector<std::string>& argv, const std::string& flag, const std::string& value) {
  for (std::size_t i = 0; i + 1 < argv.size(); ++i)
    if (argv[i] == flag && argv[i + 1] == value) return true;
  return false;
}
bool has(const std::vector<std::string>& argv, const std::string& arg) {
  return std::find(argv.begin(), argv.end(), arg) != argv.end();
}

}  // namespace

TEST_CASE("bw --run loopback: device, port, the RoCE v2 GID of the address, TC 104 for DSCP 26, both sides") {
  bwrun::RunOptions o;
  o.out_json_file = "out/ib_write_bw.json";
  const auto plan = bwrun::plan_perftest(cx6_host(), profile::default_profile(), o);
  REQUIRE(plan.ok());
  CHECK(plan->binary == "ib_write_bw");
  CHECK(plan->rdma_device == "mlx5_0");
  CHECK(plan->netdev == "ens1f0np0");
  CHECK(plan->address == "172.19.0.60");
  CHECK(plan->gid_index == 3);
  CHECK(plan->tclass == 104);
  CHECK(bwrun::shell_line(plan->client_argv) ==
        "ib_write_bw -d mlx5_0 -i 1 -x 3 --tclass=104 -s 1048576 -D 10 -q 1 -F --report_gbits --out_json "
        "--out_json_file=out/ib_write_bw.json 172.19.0.60");
  CHECK(bwrun::shell_line(plan->server_argv) ==
        "ib_write_bw -d mlx5_0 -i 1 -x 3 --tclass=104 -s 1048576 -D 10 -q 1 -F --report_gbits");
}

TEST_CASE("bw --run scans the GID table: the RoCE v2 entry of the address wherever it sits") {
  const auto plan = bwrun::plan_perftest(cx6_host("eth2", "rocep65s0f0", "10.0.0.7", 5), profile::default_profile(),
                                         bwrun::RunOptions{});
  REQUIRE(plan.ok());
  CHECK(plan->gid_index == 5);
  CHECK(has_pair(plan->client_argv, "-x", "5"));
  CHECK(has_pair(plan->client_argv, "-d", "rocep65s0f0"));
}

TEST_CASE("bw --run: the profile's lossless DSCP sets the traffic class; trust pcp gives none") {
  auto p = profile::default_profile();
  p.lossless = {{5, {40}}};
  auto plan = bwrun::plan_perftest(cx6_host(), p, bwrun::RunOptions{});
  REQUIRE(plan.ok());
  CHECK(has(plan->client_argv, "--tclass=160"));

  p.trust = profile::Trust::pcp;
  p.lossless = {{3, {}}};
  plan = bwrun::plan_perftest(cx6_host(), p, bwrun::RunOptions{});
  REQUIRE(plan.ok());
  CHECK_FALSE(plan->tclass);
  CHECK(std::none_of(plan->client_argv.begin(), plan->client_argv.end(),
                     [](const std::string& a) { return a.starts_with("--tclass"); }));
  CHECK(plan->notes.at(0).find("trusts PCP") != std::string::npos);
}

TEST_CASE("bw --run client and server: the peer is the client's last argument; the server writes the JSON") {
  bwrun::RunOptions o;
  o.mode = bwrun::RunMode::client;
  o.peer = "node-b";
  o.test = "read";
  o.size = 65536;
  o.duration_s = 30;
  o.qps = 4;
  o.port = 10000;
  o.out_json_file = "r.json";
  auto plan = bwrun::plan_perftest(cx6_host(), profile::default_profile(), o);
  REQUIRE(plan.ok());
  CHECK(plan->server_argv.empty());
  CHECK(plan->client_argv.front() == "ib_read_bw");
  CHECK(plan->client_argv.back() == "node-b");
  CHECK(has_pair(plan->client_argv, "-s", "65536"));
  CHECK(has_pair(plan->client_argv, "-D", "30"));
  CHECK(has_pair(plan->client_argv, "-q", "4"));
  CHECK(has_pair(plan->client_argv, "-p", "10000"));
  CHECK(plan->port == 10000);

  o.mode = bwrun::RunMode::server;
  plan = bwrun::plan_perftest(cx6_host(), profile::default_profile(), o);
  REQUIRE(plan.ok());
  CHECK(plan->client_argv.empty());
  CHECK(plan->server_argv.back() == "--out_json_file=r.json");
}

TEST_CASE("bw --run refuses what it cannot plan, saying why") {
  const auto profile = profile::default_profile();
  SECTION("two RoCE ports and no --dev") {
    auto host = cx6_host();
    const auto second = cx6_host("ens1f1np1", "mlx5_1", "172.19.1.60");
    host.netdevs.push_back(second.netdevs[0]);
    host.rdma_devices.push_back(second.rdma_devices[0]);
    const auto plan = bwrun::plan_perftest(host, profile, {});
    REQUIRE_FALSE(plan.ok());
    CHECK(plan.error().message == "2 RoCE ports on this host: mlx5_0/1 (ens1f0np0), mlx5_1/1 (ens1f1np1)");
    CHECK(plan.error().hint == "--dev names the one to measure");
  }
  SECTION("an InfiniBand port is no RoCE port") {
    auto host = cx6_host();
    host.rdma_devices[0].ports[0].link_layer = Field<std::string>::of("InfiniBand");
    const auto plan = bwrun::plan_perftest(host, profile, {});
    REQUIRE_FALSE(plan.ok());
    CHECK(plan.error().message.starts_with("no RoCE port"));
  }
  SECTION("only a RoCE v1 GID for the address") {
    auto host = cx6_host();
    auto& gids = *host.rdma_devices[0].ports[0].gids;
    gids.pop_back();
    const auto plan = bwrun::plan_perftest(host, profile, {});
    REQUIRE_FALSE(plan.ok());
    CHECK(plan.error().message == "mlx5_0/1 (ens1f0np0) has no RoCE v2 GID for 172.19.0.60");
  }
  SECTION("no IPv4 address on the netdev") {
    auto host = cx6_host();
    host.netdevs[0].addresses = Field<std::vector<std::string>>::of({"fe80::e42:a1ff:fe5d:4db8/64"});
    const auto plan = bwrun::plan_perftest(host, profile, {});
    REQUIRE_FALSE(plan.ok());
    CHECK(plan.error().message == "ens1f0np0 has no IPv4 address: RoCE v2 over IPv4 needs one");
  }
  SECTION("an unreadable GID table") {
    auto host = cx6_host();
    host.rdma_devices[0].ports[0].gids =
        Field<std::vector<model::Gid>>::missing(model::Availability::denied, "gids/0: Permission denied");
    const auto plan = bwrun::plan_perftest(host, profile, {});
    REQUIRE_FALSE(plan.ok());
    CHECK(plan.error().message.find("RoCE v2 GID index is unknown") != std::string::npos);
  }
  SECTION("a client without a peer, an unknown test") {
    bwrun::RunOptions o;
    o.mode = bwrun::RunMode::client;
    CHECK_FALSE(bwrun::plan_perftest(cx6_host(), profile, o).ok());
    o.mode = bwrun::RunMode::loopback;
    o.test = "atomic";
    const auto plan = bwrun::plan_perftest(cx6_host(), profile, o);
    REQUIRE_FALSE(plan.ok());
    CHECK(plan.error().hint == "--test takes write, read or send");
  }
}

TEST_CASE("bw --run prints its command lines as a shell takes them") {
  CHECK(bwrun::shell_line({"ib_write_bw", "-d", "mlx5_0", "--out_json_file=/t/a b.json", "it's"}) ==
        "ib_write_bw -d mlx5_0 '--out_json_file=/t/a b.json' 'it'\\''s'");
}

}  // namespace roce::test
