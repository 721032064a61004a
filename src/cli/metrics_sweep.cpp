// Judging a host as Prometheus metrics, and the atomic write for node_exporter's textfile collector.
#include "cli/metrics_sweep.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "checks/registry.hpp"
#include "engine/context.hpp"
#include "metrics/exposition.hpp"

namespace roce::cli {

std::string judge_as_metrics(const model::Host& now, const model::Host* before, double dt,
                             const profile::Profile& profile, const model::Observations* observations,
                             std::chrono::steady_clock::time_point started) {
  const engine::Context ctx(now, before, before ? dt : 0, profile, observations);
  const auto results = checks::run_checks(ctx, {});
  metrics::SweepTiming timing;
  timing.duration_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  timing.finished_unix_seconds =
      std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  return metrics::render_exposition(ctx, results, timing);
}

Outcome write_textfile(const std::string& dir, const std::string& text) {
  const std::string path = dir + "/" + kTextfileName;
  const std::string tmp = path + "." + std::to_string(::getpid());
  const auto sys_fail = [&](const std::string& what) {
    const int err = errno;
    ::unlink(tmp.c_str());
    return fail(what + ": " + std::strerror(err), "is --textfile the collector's directory, and writable?", err);
  };
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return sys_fail("create " + tmp);
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      ::close(fd);
      errno = err;
      return sys_fail("write " + tmp);
    }
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) {
    const int err = errno;
    ::close(fd);
    errno = err;
    return sys_fail("fsync " + tmp);
  }
  if (::close(fd) != 0) return sys_fail("close " + tmp);
  if (::rename(tmp.c_str(), path.c_str()) != 0) return sys_fail("rename " + tmp + " to " + path);
  return done();
}

}  // namespace roce::cli
