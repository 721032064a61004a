// SIGINT and SIGTERM end an archive import at once (exit 130, 143): the tar child is stopped, the
// temporary folder removed. roce-doctor is started as a background job of a shell script starts
// (SIGINT ignored) with both signals blocked besides, which it must undo for itself and its children.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {
namespace {

namespace fs = std::filesystem;

// A file of /proc/PID/, "" when the process went away while it was read.
std::string read_proc(const std::string& path) {
  try {
    return slurp(path);
  } catch (const std::exception&) {
    return {};
  }
}

// The folders of processes under /proc.
std::vector<fs::path> process_folders() {
  std::vector<fs::path> found;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/proc", ec)) {
    const std::string name = entry.path().filename().string();
    if (!name.empty() && name.find_first_not_of("0123456789") == std::string::npos) found.push_back(entry.path());
  }
  return found;
}

// A ustar header of an empty regular file.
std::string empty_member_header(const std::string& name) {
  std::string h(512, '\0');
  const auto put = [&](std::size_t at, const std::string& text) { h.replace(at, text.size(), text); };
  put(0, name);
  put(100, "0000644");
  put(108, "0000000");
  put(116, "0000000");
  put(124, "00000000000");
  put(136, "00000000000");
  put(148, "        ");
  h[156] = '0';
  put(257, std::string("ustar") + '\0' + "00");  // magic and version
  unsigned sum = 0;
  for (const char c : h) sum += static_cast<unsigned char>(c);
  char field[8];
  std::snprintf(field, sizeof field, "%06o", sum);
  put(148, std::string(field, 7));  // six digits, NUL; the space after stays
  return h;
}

// A plain tar of `members` empty files under cap/: listed in a blink, extracted in seconds (tar
// makes a file per member), written here in milliseconds.
std::string write_many_member_tar(const std::string& path, int members) {
  std::ofstream out(path, std::ios::binary);
  char name[32];
  for (int i = 0; i < members; ++i) {
    std::snprintf(name, sizeof name, "cap/f%06d", i);
    out << empty_member_header(name);
  }
  out << std::string(1024, '\0');
  return path;
}

// The pids of `parent`'s children named `comm`.
std::vector<pid_t> children_named(pid_t parent, const std::string& comm) {
  std::vector<pid_t> found;
  for (const auto& folder : process_folders()) {
    const std::string stat = read_proc(folder.string() + "/stat");
    const auto open = stat.find('('), close = stat.rfind(')');
    if (open == std::string::npos || close == std::string::npos) continue;
    int ppid = 0;
    char state = 0;
    if (std::sscanf(stat.c_str() + close + 1, " %c %d", &state, &ppid) != 2) continue;
    if (ppid == parent && stat.substr(open + 1, close - open - 1) == comm)
      found.push_back(static_cast<pid_t>(std::stoi(folder.filename().string())));
  }
  return found;
}

// A /proc/PID/status line's value ("SigBlk" -> "0000000000000000"), "" when gone.
std::string status_field(pid_t pid, const std::string& field) {
  const std::string status = read_proc("/proc/" + std::to_string(pid) + "/status");
  const auto at = status.find("\n" + field + ":");
  if (at == std::string::npos) return {};
  const auto value = status.find_first_not_of(" \t", at + field.size() + 2);
  return status.substr(value, status.find('\n', value) - value);
}

// Processes whose command line holds `text` (a stray tar of the archive).
int processes_mentioning(const std::string& text) {
  int n = 0;
  for (const auto& folder : process_folders()) {
    std::string cmdline = read_proc(folder.string() + "/cmdline");
    for (auto& c : cmdline)
      if (c == '\0') c = ' ';
    if (cmdline.find(text) != std::string::npos && cmdline.rfind("tar ", 0) == 0) ++n;
  }
  return n;
}

// roce-doctor started as a script's background job: SIGINT ignored, SIGINT and SIGTERM blocked.
pid_t start_as_background_job(const std::vector<std::string>& argv, const std::string& tmpdir,
                              const std::string& output) {
  std::vector<std::string> env_text{"TMPDIR=" + tmpdir, "PATH=/usr/local/bin:/usr/bin:/bin", "LC_ALL=C"};
  std::vector<char*> args, env;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  for (const auto& e : env_text) env.push_back(const_cast<char*>(e.c_str()));
  env.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::signal(SIGINT, SIG_IGN);
    sigset_t both;
    sigemptyset(&both);
    sigaddset(&both, SIGINT);
    sigaddset(&both, SIGTERM);
    ::sigprocmask(SIG_BLOCK, &both, nullptr);
    const int fd = ::open(output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) ::dup2(fd, 1), ::dup2(fd, 2);
    ::execve(args[0], args.data(), env.data());
    ::_exit(127);
  }
  return pid;
}

// Its exit code once it ends, or nullopt if it has not within `bound` (then it is killed).
std::optional<int> exit_within(pid_t pid, std::chrono::seconds bound) {
  const auto give_up = std::chrono::steady_clock::now() + bound;
  int status = 0;
  while (::waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() >= give_up) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      return std::nullopt;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return WIFEXITED(status) ? std::optional<int>(WEXITSTATUS(status)) : std::optional<int>(-WTERMSIG(status));
}

// Waits (10 s at most) until the tar child of `pid` extracts; its pid, or 0.
pid_t wait_for_extracting_tar(pid_t pid) {
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < give_up) {
    for (const pid_t tar : children_named(pid, "tar"))
      if (read_proc("/proc/" + std::to_string(tar) + "/cmdline").find("-xvf") != std::string::npos) return tar;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return 0;
}

}  // namespace

TEST_CASE("SIGINT and SIGTERM end an archive import at once, its tar stopped and its temporary folder removed") {
  const TempDir dir("stop-signals");
  const std::string archive = write_many_member_tar(dir.path("many.tar"), 90000);
  const std::string tmpdir = dir.path("tmp");
  fs::create_directories(tmpdir);

  for (const auto& [sig, code] : {std::pair{SIGINT, 130}, std::pair{SIGTERM, 143}}) {
    INFO("signal " << ::strsignal(sig));
    const std::string output = dir.path(std::string("out-") + std::to_string(sig));
    const pid_t pid = start_as_background_job({ROCE_DOCTOR_BIN, "check", "--from", archive}, tmpdir, output);
    REQUIRE(pid > 0);
    const pid_t tar = wait_for_extracting_tar(pid);
    REQUIRE(tar > 0);
    // tar starts with nothing blocked and no standard signal ignored, whatever roce-doctor inherited
    // (glibc's posix_spawn leaves its two internal real-time signals, 32 and 33, ignored).
    CHECK(status_field(tar, "SigBlk") == "0000000000000000");
    CHECK((std::stoull(status_field(tar, "SigIgn"), nullptr, 16) & 0x7fffffffULL) == 0);
    const auto ignored = std::stoull(status_field(pid, "SigIgn"), nullptr, 16);
    CHECK((ignored & (1ULL << (SIGINT - 1))) == 0);  // and roce-doctor itself no longer ignores SIGINT

    ::kill(pid, sig);
    const auto ended = exit_within(pid, std::chrono::seconds(20));
    INFO(slurp(output));
    REQUIRE(ended.has_value());
    CHECK(*ended == code);
    CHECK(slurp(output).find(sig == SIGINT ? "interrupted (SIGINT)" : "stopped by SIGTERM") != std::string::npos);
    CHECK(processes_mentioning(archive) == 0);
    CHECK(fs::is_empty(tmpdir));
  }
}

}  // namespace roce::test
