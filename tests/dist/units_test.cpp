// The systemd units in dist/: the boot unit's own command line run against a simulated host, and
// the policy each unit's file states (ordering, privileges).
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

#include "dist/shell.hpp"
#include "support/child_process.hpp"
#include "support/http_get.hpp"

namespace roce::test {
namespace {

// Every "Key=value" line of a unit with this key, in order.
std::vector<std::string> values(const std::string& unit, const std::string& key) {
  std::vector<std::string> out;
  std::istringstream lines(slurp(kSource + "/dist/" + unit));
  for (std::string line; std::getline(lines, line);)
    if (line.starts_with(key + "=")) out.push_back(line.substr(key.size() + 1));
  return out;
}

std::string value(const std::string& unit, const std::string& key) {
  const auto v = values(unit, key);
  REQUIRE(v.size() == 1);
  return v.front();
}

// The unit's ExecStart with this build's program, the shipped profile for the kept one, and a
// simulated host and state directory (global options may follow the subcommand).
std::string boot_command(const std::string& host, const std::string& state) {
  std::string cmd = value("roce-doctor-tune.service", "ExecStart");
  const std::string program = "/usr/bin/roce-doctor";
  REQUIRE(cmd.starts_with(program + " "));
  cmd.replace(0, program.size(), shell_word(kBin));
  const std::string kept = "/etc/roce-doctor/tune.toml";
  const auto at = cmd.find(kept);
  REQUIRE(at != std::string::npos);
  cmd.replace(at, kept.size(), shell_word(kSource + "/profiles/roce-lossless.toml"));
  return cmd + " --host sim:" + shell_word(host) + " --state-dir " + shell_word(state);
}

}  // namespace

TEST_CASE("tune unit: its command applies the kept profile at boot without a window and keeps what reads back") {
  TempDir dir;
  const std::string host = dir.path() + "/host.toml", state = dir.path() + "/state";
  std::filesystem::copy_file(kSource + "/examples/sim/incast-headroom-small.toml", host);
  const auto applied = shell(boot_command(host, state));
  INFO(applied.out << applied.err);
  CHECK(applied.exit_code == 0);
  CHECK(applied.out.find("tune --apply: kept: no trial window (--trial 0): every write read back") !=
        std::string::npos);
  // No window was measured: nothing was compared.
  CHECK(applied.out.find("baseline") == std::string::npos);
  CHECK(slurp(state + "/tune.log").find("apply: wrote ") != std::string::npos);

  // The next boot finds the host as the profile wants it.
  const auto again = shell(boot_command(host, state));
  INFO(again.out << again.err);
  CHECK(again.exit_code == 0);
  CHECK(again.out.find("Nothing to change") != std::string::npos);
}

TEST_CASE("tune unit: a refused apply fails the unit with exit 3 and its reason, writing nothing") {
  TempDir dir;
  const std::string host = dir.path() + "/host.toml", state = dir.path() + "/state";
  std::filesystem::copy_file(kSource + "/examples/sim/incast-headroom-small.toml", host);
  const std::string before = slurp(host);
  std::filesystem::create_directory(state);
  std::filesystem::permissions(state, std::filesystem::perms::group_write, std::filesystem::perm_options::add);
  const auto r = shell(boot_command(host, state));
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(r.err.find("roce-doctor: state directory " + state + " is writable by group or others") != std::string::npos);
  CHECK(slurp(host) == before);
}

TEST_CASE("tune unit: oneshot after the network is online, CAP_NET_ADMIN only, no trial, never --force") {
  const std::string unit = "roce-doctor-tune.service";
  CHECK(value(unit, "Type") == "oneshot");
  CHECK(value(unit, "After") == "network-online.target");
  CHECK(value(unit, "Wants") == "network-online.target");
  CHECK(value(unit, "CapabilityBoundingSet") == "CAP_NET_ADMIN");
  CHECK(value(unit, "NoNewPrivileges") == "yes");
  CHECK(value(unit, "ConditionPathExists") == "/etc/roce-doctor/tune.toml");
  const std::string exec = value(unit, "ExecStart");
  CHECK(exec.find(" tune --apply ") != std::string::npos);
  CHECK(exec.find(" --trial 0 ") != std::string::npos);
  CHECK(exec.find("--force") == std::string::npos);
}

TEST_CASE("record unit: no capability at all, a dynamic user, its recording apart from tune's state") {
  const std::string unit = "roce-doctor-record.service";
  CHECK(value(unit, "CapabilityBoundingSet").empty());
  CHECK(value(unit, "DynamicUser") == "yes");
  CHECK(value(unit, "ProtectKernelTunables") == "yes");
  CHECK(values(unit, "StateDirectory").empty());  // /var/lib/roce-doctor is root's, for tune
  CHECK(value(unit, "ExecStart").find(" -o /var/log/roce-doctor/") != std::string::npos);
}

TEST_CASE("serve unit: no capability, a dynamic user, and its command serves /metrics of a simulated host") {
  const std::string unit = "roce-doctor-serve.service";
  CHECK(value(unit, "CapabilityBoundingSet").empty());
  CHECK(value(unit, "DynamicUser") == "yes");
  CHECK(values(unit, "StateDirectory").empty());
  CHECK(values(unit, "IPAddressDeny").empty());  // Prometheus must reach it
  std::string cmd = value(unit, "ExecStart");
  const std::string program = "/usr/bin/roce-doctor";
  REQUIRE(cmd.starts_with(program + " "));
  const std::string listen = "--listen 0.0.0.0:9877";
  const auto at = cmd.find(listen);
  REQUIRE(at != std::string::npos);

  // The unit's command line, on a free loopback port and a simulated host.
  TempDir dir;
  const std::string host = dir.path() + "/host.toml";
  std::filesystem::copy_file(kSource + "/examples/sim/healthy.toml", host);
  const int port = free_local_port();
  cmd.replace(at, listen.size(), "--listen 127.0.0.1:" + std::to_string(port));
  std::vector<std::string> argv{kBin, "--host", "sim:" + host};
  std::istringstream words(cmd.substr(program.size()));
  for (std::string word; words >> word;) argv.push_back(word);
  ChildProcess serve(argv, dir.path() + "/serve.log");
  HttpReply reply;
  for (int i = 0; i < 100 && serve.running(); ++i) {  // at most 10 s until it answers
    reply = http_get(port, "/metrics");
    if (reply.status == 200) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  const HttpReply health = http_get(port, "/healthz");
  serve.stop();
  INFO(slurp(dir.path() + "/serve.log"));
  CHECK(reply.status == 200);
  CHECK(reply.body.find("roce_doctor_check_severity{device=\"mlx5_0\",port=\"1\"") != std::string::npos);
  CHECK(health.status == 200);
}

}  // namespace roce::test
