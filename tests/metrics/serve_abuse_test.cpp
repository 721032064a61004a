// `serve` cannot be blinded: slow (slowloris) and idle clients, a burst of connections to the limit,
// request bodies and refusals are run against the real server on 127.0.0.1 (the abusers on other
// loopback addresses, 127.0.0.2-5, as they would be other hosts), and every probe must be answered.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "support/child_process.hpp"
#include "support/files.hpp"
#include "support/http_get.hpp"
#include "support/paths.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;
using std::chrono::steady_clock;

// A TCP connection to 127.0.0.1:port from `source` (a loopback address), or -1.
int connect_from(const char* source, int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in from{};
  from.sin_family = AF_INET;
  inet_pton(AF_INET, source, &from.sin_addr);
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(static_cast<std::uint16_t>(port));
  to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0 ||
      ::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0) {
    if (fd >= 0) ::close(fd);
    return -1;
  }
  return fd;
}

bool send_text(int fd, const std::string& text) {
  return ::send(fd, text.data(), text.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(text.size());
}

// What arrives on `fd` until the peer closes or `timeout` passes.
std::string receive(int fd, milliseconds timeout) {
  std::string raw;
  const auto deadline = steady_clock::now() + timeout;
  char buf[8192];
  for (;;) {
    const auto left = std::chrono::duration_cast<milliseconds>(deadline - steady_clock::now()).count();
    pollfd p{fd, POLLIN, 0};
    if (left <= 0 || ::poll(&p, 1, static_cast<int>(left)) <= 0) break;
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    raw.append(buf, static_cast<std::size_t>(n));
  }
  return raw;
}

// True when the peer has closed `fd` (a read gives end-of-file or an error) within `timeout`.
bool closed_by_peer(int fd, milliseconds timeout) {
  pollfd p{fd, POLLIN, 0};
  if (::poll(&p, 1, static_cast<int>(timeout.count())) <= 0) return false;
  char c;
  return ::recv(fd, &c, 1, MSG_DONTWAIT) <= 0;
}

void close_all(std::vector<int>& fds) {
  for (int fd : fds)
    if (fd >= 0) ::close(fd);
  fds.clear();
}

// `serve` on a copy of the healthy simulated host, answering /healthz (at most 20 s to start).
struct Served {
  TempDir dir{"serve-abuse", {}};
  int port = free_local_port();
  std::string log = dir.path("serve.log");
  std::unique_ptr<ChildProcess> child;

  Served() {
    const fs::path model = dir.path("healthy.toml");
    fs::copy_file(fs::path(ROCE_EXAMPLES_DIR) / "sim" / "healthy.toml", model);
    child = std::make_unique<ChildProcess>(std::vector<std::string>{ROCE_DOCTOR_BIN, "--host", "sim:" + model.string(),
                                                                    "serve", "--listen",
                                                                    "127.0.0.1:" + std::to_string(port)},
                                           log);
    for (int i = 0; i < 200 && child->running(); ++i) {
      if (http_get(port, "/healthz", milliseconds(500)).status == 200) return;
      std::this_thread::sleep_for(milliseconds(100));
    }
  }
  int answered(int probes, const std::string& path = "/healthz") const {
    int ok = 0;
    for (int i = 0; i < probes; ++i) ok += http_get(port, path, milliseconds(2000)).status == 200;
    return ok;
  }
};

}  // namespace

