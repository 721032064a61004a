#pragma once
// A small HTTP server for `serve` on libmicrohttpd: GET and HEAD of a path answered by one
// handler, on a pool of epoll threads, with limits that keep one client (or a slow or idle one)
// from blinding the server to the others (http_server.cpp says which).
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "cli/header_deadlines.hpp"
#include "cli/rate_limited_log.hpp"
#include "util/expected.hpp"

struct MHD_Daemon;  // libmicrohttpd
struct MHD_Connection;

namespace roce::cli {

struct HttpResponse {
  int status = 200;
  std::string content_type = "text/plain; charset=utf-8";
  std::string body;
};

/// "127.0.0.1:9877", "0.0.0.0:9877", "[::1]:9877", ":9877" (every address): where to listen.
struct ListenAddress {
  std::string host;
  int port = 0;
  bool ipv6 = false;
  bool any = false;  // ":PORT": every IPv6 and IPv4 address (IPv4 only where the host has no IPv6)
  std::string text() const;
};
/// Parses ADDR:PORT (an IPv4 address, an IPv6 one in brackets, or nothing for every address;
/// port 1..65535).
Expected<ListenAddress> parse_listen_address(const std::string& text);

class HttpServer {
 public:
  /// TLS (both PEM texts, or neither) and basic authentication (user -> bcrypt hash; none: open).
  struct Security {
    std::string cert_pem, key_pem;
    std::map<std::string, std::string> users;
  };
  /// Answers a GET (or HEAD) of `path` (without the query string).
  using Handler = std::function<HttpResponse(const std::string& path)>;
  /// Listens on `address` until destroyed; fails naming the address (in use, no permission).
  static Expected<std::unique_ptr<HttpServer>> start(const ListenAddress& address, Handler handler,
                                                     const Security& security = {});
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  /// Answers one request (the library's callback calls it).
  HttpResponse answer(const std::string& method, const std::string& path) const;
  /// The connections still sending a request's headers, closed when they take too long.
  HeaderDeadlines& deadlines() { return deadlines_; }
  /// A message of the library (a refused connection, a client that went away), rate-limited.
  void log(const std::string& message);
  /// True when no user is configured, or the request's basic-auth user and password match one.
  bool authorized(::MHD_Connection* connection);

 private:
  explicit HttpServer(Handler handler);
  Handler handler_;
  RateLimitedLog log_;
  Security security_;
  std::mutex verified_mutex_;
  std::set<std::string> verified_;  // "user\0password" pairs that matched their hash
  HeaderDeadlines deadlines_;
  ::MHD_Daemon* daemon_ = nullptr;
};

}  // namespace roce::cli
