#pragma once
// A small HTTP server for `serve` on libmicrohttpd: GET and HEAD of a path answered by one
// handler, each connection in its own thread so that a slow scrape never holds up another.
#include <functional>
#include <memory>
#include <string>

#include "util/expected.hpp"

struct MHD_Daemon;  // libmicrohttpd

namespace roce::cli {

struct HttpResponse {
  int status = 200;
  std::string content_type = "text/plain; charset=utf-8";
  std::string body;
};

/// "127.0.0.1:9877", "0.0.0.0:9877", "[::1]:9877": an address and port to listen on.
struct ListenAddress {
  std::string host;
  int port = 0;
  bool ipv6 = false;
};
/// Parses ADDR:PORT (an IPv4 address, or an IPv6 one in brackets; port 1..65535).
Expected<ListenAddress> parse_listen_address(const std::string& text);

class HttpServer {
 public:
  /// Answers a GET (or HEAD) of `path` (without the query string).
  using Handler = std::function<HttpResponse(const std::string& path)>;
  /// Listens on `address` until destroyed; fails naming the address (in use, no permission).
  static Expected<std::unique_ptr<HttpServer>> start(const ListenAddress& address, Handler handler);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  /// Answers one request (the library's callback calls it).
  HttpResponse answer(const std::string& method, const std::string& path) const;

 private:
  explicit HttpServer(Handler handler) : handler_(std::move(handler)) {}
  Handler handler_;
  ::MHD_Daemon* daemon_ = nullptr;
};

}  // namespace roce::cli
