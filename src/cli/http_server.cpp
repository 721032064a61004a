// The HTTP server of `serve` on libmicrohttpd (thread per connection, bounded connections).
#include "cli/http_server.hpp"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cerrno>
#include <charconv>
#include <cstring>

namespace roce::cli {
namespace {

constexpr unsigned kMaxConnections = 32;
constexpr unsigned kConnectionTimeoutSeconds = 30;  // an idle or stalled client is dropped

MHD_Result on_request(void* cls, MHD_Connection* connection, const char* url, const char* method,
                      const char* /*version*/, const char* /*upload_data*/, size_t* upload_data_size,
                      void** request_state) {
  // The first call only announces the request (headers read); answer on the second, as the library asks.
  static int announced;
  if (*request_state == nullptr) {
    *request_state = &announced;
    return MHD_YES;
  }
  *upload_data_size = 0;
  const auto* server = static_cast<const HttpServer*>(cls);
  const HttpResponse r = server->answer(method, url);
  MHD_Response* response =
      MHD_create_response_from_buffer(r.body.size(), const_cast<char*>(r.body.data()), MHD_RESPMEM_MUST_COPY);
  if (!response) return MHD_NO;
  MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, r.content_type.c_str());
  const MHD_Result queued = MHD_queue_response(connection, static_cast<unsigned>(r.status), response);
  MHD_destroy_response(response);
  return queued;
}

}  // namespace

Expected<ListenAddress> parse_listen_address(const std::string& text) {
  const auto bad = [&](const std::string& why) {
    return fail("--listen " + text + ": " + why, "give ADDR:PORT, e.g. 127.0.0.1:9877, 0.0.0.0:9877 or [::1]:9877");
  };
  const auto colon = text.rfind(':');
  if (colon == std::string::npos) return bad("no port");
  ListenAddress a;
  a.host = text.substr(0, colon);
  if (a.host.size() >= 2 && a.host.front() == '[' && a.host.back() == ']') {
    a.host = a.host.substr(1, a.host.size() - 2);
    a.ipv6 = true;
  }
  const std::string port = text.substr(colon + 1);
  const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), a.port);
  if (port.empty() || ec != std::errc{} || end != port.data() + port.size() || a.port < 1 || a.port > 65535)
    return bad("the port must be a number from 1 to 65535");
  unsigned char buf[sizeof(in6_addr)];
  if (inet_pton(a.ipv6 ? AF_INET6 : AF_INET, a.host.c_str(), buf) != 1)
    return bad(a.ipv6 ? "not an IPv6 address" : "not an IPv4 address (an IPv6 one goes in brackets)");
  return a;
}

Expected<std::unique_ptr<HttpServer>> HttpServer::start(const ListenAddress& address, Handler handler) {
  std::unique_ptr<HttpServer> server(new HttpServer(std::move(handler)));
  sockaddr_storage storage{};
  if (address.ipv6) {
    auto* in6 = reinterpret_cast<sockaddr_in6*>(&storage);
    in6->sin6_family = AF_INET6;
    in6->sin6_port = htons(static_cast<std::uint16_t>(address.port));
    inet_pton(AF_INET6, address.host.c_str(), &in6->sin6_addr);
  } else {
    auto* in4 = reinterpret_cast<sockaddr_in*>(&storage);
    in4->sin_family = AF_INET;
    in4->sin_port = htons(static_cast<std::uint16_t>(address.port));
    inet_pton(AF_INET, address.host.c_str(), &in4->sin_addr);
  }
  unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_ERROR_LOG;
  if (address.ipv6) flags |= MHD_USE_IPv6;
  errno = 0;
  server->daemon_ =
      MHD_start_daemon(flags, static_cast<std::uint16_t>(address.port), nullptr, nullptr, &on_request, server.get(),
                       MHD_OPTION_SOCK_ADDR, &storage, MHD_OPTION_CONNECTION_LIMIT, kMaxConnections,
                       MHD_OPTION_CONNECTION_TIMEOUT, kConnectionTimeoutSeconds, MHD_OPTION_END);
  if (!server->daemon_) {
    const int err = errno;
    const std::string where =
        (address.ipv6 ? "[" + address.host + "]" : address.host) + ":" + std::to_string(address.port);
    return fail("cannot listen on " + where + (err ? std::string(": ") + std::strerror(err) : ""),
                "is another server on that port? ports below 1024 need root", err);
  }
  return server;
}

HttpServer::~HttpServer() {
  if (daemon_) MHD_stop_daemon(daemon_);
}

HttpResponse HttpServer::answer(const std::string& method, const std::string& path) const {
  if (method != "GET" && method != "HEAD") return {405, "text/plain; charset=utf-8", "only GET and HEAD\n"};
  return handler_(path);
}

}  // namespace roce::cli
