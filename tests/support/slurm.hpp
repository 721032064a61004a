#pragma once
// A real Slurm from Debian for the tests: munged, slurmctld and one slurmd per node name on
// 127.0.0.1, with their own configuration, keys, state and ports in a temporary folder; clients
// find it through SLURM_CONF. Several node names run as several `slurmd -N NAME` on this machine
// (NodeName entries sharing NodeHostname, each with a Port of its own: Debian's slurmd runs them).
// Started once per test executable, stopped (slurmd, slurmctld, munged) when it exits.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "support/child_process.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

extern char** environ;

namespace roce::test {

/// A daemon run in the foreground, its output dropped (it logs to its log file), stopped
/// (SIGTERM, then SIGKILL) when destroyed.
class SlurmDaemon {
 public:
  explicit SlurmDaemon(std::vector<std::string> argv) {
    std::vector<char*> args;
    for (auto& a : argv) args.push_back(a.data());
    args.push_back(nullptr);
    posix_spawn_file_actions_t quiet;
    ::posix_spawn_file_actions_init(&quiet);
    ::posix_spawn_file_actions_addopen(&quiet, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    ::posix_spawn_file_actions_addopen(&quiet, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    if (::posix_spawnp(&pid_, args[0], &quiet, nullptr, args.data(), environ) != 0) pid_ = -1;
    ::posix_spawn_file_actions_destroy(&quiet);
  }
  ~SlurmDaemon() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGTERM);
    for (int i = 0; i < 100; ++i) {
      if (::waitpid(pid_, nullptr, WNOHANG) == pid_) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  SlurmDaemon(const SlurmDaemon&) = delete;
  SlurmDaemon& operator=(const SlurmDaemon&) = delete;

 private:
  pid_t pid_ = -1;
};

/// Polls the shell `command` until it prints `want` (whole output, trimmed) or `seconds` pass.
inline bool wait_for_output(const std::string& command, const std::string& want, int seconds) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (std::chrono::steady_clock::now() < until) {
    std::string out = shell(command).out;
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    if (out == want) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

class Slurm {
 public:
  /// The one cluster of this executable with these node names (the first call's), started on first
  /// use; null with the reason in skip_reason.
  static Slurm* get(const std::vector<std::string>& nodes) {
    static std::unique_ptr<Slurm> slurm = [&] {
      auto s = std::make_unique<Slurm>();
      return s->start(nodes) ? std::move(s) : nullptr;
    }();
    return slurm.get();
  }
  static inline std::string skip_reason;

  const std::string& dir() const { return dir_.path(); }
  const std::vector<std::string>& nodes() const { return nodes_; }

  /// "drain|roce-doctor: ECN-NIC": a node's compact state and reason.
  std::string state(const std::string& node) const {
    std::string out = shell("sinfo -h -N -n " + node + " -o '%t|%E'").out;
    while (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
  }

  ~Slurm() {
    slurmds_.clear();
    slurmctld_.reset();
    munged_.reset();
  }

 private:
  bool start(const std::vector<std::string>& nodes) {
    nodes_ = nodes;
    if (::geteuid() != 0) return skip("not root (munged, slurmctld and slurmd run as root here)");
    for (const char* tool : {"munged", "slurmctld", "slurmd", "sinfo", "scontrol", "srun", "salloc"})
      if (!have_tool(tool)) return skip(std::string(tool) + " is not installed");
    const std::string d = dir_.path();
    std::filesystem::create_directories(d + "/state");
    for (const auto& n : nodes) std::filesystem::create_directories(d + "/spool/" + n);
    if (shell("head -c 1024 /dev/urandom > " + d + "/munge.key && chmod 600 " + d + "/munge.key").exit_code != 0)
      return skip("cannot write a munge key");
    munged_ = std::make_unique<SlurmDaemon>(std::vector<std::string>{
        "munged", "-F", "--force", "--socket=" + d + "/munge.sock", "--key-file=" + d + "/munge.key",
        "--pid-file=" + d + "/munged.pid", "--log-file=" + d + "/munged.log", "--seed-file=" + d + "/munged.seed"});
    std::string host = shell("hostname -s").out;
    host = host.substr(0, host.find('\n'));
    std::ofstream conf(d + "/slurm.conf");
    conf << "ClusterName=rdtest\nSlurmctldHost=" << host << "(127.0.0.1)\nSlurmctldPort=" << free_local_port()
         << "\nSlurmdPort=" << free_local_port() << "\nAuthType=auth/munge\nCredType=cred/munge\nAuthInfo=socket=" << d
         << "/munge.sock\nSlurmUser=root\nSlurmdUser=root\nStateSaveLocation=" << d << "/state\nSlurmdSpoolDir=" << d
         << "/spool/%n\nSlurmctldPidFile=" << d << "/slurmctld.pid\nSlurmdPidFile=" << d
         << "/slurmd-%n.pid\nSlurmctldLogFile=" << d << "/slurmctld.log\nSlurmdLogFile=" << d
         << "/slurmd-%n.log\nProctrackType=proctrack/pgid\nTaskPlugin=task/none\nSelectType=select/cons_tres\n"
            "SelectTypeParameters=CR_Core\nSchedulerType=sched/builtin\nMpiDefault=none\nJobCompType=jobcomp/none\n"
            "AccountingStorageType=accounting_storage/none\nJobAcctGatherType=jobacct_gather/none\n"
            "ReturnToService=2\n";
    for (const auto& n : nodes)
      conf << "NodeName=" << n << " NodeAddr=127.0.0.1 NodeHostname=" << host << " Port=" << free_local_port()
           << " CPUs=1 State=UNKNOWN\n";
    conf << "PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n";
    conf.close();
    ::setenv("SLURM_CONF", (d + "/slurm.conf").c_str(), 1);
    if (!wait_for_output("test -S " + d + "/munge.sock && echo up", "up", 10)) return skip("munged did not start");
    slurmctld_ = std::make_unique<SlurmDaemon>(std::vector<std::string>{"slurmctld", "-D", "-i"});
    for (const auto& n : nodes)
      slurmds_.push_back(std::make_unique<SlurmDaemon>(std::vector<std::string>{"slurmd", "-D", "-N", n}));
    std::string idle;
    for (std::size_t i = 0; i < nodes.size(); ++i) idle += std::string(i ? "\n" : "") + "idle";
    if (!wait_for_output("sinfo -h -N -o %t", idle, 30))
      return skip("Slurm did not come up with " + std::to_string(nodes.size()) +
                  " nodes: " + shell("tail -n 3 " + d + "/slurmctld.log").out);
    return true;
  }
  bool skip(std::string why) {
    skip_reason = std::move(why);
    return false;
  }

  TempDir dir_{"slurm"};
  std::vector<std::string> nodes_;
  std::unique_ptr<SlurmDaemon> munged_, slurmctld_;
  std::vector<std::unique_ptr<SlurmDaemon>> slurmds_;
};

}  // namespace roce::test
