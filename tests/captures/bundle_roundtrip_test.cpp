#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

#include "captures/bundle.hpp"
#include "examples/cx6dx_example.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

using namespace roce;
using model::Availability;
using model::Field;

namespace {

captures::Bundle example_bundle() {
  captures::Bundle b;
  b.tool_version = "0.1.0";
  b.created_unix_ms = 1764400060500;
  b.samples = {examples::cx6dx_ecn_off_sample(0), examples::cx6dx_ecn_off_sample(1)};
  return b;
}

captures::Bundle reread(const captures::Bundle& b) {
  auto text = captures::write_bundle_text(b);
  auto back = captures::read_bundle_text(text, "t.json");
  INFO(text.substr(0, 2000));
  REQUIRE(back.ok());
  return *back;
}

}  // namespace

TEST_CASE("a full ConnectX-6 Dx host survives write and read exactly") {
  const auto b = example_bundle();
  REQUIRE(reread(b) == b);
}

TEST_CASE("an RDMA device's port count survives, present or missing with its cause") {
  auto b = example_bundle();
  REQUIRE_FALSE(b.samples[0].rdma_devices.empty());
  b.samples[0].rdma_devices[0].port_count =
      Field<std::uint32_t>::of(2, {"sysfs", "/sys/class/infiniband/mlx5_0/ports"});
  b.samples[1].rdma_devices[0].port_count =
      Field<std::uint32_t>::missing(Availability::denied, "ports: Permission denied", {"sysfs", "ports"});
  CHECK(reread(b) == b);
}

TEST_CASE("a switchdev host's devlink shared buffer survives; an older bundle without it loads as absent") {
  auto b = example_bundle();
  model::DevlinkSb sb;
  sb.device = "pci/0000:03:00.0";
  sb.pools = {{0, 2, "ingress", 1000080, "static", 144u, {"devlink", "pci/0000:03:00.0 sb 0 pool 2"}},
              {0, 4, "egress", 41686992, "dynamic", std::nullopt, {"folder", "devlink_sb_pool_show:6"}}};
  sb.port_pools = {{"swp1", 0, 2, 1000080, {"devlink", "swp1 sb 0 pool 2"}}};
  sb.tc_binds = {{"swp1", 0, 3, "ingress", 2, 1000080, {"devlink", "swp1 sb 0 tc 3 ingress"}},
                 {"swp1", 0, 3, "egress", 4, 9, {"devlink", "swp1 sb 0 tc 3 egress"}}};
  b.samples[0].shared_buffers = model::SharedBuffers::of({sb}, {"devlink", "DEVLINK_CMD_SB_*_GET dumps"});
  b.samples[1].shared_buffers =
      model::SharedBuffers::missing(Availability::unsupported, "devlink: no device has a shared buffer (no sb pools)",
                                    {"devlink", "DEVLINK_CMD_SB_POOL_GET"});
  const auto text = captures::write_bundle_text(b);
  CHECK(text.find("\"shared_buffers\"") != std::string::npos);
  CHECK(reread(b) == b);
  // The bundles written before the member: no key, an absent field, as for any unread value.
  const auto older = example_bundle();
  REQUIRE(captures::write_bundle_text(older).find("shared_buffers") == std::string::npos);
  const auto back = reread(older);
  CHECK(back.samples[0].shared_buffers.availability == Availability::absent);
  CHECK_FALSE(back.samples[0].shared_buffers.ok());
}

