// lldpctl run live: against the real lldpd on a veth pair between two network namespaces, and when
// lldpctl is not installed, lldpd is not running, lldpctl hangs or prints what is not its JSON.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include "captures/bundle.hpp"
#include "sources/lldpctl_live.hpp"
#include "support/child_process.hpp"
#include "support/files.hpp"
#include "support/netns.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {
namespace {

namespace fs = std::filesystem;
using model::Availability;

// A temporary folder that lldpctl, which drops to the _lldpd user, can search (TempDir makes it 0700).
struct LldpDir : TempDir {
  LldpDir() : TempDir("lldp-live") { chmod(".", 0755); }
};

// An executable shell script named `name` in `dir`.
std::string script(const TempDir& dir, const std::string& name, const std::string& body) {
  const auto file = dir.path(name);
  std::ofstream(file) << "#!/bin/sh\n" << body << "\n";
  ::chmod(file.c_str(), 0755);
  return file;
}

// PATH set to `value` while it lives.
struct PathSetTo {
  std::string old = std::getenv("PATH") ? std::getenv("PATH") : "";
  explicit PathSetTo(const std::string& value) { ::setenv("PATH", value.c_str(), 1); }
  ~PathSetTo() { ::setenv("PATH", old.c_str(), 1); }
};

}  // namespace

TEST_CASE("live LLDP: lldpctl missing from PATH is unsupported, naming the lldpd package") {
  const LldpDir dir;
  const PathSetTo empty_path(dir.path());
  const auto read = sources::read_live_lldp();
  CHECK_FALSE(read.ok());
  CHECK(read.availability == Availability::unsupported);
  CHECK(read.cause.find("no lldpctl in PATH") != std::string::npos);
  CHECK(read.cause.find("lldpd package") != std::string::npos);
  CHECK(read.from.locator == "lldpctl -f json");

  model::Host host;
  model::SwitchSide side;
  const std::string missing = sources::add_live_lldp(host, side);
  CHECK(missing.rfind("unsupported (lldpd is not installed", 0) == 0);
  CHECK(side.host_lldp.empty());
  REQUIRE(host.notes.size() == 1);
  CHECK(host.notes[0].subject == "lldp");
  CHECK(host.notes[0].availability == Availability::unsupported);
}

TEST_CASE("live LLDP: a control socket nobody listens on means lldpd is not running: absent") {
  if (run("command -v lldpctl") != 0) {
    std::cout << "ROCE-TEST-SKIP: lldpctl is not installed (package lldpd)\n";
    return;
  }
  const LldpDir dir;
  sources::LiveLldpOptions o;
  o.socket = dir.path("no-lldpd.socket");
  const auto read = sources::read_live_lldp(o);
  CHECK_FALSE(read.ok());
  CHECK(read.availability == Availability::absent);
  CHECK(read.cause == "lldpd is not running: lldpctl -u " + o.socket + " -f json: unable to connect to socket " +
                          o.socket + ": No such file or directory; start it: systemctl start lldpd");
}

TEST_CASE("live LLDP: a hung lldpctl is killed at the deadline, a socket not ours is denied, the rest are errors") {
  const LldpDir dir;
  sources::LiveLldpOptions o;
  o.lldpctl = script(dir, "lldpctl-hangs", "exec sleep 30");
  o.timeout = std::chrono::milliseconds(200);
  const auto started = std::chrono::steady_clock::now();
  auto read = sources::read_live_lldp(o);
  CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(3));
  CHECK(read.availability == Availability::error);
  CHECK(read.cause == o.lldpctl + " -f json did not answer within 200 ms; is lldpd busy or hung?");

  o.lldpctl = script(dir, "lldpctl-text", "echo 'Interface: eth0, via: LLDP'");
  read = sources::read_live_lldp(o);
  CHECK(read.availability == Availability::error);
  CHECK(read.cause.rfind(o.lldpctl + " -f json:1:1: not JSON", 0) == 0);

  // lldpctl's words, as it prints them for a socket of mode 0770 owned by _lldpd to another user.
  o.lldpctl = script(dir, "lldpctl-not-ours",
                     "echo '2026-12-02T21:50:58 [WARN/control] unable to connect to socket /run/lldpd.socket: "
                     "Permission denied' >&2; exit 1");
  read = sources::read_live_lldp(o);
  CHECK(read.availability == Availability::denied);
  CHECK(read.cause == o.lldpctl +
                          " -f json: lldpd's control socket is not ours to open: unable to connect to socket "
                          "/run/lldpd.socket: Permission denied; run as root, or as a member of lldpd's group _lldpd");

  o.lldpctl = script(dir, "lldpctl-fails", "echo '2026-12-02T21:50:58 [WARN/lldpctl] cannot find lldpd' >&2; exit 1");
  read = sources::read_live_lldp(o);
  CHECK(read.availability == Availability::error);
  CHECK(read.cause == o.lldpctl + " -f json failed: cannot find lldpd");
}

