// serve with --web.config.file: TLS and basic authentication, checked with curl as a scraper would
// (and as Prometheus does, with the CA and the password): without the password 401, with it 200,
// plain HTTP to the TLS port gets nothing.
#include <crypt.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>

#include "support/child_process.hpp"
#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

TEST_CASE("serve over TLS with basic authentication refuses a scrape without the password and answers one with it") {
  if (shell("command -v openssl && command -v curl").exit_code != 0) {
    WARN("ROCE-TEST-SKIP: openssl and curl are needed (Debian packages openssl, curl)");
    return;
  }
  const TempDir dir("serve-tls", {});
  const auto made = shell("openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj "
                          "/CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 -keyout " +
                          shell_word(dir.path("server.key")) + " -out " + shell_word(dir.path("server.crt")));
  INFO(made.err);
  REQUIRE(made.exit_code == 0);
  char salt[CRYPT_GENSALT_OUTPUT_SIZE];
  REQUIRE(crypt_gensalt_rn("$2b$", 4, nullptr, 0, salt, sizeof salt));
  crypt_data data{};
  const std::string hash = crypt_r("s3cret", salt, &data);
  write_file(dir.path("web.yml"), "tls_server_config:\n  cert_file: server.crt\n  key_file: server.key\n"
                                  "basic_auth_users:\n  prometheus: '" + hash + "'\n");
  const std::filesystem::path model = dir.path("healthy.toml");
  std::filesystem::copy_file(std::filesystem::path(ROCE_EXAMPLES_DIR) / "sim" / "healthy.toml", model);
  const int port = free_local_port();
  ChildProcess serve({ROCE_DOCTOR_BIN, "--host", "sim:" + model.string(), "serve", "--listen",
                      "127.0.0.1:" + std::to_string(port), "--web.config.file", dir.path("web.yml")},
                     dir.path("serve.log"));
  const std::string url = "https://127.0.0.1:" + std::to_string(port) + "/metrics";
  const std::string curl = "curl -s --max-time 5 -o /dev/null -w '%{http_code}' --cacert " +
                           shell_word(dir.path("server.crt")) + " ";
  std::string without;
  for (int i = 0; i < 100 && serve.running(); ++i) {
    without = shell(curl + shell_word(url)).out;
    if (without != "000") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  const std::string wrong = shell(curl + "-u prometheus:guess " + shell_word(url)).out;
  const std::string with = shell(curl + "-u prometheus:s3cret " + shell_word(url)).out;
  const auto body = shell("curl -s --max-time 5 --cacert " + shell_word(dir.path("server.crt")) +
                          " -u prometheus:s3cret " + shell_word(url));
  const std::string plain =
      shell("curl -s --max-time 5 -o /dev/null -w '%{http_code}' http://127.0.0.1:" + std::to_string(port) + "/metrics")
          .out;
  serve.stop();
  INFO(slurp(dir.path("serve.log")));
  CHECK(without == "401");
  CHECK(wrong == "401");
  CHECK(with == "200");
  CHECK(body.out.find("roce_doctor_host_info{") != std::string::npos);
  CHECK(plain != "200");
  CHECK(slurp(dir.path("serve.log")).find("over TLS, with basic authentication") != std::string::npos);
}

TEST_CASE("serve refuses a web configuration it cannot apply before it listens: exit 3 with the line") {
  const TempDir dir("serve-webcfg", {});
  write_file(dir.path("web.yml"), "tls_server_config:\n  cert_file: a.crt\n  key_file: a.key\n  min_version: TLS13\n");
  const auto r = run("serve --listen 127.0.0.1:" + std::to_string(free_local_port()) + " --web.config.file " +
                     shell_word(dir.path("web.yml")));
  CHECK(r.exit_code == 3);
  CHECK(r.err.find("web.yml:4: tls_server_config.min_version is not supported") != std::string::npos);
  write_file(dir.path("missing.yml"), "tls_server_config:\n  cert_file: nope.crt\n  key_file: nope.key\n");
  const auto missing = run("serve --listen 127.0.0.1:" + std::to_string(free_local_port()) + " --web.config.file " +
                           shell_word(dir.path("missing.yml")));
  CHECK(missing.exit_code == 3);
  CHECK(missing.err.find("tls_server_config.cert_file") != std::string::npos);
}

}  // namespace roce::test