TEST_CASE("serve answers every probe while slowloris and idle clients hold connections from other addresses") {
  Served s;
  REQUIRE(s.answered(1) == 1);
  std::vector<int> slow, idle;
  for (int i = 0; i < 40; ++i) {
    const int fd = connect_from("127.0.0.2", s.port);
    if (fd >= 0 && send_text(fd, "GET /metrics HTTP/1.1\r\nHo")) slow.push_back(fd);
  }
  for (int i = 0; i < 40; ++i) idle.push_back(connect_from("127.0.0.3", s.port));
  CHECK(s.answered(30) == 30);
  CHECK(s.answered(3, "/metrics") == 3);

  // One byte a second keeps the library's inactivity timeout from firing; the header deadline
  // (10 s) closes the connection anyway.
  REQUIRE_FALSE(slow.empty());
  const int trickle = slow.front();
  const auto began = steady_clock::now();
  bool cut = false;
  for (int i = 0; i < 14 && !cut; ++i) {
    send_text(trickle, "s");
    cut = closed_by_peer(trickle, milliseconds(1000));
  }
  const double after = std::chrono::duration<double>(steady_clock::now() - began).count();
  CHECK(cut);
  CHECK(after < 13.0);
  CHECK(s.answered(10) == 10);
  close_all(slow);
  close_all(idle);
  INFO(slurp(s.log));
  CHECK(s.child->running());
}

TEST_CASE("after a burst of connections to the limit the next scrape is answered, and refusals log little") {
  Served s;
  REQUIRE(s.answered(1) == 1);
  std::vector<int> burst;
  for (int i = 0; i < 64; ++i) burst.push_back(connect_from("127.0.0.4", s.port));
  close_all(burst);
  CHECK(http_get(s.port, "/metrics", milliseconds(3000)).status == 200);

  // 300 connections from one address, most over the per-address limit: a few lines, not 300.
  std::vector<int> flood;
  for (int i = 0; i < 300; ++i) {
    flood.push_back(connect_from("127.0.0.5", s.port));
    if (flood.size() == 50) close_all(flood);
  }
  close_all(flood);
  CHECK(s.answered(5) == 5);
  const std::string log = slurp(s.log);
  INFO(log);
  std::size_t lines = 0;
  for (char c : log) lines += c == '\n';
  CHECK(lines < 10);
}

TEST_CASE("serve answers a request with a body at once, 405 or 413, without reading the body") {
  Served s;
  REQUIRE(s.answered(1) == 1);
  const int post = connect_from("127.0.0.1", s.port);
  REQUIRE(post >= 0);
  send_text(post, "POST /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: 104857600\r\n\r\n" + std::string(65536, 'x'));
  const std::string posted = receive(post, milliseconds(3000));
  ::close(post);
  CHECK(posted.starts_with("HTTP/1.1 405"));
  CHECK(posted.find("Allow: GET, HEAD") != std::string::npos);

  const int get = connect_from("127.0.0.1", s.port);
  REQUIRE(get >= 0);
  send_text(get, "GET /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n0123456789");
  const std::string got = receive(get, milliseconds(3000));
  ::close(get);
  CHECK(got.starts_with("HTTP/1.1 413"));
  CHECK(s.answered(3) == 3);
}

TEST_CASE("serve --dev naming no device exits 3 at start, and --listen :PORT listens on every address") {
  const TempDir dir("serve-dev", {});
  const fs::path model = dir.path("healthy.toml");
  fs::copy_file(fs::path(ROCE_EXAMPLES_DIR) / "sim" / "healthy.toml", model);
  const auto r = run("--host sim:" + model.string() + " serve --dev nosuchdev --listen 127.0.0.1:" +
                     std::to_string(free_local_port()));
  CHECK(r.exit_code == 3);
  CHECK(r.err.find("nosuchdev") != std::string::npos);

  const int port = free_local_port();
  ChildProcess any({ROCE_DOCTOR_BIN, "--host", "sim:" + model.string(), "serve", "--listen", ":" + std::to_string(port)},
                   dir.path("any.log"));
  int status = 0;
  for (int i = 0; i < 100 && any.running() && status != 200; ++i) {
    status = http_get(port, "/healthz", milliseconds(500)).status;
    if (status != 200) std::this_thread::sleep_for(milliseconds(100));
  }
  INFO(slurp(dir.path("any.log")));
  CHECK(status == 200);
  CHECK(slurp(dir.path("any.log")).find("serving /metrics and /healthz on :" + std::to_string(port)) !=
        std::string::npos);
}

}  // namespace roce::test
