#pragma once
// An HTTP(S) GET through libcurl: what a Prometheus server behind TLS and basic authentication
// needs (the user and password from the URL's user part, the system's CAs or ROCE_DOCTOR_CA_FILE),
// with a deadline and a cap on the answer's size.
#include <cstddef>
#include <string>

#include "util/expected.hpp"

namespace roce::incident {

struct HttpAnswer {
  long status = 0;
  std::string body;
};

/// Fails naming the URL (without its password) when it cannot be fetched or the answer is larger
/// than `max_bytes`; an HTTP error status is an answer, not a failure.
Expected<HttpAnswer> http_get(const std::string& url, int timeout_seconds = 60, std::size_t max_bytes = 1u << 30);

/// `url` with its password replaced by "***", for messages.
std::string url_for_messages(const std::string& url);

/// `text` percent-encoded for a query string.
std::string url_encode(const std::string& text);

}  // namespace roce::incident
