// The vendor sysfs knobs (qos/trust, ecn/roce_np|roce_rp/enable/<prio>) through LinuxSystem, on a
// tree laid out like MLNX_OFED's in a temporary directory: read, write, read back, refusals.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "sources/writer/linux_system.hpp"
#include "support/files.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

using namespace roce::sources::writer;
using roce::system::EcnEnable;
using roce::system::Knob;
using roce::system::ObjectRef;
namespace fs = std::filesystem;

namespace {

// An mlx5 port with the vendor knobs (trust pcp, ECN on for priority 3 only).
void mlnx_ofed_port(TempDir& t, const std::string& dev) {
  t.write("class/net/" + dev + "/qos/trust", "pcp\n");
  for (int p = 0; p < 8; ++p) {
    t.write("class/net/" + dev + "/ecn/roce_np/enable/" + std::to_string(p), p == 3 ? "1\n" : "0\n");
    t.write("class/net/" + dev + "/ecn/roce_rp/enable/" + std::to_string(p), p == 3 ? "1\n" : "0\n");
  }
}

LinuxSystemOptions options_for(const TempDir& t) {
  LinuxSystemOptions o;
  o.sysfs_root_flag = t.path();
  return o;
}

}  // namespace

TEST_CASE("trust: read, writable, write, read back") {
  TempDir t;
  mlnx_ofed_port(t, "ens1f0np0");
  LinuxSystem sys(options_for(t));
  const ObjectRef trust{"ens1f0np0", Knob::trust, 0};

  auto before = sys.read(trust);
  REQUIRE(before.ok());
  CHECK(std::get<std::string>(*before) == "pcp");
  REQUIRE(sys.writable(trust).ok());
  REQUIRE(sys.write(trust, std::string("dscp")).ok());
  CHECK(slurp(t.path("class/net/ens1f0np0/qos/trust")) == "dscp\n");  // as `echo dscp >` writes it
  CHECK(std::get<std::string>(*sys.read(trust)) == "dscp");

  auto bad = sys.write(trust, std::string("both"));
  REQUIRE(!bad.ok());
  CHECK_THAT(bad.error().message, Catch::StartsWith("ens1f0np0 qos trust: trust \"both\""));
  auto wrong_type = sys.write(trust, std::uint32_t{1});
  REQUIRE(!wrong_type.ok());
  CHECK(wrong_type.error().sys_errno == EINVAL);
}

TEST_CASE("nic_ecn: both points of one priority, the others untouched") {
  TempDir t;
  mlnx_ofed_port(t, "ens1f0np0");
  LinuxSystem sys(options_for(t));
  const ObjectRef prio3{"ens1f0np0", Knob::nic_ecn, 3}, prio5{"ens1f0np0", Knob::nic_ecn, 5};

  CHECK(std::get<EcnEnable>(*sys.read(prio3)) == EcnEnable{true, true});
  CHECK(std::get<EcnEnable>(*sys.read(prio5)) == EcnEnable{false, false});
  REQUIRE(sys.writable(prio5).ok());
  REQUIRE(sys.write(prio5, EcnEnable{true, false}).ok());
  CHECK(slurp(t.path("class/net/ens1f0np0/ecn/roce_np/enable/5")) == "1\n");
  CHECK(slurp(t.path("class/net/ens1f0np0/ecn/roce_rp/enable/5")) == "0\n");
  CHECK(std::get<EcnEnable>(*sys.read(prio5)) == EcnEnable{true, false});
  CHECK(std::get<EcnEnable>(*sys.read(prio3)) == EcnEnable{true, true});

  auto out_of_range = sys.writable({"ens1f0np0", Knob::nic_ecn, 8});
  REQUIRE(!out_of_range.ok());
  CHECK_THAT(out_of_range.error().message, Catch::Contains("priority 8 is out of range"));
}

TEST_CASE("writable refuses a missing device, an absent knob, a read-only file") {
  TempDir t;
  mlnx_ofed_port(t, "ens1f0np0");
  t.write("class/net/ens2f0/mtu", "1500\n");  // an upstream driver: no vendor knobs
  LinuxSystem sys(options_for(t));

  auto missing = sys.writable({"ens9", Knob::trust, 0});
  REQUIRE(!missing.ok());
  CHECK(missing.error().sys_errno == ENODEV);
  CHECK_THAT(missing.error().message, Catch::StartsWith("ens9 qos trust: device ens9 does not exist"));

  auto absent = sys.writable({"ens2f0", Knob::nic_ecn, 3});
  REQUIRE(!absent.ok());
  CHECK(absent.error().sys_errno == ENOENT);
  CHECK_THAT(absent.error().message, Catch::Contains("ens2f0/ecn/roce_np/enable/3"));
  CHECK_THAT(absent.error().hint, Catch::Contains("MLNX_OFED"));

  const auto rp = fs::path(t.path("class/net/ens1f0np0/ecn/roce_rp/enable/3"));
  REQUIRE(chmod(rp.c_str(), 0444) == 0);
  auto read_only = sys.writable({"ens1f0np0", Knob::nic_ecn, 3});
  REQUIRE(!read_only.ok());
  CHECK(read_only.error().sys_errno == EACCES);
  CHECK_THAT(read_only.error().message, Catch::Contains("roce_rp/enable/3 is read-only"));

  auto read_absent = sys.read({"ens2f0", Knob::trust, 0});
  REQUIRE(!read_absent.ok());
  CHECK_THAT(read_absent.error().message, Catch::StartsWith("ens2f0 qos trust: "));
}

TEST_CASE("an object is named by device, knob and index (system::to_string)") {
  CHECK(system::to_string(ObjectRef{"ens1f0np0", Knob::dcb_pfc, 0}) == "ens1f0np0 dcb pfc");
  CHECK(system::to_string(ObjectRef{"ens1f0np0", Knob::nic_ecn, 3}) == "ens1f0np0 ecn prio 3");
  CHECK(system::to_string(ObjectRef{"swp1", Knob::red, 0x00100004}) == "swp1 red parent 10:4");
  CHECK(system::to_string(ObjectRef{"eth0", Knob::mtu, 0}) == "eth0 mtu");
}

}  // namespace roce::test
