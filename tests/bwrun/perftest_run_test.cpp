// bw --run's spawning, with a stand-in perftest first on PATH (fake_perftest.sh: records its argv,
// prints real perftest lines): both sides run, failures and timeouts become located errors with
// the stderr tail, children are reaped; and every flag the plan uses is in the real perftest's --help.
#include <catch2/catch.hpp>

#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "bwrun/perftest_run.hpp"
#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"
#include "util/child_process.hpp"

namespace roce::test {
namespace {

namespace fs = std::filesystem;

// A fresh directory holding the stand-in as ib_write_bw, put first on PATH while it lives; the
// stand-in's log and mode are set through its environment.
struct StandIn {
  TempDir tmp{"bwrun-test"};
  fs::path dir = tmp.path();
  std::string old_path;
  StandIn() {
    fs::create_directories(dir / "bin");
    fs::create_directories(dir / "run");
    fs::copy_file(std::string(ROCE_SOURCE_DIR) + "/tests/bwrun/fake_perftest.sh", dir / "bin" / "ib_write_bw");
    fs::permissions(dir / "bin" / "ib_write_bw", fs::perms::owner_all);
    old_path = std::getenv("PATH") ? std::getenv("PATH") : "";
    ::setenv("PATH", ((dir / "bin").string() + ":" + old_path).c_str(), 1);
    ::setenv("ROCE_FAKE_PERFTEST_LOG", log().c_str(), 1);
    ::setenv("ROCE_FAKE_PERFTEST_JSON", (std::string(ROCE_FIXTURES_DIR) + "/results/perftest_out.json").c_str(), 1);
    ::unsetenv("ROCE_FAKE_PERFTEST_MODE");
    ::unsetenv("ROCE_FAKE_PERFTEST_SERVER");
  }
  ~StandIn() { ::setenv("PATH", old_path.c_str(), 1); }
  std::string log() const { return (dir / "argv.log").string(); }
  std::string run_dir() const { return (dir / "run").string(); }
};

bwrun::PerftestPlan loopback_plan() {
  bwrun::PerftestPlan plan;
  plan.binary = "ib_write_bw";
  plan.server_argv = {"ib_write_bw", "-d", "mlx5_0", "-x", "3", "--report_gbits"};
  plan.client_argv = {"ib_write_bw", "-d", "mlx5_0", "-x", "3", "--report_gbits", "172.19.0.60"};
  plan.port = 1;  // nothing listens on TCP port 1: the server's banner says when it is ready
  return plan;
}

bwrun::RunOptions json_into(const StandIn& s) {
  bwrun::RunOptions o;
  o.out_json_file = s.run_dir() + "/ib_write_bw.json";
  return o;
}

}  // namespace

TEST_CASE("bw --run loopback: the server first, then the client; its --out_json_file is the result") {
  StandIn s;
  auto plan = loopback_plan();
  auto o = json_into(s);
  plan.client_argv.insert(plan.client_argv.end() - 1, "--out_json_file=" + o.out_json_file);
  const auto run = bwrun::run_perftest(plan, o, s.run_dir(), std::chrono::seconds(20));
  INFO((run.ok() ? std::string() : run.error().message));
  REQUIRE(run.ok());
  CHECK(run->result_file == o.out_json_file);
  CHECK(run->result_name == "ib_write_bw.json");
  CHECK(slurp(run->result_file) == slurp(std::string(ROCE_FIXTURES_DIR) + "/results/perftest_out.json"));
  CHECK(slurp(s.log()) ==
        "ib_write_bw -d mlx5_0 -x 3 --report_gbits\n"
        "ib_write_bw -d mlx5_0 -x 3 --report_gbits --out_json_file=" +
            o.out_json_file + " 172.19.0.60\n");
}

TEST_CASE("bw --run: without a JSON file the client's stdout is the result") {
  StandIn s;
  ::setenv("ROCE_FAKE_PERFTEST_MODE", "text", 1);
  const auto run = bwrun::run_perftest(loopback_plan(), json_into(s), s.run_dir(), std::chrono::seconds(20));
  REQUIRE(run.ok());
  CHECK(run->result_name == "ib_write_bw.out");
  CHECK(slurp(run->result_file).find(" 65536      1000             36.43") != std::string::npos);
}

TEST_CASE("bw --run: a client that fails is an error naming the side and command, with perftest's own lines") {
  StandIn s;
  ::setenv("ROCE_FAKE_PERFTEST_MODE", "fail", 1);
  const auto run = bwrun::run_perftest(loopback_plan(), json_into(s), s.run_dir(), std::chrono::seconds(20));
  REQUIRE_FALSE(run.ok());
  CHECK(run.error().message ==
        "perftest client `ib_write_bw -d mlx5_0 -x 3 --report_gbits 172.19.0.60` exited with code 1; its stderr ends:\n"
        "  Couldn't connect to 172.19.0.60:18515\n"
        "  Unable to open file descriptor for socket connection Unable to init the socket connection");
}

TEST_CASE("bw --run: a server that fails before it listens stops the run before any client") {
  StandIn s;
  ::setenv("ROCE_FAKE_PERFTEST_SERVER", "fail", 1);
  const auto run = bwrun::run_perftest(loopback_plan(), json_into(s), s.run_dir(), std::chrono::seconds(20));
  REQUIRE_FALSE(run.ok());
  CHECK(
      run.error().message ==
      "perftest server `ib_write_bw -d mlx5_0 -x 3 --report_gbits` exited with code 1 before it listened on port 1; "
      "its stderr ends:\n  Unable to open file descriptor for socket connection Unable to init the socket connection");
  CHECK(slurp(s.log()) == "ib_write_bw -d mlx5_0 -x 3 --report_gbits\n");
}

TEST_CASE("bw --run: a client past its timeout is killed with its whole process group and reaped") {
  StandIn s;
  ::setenv("ROCE_FAKE_PERFTEST_MODE", "hang", 1);
  const auto start = std::chrono::steady_clock::now();
  const auto run = bwrun::run_perftest(loopback_plan(), json_into(s), s.run_dir(), std::chrono::seconds(1));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
  REQUIRE_FALSE(run.ok());
  CHECK(run.error().message.find("killed after the timeout") != std::string::npos);
  CHECK(run.error().message.find("its stdout ends:") != std::string::npos);
  CHECK(run.error().message.find("Data ex. method : Ethernet") != std::string::npos);
  // The stand-in's `sleep 30` was in the client's group: nothing of it is left.
  CHECK(std::system("pgrep -f '^sleep 30$' >/dev/null 2>&1") != 0);
}

TEST_CASE("bw --run: a run cut short leaves its stdout, header without a row, for the reader to refuse") {
  StandIn s;
  ::setenv("ROCE_FAKE_PERFTEST_MODE", "partial", 1);
  const auto run = bwrun::run_perftest(loopback_plan(), json_into(s), s.run_dir(), std::chrono::seconds(20));
  REQUIRE(run.ok());
  CHECK(run->result_name == "ib_write_bw.out");
  CHECK(slurp(run->result_file).ends_with("MsgRate[Mpps]\n"));
}

TEST_CASE("bw --run: no perftest on PATH names the package") {
  StandIn s;
  auto plan = loopback_plan();
  plan.binary = "ib_send_bw_absent";
  const auto run = bwrun::run_perftest(plan, json_into(s), s.run_dir(), std::chrono::seconds(1));
  REQUIRE_FALSE(run.ok());
  CHECK(run.error().message == "perftest is not installed: no ib_send_bw_absent in PATH");
  CHECK(run.error().hint.find("apt-get install perftest") != std::string::npos);
}

TEST_CASE("bw --run: a program that cannot be executed is an error with its errno, and is reaped") {
  auto child = process::Child::start({"/nonexistent/ib_write_bw"}, "/dev/null", "/dev/null");
  REQUIRE_FALSE(child.ok());
  CHECK(child.error().message == "cannot run /nonexistent/ib_write_bw: No such file or directory");
}

TEST_CASE("bw --run: a server is ready when /proc/net/tcp shows its port listening") {
  const std::string tcp =
      "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"
      "   0: 00000000:4853 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 41234 1\n"
      "   1: 0100007F:0277 0100007F:A1B2 01 00000000:00000000 00:00000000 00000000     0        0 41235 1\n";
  CHECK(bwrun::listens_on(tcp, 18515));
  CHECK_FALSE(bwrun::listens_on(tcp, 631));  // established, not listening
  CHECK_FALSE(bwrun::listens_on(tcp, 18516));
  CHECK_FALSE(bwrun::listens_on("garbage\n 0: x y", 18515));
}

TEST_CASE("bw --run: every flag the plan passes is one the installed ib_write_bw --help lists") {
  const TempDir tmp("bwrun-help");
  const std::string help_file = tmp.path("help.txt");
  if (process::find_in_path("ib_write_bw").empty()) {
    WARN("ROCE-TEST-SKIP: perftest is not installed (ib_write_bw not in PATH)");
    return;
  }
  // --help prints to stdout and exits non-zero on some versions: only its text matters.
  std::system(("ib_write_bw --help >'" + help_file + "' 2>&1").c_str());
  const std::string help = slurp(help_file);
  REQUIRE(help.find("--report_gbits") != std::string::npos);

  model::Host host;  // a one-port RoCE host, as the planner test builds it
  model::NetDev nd;
  nd.name = "eth0";
  nd.addresses = model::Field<std::vector<std::string>>::of({"10.0.0.1/24"});
  host.netdevs.push_back(nd);
  model::RdmaDevice dev;
  dev.name = "mlx5_0";
  model::RdmaPort port;
  port.number = 1;
  port.link_layer = model::Field<std::string>::of("Ethernet");
  port.netdev = model::Field<std::string>::of("eth0");
  port.gids = model::Field<std::vector<model::Gid>>::of(
      {{3, "0000:0000:0000:0000:0000:ffff:0a00:0001", model::Field<std::string>::of("RoCE v2"), {}}});
  dev.ports.push_back(port);
  host.rdma_devices.push_back(dev);
  for (auto mode : {bwrun::RunMode::loopback, bwrun::RunMode::client, bwrun::RunMode::server}) {
    bwrun::RunOptions o;
    o.mode = mode;
    o.peer = "10.0.0.2";
    o.port = 10000;
    o.out_json_file = "x.json";
    const auto planned = bwrun::plan_perftest(host, profile::default_profile(), o);
    REQUIRE(planned.ok());
    std::vector<std::string> args = planned->server_argv;
    args.insert(args.end(), planned->client_argv.begin(), planned->client_argv.end());
    for (const auto& a : args) {
      if (!a.starts_with("-")) continue;
      const std::string flag = a.substr(0, a.find('='));
      // "  -d, --ib-dev=<dev>" lists a short flag before its comma; long ones end at '=' or a space.
      const bool listed = flag.starts_with("--")
                              ? help.find(flag + "=") != std::string::npos || help.find(flag + " ") != std::string::npos
                              : help.find(flag + ",") != std::string::npos;
      INFO(flag);
      CHECK(listed);
    }
  }
}

}  // namespace roce::test
