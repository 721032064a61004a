// Streams NCCL logs (plain, gzip'd or stdin) through zlib's gz reader, which passes plain text
// through unchanged, so one path reads both.
#include "nccl_log/reader.hpp"

#include <zlib.h>

#include <unistd.h>
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
  std::string carry;  // the start of a line that continues in the next chunk
  std::unique_ptr<char[]> buffer(new char[kChunk]);
  std::uint64_t lines = 0;
  while (true) {
    const int n = gzread(file.get(), buffer.get(), kChunk);
    if (n < 0) {
      int code = 0;
      const char* why = gzerror(file.get(), &code);
      return fail(name + ": after line " + std::to_string(lines) + ": " + (why ? why : "read error"),
                  "is the gzip file damaged?", code == Z_ERRNO ? errno : 0);
    }
    if (n == 0) break;
    std::string_view chunk(buffer.get(), static_cast<std::size_t>(n));
    while (true) {
      const auto nl = chunk.find('\n');
      if (nl == std::string_view::npos) {
        carry.append(chunk);
        break;
      }
      ++lines;
      if (carry.empty()) {
        into.add_line(chunk.substr(0, nl));
      } else {
        carry.append(chunk.substr(0, nl));
        into.add_line(carry);
        carry.clear();
      }
      chunk.remove_prefix(nl + 1);
    }
  }
  int code = Z_OK;
  gzerror(file.get(), &code);
  if (code == Z_BUF_ERROR)
    return fail(name + ": gzip stream ends early after line " + std::to_string(lines),
                "was the file cut off while being copied?");
  if (!carry.empty()) into.add_line(carry);
  return done();
}

Expected<model::NcclLog> read_logs(const std::vector<std::string>& paths) {
  Summarizer s;
  for (const auto& p : paths)
    if (auto r = read_into(p, s); !r) return fail(std::move(r.error()));
  model::NcclLog log = s.finish();
  if (log.nccl_lines == 0) {
    std::string names;
    for (const auto& p : paths) names += (names.empty() ? "" : ", ") + display_name(p);
    return fail(names + ": no NCCL line in " + std::to_string(log.lines) + " line" + (log.lines == 1 ? "" : "s"),
                "run the job with NCCL_DEBUG=INFO (or WARN) and give its output");
  }
  return log;
}

}  // namespace roce::nccl_log
