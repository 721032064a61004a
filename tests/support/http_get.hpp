#pragma once
// A bounded HTTP/1.0 GET to 127.0.0.1 for the tests of HTTP servers: status and body, or status 0
// when nothing answered within the timeout.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <string>

namespace roce::test {

struct HttpReply {
  int status = 0;  // 0: no answer
  std::string body;
};

inline HttpReply http_get(int port, const std::string& path,
                          std::chrono::milliseconds timeout = std::chrono::milliseconds(5000)) {
  HttpReply reply;
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return reply;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return reply;
  }
  const std::string request = "GET " + path + " HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n";
  if (::send(fd, request.data(), request.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(request.size())) {
    ::close(fd);
    return reply;
  }
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::string raw;
  char buf[8192];
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    pollfd p{fd, POLLIN, 0};
    if (left <= 0 || ::poll(&p, 1, static_cast<int>(left)) <= 0) {
      ::close(fd);
      return reply;  // timed out: no answer
    }
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    raw.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  const auto space = raw.find(' ');
  const auto header_end = raw.find("\r\n\r\n");
  if (space == std::string::npos || header_end == std::string::npos) return reply;
  reply.status = std::atoi(raw.c_str() + space + 1);
  reply.body = raw.substr(header_end + 4);
  return reply;
}

}  // namespace roce::test
