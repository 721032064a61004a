// LinuxSystem against the real kernel: a veth pair in a network namespace this test creates.
#include <catch2/catch.hpp>

#include <linux/capability.h>
#include <linux/dcbnl.h>
#include <linux/pkt_sched.h>
#include <net/if.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "apply/apply.hpp"
#include "sources/netlink/socket.hpp"
#include "sources/writer/linux_system.hpp"
#include "sources/writer/red_stab.hpp"
#include "sources/writer/write_messages.hpp"
#include "support/netns.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

using namespace roce::sources::writer;
using roce::system::Knob;
using roce::system::ObjectRef;

namespace {

bool have_root() {
  if (geteuid() == 0) return true;
  std::cout << "ROCE-TEST-SKIP: needs root (creates a network namespace and veth pair)\n";
  return false;
}

// A namespace with the veth pair wva/wvb, entered by this thread.
struct VethNs {
  Netns ns{"roce-writer-test"};
  VethNs() {
    std::string out;
    if (ns.exec("ip link add name wva type veth peer name wvb", &out) != 0)
      throw std::runtime_error("ip link add: " + out);
    ns.enter();
  }
};

std::uint32_t ip_mtu(const Netns& ns, const std::string& dev) {
  std::string out;
  REQUIRE(ns.exec("ip -j link show dev " + dev, &out) == 0);
  return nlohmann::json::parse(out).at(0).at("mtu").get<std::uint32_t>();
}

// Runs `body` in a forked child whose effective set lacks CAP_NET_ADMIN; its exit status is
// the number of failed expectations (the child cannot report through Catch).
int in_child_without_net_admin(const std::function<int()>& body) {
  const pid_t pid = fork();
  if (pid == 0) {
    __user_cap_header_struct h{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct d[2]{};
    if (syscall(SYS_capget, &h, d) != 0) _exit(100);
    d[0].effective &= ~(1u << CAP_NET_ADMIN);
    if (syscall(SYS_capset, &h, d) != 0) _exit(101);
    _exit(body());
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 200;
}

}  // namespace

TEST_CASE("MTU: read, write 9000, read back, restore, read back (veth in a netns)") {
  if (!have_root()) return;
  VethNs v;
  LinuxSystem sys;
  const ObjectRef mtu{"wva", Knob::mtu, 0};

  REQUIRE(sys.writable(mtu).ok());
  auto original = sys.read(mtu);
  REQUIRE(original.ok());
  const auto before = std::get<std::uint32_t>(*original);
  CHECK(before == ip_mtu(v.ns, "wva"));

  REQUIRE(sys.write(mtu, std::uint32_t{9000}).ok());
  CHECK(std::get<std::uint32_t>(*sys.read(mtu)) == 9000);
  CHECK(ip_mtu(v.ns, "wva") == 9000);

  REQUIRE(sys.write(mtu, before).ok());
  CHECK(std::get<std::uint32_t>(*sys.read(mtu)) == before);
  CHECK(ip_mtu(v.ns, "wva") == before);

  // The kernel's refusal reaches the caller with device, object, request, errno and extack.
  auto too_big = sys.write(mtu, std::uint32_t{70000});
  REQUIRE(!too_big.ok());
  CHECK(too_big.error().sys_errno == EINVAL);
  INFO(too_big.error().message);
  CHECK_THAT(too_big.error().message, Catch::StartsWith("wva mtu: RTM_SETLINK IFLA_MTU 70000: Invalid argument"));
  CHECK_THAT(too_big.error().message, Catch::Contains("(kernel: "));
  CHECK(ip_mtu(v.ns, "wva") == before);
}

TEST_CASE("DCB on veth: refused by writable() as unsupported, nothing touched") {
  if (!have_root()) return;
  VethNs v;
  LinuxSystem sys;
  const auto mtu_before = ip_mtu(v.ns, "wva");
  for (Knob k : {Knob::dcb_pfc, Knob::dcb_ets, Knob::dcb_app, Knob::dcb_apptrust, Knob::dcb_buffer}) {
    const ObjectRef o{"wva", k, 0};
    auto w = sys.writable(o);
    REQUIRE(!w.ok());
    INFO(w.error().message);
    CHECK(w.error().sys_errno == EOPNOTSUPP);
    CHECK_THAT(w.error().message, Catch::StartsWith(system::to_string(o) + ": unsupported by the driver: "));
    CHECK_THAT(w.error().message, Catch::Contains("DCB_CMD_IEEE_GET"));
    CHECK_THAT(w.error().hint, Catch::Contains("does not implement DCB"));
    CHECK(sys.read(o).error().sys_errno == EOPNOTSUPP);
  }
  // A write anyway fails at the fetch of read-modify-write, before any RTM_SETDCB.
  auto write = sys.write({"wva", Knob::dcb_pfc, 0}, roce::model::Pfc{});
  REQUIRE(!write.ok());
  CHECK(write.error().sys_errno == EOPNOTSUPP);
  CHECK(ip_mtu(v.ns, "wva") == mtu_before);
}

TEST_CASE("DCB_CMD_IEEE_SET on veth: the kernel's EOPNOTSUPP reaches the caller") {
  if (!have_root()) return;
  VethNs v;
  auto sock = roce::sources::netlink::Socket::open(roce::sources::netlink::Bus::route, std::chrono::milliseconds(2000));
  REQUIRE(sock.ok());
  auto req = encode_dcb_set_pfc("wva", roce::model::Pfc{});
  auto r = sock->transact(req, [](roce::ByteView) {});
  REQUIRE(!r.ok());
  CHECK(r.error().sys_errno == EOPNOTSUPP);
}

TEST_CASE("RED: no RED qdisc at the parent is refused; a RED replace reaches the kernel") {
  if (!have_root()) return;
  VethNs v;
  LinuxSystem sys;
  const ObjectRef red{"wva", Knob::red, TC_H_ROOT};
  auto w = sys.writable(red);
  REQUIRE(!w.ok());
  INFO(w.error().message);
  CHECK(w.error().sys_errno == ENOENT);
  CHECK_THAT(w.error().message, Catch::StartsWith("wva red root: "));

  // Our encoded replace, sent as is: accepted where sch_red exists, else the kernel's own words.
  auto table = red_idle_table(5, 1000, 1'250'000);
  REQUIRE(table.ok());
  roce::model::RedParams p;
  p.limit = 400000;
  p.qth_min = 30000;
  p.qth_max = 90000;
  p.wlog = 5;
  p.plog = 20;
  p.scell_log = table->scell_log;
  p.flags = TC_RED_ECN;
  p.max_p = 0x19999999u;
  auto sock = roce::sources::netlink::Socket::open(roce::sources::netlink::Bus::route, std::chrono::milliseconds(2000));
  REQUIRE(sock.ok());
  auto req = encode_red_replace(if_nametoindex("wva"), TC_H_ROOT, 0x00010000, p, table->stab);
  auto r = sock->transact(req, [](roce::ByteView) {});
  if (!r.ok()) {
    INFO(r.error().message);
    CHECK(r.error().sys_errno == ENOENT);
    CHECK_THAT(r.error().message, Catch::Contains("(kernel: Specified qdisc kind is unknown"));
    WARN("sch_red is not in this kernel: the RED write was verified byte-exact only");
    return;
  }
  auto back = sys.read(red);
  REQUIRE(back.ok());
  CHECK(std::get<roce::model::RedParams>(*back) == p);
  p.qth_min = 40000;
  REQUIRE(sys.writable(red).ok());
  REQUIRE(sys.write(red, p).ok());
  CHECK(std::get<roce::model::RedParams>(*sys.read(red)).qth_min == 40000);
}

TEST_CASE("Vendor sysfs knobs on a device without them are refused as absent") {
  if (!have_root()) return;
  LinuxSystem sys;  // the real /sys; lo is in every namespace and has no vendor knobs
  auto ecn = sys.writable({"lo", Knob::nic_ecn, 3});
  REQUIRE(!ecn.ok());
  CHECK(ecn.error().sys_errno == ENOENT);
  CHECK_THAT(ecn.error().message, Catch::Contains("lo/ecn/roce_np/enable/3"));
  auto trust = sys.writable({"lo", Knob::trust, 0});
  REQUIRE(!trust.ok());
  CHECK(trust.error().sys_errno == ENOENT);
  CHECK_THAT(trust.error().hint, Catch::Contains("MLNX_OFED"));
}

TEST_CASE("A missing device is refused") {
  if (!have_root()) return;
  VethNs v;
  LinuxSystem sys;
  auto w = sys.writable({"nosuchdev0", Knob::mtu, 0});
  REQUIRE(!w.ok());
  CHECK(w.error().sys_errno == ENODEV);
  CHECK_THAT(w.error().message, Catch::StartsWith("nosuchdev0 mtu: device nosuchdev0 does not exist"));
}

TEST_CASE("Without CAP_NET_ADMIN: writable() refuses and the kernel refuses the write") {
  if (!have_root()) return;
  VethNs v;
  const auto mtu_before = ip_mtu(v.ns, "wva");
  const int failures = in_child_without_net_admin([] {
    LinuxSystem sys;
    const ObjectRef mtu{"wva", Knob::mtu, 0};
    int bad = 0;
    auto w = sys.writable(mtu);
    if (w.ok() || w.error().sys_errno != EPERM || w.error().message.find("CAP_NET_ADMIN") == std::string::npos) ++bad;
    if (!sys.read(mtu).ok()) ++bad;  // reading needs no privilege
    auto write = sys.write(mtu, std::uint32_t{9000});
    if (write.ok() || write.error().sys_errno != EPERM || write.error().message.find("wva mtu: RTM_SETLINK") != 0)
      ++bad;
    return bad;
  });
  CHECK(failures == 0);
  CHECK(ip_mtu(v.ns, "wva") == mtu_before);
}

TEST_CASE("tune --apply on the real kernel: an MTU change on veth is applied, then rolled back (no drop counters)") {
  if (!have_root()) return;
  VethNs v;
  LinuxSystem sys;
  const auto before = ip_mtu(v.ns, "wva");
  REQUIRE(before != 9000);
  roce::tune::Change change;
  change.object = {"wva", Knob::mtu, 0};
  change.current = before;
  change.proposed = std::uint32_t{9000};
  change.disruptive = true;
  const roce::test::TempDir dir("writer-apply");
  roce::apply::ApplyOptions options;
  options.state_dir = dir.path("state");
  options.baseline = options.trial = std::chrono::milliseconds(200);
  options.yes = true;
  options.force = true;  // an lldpd another test runs on this machine must not refuse the apply
  std::vector<std::string> boundaries;
  std::uint32_t mtu_during_trial = 0;
  options.boundary = [&](std::string_view b) {
    boundaries.emplace_back(b);
    if (b == "written") mtu_during_trial = ip_mtu(v.ns, "wva");
  };
  std::ostringstream log;
  const auto result = roce::apply::apply_plan(sys, {change}, options, log);
  INFO(log.str());
  CHECK(mtu_during_trial == 9000);  // the kernel took the write
  // veth has no lossless drop counters: the trial is inconclusive, so the change is not kept.
  CHECK(result.outcome == roce::apply::ApplyOutcome::rolled_back);
  CHECK(ip_mtu(v.ns, "wva") == before);
  CHECK(std::find(boundaries.begin(), boundaries.end(), "written") != boundaries.end());
}

TEST_CASE("tune --apply on the real kernel: a plan with a DCB change on veth is refused before the MTU is touched") {
  if (!have_root()) return;
  VethNs v;
  LinuxSystem sys;
  const auto before = ip_mtu(v.ns, "wva");
  roce::tune::Change mtu;
  mtu.object = {"wva", Knob::mtu, 0};
  mtu.current = before;
  mtu.proposed = std::uint32_t{9000};
  roce::tune::Change pfc;
  pfc.object = {"wva", Knob::dcb_pfc, 0};
  pfc.current = roce::model::Pfc{};
  roce::model::Pfc on3;
  on3.pfc_en = 0x08;
  pfc.proposed = on3;
  const roce::test::TempDir dir("writer-apply");
  roce::apply::ApplyOptions options;
  options.state_dir = dir.path("state");
  options.baseline = options.trial = std::chrono::milliseconds(200);
  options.yes = true;
  options.force = true;  // an lldpd another test runs on this machine must not refuse the apply
  std::ostringstream log;
  const auto result = roce::apply::apply_plan(sys, {mtu, pfc}, options, log);
  INFO(log.str() << result.reason);
  CHECK(result.outcome == roce::apply::ApplyOutcome::refused);
  CHECK_THAT(result.reason, Catch::Contains("unsupported"));
  CHECK(ip_mtu(v.ns, "wva") == before);
  CHECK(result.changed.empty());
}

}  // namespace roce::test
