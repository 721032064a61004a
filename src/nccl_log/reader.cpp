// Streams NCCL logs (plain, gzip'd or stdin) through zlib's gz reader, which passes plain text
// through unchanged, so one path reads both.
#include "nccl_log/reader.hpp"

#include <zlib.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <string_view>

#include "util/read_file.hpp"

namespace roce::nccl_log {
namespace {

constexpr unsigned kChunk = 1u << 20;

struct GzClose {
  void operator()(gzFile f) const { gzclose(f); }
};
using GzFile = std::unique_ptr<gzFile_s, GzClose>;

std::string display_name(const std::string& path) { return path == "-" ? "standard input" : path; }

// A descriptor of `path` ("-": a copy of stdin's). A regular file or a pipe (`<(zcat job.log.gz)`);
// a device (/dev/zero), a directory or a socket is refused. A named FIFO is opened without waiting
// for a writer: with none, it reads as empty.
Expected<int> open_log(const std::string& path, const std::string& name) {
  const int fd = path == "-" ? dup(STDIN_FILENO) : ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) return fail(name + ": " + std::strerror(errno), "is it a readable NCCL log?", errno);
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int err = errno;
    close(fd);
    return fail(name + ": " + std::strerror(err), "is it a readable NCCL log?", err);
  }
  if (path != "-" && !S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode)) {
    close(fd);
    const char* kind = S_ISDIR(st.st_mode) ? "a directory" : S_ISSOCK(st.st_mode) ? "a socket" : "a device";
    return fail(name + ": " + kind + ", not a regular file or a pipe", "give the NCCL log file, or - for stdin",
                S_ISDIR(st.st_mode) ? EISDIR : EINVAL);
  }
  if (path != "-") ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

}  // namespace

Outcome read_into(const std::string& path, Summarizer& into, std::vector<std::string>* notes) {
  const std::string name = display_name(path);
  const util::InputLimits& limits = util::input_limits();
  auto fd = open_log(path, name);
  if (!fd) return fail(std::move(fd.error()));
  GzFile file(gzdopen(*fd, "rb"));
  if (!file) {
    const int err = errno;
    close(*fd);
    return fail(name + ": " + (err ? std::strerror(err) : "cannot open"), "is it a readable NCCL log?", err);
  }
  gzbuffer(file.get(), 256 * 1024);
  into.begin_source(path);
  // Lines are cut out of the buffer in place; only the unfinished last line of a block is moved to
  // the front before the next read. A line longer than the buffer grows it up to the line limit;
  // a longer line is given cut to the limit and the rest of it skipped, never held.
  std::size_t capacity = kChunk, held = 0;
  std::unique_ptr<char[]> buffer(new char[capacity]);
  std::uint64_t lines = 0, cut_lines = 0, first_cut = 0, total = 0;
  bool skipping = false;  // in the rest of a cut line (then nothing is held)
  while (true) {
    if (held == capacity) {
      std::unique_ptr<char[]> larger(new char[capacity * 2]);
      std::memcpy(larger.get(), buffer.get(), held);
      buffer = std::move(larger);
      capacity *= 2;
    }
    const unsigned want = static_cast<unsigned>(std::min<std::size_t>(capacity - held, 1u << 30));
    const int n = gzread(file.get(), buffer.get() + held, want);
    if (n < 0) {
      int code = 0;
      const char* why = gzerror(file.get(), &code);
      return fail(name + ": after line " + std::to_string(lines) + ": " + (why ? why : "read error"),
                  "is the gzip file damaged?", code == Z_ERRNO ? errno : 0);
    }
    if (n == 0) break;
    total += static_cast<std::uint64_t>(n);
    if (total > limits.input_bytes)
      return fail(name + ": more than " + std::to_string(limits.input_bytes) + " bytes (after line " +
                      std::to_string(lines) + "), over the limit",
                  util::raise_limit_hint(util::kMaxInputBytesVar, limits.input_bytes), EFBIG);
    const char* line = buffer.get();
    const char* const end = buffer.get() + held + static_cast<std::size_t>(n);
    if (skipping) {
      const void* nl = std::memchr(line, '\n', static_cast<std::size_t>(end - line));
      if (nl == nullptr) continue;  // still in the cut line
      line = static_cast<const char*>(nl) + 1;
      skipping = false;
    }
    while (const void* nl = std::memchr(line, '\n', static_cast<std::size_t>(end - line))) {
      const char* const stop = static_cast<const char*>(nl);
      ++lines;
      into.add_line(std::string_view(line, static_cast<std::size_t>(stop - line)));
      line = stop + 1;
    }
    held = static_cast<std::size_t>(end - line);
    if (held >= limits.line_bytes) {
      ++lines;
      if (cut_lines++ == 0) first_cut = lines;
      into.add_line(std::string_view(line, limits.line_bytes));
      held = 0;
      skipping = true;
      continue;
    }
    std::memmove(buffer.get(), line, held);
  }
  int code = Z_OK;
  gzerror(file.get(), &code);
  if (code == Z_BUF_ERROR)
    return fail(name + ": gzip stream ends early after line " + std::to_string(lines),
                "was the file cut off while being copied?");
  if (held > 0) into.add_line(std::string_view(buffer.get(), held));
  if (cut_lines > 0 && notes)
    notes->push_back(name + ":" + std::to_string(first_cut) + ": a line longer than " +
                     std::to_string(limits.line_bytes) + " bytes, read cut to that length (" +
                     std::to_string(cut_lines) + " such line" + (cut_lines == 1 ? "" : "s") + "; " +
                     util::kMaxLineBytesVar + " raises the limit)");
  return done();
}

Expected<model::NcclLog> read_logs(const std::vector<std::string>& paths) {
  Summarizer s;
  std::vector<std::string> cut;
  for (const auto& p : paths)
    if (auto r = read_into(p, s, &cut); !r) return fail(std::move(r.error()));
  model::NcclLog log = s.finish();
  // Cut lines are said where --verbose shows the lines no rule read.
  log.unknown_examples.insert(log.unknown_examples.begin(), cut.begin(), cut.end());
  // A framework's output without NCCL's own lines still says whether the job failed.
  if (log.nccl_lines == 0 && log.job_events.empty()) {
    std::string names;
    for (const auto& p : paths) names += (names.empty() ? "" : ", ") + display_name(p);
    return fail(names + ": no NCCL line in " + std::to_string(log.lines) + " line" + (log.lines == 1 ? "" : "s"),
                "run the job with NCCL_DEBUG=INFO (or WARN) and give its output");
  }
  return log;
}

}  // namespace roce::nccl_log