TEST_CASE("live LLDP: the neighbours collect read live travel in the bundle and come back as read") {
  captures::Bundle bundle;
  bundle.samples.emplace_back();
  bundle.samples[0].hostname = "gpu-a17";
  bundle.observations.switches.host_lldp.push_back({"ens1f0np0",
                                                    "leaf01",
                                                    "1c:34:da:6b:42:00",
                                                    "etp1",
                                                    "local",
                                                    "Ethernet0",
                                                    {"lldpctl", "lldpctl -f json lldp.interface.ens1f0np0"}});
  const auto back = captures::read_bundle_text(captures::write_bundle_text(bundle), "b.json");
  REQUIRE(back);
  CHECK(back->observations.switches.host_lldp == bundle.observations.switches.host_lldp);
  CHECK(captures::write_bundle_text(captures::Bundle{{}, 0, {model::Host{}}, {}, {}}).find("host_lldp") ==
        std::string::npos);
}

TEST_CASE("live LLDP: lldpd in two namespaces joined by a veth pair, each sees the other, read by lldpctl") {
  if (geteuid() != 0) {
    std::cout << "ROCE-TEST-SKIP: needs root (network namespaces, lldpd)\n";
    return;
  }
  if (run("command -v lldpd") != 0 || run("command -v lldpctl") != 0) {
    std::cout << "ROCE-TEST-SKIP: lldpd is not installed (package lldpd)\n";
    return;
  }
  const LldpDir dir;
  Netns host_ns("roce-lldp-host");
  Netns leaf_ns("roce-lldp-leaf");
  const std::string leaf_name = "roce-lldp-leaf-" + std::to_string(::getpid());
  std::string out;
  REQUIRE(host_ns.exec("ip link add lldph0 type veth peer name swp7 netns " + leaf_name, &out) == 0);
  REQUIRE(host_ns.exec("ip link set lldph0 up", &out) == 0);
  REQUIRE(leaf_ns.exec("ip link set swp7 up", &out) == 0);

  // The leaf names itself and its port the way a switch does, and speaks every second.
  const std::string leaf_conf = dir.path("leaf.conf");
  std::ofstream(leaf_conf) << "configure system hostname leaf07\nconfigure lldp portidsubtype ifname\n"
                              "configure lldp tx-interval 1\n";
  const std::string host_conf = dir.path("host.conf");
  std::ofstream(host_conf) << "configure system hostname gpu-a17\nconfigure lldp tx-interval 1\n";
  const std::string host_socket = dir.path("host.socket");
  const std::string leaf_socket = dir.path("leaf.socket");
  const std::string log = dir.path("lldpd.log");
  ChildProcess host_lldpd({"ip", "netns", "exec", "roce-lldp-host-" + std::to_string(::getpid()), "lldpd", "-d", "-u",
                           host_socket, "-I", "lldph0", "-O", host_conf},
                          log);
  ChildProcess leaf_lldpd(
      {"ip", "netns", "exec", leaf_name, "lldpd", "-d", "-u", leaf_socket, "-I", "swp7", "-O", leaf_conf}, log);

  sources::LiveLldpOptions on_host;
  on_host.socket = host_socket;
  sources::LiveLldpOptions on_leaf;
  on_leaf.socket = leaf_socket;
  model::Field<std::vector<model::HostLldpNeighbor>> host_view;
  model::Field<std::vector<model::HostLldpNeighbor>> leaf_view;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(6);
  auto sees = [](const model::Field<std::vector<model::HostLldpNeighbor>>& view, const std::string& name) {
    return view.ok() && view->size() == 1 && (*view)[0].system_name == name;
  };
  while (std::chrono::steady_clock::now() < give_up) {
    host_view = sources::read_live_lldp(on_host);
    leaf_view = sources::read_live_lldp(on_leaf);
    if (sees(host_view, "leaf07") && sees(leaf_view, "gpu-a17")) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  INFO("host: " << host_view.cause << "; leaf: " << leaf_view.cause << "; lldpd log: " << slurp(log));
  REQUIRE(host_view.ok());
  REQUIRE(host_view->size() == 1);
  const auto& n = (*host_view)[0];
  CHECK(n.netdev == "lldph0");
  CHECK(n.system_name == "leaf07");
  CHECK(n.port_id == "swp7");
  CHECK(n.port_id_type == "ifname");
  CHECK(n.from.source == "lldpctl");
  CHECK(n.from.locator == "lldpctl -u " + host_socket + " -f json lldp.interface.lldph0");
  REQUIRE(leaf_view.ok());
  REQUIRE(leaf_view->size() == 1);
  CHECK((*leaf_view)[0].netdev == "swp7");
  CHECK((*leaf_view)[0].system_name == "gpu-a17");
  CHECK((*leaf_view)[0].port_id_type == "mac");

  // Stopped, lldpd takes its socket with it: the same read now says it is not running.
  host_lldpd.stop();
  const auto after = sources::read_live_lldp(on_host);
  CHECK(after.availability == Availability::absent);
}

}  // namespace roce::test
