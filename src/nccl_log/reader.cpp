// Streams NCCL logs (plain, gzip'd or stdin) through zlib's gz reader, which passes plain text
// through unchanged, so one path reads both.
#include "nccl_log/reader.hpp"

#include <zlib.h>

#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <string_view>

namespace roce::nccl_log {
namespace {

constexpr unsigned kChunk = 1u << 20;

struct GzClose {
  void operator()(gzFile f) const { gzclose(f); }
};
using GzFile = std::unique_ptr<gzFile_s, GzClose>;

std::string display_name(const std::string& path) { return path == "-" ? "standard input" : path; }

}  // namespace

Outcome read_into(const std::string& path, Summarizer& into) {
  const std::string name = display_name(path);
  GzFile file;
  if (path == "-") {
    const int fd = dup(STDIN_FILENO);
    if (fd < 0) return fail(name + ": " + std::strerror(errno), "", errno);
    file.reset(gzdopen(fd, "rb"));
    if (!file) close(fd);
  } else {
    file.reset(gzopen(path.c_str(), "rb"));
  }
  if (!file) {
    const int err = errno;
    return fail(name + ": " + (err ? std::strerror(err) : "cannot open"), "is it a readable NCCL log?", err);
  }
  gzbuffer(file.get(), 256 * 1024);
  into.begin_source(path);
  // Lines are cut out of the buffer in place; only the unfinished last line of a block is moved to
  // the front before the next read. A line longer than the buffer grows it.
  std::size_t capacity = kChunk, held = 0;
  std::unique_ptr<char[]> buffer(new char[capacity]);
  std::uint64_t lines = 0;
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
    const char* line = buffer.get();
    const char* const end = buffer.get() + held + static_cast<std::size_t>(n);
    while (const void* nl = std::memchr(line, '\n', static_cast<std::size_t>(end - line))) {
      const char* const stop = static_cast<const char*>(nl);
      ++lines;
      into.add_line(std::string_view(line, static_cast<std::size_t>(stop - line)));
      line = stop + 1;
    }
    held = static_cast<std::size_t>(end - line);
    std::memmove(buffer.get(), line, held);
  }
  int code = Z_OK;
  gzerror(file.get(), &code);
  if (code == Z_BUF_ERROR)
    return fail(name + ": gzip stream ends early after line " + std::to_string(lines),
                "was the file cut off while being copied?");
  if (held > 0) into.add_line(std::string_view(buffer.get(), held));
  return done();
}

Expected<model::NcclLog> read_logs(const std::vector<std::string>& paths) {
  Summarizer s;
  for (const auto& p : paths)
    if (auto r = read_into(p, s); !r) return fail(std::move(r.error()));
  model::NcclLog log = s.finish();
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
