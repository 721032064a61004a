// The HTTP server of `serve` on libmicrohttpd: a small pool of epoll threads (an idle or slow client
// costs a socket, never a thread), connection limits in total and per client address, a deadline
// for each request's headers, request bodies refused, and the library's complaints logged at a
// bounded rate.
#include "cli/http_server.hpp"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cerrno>
#include <charconv>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <vector>

#include "cli/web_config.hpp"

namespace roce::cli {
namespace {

constexpr unsigned kPollingThreads = 4;
// Sized for a DaemonSet scraped by several Prometheus servers (one keep-alive connection each) with
// room for people and probes; one address may hold only a small part of it.
constexpr unsigned kMaxConnections = 512;
constexpr unsigned kMaxConnectionsPerAddress = 16;
constexpr unsigned kIdleTimeoutSeconds = 10;       // no byte in either direction: the connection is closed
constexpr std::size_t kRequestMemory = 32 * 1024;  // the request line and headers must fit
// TLS 1.2 and 1.3 only, as exporter-toolkit's default minimum.
constexpr const char* kTlsPriorities = "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2";
constexpr auto kHeaderDeadline = std::chrono::seconds(10);  // from opening, or from the previous response

HttpServer& server_of(void* cls) { return *static_cast<HttpServer*>(cls); }

void log_library_message(void* cls, const char* format, va_list args) {
  char line[512];
  std::vsnprintf(line, sizeof line, format, args);
  server_of(cls).log(line);
}

void on_connection(void* cls, MHD_Connection* connection, void** /*socket_context*/,
                   MHD_ConnectionNotificationCode code) {
  if (code == MHD_CONNECTION_NOTIFY_STARTED) {
    const MHD_ConnectionInfo* info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (info) server_of(cls).deadlines().opened(connection, info->connect_fd);
  } else {
    server_of(cls).deadlines().closed(connection);
  }
}

// A response is done: the next request on this keep-alive connection gets a fresh header deadline.
void on_completed(void* cls, MHD_Connection* connection, void** /*request_state*/, MHD_RequestTerminationCode /*why*/) {
  server_of(cls).deadlines().awaiting_headers(connection);
}

MHD_Result queue(MHD_Connection* connection, const HttpResponse& r) {
  MHD_Response* response =
      MHD_create_response_from_buffer(r.body.size(), const_cast<char*>(r.body.data()), MHD_RESPMEM_MUST_COPY);
  if (!response) return MHD_NO;
  MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, r.content_type.c_str());
  if (r.status == 405) MHD_add_response_header(response, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
  const MHD_Result queued = MHD_queue_response(connection, static_cast<unsigned>(r.status), response);
  MHD_destroy_response(response);
  return queued;
}

MHD_Result refuse_unauthorized(MHD_Connection* connection) {
  static const char kBody[] = "401: this roce-doctor serve asks for a user and password (basic authentication)\n";
  MHD_Response* response =
      MHD_create_response_from_buffer(sizeof kBody - 1, const_cast<char*>(kBody), MHD_RESPMEM_PERSISTENT);
  if (!response) return MHD_NO;
  const MHD_Result queued = MHD_queue_basic_auth_fail_response(connection, "roce-doctor", response);
  MHD_destroy_response(response);
  return queued;
}

bool has_body(MHD_Connection* connection) {
  const char* length = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
  if (length && std::strcmp(length, "0") != 0) return true;
  return MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING) != nullptr;
}

MHD_Result on_request(void* cls, MHD_Connection* connection, const char* url, const char* method,
                      const char* /*version*/, const char* /*upload_data*/, size_t* upload_data_size,
                      void** request_state) {
  HttpServer& server = server_of(cls);
  // The first call comes once the headers are read. A request with a body is answered at once,
  // before the body is read (the library then closes the connection): nothing here takes one.
  static int announced;
  if (*request_state == nullptr) {
    *request_state = &announced;
    server.deadlines().headers_read(connection);
    if (!server.authorized(connection)) return refuse_unauthorized(connection);
    if (std::strcmp(method, "GET") != 0 && std::strcmp(method, "HEAD") != 0)
      return queue(connection, server.answer(method, url));
    if (has_body(connection))
      return queue(connection, {413, "text/plain; charset=utf-8", "a GET or HEAD carries no body\n"});
    return MHD_YES;
  }
  *upload_data_size = 0;
  return queue(connection, server.answer(method, url));
}

}  // namespace

