#include "import/tar_extract.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "util/child_process.hpp"
#include "util/read_file.hpp"

namespace roce::import {
namespace {

struct RunResult {
  int status = -1;
  std::string out;
  std::string err;
  std::size_t entries = 0;      // lines on stdout: the members listed or extracted
  std::uint64_t tar_bytes = 0;  // of the tar stream read so far (decompressed), by tar's checkpoints
  bool over_entries = false;    // tar was killed at a limit
  bool over_bytes = false;
};

// tar's checkpoint message: every kCheckpointRecords records of kRecordBytes, on stderr.
constexpr const char* kCheckpointTag = "roce-doctor-checkpoint ";
constexpr std::uint64_t kRecordBytes = 20 * 512;  // -b 20, tar's default blocking factor
constexpr std::uint64_t kCheckpointRecords = 100;

std::vector<std::string> with_checkpoints(std::vector<std::string> args) {
  for (const std::string& a :
       {std::string("-b"), std::to_string(kRecordBytes / 512), "--checkpoint=" + std::to_string(kCheckpointRecords),
        "--checkpoint-action=echo=" + std::string(kCheckpointTag) + "%u"})
    args.push_back(a);
  return args;
}

// One line of tar's stderr: a checkpoint updates the bytes read, anything else is kept (4 KiB).
void take_stderr_line(std::string_view line, RunResult& result) {
  const auto at = line.find(kCheckpointTag);
  if (at == std::string_view::npos) {
    if (result.err.size() < 4096) result.err.append(line).push_back('\n');
    return;
  }
  std::uint64_t n = 0;
  const auto digits = line.substr(at + std::string_view(kCheckpointTag).size());
  std::from_chars(digits.data(), digits.data() + digits.size(), n);
  result.tar_bytes = n * kRecordBytes;  // %u counts records
}

// Runs argv (no shell) and collects stdout (`keep_out`) and stderr; kills it once it has printed
// more than `max_entries` lines or read more than `max_bytes` of its tar stream.
Expected<RunResult> run(const std::vector<std::string>& args, bool keep_out = true, std::size_t max_entries = SIZE_MAX,
                        std::uint64_t max_bytes = UINT64_MAX) {
  int out_pipe[2], err_pipe[2];
  if (pipe2(out_pipe, O_CLOEXEC) != 0) return fail(std::string("pipe: ") + std::strerror(errno), "", errno);
  if (pipe2(err_pipe, O_CLOEXEC) != 0) {
    const int e = errno;
    close(out_pipe[0]);
    close(out_pipe[1]);
    return fail(std::string("pipe: ") + std::strerror(e), "", e);
  }
  auto spawned = process::spawn(args, {-1, out_pipe[1], err_pipe[1]});
  close(out_pipe[1]);
  close(err_pipe[1]);
  RunResult result;
  if (!spawned) {
    close(out_pipe[0]);
    close(err_pipe[0]);
    Error e = std::move(spawned.error());
    e.hint = "is tar installed?";
    return fail(std::move(e));
  }
  const pid_t pid = *spawned;
  // Both pipes are drained together so that neither can fill up and stall tar.
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string err_line;
  char buf[65536];
  bool killed = false;
  for (int open_fds = 2; open_fds > 0;) {
    if (!killed && (result.entries > max_entries || result.tar_bytes > max_bytes)) {
      result.over_entries = result.entries > max_entries;
      result.over_bytes = !result.over_entries;
      ::kill(-pid, SIGKILL);  // tar and its decompressor: the pipes then close, the loop ends
      killed = true;
    }
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      const ssize_t n = read(fds[i].fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        fds[i].fd = -1;
        --open_fds;
        continue;
      }
      const std::string_view got(buf, static_cast<std::size_t>(n));
      if (i == 0) {
        result.entries += static_cast<std::size_t>(std::count(got.begin(), got.end(), '\n'));
        if (keep_out) result.out.append(got);
        continue;
      }
      err_line.append(got);
      for (auto eol = err_line.find('\n'); eol != std::string::npos; eol = err_line.find('\n')) {
        take_stderr_line(std::string_view(err_line).substr(0, eol), result);
        err_line.erase(0, eol + 1);
      }
      if (err_line.size() > 4096) err_line.clear();  // a line that never ends is not tar's
    }
  }
  close(out_pipe[0]);
  close(err_pipe[0]);
  process::reap(pid, result.status, true);
  return result;
}

std::string first_line(const std::string& s) {
  const auto eol = s.find('\n');
  return s.substr(0, eol);
}

// The error of a run killed at a limit.
Unexpected over_limit(const std::string& archive, const RunResult& r, const util::InputLimits& limits) {
  if (r.over_entries)
    return fail(archive + ": more than " + std::to_string(limits.archive_entries) + " members, over the limit",
                util::raise_limit_hint(util::kMaxArchiveEntriesVar, limits.archive_entries));
  return fail(archive + ": more than " + std::to_string(limits.archive_bytes) + " bytes once extracted, over the limit",
              util::raise_limit_hint(util::kMaxArchiveBytesVar, limits.archive_bytes));
}

}  // namespace

