// Fabrics from a design and from LLDP cables, and the components a test crosses (src/fabric/).
#include <catch2/catch.hpp>

#include "fabric/build.hpp"
#include "fabric/fabric.hpp"
#include "fabric/hostlist.hpp"

namespace roce::test {

using namespace roce::fabric;

TEST_CASE("a rail-optimized design puts rail i of a leaf group's hosts on that group's rail-i leaf") {
  Design d;
  d.rails = 4;
  d.hosts_per_leaf = 2;
  d.spines = 3;
  const auto f = build_fabric(*expand_hostlist("gpu[1-5]"), d);
  REQUIRE(f.ok());
  CHECK(f->hosts.size() == 5);
  CHECK(f->leaves.size() == 3 * 4);  // 3 groups of at most 2 hosts, 4 rails each
  CHECK(f->spines.size() == 3);
  CHECK(f->uplinks.size() == 12 * 3);
  CHECK(f->leaves[f->hosts[0].rails[2].leaf] == "leaf-su1-r2");
  CHECK(f->hosts[1].rails[2].leaf == f->hosts[0].rails[2].leaf);
  CHECK(f->leaves[f->hosts[4].rails[3].leaf] == "leaf-su3-r3");
  CHECK(f->hosts[1].rails[0].leaf_port == "Ethernet8");
  CHECK(f->built_from == "parameters: 5 hosts x 4 rails, rail-optimized, 2 hosts per leaf, 3 spines");
}

TEST_CASE("a design is refused when it cannot be built") {
  Design d;
  CHECK_FALSE(build_fabric({}, d).ok());
  CHECK_FALSE(build_fabric({"a", "a"}, d).ok());
  d.rails = 2;
  d.devices = {"mlx5_0"};
  CHECK_FALSE(build_fabric({"a"}, d).ok());
}

TEST_CASE("a test crosses both hosts' NIC, PCIe, cable and leaf port, and between leaves one spine of each way") {
  Design d;
  d.rails = 2;
  d.hosts_per_leaf = 2;
  d.spines = 2;
  const auto f = *build_fabric({"a", "b", "c"}, d);
  const HostRails hr(f);
  REQUIRE(hr.size() == 6);
  const HostRail a0 = *hr.of(0, 0), b0 = *hr.of(1, 0), c0 = *hr.of(2, 0);
  CHECK_FALSE(hr.of(2, 2).has_value());

  const Path same_leaf = path_of(f, hr, a0, b0);
  CHECK(same_leaf.fixed.size() == 8);
  CHECK(same_leaf.spine_choices.empty());
  CHECK(same_leaf.fixed.front() == Hop{{Kind::nic, a0}, Direction::out});
  CHECK(same_leaf.fixed.back() == Hop{{Kind::nic, b0}, Direction::in});

  const Path across = path_of(f, hr, a0, c0);
  REQUIRE(across.spine_choices.size() == 2);
  for (const auto& way : across.spine_choices) {
    REQUIRE(way.size() == 2);
    CHECK(f.uplinks[way[0].component.index].leaf == f.hosts[0].rails[0].leaf);
    CHECK(f.uplinks[way[1].component.index].leaf == f.hosts[2].rails[0].leaf);
    CHECK(f.uplinks[way[0].component.index].spine == f.uplinks[way[1].component.index].spine);
  }

  const Path loop = path_of(f, hr, a0, a0);
  CHECK(loop.fixed == std::vector<Hop>{{{Kind::pcie, a0}, Direction::both}});
  CHECK(loop.spine_choices.empty());

  CHECK(name_of(f, hr, Component{Kind::cable, c0}) == "cable c mlx5_0 - leaf-su2-r0 Ethernet0");
  CHECK(name_of(f, hr, Component{Kind::spine_link, 1}) == "leaf-su1-r0 Ethernet24 - spine2 Ethernet0");
  for (std::uint32_t i = 0; i < hr.component_count(f); ++i) CHECK(hr.dense(hr.component(i, f)) == i);
}

TEST_CASE("LLDP cables make the hosts' switches leaves and the switches beyond them spines") {
  std::vector<HostCable> cables = {{"a", "mlx5_0", "eth0", 400, "leaf1", "Ethernet0"},
                                   {"a", "mlx5_1", "eth1", 400, "leaf2", "Ethernet0"},
                                   {"b", "mlx5_0", "eth0", 400, "leaf1", "Ethernet8"},
                                   {"b", "mlx5_1", "eth1", 400, "", ""}};
  std::vector<SwitchCable> up = {{"leaf1", "Ethernet256", "spine1", "Ethernet0"},
                                 {"leaf2", "Ethernet256", "spine1", "Ethernet8"},
                                 {"leaf1", "Ethernet264", "leaf2", "Ethernet264"}};  // a peer link: not a spine
  const auto f = fabric_from_cables(cables, up);
  REQUIRE(f.ok());
  CHECK(f->leaves == std::vector<std::string>{"leaf1", "leaf2"});
  CHECK(f->spines == std::vector<std::string>{"spine1"});
  CHECK(f->uplinks.size() == 2);
  CHECK(f->hosts[1].rails[1].leaf == -1);
  cables.push_back(cables[0]);
  CHECK_FALSE(fabric_from_cables(cables, up).ok());
}

}  // namespace roce::test
