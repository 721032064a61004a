// C concurrent scraping clients against one /metrics server for S seconds: each client sends
// `GET /metrics` (HTTP/1.1, Connection: close), reads the answer to its end and asks again at once,
// from one of A loopback addresses (127.0.0.2 up; a server may limit connections per address).
// Prints the answered share (status 200 with a body), the other outcomes, the latency percentiles
// of the answered scrapes and, with --pid, the server's CPU time over the run (utime+stime from
// /proc/PID/stat, all its threads).
//
//   bench_scrape_clients --port P [--clients 200] [--seconds 20] [--addresses 16] [--pid PID]
//                        [--timeout-ms 10000] [--host 127.0.0.1]
//
// Output: one line `key=value ...` for run-metrics-bench to tabulate.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Options {
  int port = 0;
  int clients = 200;
  double seconds = 20;
  int addresses = 16;
  int pid = 0;
  int timeout_ms = 10000;
  std::string host = "127.0.0.1";
};

enum class Outcome { answered, other_status, refused, reset, timed_out };

struct Tally {
  std::vector<double> latencies_ms;  // answered scrapes
  long other_status = 0, refused = 0, reset = 0, timed_out = 0;
};

int ms_left(Clock::time_point deadline) {
  return static_cast<int>(
      std::max<long>(0, std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count()));
}

// One scrape from `source`: connect, send, read to the end, all within `timeout_ms`.
Outcome scrape(const Options& o, const std::string& source) {
  const auto deadline = Clock::now() + std::chrono::milliseconds(o.timeout_ms);
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) return Outcome::refused;
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  sockaddr_in from{}, to{};
  from.sin_family = to.sin_family = AF_INET;
  ::inet_pton(AF_INET, source.c_str(), &from.sin_addr);
  ::inet_pton(AF_INET, o.host.c_str(), &to.sin_addr);
  to.sin_port = htons(static_cast<std::uint16_t>(o.port));
  if (::bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0) return Outcome::refused;
  if (::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0 && errno != EINPROGRESS) return Outcome::refused;
  pollfd p{fd, POLLOUT, 0};
  if (::poll(&p, 1, ms_left(deadline)) <= 0) return Outcome::timed_out;
  int error = 0;
  socklen_t len = sizeof error;
  ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &len);
  if (error != 0) return Outcome::refused;
  const std::string request = "GET /metrics HTTP/1.1\r\nHost: " + o.host + "\r\nConnection: close\r\n\r\n";
  if (::send(fd, request.data(), request.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(request.size()))
    return Outcome::reset;
  std::string head;
  std::size_t body = 0;
  char buf[65536];
  for (;;) {
    p = {fd, POLLIN, 0};
    if (::poll(&p, 1, ms_left(deadline)) <= 0) return Outcome::timed_out;
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n < 0) return errno == EAGAIN ? Outcome::timed_out : Outcome::reset;
    if (n == 0) break;
    if (head.size() < 64) head.append(buf, static_cast<std::size_t>(std::min<ssize_t>(n, 64)));
    body += static_cast<std::size_t>(n);
  }
  if (head.empty()) return Outcome::reset;  // closed without a word: a refused connection
  const bool ok = head.starts_with("HTTP/1.1 200") || head.starts_with("HTTP/1.0 200");
  return ok && body > head.size() ? Outcome::answered : Outcome::other_status;
}

// utime + stime of a process, in seconds.
double cpu_seconds(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto paren = stat.rfind(')');
  if (paren == std::string::npos) return 0;
  std::istringstream fields(stat.substr(paren + 2));
  std::string f;
  double utime = 0, stime = 0;
  for (int i = 3; fields >> f; ++i) {  // field 3 is the state
    if (i == 14) utime = std::stod(f);
    if (i == 15) {
      stime = std::stod(f);
      break;
    }
  }
  return (utime + stime) / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto k = static_cast<std::size_t>(std::max(1.0, std::ceil(p / 100 * static_cast<double>(v.size()))));
  return v[k - 1];
}

int usage() {
  std::fprintf(stderr,
               "usage: bench_scrape_clients --port P [--clients 200] [--seconds 20] [--addresses 16] [--pid PID] "
               "[--timeout-ms 10000] [--host 127.0.0.1]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i], v = argv[i + 1];
    if (k == "--port")
      o.port = std::atoi(v.c_str());
    else if (k == "--clients")
      o.clients = std::atoi(v.c_str());
    else if (k == "--seconds")
      o.seconds = std::atof(v.c_str());
    else if (k == "--addresses")
      o.addresses = std::atoi(v.c_str());
    else if (k == "--pid")
      o.pid = std::atoi(v.c_str());
    else if (k == "--timeout-ms")
      o.timeout_ms = std::atoi(v.c_str());
    else if (k == "--host")
      o.host = v;
    else
      return usage();
  }
  if (argc % 2 == 0 || o.port <= 0 || o.clients < 1 || o.addresses < 1 || o.addresses > 250 || o.seconds <= 0)
    return usage();

  std::vector<Tally> tallies(static_cast<std::size_t>(o.clients));
  std::atomic<bool> go{false};
  const double cpu0 = o.pid ? cpu_seconds(o.pid) : 0;
  const auto start = Clock::now();
  const auto end = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.seconds));
  std::vector<std::thread> threads;
  for (int c = 0; c < o.clients; ++c)
    threads.emplace_back([&, c] {
      const std::string source = "127.0.0." + std::to_string(2 + c % o.addresses);
      Tally& t = tallies[static_cast<std::size_t>(c)];
      while (!go) std::this_thread::yield();
      while (Clock::now() < end) {
        const auto t0 = Clock::now();
        switch (scrape(o, source)) {
          case Outcome::answered:
            t.latencies_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
            break;
          case Outcome::other_status: ++t.other_status; break;
          case Outcome::refused: ++t.refused; break;
          case Outcome::reset: ++t.reset; break;
          case Outcome::timed_out: ++t.timed_out; break;
        }
      }
    });
  go = true;
  for (auto& t : threads) t.join();
  const double wall = std::chrono::duration<double>(Clock::now() - start).count();
  const double cpu = o.pid ? cpu_seconds(o.pid) - cpu0 : 0;

  Tally all;
  for (auto& t : tallies) {
    all.latencies_ms.insert(all.latencies_ms.end(), t.latencies_ms.begin(), t.latencies_ms.end());
    all.other_status += t.other_status;
    all.refused += t.refused;
    all.reset += t.reset;
    all.timed_out += t.timed_out;
  }
  const long answered = static_cast<long>(all.latencies_ms.size());
  const long tried = answered + all.other_status + all.refused + all.reset + all.timed_out;
  const double p50 = percentile(all.latencies_ms, 50), p99 = percentile(all.latencies_ms, 99);
  std::printf(
      "clients=%d addresses=%d seconds=%.1f tried=%ld answered=%ld answered_pct=%.1f other_status=%ld refused=%ld "
      "reset=%ld timed_out=%ld p50_ms=%.1f p99_ms=%.1f server_cpu_s=%.2f server_cpu_pct=%.0f "
      "server_cpu_ms_per_answer=%.3f\n",
      o.clients, o.addresses, wall, tried, answered, tried ? 100.0 * answered / tried : 0.0, all.other_status,
      all.refused, all.reset, all.timed_out, p50, p99, cpu, 100 * cpu / wall, answered ? 1000 * cpu / answered : 0.0);
  return 0;
}
