// serve's web configuration file (the exporter-toolkit format node_exporter takes): what is read,
// what is refused with its line, and bcrypt as htpasswd and exporter-toolkit write it.
#include <crypt.h>

#include <catch2/catch.hpp>
#include <string>

#include "cli/web_config.hpp"

namespace roce::test {
namespace {

// A bcrypt hash of `password` at cost 4 (htpasswd -nbBC 4 writes the same form, with $2y$).
std::string bcrypt_of(const std::string& password) {
  char salt[CRYPT_GENSALT_OUTPUT_SIZE];
  REQUIRE(crypt_gensalt_rn("$2b$", 4, nullptr, 0, salt, sizeof salt));
  crypt_data data{};
  return crypt_r(password.c_str(), salt, &data);
}

std::string error_of(const std::string& text) {
  auto c = cli::parse_web_config(text, "/etc/roce-doctor/web.yml");
  return c ? std::string("(parsed)") : c.error().message;
}

}  // namespace

TEST_CASE("a web configuration as the exporter-toolkit documents it is read") {
  // The layout of exporter-toolkit's docs/web-configuration.md, with a comment and quoting.
  const std::string text =
      "---\n"
      "# roce-doctor serve\n"
      "tls_server_config:\n"
      "  cert_file: server.crt   # beside this file\n"
      "  key_file: \"/etc/ssl/private/server.key\"\n"
      "\n"
      "basic_auth_users:\n"
      "  prometheus: $2y$10$X0h1gDsPszWURQaxFh.zoubFi6DXncSjhoQNJgRrnGs7EsimhC7zG\n"
      "  'ops team': '$2b$04$abcdefghijklmnopqrstuu5Ao0N2vZC9JBM7O1I3XGQ2GnqjTQnbG'\n";
  auto c = cli::parse_web_config(text, "/etc/roce-doctor/web.yml");
  REQUIRE(c);
  CHECK(c->cert_file == "/etc/roce-doctor/server.crt");
  CHECK(c->key_file == "/etc/ssl/private/server.key");
  CHECK(c->tls());
  REQUIRE(c->users.size() == 2);
  CHECK(c->users.at("prometheus").starts_with("$2y$10$"));
  CHECK(c->users.count("ops team") == 1);

  auto auth_only = cli::parse_web_config("basic_auth_users:\n  a: $2b$04$x\n", "w.yml");
  REQUIRE(auth_only);
  CHECK_FALSE(auth_only->tls());
}

TEST_CASE("every setting serve does not apply is refused with its line, never ignored") {
  CHECK(error_of("tls_server_config:\n  cert_file: a\n  key_file: b\n  client_auth_type: RequireAndVerifyClientCert\n") ==
        "/etc/roce-doctor/web.yml:4: tls_server_config.client_auth_type is not supported by roce-doctor serve");
  CHECK(error_of("tls_server_config:\n  cert_file: a\n") ==
        "/etc/roce-doctor/web.yml: tls_server_config needs both cert_file and key_file");
  CHECK(error_of("http_server_config:\n  http2: false\n") ==
        "/etc/roce-doctor/web.yml:1: http_server_config is not supported by roce-doctor serve");
  CHECK(error_of("basic_auth_users:\n  alice: hunter2\n") ==
        "/etc/roce-doctor/web.yml:2: the password of alice is not a bcrypt hash");
  CHECK(error_of("tls_config:\n  cert_file: a\n") == "/etc/roce-doctor/web.yml:1: unknown key tls_config");
  CHECK(error_of("basic_auth_users:\n\talice: $2b$04$x\n") == "/etc/roce-doctor/web.yml:2: a tab in the indentation");
  CHECK(error_of("basic_auth_users:\n  - alice\n") ==
        "/etc/roce-doctor/web.yml:2: a list item where a map was expected");
  CHECK(error_of("basic_auth_users:\n  alice: '$2b$04$x\n") == "/etc/roce-doctor/web.yml:2: the quote is not closed");
  CHECK(error_of("basic_auth_users:\n  alice: $2b$04$x\n  alice: $2b$04$y\n") ==
        "/etc/roce-doctor/web.yml:3: user alice given twice");
  CHECK(error_of("basic_auth_users:\n  alice: $2b$04$x\n    bob: $2b$04$y\n") ==
        "/etc/roce-doctor/web.yml:3: the indentation does not match the lines above");
  CHECK(error_of("  alice: x\n") == "/etc/roce-doctor/web.yml:1: an indented line outside any section");
  CHECK(error_of("basic_auth_users: &anchor\n") ==
        "/etc/roce-doctor/web.yml:1: only plain or quoted strings are read here, not '&'");
}

TEST_CASE("bcrypt hashes match their password and nothing else") {
  const std::string hash = bcrypt_of("s3cret");
  CHECK(cli::bcrypt_matches(hash, "s3cret"));
  CHECK_FALSE(cli::bcrypt_matches(hash, "s3cret "));
  CHECK_FALSE(cli::bcrypt_matches(hash, ""));
  std::string y = hash;
  y[2] = 'y';  // htpasswd's $2y$ is the same algorithm
  CHECK(cli::bcrypt_matches(y, "s3cret"));
  CHECK_FALSE(cli::bcrypt_matches("$1$abc$def", "s3cret"));  // MD5-crypt is no bcrypt
  CHECK_FALSE(cli::bcrypt_matches("plain", "plain"));
}

}  // namespace roce::test
