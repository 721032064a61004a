// The reader on the real kernel: a veth pair in a network namespace this test creates, compared
// with what ethtool(8) prints for the same devices.
#include <fcntl.h>
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <cerrno>
#include <cstdio>
#include <iostream>
#include <string>

#include "captures/text/ethtool_s.hpp"
#include "sources/ethtool/ethtool_reader.hpp"

namespace roce::test {

using namespace roce;
using roce::sources::ethtool::EthtoolReader;
using roce::sources::ethtool::LinkTransport;

namespace {

struct Run {
  int status = -1;
  std::string out;
};

Run run(const std::string& command) {
  Run r;
  FILE* p = popen((command + " 2>/dev/null").c_str(), "r");
  if (!p) return r;
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int status = pclose(p);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// Why this machine cannot run the test, or "" when it can.
std::string missing_prerequisite() {
  if (geteuid() != 0) return "needs root";
  if (run("command -v ip").status != 0) return "needs ip(8) from iproute2";
  if (run("command -v ethtool").status != 0) return "needs ethtool(8)";
  return {};
}

// A network namespace holding veth0 <-> veth1 (veth0 with MTU 9000), deleted on every exit path.
class VethNamespace {
 public:
  explicit VethNamespace(int queues = 1) : name_("roce-ethtool-" + std::to_string(getpid())) {
    run("ip netns del " + name_);  // a leftover of a crashed run
    const std::string q = " numrxqueues " + std::to_string(queues) + " numtxqueues " + std::to_string(queues);
    ok_ = run("ip netns add " + name_).status == 0;
    created_ = ok_;
    ok_ = ok_ && run("ip -n " + name_ + " link add veth0" + q + " type veth peer name veth1" + q).status == 0 &&
          run("ip -n " + name_ + " link set veth0 mtu 9000 up").status == 0 &&
          run("ip -n " + name_ + " link set veth1 up").status == 0;
  }
  ~VethNamespace() {
    if (created_) run("ip netns del " + name_);
  }
  bool ok() const { return ok_; }
  const std::string& name() const { return name_; }
  std::string exec(const std::string& command) const { return run("ip netns exec " + name_ + " " + command).out; }

 private:
  std::string name_;
  bool created_ = false, ok_ = false;
};

// Moves this thread into the namespace, and back on scope exit.
class InNamespace {
 public:
  explicit InNamespace(const std::string& name) {
    original_ = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
    const int target = open(("/var/run/netns/" + name).c_str(), O_RDONLY | O_CLOEXEC);
    entered_ = original_ >= 0 && target >= 0 && setns(target, CLONE_NEWNET) == 0;
    if (target >= 0) close(target);
  }
  ~InNamespace() {
    if (entered_) REQUIRE(setns(original_, CLONE_NEWNET) == 0);
    if (original_ >= 0) close(original_);
  }
  bool ok() const { return entered_; }

 private:
  int original_ = -1;
  bool entered_ = false;
};

// The value after "key: " in ethtool(8)'s "key: value" lines (leading tabs allowed).
std::string field_of(const std::string& text, const std::string& key) {
  const std::string needle = key + ": ";
  for (std::size_t pos = 0; pos < text.size();) {
    std::size_t eol = text.find('\n', pos);
    if (eol == std::string::npos) eol = text.size();
    std::string line = text.substr(pos, eol - pos);
    line.erase(0, line.find_first_not_of("\t "));
    if (line.rfind(needle, 0) == 0) return line.substr(needle.size());
    pos = eol + 1;
  }
  return {};
}

model::CounterSet ethtool_S(const VethNamespace& ns, const std::string& dev) {
  auto parsed = captures::text::parse_ethtool_s(ns.exec("ethtool -S " + dev));
  REQUIRE(parsed.ok());
  return *parsed;
}

#define SKIP_UNLESS_PREREQUISITES()                      \
  if (auto why = missing_prerequisite(); !why.empty()) { \
    std::cout << "ROCE-TEST-SKIP: " << why << std::endl; \
    return;                                              \
  }

}  // namespace

TEST_CASE("netns: read_stats() gives exactly what ethtool -S prints", "[netns]") {
  SKIP_UNLESS_PREREQUISITES();
  VethNamespace ns;
  REQUIRE(ns.ok());
  const auto expected0 = ethtool_S(ns, "veth0");
  const auto expected1 = ethtool_S(ns, "veth1");
  REQUIRE(expected0.get("peer_ifindex").has_value());

  InNamespace in(ns.name());
  REQUIRE(in.ok());
  EthtoolReader reader;
  auto stats0 = reader.read_stats("veth0");
  auto stats1 = reader.read_stats("veth1");
  REQUIRE(stats0.ok());
  REQUIRE(stats1.ok());
  CHECK(*stats0 == expected0);
  CHECK(*stats1 == expected1);
  CHECK(stats0->get("peer_ifindex") != stats1->get("peer_ifindex"));
}

TEST_CASE("netns: names are re-read when the set changes (channels 4 -> 2)", "[netns]") {
  SKIP_UNLESS_PREREQUISITES();
  VethNamespace ns(4);
  REQUIRE(ns.ok());
  InNamespace in(ns.name());
  REQUIRE(in.ok());
  EthtoolReader reader;
  auto before = reader.read_stats("veth0");
  REQUIRE(before.ok());
  CHECK(before->get("rx_queue_3_drops").has_value());

  REQUIRE(run("ethtool -L veth0 rx 2 tx 2").status == 0);
  auto after = reader.read_stats("veth0");
  REQUIRE(after.ok());
  CHECK(after->entries.size() < before->entries.size());
  CHECK_FALSE(after->get("rx_queue_3_drops").has_value());
  CHECK(*after == ethtool_S(ns, "veth0"));
}

TEST_CASE("netns: read() fills driver, link, pause, tunable and stats of a veth", "[netns]") {
  SKIP_UNLESS_PREREQUISITES();
  VethNamespace ns;
  REQUIRE(ns.ok());
  const std::string settings = ns.exec("ethtool veth0");
  const std::string info = ns.exec("ethtool -i veth0");
  REQUIRE(field_of(settings, "Speed") == "10000Mb/s");

  InNamespace in(ns.name());
  REQUIRE(in.ok());
  EthtoolReader reader;
  REQUIRE(reader.uses_netlink());
  model::NetDev nd;
  nd.name = "veth0";
  reader.read(nd);

  REQUIRE(nd.driver.ok());
  CHECK(nd.driver->driver == "veth");
  CHECK(nd.driver->driver == field_of(info, "driver"));
  CHECK(nd.driver->version == field_of(info, "version"));
  CHECK(nd.driver.from == model::Provenance{"ethtool-ioctl", "veth0 ETHTOOL_GDRVINFO"});

  REQUIRE(nd.link.ok());
  CHECK(nd.link->speed_mbps == std::optional<std::uint32_t>(10000));
  CHECK(std::to_string(*nd.link->speed_mbps) + "Mb/s" == field_of(settings, "Speed"));
  CHECK(nd.link->duplex == "full");
  CHECK(field_of(settings, "Duplex") == "Full");
  CHECK_FALSE(nd.link->autoneg);
  CHECK_FALSE(nd.link->lanes.has_value());  // veth reports no lane count
  CHECK(nd.link.from == model::Provenance{"ethtool-netlink", "veth0 ETHTOOL_MSG_LINKMODES_GET"});

  // veth has no pause parameters: unsupported, neither zero nor an error.
  CHECK_FALSE(nd.pause.ok());
  CHECK(nd.pause.availability == model::Availability::unsupported);
  CHECK(nd.pause.cause == "veth0 ETHTOOL_MSG_PAUSE_GET: Operation not supported");
  CHECK(nd.pause.from == model::Provenance{"ethtool-netlink", "veth0 ETHTOOL_MSG_PAUSE_GET"});

  CHECK(nd.pfc_prevention_tout_ms.availability == model::Availability::unsupported);
  CHECK(nd.pfc_prevention_tout_ms.from.locator == "veth0 ETHTOOL_GTUNABLE PFC_PREVENTION_TOUT");

  REQUIRE(nd.ethtool_stats.ok());
  CHECK(*nd.ethtool_stats == ethtool_S(ns, "veth0"));
  CHECK(nd.ethtool_stats.from == model::Provenance{"ethtool-ioctl", "veth0 ETHTOOL_GSTATS"});
}

TEST_CASE("netns: the ioctl fallback agrees with genetlink", "[netns]") {
  SKIP_UNLESS_PREREQUISITES();
  VethNamespace ns;
  REQUIRE(ns.ok());
  InNamespace in(ns.name());
  REQUIRE(in.ok());
  EthtoolReader netlink;
  EthtoolReader ioctl(LinkTransport::ioctl_only);
  CHECK_FALSE(ioctl.uses_netlink());

  const auto by_ioctl = ioctl.read_link("veth1");
  const auto by_netlink = netlink.read_link("veth1");
  REQUIRE(by_ioctl.ok());
  REQUIRE(by_netlink.ok());
  CHECK(*by_ioctl == *by_netlink);
  CHECK(by_ioctl.from == model::Provenance{"ethtool-ioctl", "veth1 ETHTOOL_GLINKSETTINGS"});

  const auto pause = ioctl.read_pause("veth1");
  CHECK(pause.availability == model::Availability::unsupported);
  CHECK(pause.cause == "veth1 ETHTOOL_GPAUSEPARAM: Operation not supported");
}

TEST_CASE("netns: devices without statistics or link settings, and absent devices", "[netns]") {
  SKIP_UNLESS_PREREQUISITES();
  VethNamespace ns;
  REQUIRE(ns.ok());
  InNamespace in(ns.name());
  REQUIRE(in.ok());
  EthtoolReader reader;

  model::NetDev lo;
  lo.name = "lo";
  reader.read(lo);
  CHECK(lo.ethtool_stats.availability == model::Availability::unsupported);
  CHECK(lo.link.availability == model::Availability::unsupported);

  auto gone = reader.read_stats("nosuchdev0");
  REQUIRE_FALSE(gone.ok());
  CHECK(gone.error().sys_errno == ENODEV);
  auto link = reader.read_link("nosuchdev0");
  CHECK_FALSE(link.ok());
  CHECK(link.cause.rfind("nosuchdev0 ETHTOOL_MSG_LINKMODES_GET: No such device", 0) == 0);
}

TEST_CASE("netns: a veth has no module: the cable length is unsupported, over netlink and the ioctls alike",
          "[netns]") {
  SKIP_UNLESS_PREREQUISITES();
  VethNamespace ns;
  REQUIRE(ns.ok());
  // ethtool(8) itself fails on it: the kernel, not the reader, says there is no module.
  CHECK(run("ip netns exec " + ns.name() + " ethtool -m veth0").status != 0);
  InNamespace in(ns.name());
  REQUIRE(in.ok());
  for (auto transport : {LinkTransport::automatic, LinkTransport::ioctl_only}) {
    EthtoolReader reader(transport);
    const auto cable = reader.read_module_cable("veth0");
    INFO(cable.cause);
    CHECK_FALSE(cable.ok());
    CHECK(cable.availability == model::Availability::unsupported);
    CHECK(cable.cause.find("veth0") != std::string::npos);
    CHECK(cable.cause.find("Operation not supported") != std::string::npos);
  }
  // A device that does not exist is not "no module": the reader says which.
  EthtoolReader reader;
  const auto none = reader.read_module_cable("nosuchdev0");
  CHECK_FALSE(none.ok());
  CHECK(none.cause.find("No such device") != std::string::npos);
}

}  // namespace roce::test