Expected<ListenAddress> parse_listen_address(const std::string& text) {
  const auto bad = [&](const std::string& why) {
    return fail("--listen " + text + ": " + why,
                "give ADDR:PORT, e.g. 127.0.0.1:9877, 0.0.0.0:9877, [::1]:9877, or :9877 for every address");
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
  if (a.host.empty() && !a.ipv6) {  // ":9877", as node_exporter's ":9100": every address, IPv4 and IPv6
    a.any = true;
    return a;
  }
  unsigned char buf[sizeof(in6_addr)];
  if (inet_pton(a.ipv6 ? AF_INET6 : AF_INET, a.host.c_str(), buf) != 1)
    return bad(a.ipv6 ? "not an IPv6 address" : "not an IPv4 address (an IPv6 one goes in brackets)");
  return a;
}

std::string ListenAddress::text() const {
  if (any) return ":" + std::to_string(port);
  return (ipv6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

Expected<std::unique_ptr<HttpServer>> HttpServer::start(const ListenAddress& address, Handler handler,
                                                        const Security& security) {
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
  unsigned flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ERROR_LOG;
  if (address.ipv6) flags |= MHD_USE_IPv6;
  if (address.any) flags |= MHD_USE_DUAL_STACK;
  if (!security.cert_pem.empty()) flags |= MHD_USE_TLS;
  const auto fn = [](auto* f) { return reinterpret_cast<intptr_t>(f); };
  // The logger first: the library says so on stderr otherwise, in its own words.
  std::vector<MHD_OptionItem> options = {
      {MHD_OPTION_EXTERNAL_LOGGER, fn(&log_library_message), server.get()},
      {MHD_OPTION_THREAD_POOL_SIZE, kPollingThreads, nullptr},
      {MHD_OPTION_CONNECTION_LIMIT, kMaxConnections, nullptr},
      {MHD_OPTION_PER_IP_CONNECTION_LIMIT, kMaxConnectionsPerAddress, nullptr},
      {MHD_OPTION_CONNECTION_TIMEOUT, kIdleTimeoutSeconds, nullptr},
      {MHD_OPTION_CONNECTION_MEMORY_LIMIT, static_cast<intptr_t>(kRequestMemory), nullptr},
      {MHD_OPTION_NOTIFY_CONNECTION, fn(&on_connection), server.get()},
      {MHD_OPTION_NOTIFY_COMPLETED, fn(&on_completed), server.get()},
  };
  // Without MHD_OPTION_SOCK_ADDR the library binds the wildcard address: ":PORT".
  if (!address.any) options.push_back({MHD_OPTION_SOCK_ADDR, 0, &storage});
  server->security_ = security;  // the library keeps pointers to the PEM texts
  if (!server->security_.cert_pem.empty()) {
    options.push_back({MHD_OPTION_HTTPS_MEM_CERT, 0, const_cast<char*>(server->security_.cert_pem.c_str())});
    options.push_back({MHD_OPTION_HTTPS_MEM_KEY, 0, const_cast<char*>(server->security_.key_pem.c_str())});
    options.push_back({MHD_OPTION_HTTPS_PRIORITIES, 0, const_cast<char*>(kTlsPriorities)});
  }
  options.push_back({MHD_OPTION_END, 0, nullptr});
  const auto start_daemon = [&](unsigned with) {
    return MHD_start_daemon(with, static_cast<std::uint16_t>(address.port), nullptr, nullptr, &on_request, server.get(),
                            MHD_OPTION_ARRAY, options.data(), MHD_OPTION_END);
  };
  errno = 0;
  server->daemon_ = start_daemon(flags);
  if (!server->daemon_ && address.any) {  // a host without IPv6: every IPv4 address
    errno = 0;
    server->daemon_ = start_daemon(flags & ~static_cast<unsigned>(MHD_USE_DUAL_STACK));
  }
  if (!server->daemon_) {
    const int err = errno;
    return fail("cannot listen on " + address.text() + (err ? std::string(": ") + std::strerror(err) : ""),
                "is another server on that port? ports below 1024 need root", err);
  }
  return server;
}

HttpServer::HttpServer(Handler handler) : handler_(std::move(handler)), log_(stderr), deadlines_(kHeaderDeadline) {}

HttpServer::~HttpServer() {
  if (daemon_) MHD_stop_daemon(daemon_);
}

HttpResponse HttpServer::answer(const std::string& method, const std::string& path) const {
  if (method != "GET" && method != "HEAD") return {405, "text/plain; charset=utf-8", "only GET and HEAD\n"};
  return handler_(path);
}

void HttpServer::log(const std::string& message) { log_.write(message); }

bool HttpServer::authorized(MHD_Connection* connection) {
  if (security_.users.empty()) return true;
  char* password = nullptr;
  char* user = MHD_basic_auth_get_username_password(connection, &password);
  bool ok = false;
  if (user && password) {
    const auto it = security_.users.find(user);
    // bcrypt costs tens of milliseconds by design: a pair that matched once is remembered.
    const std::string pair = std::string(user) + '\0' + password;
    std::lock_guard lock(verified_mutex_);
    if (it != security_.users.end()) {
      ok = verified_.count(pair) > 0;
      if (!ok && bcrypt_matches(it->second, password)) {
        if (verified_.size() >= 64) verified_.clear();
        verified_.insert(pair);
        ok = true;
      }
    }
  }
  if (user) MHD_free(user);
  if (password) MHD_free(password);
  return ok;
}

}  // namespace roce::cli
