// The live LLDP agent finder on the real kernel: a process named lldpad (a copy of sleep) with its
// pid file, as lldpad's init writes it, read back through the real /proc.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "sources/lldp_agents.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

namespace fs = std::filesystem;

namespace {

// A scratch directory with run/ and a copy of sleep named `name`, started; killed on destruction.
struct FakeAgent {
  TempDir tmp{"lldp-agents"};
  fs::path dir = tmp.path();
  pid_t pid = -1;

  explicit FakeAgent(const std::string& name) {
    fs::create_directories(dir / "run");
    fs::copy_file("/bin/sleep", dir / name);
    pid = ::fork();
    if (pid == 0) {
      const std::string exe = (dir / name).string();
      ::execl(exe.c_str(), name.c_str(), "30", static_cast<char*>(nullptr));
      ::_exit(127);
    }
    // /proc/PID/comm names the program once exec has happened.
    for (int i = 0; i < 200 && comm() != name; ++i) ::usleep(5000);
  }
  ~FakeAgent() {
    if (pid > 0) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, nullptr, 0);
    }
  }
  std::string comm() const {
    std::ifstream in("/proc/" + std::to_string(pid) + "/comm");
    std::string line;
    std::getline(in, line);
    return line;
  }
  void write_pid_file(const std::string& agent, pid_t value) const {
    std::ofstream(dir / "run" / (agent + ".pid")) << value << "\n";
  }
};

}  // namespace

TEST_CASE("a running lldpad is found by its pid file and its name in /proc") {
  FakeAgent agent("lldpad");
  REQUIRE(agent.comm() == "lldpad");
  agent.write_pid_file("lldpad", agent.pid);
  const auto found = sources::find_lldp_agents({(agent.dir / "run").string()});
  REQUIRE(found.ok());
  CHECK(*found == std::vector<std::string>{"lldpad (pid " + std::to_string(agent.pid) + ")"});
}

TEST_CASE("a stale pid file (the pid now names another program) or none at all finds no agent") {
  FakeAgent other("not-an-agent");
  other.write_pid_file("lldpd", other.pid);  // lldpd's pid file, but the process is not lldpd
  const auto stale = sources::find_lldp_agents({(other.dir / "run").string()});
  REQUIRE(stale.ok());
  CHECK(stale->empty());
  other.write_pid_file("lldpad", 0);  // garbage in a pid file
  CHECK(sources::find_lldp_agents({(other.dir / "run").string()})->empty());
  CHECK(sources::find_lldp_agents({(other.dir / "no-such-dir").string()})->empty());
}

}  // namespace roce::test
