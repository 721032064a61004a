// The hosts' and switches' findings mapped onto the fabric (src/sweep/evidence.hpp): by host name,
// RDMA device or netdev, and switch port; the real example captures judged as the evidence.
#include <catch2/catch.hpp>

#include <set>

#include "fabric/build.hpp"
#include "support/paths.hpp"
#include "sweep/evidence.hpp"

namespace roce::test {

using namespace roce::fabric;
using namespace roce::sweep;

namespace {

Fabric two_hosts() {
  Design d;
  d.rails = 2;
  d.devices = {"mlx5_0", "mlx5_1"};
  d.hosts_per_leaf = 0;
  d.spines = 2;
  return *build_fabric({"gpu-node-07", "gpu-node-12"}, d);
}

engine::Finding finding(std::string id, std::string netdev, std::string device,
                        engine::Severity severity = engine::Severity::warning) {
  engine::Finding f;
  f.id = std::move(id);
  f.severity = severity;
  f.subject.netdev = std::move(netdev);
  f.subject.rdma_device = std::move(device);
  f.title = "title";
  return f;
}

}  // namespace

TEST_CASE("a host's findings name the part of the NIC their check is about") {
  const Fabric f = two_hosts();
  const HostRails hr(f);
  const auto ev = evidence_of(
      f, {{"gpu-node-12.cluster.local",
           {finding("LINK-SPEED", "", "mlx5_1"), finding("PCIE-LINK", "", "mlx5_0"),
            finding("LINK-SIGNAL", "", "mlx5_1"), finding("PAUSE-STORM", "", "mlx5_0", engine::Severity::critical),
            finding("LINK-SPEED", "", "mlx5_9"), finding("QOS-TRUST", "", "mlx5_0", engine::Severity::info)}},
          {"unknown-host", {finding("LINK-SPEED", "", "mlx5_0")}}});
  REQUIRE(ev.size() == 4);
  CHECK(ev[0].component == Component{Kind::nic, *hr.of(1, 1)});
  CHECK(ev[1].component == Component{Kind::pcie, *hr.of(1, 0)});
  CHECK(ev[2].component == Component{Kind::cable, *hr.of(1, 1)});
  CHECK(ev[3].component == Component{Kind::nic, *hr.of(1, 0)});
  CHECK(ev[3].check_id == "PAUSE-STORM");
  CHECK(ev[3].severity == 2);
  CHECK(ev[0].text == "gpu-node-12.cluster.local mlx5_1: title");
}

TEST_CASE("a switch's findings on a port name the leaf port or the spine link cabled there") {
  const Fabric f = two_hosts();
  const HostRails hr(f);
  const std::string leaf = f.leaves[f.hosts[0].rails[1].leaf];
  const auto ev =
      evidence_of(f, {{"switch exports",
                       {finding("XSW-COUNTERS", leaf + " " + f.hosts[0].rails[1].leaf_port, ""),
                        finding("XSW-COUNTERS", f.leaves[f.uplinks[1].leaf] + " " + f.uplinks[1].leaf_port, ""),
                        finding("XSW-COUNTERS", leaf + " Ethernet999", "")}}});
  REQUIRE(ev.size() == 2);
  CHECK(ev[0].component == Component{Kind::leaf_port, *hr.of(0, 1)});
  CHECK(ev[1].component == Component{Kind::spine_link, 1});
}

TEST_CASE("real captures are judged and their findings become the NICs' evidence") {
  const std::string examples = std::string(ROCE_SOURCE_DIR) + "/examples/";
  std::vector<std::string> notes;
  const auto judged = judge_evidence(
      {examples + "cx6dx-ecn-off.json", examples + "cx6dx-headroom-small.json", examples + "no-such-capture.json"}, {},
      profile::default_profile(), notes);
  REQUIRE(judged.size() == 2);
  REQUIRE(notes.size() == 1);
  CHECK_THAT(notes[0], Catch::Contains("no-such-capture.json: not judged"));
  const Fabric f = two_hosts();
  const auto ev = evidence_of(f, judged);
  std::set<std::string> ids;
  for (const auto& e : ev) ids.insert(e.check_id);
  CHECK(ids.count("ECN-NIC") == 1);
  CHECK(ids.count("BUF-HEADROOM") == 1);
  for (const auto& e : ev) CHECK(e.component.kind == Kind::nic);
}

}  // namespace roce::test