TEST_CASE("link-mode speeds survive, empty apart from not reported; a bundle without them loads them as not reported") {
  auto b = example_bundle();
  model::LinkSettings link{100000, "full", true, 4};
  link.supported_speeds_mbps = std::vector<std::uint32_t>{25000, 100000};
  link.advertised_speeds_mbps = std::vector<std::uint32_t>{};
  b.samples[0].netdevs[0].link = Field<model::LinkSettings>::of(link, {"ethtool-netlink", "ens1f0np0 LINKMODES_GET"});
  const auto text = captures::write_bundle_text(b);
  CHECK(text.find("\"supported_speeds_mbps\"") != std::string::npos);
  CHECK(text.find("\"peer_advertised_speeds_mbps\"") == std::string::npos);
  const auto back = reread(b);
  CHECK(back == b);
  const auto& l = *back.samples[0].netdevs[0].link;
  CHECK(l.advertised_speeds_mbps == std::optional<std::vector<std::uint32_t>>(std::vector<std::uint32_t>{}));
  CHECK_FALSE(l.peer_advertised_speeds_mbps.has_value());
  // The bundles written before the members: no keys, not reported.
  const auto older = example_bundle();
  REQUIRE(captures::write_bundle_text(older).find("speeds_mbps") == std::string::npos);
  auto old_link = older;
  old_link.samples[0].netdevs[0].link = Field<model::LinkSettings>::of({100000, "full", true, 4});
  REQUIRE(captures::write_bundle_text(old_link).find("speeds_mbps") == std::string::npos);
  CHECK_FALSE(reread(old_link).samples[0].netdevs[0].link->supported_speeds_mbps.has_value());
}

TEST_CASE("every kind of missing field keeps its availability, cause and provenance") {
  model::Host h;
  h.hostname = "h";
  model::NetDev nd;
  nd.name = "veth0";
  nd.mtu = Field<std::uint32_t>::of(0, {"sysfs", "/sys/class/net/veth0/mtu"});  // zero is a value
  nd.dcb.pfc = model::missing_from_errno<model::Pfc>(EOPNOTSUPP, "dcbnl: veth0", {"dcbnl", "veth0 DCB_ATTR_IEEE_PFC"});
  nd.dcb.buffer = model::missing_from_errno<model::Buffer>(EPERM, "dcbnl: veth0");
  nd.trust = Field<std::string>::missing(Availability::absent, "not read: --sysfs-root points at a copy of /sys");
  nd.pause = Field<model::PauseParams>::missing(Availability::error, "timed out after 2 s");
  nd.link = Field<model::LinkSettings>::of({std::nullopt, "unknown", false, std::nullopt});
  h.netdevs.push_back(nd);
  h.notes.push_back({"verbs", Availability::unsupported, "no RDMA devices"});
  captures::Bundle b{"0.1.0", 1, {h}, {}};
  const auto back = reread(b);
  REQUIRE(back == b);
  const auto& n = back.samples[0].netdevs[0];
  CHECK(n.mtu.ok());
  CHECK(*n.mtu == 0);
  CHECK(n.dcb.pfc.availability == Availability::unsupported);
  CHECK(n.dcb.pfc.cause == "dcbnl: veth0: Operation not supported");
  CHECK(n.dcb.buffer.availability == Availability::denied);
  CHECK(!n.link->speed_mbps.has_value());
}

TEST_CASE("absent fields are omitted on write and read back as absent") {
  model::Host h;
  h.netdevs.push_back({});
  h.netdevs[0].name = "eth0";
  const auto text = captures::write_bundle_text({"0.1.0", 0, {h}, {}});
  CHECK(text.find("\"mtu\"") == std::string::npos);
  CHECK(text.find("\"ethtool_stats\"") == std::string::npos);
  auto back = captures::read_bundle_text(text, "t.json");
  REQUIRE(back.ok());
  CHECK(back->samples[0].netdevs[0].mtu.availability == Availability::absent);
}

TEST_CASE("field shape: value, availability, cause and from") {
  model::Host h;
  model::NetDev nd;
  nd.name = "eth0";
  nd.mtu = Field<std::uint32_t>::of(9000, {"rtnetlink", "eth0 RTM_NEWLINK"});
  nd.dcb.pfc = Field<model::Pfc>::missing(Availability::unsupported, "dcbnl: eth0: Operation not supported");
  h.netdevs.push_back(nd);
  const auto text = captures::write_bundle_text({"0.1.0", 0, {h}, {}});
  CHECK(text.find(R"("mtu": {"value": 9000, "from": ["rtnetlink", "eth0 RTM_NEWLINK"]})") != std::string::npos);
  CHECK(text.find(R"("pfc": {"availability": "unsupported", "cause": "dcbnl: eth0: Operation not supported"})") !=
        std::string::npos);
}

