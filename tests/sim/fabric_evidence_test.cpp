// What the simulated fabric's captures and exports show (src/sim/fabric_evidence.hpp): each
// finding with its probability, on the component it is about, only from the sources given, and
// false findings on healthy parts at their rate.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "fabric/build.hpp"
#include "sim/fabric_evidence.hpp"

namespace roce::test {

using namespace roce::fabric;
using namespace roce::sim;

namespace {

// 512 hosts x 8 rails (4,096 NIC ports), 32 hosts per leaf, 8 spines: 128 leaves, 1,024 uplinks.
const Fabric& big_fabric() {
  static const Fabric f = [] {
    std::vector<std::string> names;
    for (int i = 1; i <= 512; ++i) names.push_back("gpu" + std::to_string(i));
    return *build_fabric(names, Design{});
  }();
  return f;
}

// A fault of `kind` at every `every`-th component of that kind.
std::vector<Fault> faults_of(Kind kind, Direction direction, std::size_t count, std::size_t every) {
  std::vector<Fault> out;
  for (std::size_t i = 0; i < count; i += every)
    out.push_back({{kind, static_cast<std::uint32_t>(i)}, direction, 0.5, kind != Kind::nic && kind != Kind::pcie});
  return out;
}

// How many of `evidence` name a component of `kind` with `check`, on a faulty component or not.
struct Tally {
  std::size_t on_faults = 0, elsewhere = 0;
};
Tally tally(const FabricSim& sim, const std::vector<Evidence>& evidence, Kind kind, const std::string& check,
            Kind fault_kind) {
  Tally t;
  for (const auto& e : evidence) {
    if (e.component.kind != kind || e.check_id != check) continue;
    const Component at{fault_kind, e.component.index};
    (sim.fault_on(at) ? t.on_faults : t.elsewhere) += 1;
  }
  return t;
}

const EvidenceSources kHosts{true, false}, kBoth{true, true}, kNone{false, false};

// The design's probabilities without false findings: what a fault alone shows.
Visibility no_false() {
  Visibility v;
  v.false_signal = 0;
  v.false_switch = 0;
  return v;
}

}  // namespace

TEST_CASE("fabric evidence: a NIC at part of its speed shows LINK-SPEED in nine host captures of ten") {
  const auto& f = big_fabric();
  const HostRails hr(f);
  const FabricSim sim(f, faults_of(Kind::nic, Direction::both, hr.size(), 2), 1);  // 2,048 faults
  const auto t = tally(sim, evidence(sim, kHosts, no_false()), Kind::nic, "LINK-SPEED", Kind::nic);
  CHECK(t.elsewhere == 0);
  CHECK(t.on_faults / 2048.0 == Approx(0.9).margin(0.025));
  CHECK(evidence(sim, kNone, no_false()).empty());
  const auto e = evidence(sim, kHosts, no_false());
  REQUIRE_FALSE(e.empty());
  CHECK(e.front().severity == 2);
  CHECK(e.front().text.find("200 Gb/s, both ends advertise 400 Gb/s") != std::string::npos);
}

TEST_CASE("fabric evidence: a narrow PCIe link shows PCIE-LINK in nine host captures of ten") {
  const auto& f = big_fabric();
  const HostRails hr(f);
  const FabricSim sim(f, faults_of(Kind::pcie, Direction::both, hr.size(), 2), 2);
  const auto t = tally(sim, evidence(sim, kHosts, no_false()), Kind::pcie, "PCIE-LINK", Kind::pcie);
  CHECK(t.elsewhere == 0);
  CHECK(t.on_faults / 2048.0 == Approx(0.9).margin(0.025));
}

TEST_CASE(
    "fabric evidence: a dirty optic shows at its receiving end, the host or the switch port, seven times in ten") {
  const auto& f = big_fabric();
  const HostRails hr(f);
  SECTION("the fibre toward the host: LINK-SIGNAL in the host's capture, nothing on the switch") {
    const FabricSim sim(f, faults_of(Kind::cable, Direction::in, hr.size(), 2), 3);
    const auto e = evidence(sim, kBoth, no_false());
    CHECK(tally(sim, e, Kind::cable, "LINK-SIGNAL", Kind::cable).on_faults / 2048.0 == Approx(0.7).margin(0.03));
    CHECK(tally(sim, e, Kind::leaf_port, "XSW-COUNTERS", Kind::cable).on_faults == 0);
  }
  SECTION("the fibre toward the switch: XSW-COUNTERS on the leaf port with switch exports only") {
    const FabricSim sim(f, faults_of(Kind::cable, Direction::out, hr.size(), 2), 4);
    const auto e = evidence(sim, kBoth, no_false());
    CHECK(tally(sim, e, Kind::leaf_port, "XSW-COUNTERS", Kind::cable).on_faults / 2048.0 == Approx(0.7).margin(0.03));
    CHECK(tally(sim, e, Kind::cable, "LINK-SIGNAL", Kind::cable).on_faults == 0);
    CHECK(tally(sim, evidence(sim, kHosts, no_false()), Kind::leaf_port, "XSW-COUNTERS", Kind::cable).on_faults == 0);
  }
}

TEST_CASE("fabric evidence: bad leaf ports and spine links show XSW-COUNTERS in seven switch exports of ten") {
  const auto& f = big_fabric();
  const HostRails hr(f);
  const FabricSim ports(f, faults_of(Kind::leaf_port, Direction::both, hr.size(), 2), 5);
  CHECK(tally(ports, evidence(ports, kBoth, no_false()), Kind::leaf_port, "XSW-COUNTERS", Kind::leaf_port).on_faults /
            2048.0 ==
        Approx(0.7).margin(0.03));
  CHECK(tally(ports, evidence(ports, kHosts, no_false()), Kind::leaf_port, "XSW-COUNTERS", Kind::leaf_port).on_faults ==
        0);
  const FabricSim links(f, faults_of(Kind::spine_link, Direction::both, f.uplinks.size(), 1), 6);  // every one
  CHECK(tally(links, evidence(links, kBoth, no_false()), Kind::spine_link, "XSW-COUNTERS", Kind::spine_link).on_faults /
            1024.0 ==
        Approx(0.7).margin(0.045));
}

TEST_CASE("fabric evidence: healthy parts show false findings at about one in two hundred") {
  const auto& f = big_fabric();
  const HostRails hr(f);
  const FabricSim sim(f, {}, 8);
  const auto e = evidence(sim, kBoth);
  const auto signal = tally(sim, e, Kind::cable, "LINK-SIGNAL", Kind::cable).elsewhere;
  const auto ports = tally(sim, e, Kind::leaf_port, "XSW-COUNTERS", Kind::leaf_port).elsewhere;
  const auto uplinks = tally(sim, e, Kind::spine_link, "XSW-COUNTERS", Kind::spine_link).elsewhere;
  CHECK(signal / 4096.0 == Approx(0.005).margin(0.003));
  CHECK(ports / 4096.0 == Approx(0.005).margin(0.003));
  CHECK(uplinks / 1024.0 == Approx(0.005).margin(0.006));
  CHECK(e.size() == signal + ports + uplinks);
}

TEST_CASE("fabric evidence: switch exports add to what host captures show and change none of it") {
  const auto& f = big_fabric();
  const HostRails hr(f);
  std::vector<Fault> faults = faults_of(Kind::nic, Direction::both, 64, 8);
  for (std::uint32_t i = 100; i < 200; i += 10) faults.push_back({{Kind::cable, i}, Direction::both, 0.4, true});
  const FabricSim sim(f, faults, 10);
  const auto hosts = evidence(sim, kHosts), both = evidence(sim, kBoth);
  for (const auto& e : hosts) CHECK(std::find(both.begin(), both.end(), e) != both.end());
  CHECK(both.size() > hosts.size());
  CHECK(evidence(sim, kBoth) == both);
}

}  // namespace roce::test
