// HTTP GET through libcurl.
#include "incident/http_get.hpp"

#include <curl/curl.h>

#include <cstdlib>
#include <memory>
#include <mutex>

namespace roce::incident {
namespace {

struct Sink {
  std::string body;
  std::size_t max_bytes;
  bool too_big = false;
};

std::size_t on_data(char* data, std::size_t size, std::size_t count, void* user) {
  auto* sink = static_cast<Sink*>(user);
  const std::size_t n = size * count;
  if (sink->body.size() + n > sink->max_bytes) {
    sink->too_big = true;
    return 0;  // aborts the transfer
  }
  sink->body.append(data, n);
  return n;
}

void init_once() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

}  // namespace

std::string url_for_messages(const std::string& url) {
  const auto scheme = url.find("://");
  const auto at = url.find('@', scheme == std::string::npos ? 0 : scheme + 3);
  const auto slash = url.find('/', scheme == std::string::npos ? 0 : scheme + 3);
  if (scheme == std::string::npos || at == std::string::npos || (slash != std::string::npos && at > slash)) return url;
  const auto colon = url.find(':', scheme + 3);
  if (colon == std::string::npos || colon > at) return url;
  return url.substr(0, colon + 1) + "***" + url.substr(at);
}

std::string url_encode(const std::string& text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
        c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

Expected<HttpAnswer> http_get(const std::string& url, int timeout_seconds, std::size_t max_bytes) {
  init_once();
  std::unique_ptr<CURL, void (*)(CURL*)> curl(curl_easy_init(), curl_easy_cleanup);
  if (!curl) return fail("GET " + url_for_messages(url) + ": libcurl could not start", "");
  Sink sink{{}, max_bytes};
  char error[CURL_ERROR_SIZE] = "";
  curl_easy_setopt(curl.get(), CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl.get(), CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl.get(), CURLOPT_WRITEFUNCTION, on_data);
  curl_easy_setopt(curl.get(), CURLOPT_WRITEDATA, &sink);
  curl_easy_setopt(curl.get(), CURLOPT_ERRORBUFFER, error);
  curl_easy_setopt(curl.get(), CURLOPT_TIMEOUT, static_cast<long>(timeout_seconds));
  curl_easy_setopt(curl.get(), CURLOPT_CONNECTTIMEOUT, 10L);
  curl_easy_setopt(curl.get(), CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl.get(), CURLOPT_ACCEPT_ENCODING, "");
  curl_easy_setopt(curl.get(), CURLOPT_USERAGENT, "roce-doctor");
  if (const char* ca = std::getenv("ROCE_DOCTOR_CA_FILE"); ca && *ca) curl_easy_setopt(curl.get(), CURLOPT_CAINFO, ca);
  const CURLcode rc = curl_easy_perform(curl.get());
  if (sink.too_big)
    return fail(
        "GET " + url_for_messages(url) + ": the answer is larger than " + std::to_string(max_bytes >> 20) + " MiB",
        "narrow --since/--until");
  if (rc != CURLE_OK)
    return fail("GET " + url_for_messages(url) + ": " + (*error ? std::string(error) : curl_easy_strerror(rc)),
                "check the URL, that the server is up, and its TLS certificate (ROCE_DOCTOR_CA_FILE names a CA file)");
  HttpAnswer answer;
  curl_easy_getinfo(curl.get(), CURLINFO_RESPONSE_CODE, &answer.status);
  answer.body = std::move(sink.body);
  return answer;
}

}  // namespace roce::incident