TEST_CASE("short arrays and strings with quotes, commas and colons stay exact on one line") {
  model::Host h;
  h.hostname = R"(we"ird, na:me\)";
  model::NetDev nd;
  nd.name = "a";
  nd.addresses = Field<std::vector<std::string>>::of({"1.2.3.4/8", "x,y: \"z\""});
  h.netdevs.push_back(nd);
  captures::Bundle b{"0.1.0", 0, {h}, {}};
  const auto text = captures::write_bundle_text(b);
  CHECK(text.find(R"("value": ["1.2.3.4/8", "x,y: \"z\""])") != std::string::npos);
  CHECK(reread(b) == b);
}

TEST_CASE("counters keep the driver's order, and duplicate names survive") {
  model::Host h;
  model::NetDev nd;
  nd.name = "eth0";
  model::CounterSet c;
  c.entries = {{"zeta", 1}, {"alpha", 2}, {"[0]: rx_discards", 3}};
  nd.ethtool_stats = Field<model::CounterSet>::of(c);
  h.netdevs.push_back(nd);
  captures::Bundle b{"0.1.0", 0, {h}, {}};
  CHECK(reread(b) == b);
  c.entries.push_back({"zeta", 4});
  b.samples[0].netdevs[0].ethtool_stats = Field<model::CounterSet>::of(c);
  CHECK(reread(b) == b);
}

TEST_CASE("show --json's host document reads back as a one-sample bundle") {
  const auto host = examples::cx6dx_ecn_off_sample(1);
  const auto text = captures::write_host_text(host);
  CHECK(text.rfind("{\n  \"format\": \"roce-doctor-host\",\n  \"schema_version\": 1,", 0) == 0);
  auto back = captures::read_bundle_text(text, "host.json");
  REQUIRE(back.ok());
  REQUIRE(back->samples.size() == 1);
  CHECK(back->samples[0] == host);
}

TEST_CASE("an imported capture's raw lines survive write and read, in a bundle and in a host document") {
  auto b = example_bundle();
  b.raw_lines.add({"sos", "sos_commands/networking/dcb_-s_pfc_show_dev_ens1f0:2"},
                  "prio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off");
  b.raw_lines.add({"sysinfo", "ecn/config/ens1f0:9"}, "/sys/class/net/ens1f0/ecn/roce_np/enable/3= 1");
  b.raw_lines.add({"folder", "q:1"}, "tab\there, \"quotes\" and a \\ backslash");
  const auto text = captures::write_bundle_text(b);
  CHECK(text.find("\n  \"raw_lines\": [\n") != std::string::npos);
  CHECK(reread(b) == b);

  const auto host_text = captures::write_host_text(b.samples.back(), b.raw_lines);
  auto back = captures::read_bundle_text(host_text, "host.json");
  REQUIRE(back.ok());
  CHECK(back->samples.at(0) == b.samples.back());
  CHECK(back->raw_lines == b.raw_lines);
}

TEST_CASE("a bundle without raw lines is written without the key, and an older bundle loads with none") {
  const auto text = captures::write_bundle_text(example_bundle());
  CHECK(text.find("raw_lines") == std::string::npos);
  CHECK(captures::write_host_text(examples::cx6dx_ecn_off_sample(1)).find("raw_lines") == std::string::npos);
  // examples/*.json were written before bundles kept raw lines.
  const auto old = captures::read_bundle_file(std::string(ROCE_EXAMPLES_DIR) + "/cx6dx-ecn-off.json");
  REQUIRE(old.ok());
  CHECK(old->raw_lines.empty());
  CHECK_FALSE(old->samples.empty());
}

TEST_CASE("bundle files: plain and zstd, written atomically") {
  const auto b = example_bundle();
  for (std::string name : {"roce-test-bundle.json", "roce-test-bundle.json.zst"}) {
    const TempDir dir("bundle");
    const std::string path = dir.path(name);
    REQUIRE(captures::write_bundle_file(path, b).ok());
    auto back = captures::read_bundle_file(path);
    REQUIRE(back.ok());
    CHECK(*back == b);
    std::remove(path.c_str());
  }
  auto missing = captures::read_bundle_file("/nonexistent/b.json");
  REQUIRE(!missing.ok());
  CHECK(missing.error().message == "read /nonexistent/b.json: No such file or directory");
}

}  // namespace roce::test
