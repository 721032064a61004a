#pragma once
// `serve --web.config.file FILE`: TLS and basic authentication from the web configuration file that
// Prometheus exporters take (the exporter-toolkit format node_exporter reads):
//   tls_server_config:
//     cert_file: server.crt      # relative paths are relative to the file's folder
//     key_file: server.key
//   basic_auth_users:
//     prometheus: $2y$10$...     # bcrypt hashes (htpasswd -nBC 10 "" | tr -d ':\n')
// The YAML read is this subset: nested maps of scalars (plain, 'single' or "double" quoted) and
// comments. Every other key of the format (client certificates, TLS versions, HTTP headers) is
// refused with its line, never ignored: a setting believed in force must be in force.
#include <map>
#include <string>
#include <string_view>

#include "util/expected.hpp"

namespace roce::cli {

struct WebConfig {
  std::string cert_file, key_file;           // both or neither: TLS
  std::map<std::string, std::string> users;  // user -> bcrypt hash; empty: no authentication
  bool tls() const { return !cert_file.empty(); }
};

/// Parses the file's text; `path` names it in errors ("FILE:LINE: ...") and anchors relative paths.
Expected<WebConfig> parse_web_config(std::string_view text, const std::string& path);
/// Reads and parses FILE.
Expected<WebConfig> read_web_config(const std::string& path);

/// True when `password` matches the bcrypt `hash` ($2a$, $2b$ or $2y$).
bool bcrypt_matches(const std::string& hash, const std::string& password);

}  // namespace roce::cli
