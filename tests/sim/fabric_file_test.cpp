// The simulated fabric's file (src/sim/fabric_file.hpp): the example read into a fabric, faults and
// physics, written back equal; every error located FILE:LINE:COL, all of them at once.
#include <catch2/catch.hpp>

#include "sim/fabric_file.hpp"
#include "support/paths.hpp"

namespace roce::test {

using namespace roce::fabric;
using namespace roce::sim;

namespace {

const std::string kExample = std::string(ROCE_EXAMPLES_DIR) + "/sim/fabric/two-faults.toml";

std::string errors_of(const std::string& text) {
  const auto spec = parse_fabric_sim(text, "f.toml");
  REQUIRE_FALSE(spec.ok());
  return spec.error().message;
}

const char* kFabric = R"([fabric]
hosts = "gpu[01-04]"
rails = 2
hosts_per_leaf = 2
spines = 2
)";

}  // namespace

TEST_CASE("fabric file: the example is read into its fabric, faults and seed, and written back equal") {
  const auto spec = read_fabric_sim(kExample);
  REQUIRE(spec.ok());
  CHECK(spec->seed == 29);
  CHECK(spec->fabric.hosts.size() == 64);
  CHECK(spec->fabric.hosts[6].name == "gpu007");
  CHECK(spec->fabric.leaves.size() == 16);
  CHECK(spec->fabric.spines.size() == 8);
  REQUIRE(spec->faults.size() == 2);
  const HostRails hr(spec->fabric);
  CHECK(spec->faults[0] == Fault{{Kind::nic, *hr.of(6, 3)}, Direction::both, 0.5, false});
  CHECK(spec->faults[1] == Fault{{Kind::cable, *hr.of(41, 0)}, Direction::in, 0.4, true});
  CHECK(spec->physics == Physics{});
  const auto again = parse_fabric_sim(render_fabric_sim(*spec), "again.toml");
  REQUIRE(again.ok());
  CHECK(*again == *spec);
}

TEST_CASE("fabric file: faults by rail, on a spine link, with their class's typical figures, written back equal") {
  const auto spec = parse_fabric_sim(std::string("seed = 3\n") + kFabric + R"(
[physics]
noise_sd = 0
busy_host = 0.02

[[fault]]
class = "pcie"
host = "gpu02"
rail = 1

[[fault]]
class = "spine-link"
leaf = "leaf-su2-r1"
spine = "spine2"

[[fault]]
class = "cable"
host = "gpu03"
device = "mlx5_0"
direction = "both"
lossy = false
)",
                                     "f.toml");
  REQUIRE(spec.ok());
  const HostRails hr(spec->fabric);
  REQUIRE(spec->faults.size() == 3);
  CHECK(spec->faults[0] == Fault{{Kind::pcie, *hr.of(1, 1)}, Direction::both, 0.28, false});
  CHECK(spec->faults[1].component.kind == Kind::spine_link);
  const auto& link = spec->fabric.uplinks[spec->faults[1].component.index];
  CHECK(spec->fabric.leaves[link.leaf] == "leaf-su2-r1");
  CHECK(spec->fabric.spines[link.spine] == "spine2");
  CHECK(spec->faults[1].lossy);
  CHECK(spec->faults[2] == Fault{{Kind::cable, *hr.of(2, 0)}, Direction::both, 0.45, false});
  CHECK(spec->physics.noise_sd == 0);
  CHECK(spec->physics.busy_host == 0.02);
  const auto again = parse_fabric_sim(render_fabric_sim(*spec), "again.toml");
  REQUIRE(again.ok());
  CHECK(*again == *spec);
}

TEST_CASE("fabric file: every error is located FILE:LINE:COL, all of them at once") {
  const std::string e = errors_of(std::string(kFabric) + R"(colour = "blue"

[[fault]]
class = "nic"
host = "gpu09"
device = "mlx5_0"

[[fault]]
class = "nic"
host = "gpu01"
device = "mlx5_7"
direction = "to-host"

[[fault]]
class = "cable"
host = "gpu01"
device = "mlx5_0"
direction = "sideways"
share = 0

[[fault]]
class = "fan"
)");
  CHECK(e.find("f.toml:6:1: unknown key 'colour' in [fabric]") != std::string::npos);
  CHECK(e.find("f.toml:10:8: fault.host gpu09 is not in fabric.hosts") != std::string::npos);
  CHECK(e.find("f.toml:16:10: fault.device mlx5_7 is not a rail of gpu01") != std::string::npos);
  CHECK(e.find("f.toml:17:13: fault.direction is for cables only") != std::string::npos);
  CHECK(e.find("f.toml:23:13: fault.direction must be \"to-host\", \"to-switch\" or \"both\"") != std::string::npos);
  CHECK(e.find("f.toml:24:9: fault.share is out of range (0, 1]") != std::string::npos);
  CHECK(e.find("f.toml:27:9: fault.class \"fan\" is not one of") != std::string::npos);
  // In file order, one a line.
  CHECK(e.find("f.toml:6:1") < e.find("f.toml:10:8"));
  CHECK(std::count(e.begin(), e.end(), '\n') == 6);
}

TEST_CASE("fabric file: what cannot be built or located is an error at its place") {
  CHECK(errors_of("seed = 1\n").find("f.toml:1:1: the file has no [fabric]") != std::string::npos);
  CHECK(errors_of("[fabric]\nhosts = \"gpu[01-\"\n").find("f.toml:2:9: fabric.hosts:") != std::string::npos);
  CHECK(errors_of("[fabric]\nhosts = \"\"\n").find("f.toml:2:9: fabric.hosts names no host") != std::string::npos);
  CHECK(errors_of("[fabric]\nhosts = \"a,a\"\n").find("f.toml:1:1: [fabric]: host a is listed twice") !=
        std::string::npos);
  CHECK(errors_of("[fabric]\nhosts = \"a\"\nrails = 0\n").find("f.toml:3:9: fabric.rails = 0 is out of range 1..64") !=
        std::string::npos);
  CHECK(errors_of("[fabric]\nhosts = \"a\"\nrails = [\n").rfind("f.toml:", 0) == 0);  // toml++'s own
  const std::string twice = errors_of(std::string(kFabric) +
                                      "[[fault]]\nclass = \"nic\"\nhost = \"gpu01\"\nrail = 0\n"
                                      "[[fault]]\nclass = \"nic\"\nhost = \"gpu01\"\ndevice = \"mlx5_0\"\n");
  CHECK(twice.find("f.toml:10:1: a second fault on gpu01 mlx5_0 NIC port") != std::string::npos);
  const std::string link = errors_of(std::string(kFabric) +
                                     "[[fault]]\nclass = \"spine-link\"\nleaf = \"leaf-su9-r0\"\nspine = \"spine3\"\n"
                                     "host = \"gpu01\"\n");
  CHECK(link.find("f.toml:8:8: fault.leaf leaf-su9-r0 is not a leaf") != std::string::npos);
  CHECK(link.find("f.toml:9:9: fault.spine spine3 is not a spine") != std::string::npos);
  CHECK(link.find("f.toml:10:8: fault.host does not locate a spine-link fault") != std::string::npos);
  const auto missing = read_fabric_sim(std::string(ROCE_EXAMPLES_DIR) + "/sim/fabric/no-such.toml");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().message.find("no-such.toml") != std::string::npos);
}

}  // namespace roce::test