bool looks_like_archive(std::string_view head) {
  const auto byte = [&](std::size_t i) { return i < head.size() ? static_cast<unsigned char>(head[i]) : 0u; };
  if (byte(0) == 0x1f && byte(1) == 0x8b) return true;  // gzip
  constexpr char kXz[] = {'\xfd', '7', 'z', 'X', 'Z', '\0'};
  if (head.substr(0, 6) == std::string_view(kXz, 6)) return true;  // xz
  if (head.substr(0, 3) == "BZh") return true;                     // bzip2
  return head.size() >= 262 && head.substr(257, 5) == "ustar";     // plain tar
}

std::vector<std::string> unsafe_member_names(std::string_view listing) {
  std::vector<std::string> bad;
  while (!listing.empty()) {
    const std::size_t eol = listing.find('\n');
    const std::string_view name = listing.substr(0, eol);
    listing.remove_prefix(eol == std::string_view::npos ? listing.size() : eol + 1);
    if (name.empty()) continue;
    bool unsafe = name.front() == '/';
    std::size_t start = 0;
    while (!unsafe && start <= name.size()) {
      const std::size_t slash = name.find('/', start);
      const std::string_view part =
          name.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start);
      if (part == "..") unsafe = true;
      if (slash == std::string_view::npos) break;
      start = slash + 1;
    }
    if (unsafe) bad.emplace_back(name.substr(0, 200));
  }
  return bad;
}

// Both passes are held to the limits while tar runs: the listing refuses an archive before a byte
// is written, and the extraction stops at the same limits should it ever read more.
Outcome extract_archive(const std::string& archive, const std::string& into) {
  const util::InputLimits& limits = util::input_limits();
  auto listing = run(with_checkpoints({"tar", "-tf", archive}), true, limits.archive_entries, limits.archive_bytes);
  if (!listing) return fail(std::move(listing.error()));
  if (listing->over_entries || listing->over_bytes) return over_limit(archive, *listing, limits);
  if (!WIFEXITED(listing->status) || WEXITSTATUS(listing->status) != 0)
    return fail("tar -tf " + archive + ": " + first_line(listing->err),
                "is it a tar archive (.tar.gz, .tar.xz, .tgz)?");
  const auto bad = unsafe_member_names(listing->out);
  if (!bad.empty())
    return fail(archive + ": refusing an archive with member paths outside its folder (" + bad.front() + ")");
  auto extracted = run(with_checkpoints({"tar", "-xvf", archive, "-C", into, "--no-same-owner", "--no-same-permissions",
                                         "--delay-directory-restore"}),
                       false, limits.archive_entries, limits.archive_bytes);
  if (!extracted) return fail(std::move(extracted.error()));
  if (extracted->over_entries || extracted->over_bytes) return over_limit(archive, *extracted, limits);
  if (!WIFEXITED(extracted->status) || WEXITSTATUS(extracted->status) != 0)
    return fail("tar -xf " + archive + ": " + first_line(extracted->err));
  return done();
}

}  // namespace roce::import
