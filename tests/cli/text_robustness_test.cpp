// Text that is not what a parser expects, end to end: a capture saved with CRLF line ends is
// judged as its LF original; a host name that is not UTF-8 reaches every --json output and the
// Prometheus labels as valid UTF-8, never an abort; symbolic links inside a capture folder are
// followed, links out of it or in a loop named.
#include <catch2/catch.hpp>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "support/child_process.hpp"
#include "support/run_binary.hpp"

namespace roce::test {

namespace {

namespace fs = std::filesystem;

const std::string kFolder = std::string(ROCE_SOURCE_DIR) + "/tests/fixtures/import/folder";

// `text` with every occurrence of `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

bool has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

bool valid_json(const std::string& text) { return nlohmann::json::accept(text); }

}  // namespace

TEST_CASE("a capture folder saved with CRLF line ends is judged as its LF original") {
  const TempDir dir("crlf");
  const std::string lf = dir.path("lf"), crlf = dir.path("crlf");
  fs::copy(kFolder, lf, fs::copy_options::recursive);
  copy_with_crlf(kFolder, crlf);
  REQUIRE(has(slurp(crlf + "/sys/class/net/ens1f0/operstate"), "up\r\n"));
  for (const std::string command : {"check", "check --json", "show --evidence", "tune --json"}) {
    INFO(command);
    const auto a = run(command + " --from '" + lf + "'");
    const auto b = run(command + " --from '" + crlf + "'");
    INFO(a.out << a.err << "\n---- CRLF ----\n" << b.out << b.err);
    CHECK(a.exit_code == b.exit_code);
    CHECK(replaced(a.out, lf, "CAPTURE") == replaced(b.out, crlf, "CAPTURE"));
    CHECK_FALSE(has(b.out, "operstate up"));  // the false LINK-STATE of an "up\r"
  }
}

TEST_CASE("a host name that is not UTF-8 gives valid JSON and Prometheus labels, never an abort") {
  const TempDir dir("utf8");
  const std::string cap = dir.path("capture");
  fs::copy(kFolder, cap, fs::copy_options::recursive);
  write_file(cap + "/hostname",
             "gpu-n\xf6"
             "de-07\n");  // Latin-1, as an old host's file may be
  const std::string bw_result = std::string(ROCE_SOURCE_DIR) + "/tests/fixtures/results/perftest_send_bw_gbits.txt";
  const std::string replacement =
      "gpu-n\xef\xbf\xbd"
      "de-07";  // U+FFFD
  for (const std::string& command :
       {"check --json --from '" + cap + "'", "fleet --json '" + cap + "'", "tune --json --from '" + cap + "'",
        "show --json --from '" + cap + "'", "bw --json --from '" + cap + "' '" + bw_result + "'"}) {
    INFO(command);
    const auto r = run(command);
    INFO(r.out << r.err);
    CHECK(r.exit_code >= 0);
    CHECK(r.exit_code <= 5);
    CHECK(valid_json(r.out));
    CHECK(has(r.out, replacement));
  }

  const auto metrics = run("metrics --from '" + cap + "'");
  INFO(metrics.out << metrics.err);
  REQUIRE(metrics.exit_code == 0);
  CHECK(has(metrics.out, "hostname=\"" + replacement + "\""));
  if (!have_tool("promtool")) {
    WARN("ROCE-TEST-SKIP: promtool (Debian package prometheus) is not installed");
    return;
  }
  write_file(dir.path("metrics.prom"), metrics.out);
  const auto lint = shell("promtool check metrics <'" + dir.path("metrics.prom") + "' 2>&1");
  INFO(lint.out);
  CHECK(lint.exit_code == 0);
}

TEST_CASE("symbolic links inside a capture folder are followed; out of it, dangling or in a loop they are named") {
  const TempDir dir("links");
  const std::string cap = dir.path("capture");
  fs::copy(kFolder, cap, fs::copy_options::recursive);
  fs::rename(cap + "/hostname", cap + "/hostname.real");
  fs::create_symlink("hostname.real", cap + "/hostname");
  write_file(dir.path("outside/ip_link"), "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 4242 qdisc noqueue state UNKNOWN\n");
  fs::create_symlink("../outside/ip_link", cap + "/ip_link");
  fs::create_symlink("nowhere", cap + "/ethtool_-i_ens1f0");
  fs::create_symlink("ip_address", cap + "/ip_-s_link");
  fs::create_symlink("ip_-s_link", cap + "/ip_address");
  fs::create_symlink(".", cap + "/again");
  const auto r = run("show --json --from '" + cap + "'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(has(r.out, "\"hostname\": \"gpu-node-07\""));
  CHECK(has(r.out, "ip_link: a symbolic link out of the capture (to ../outside/ip_link); not read"));
  CHECK_FALSE(has(r.out, "4242"));
  CHECK(has(r.out, "ethtool_-i_ens1f0: a symbolic link to nothing (to nowhere); not read"));
  CHECK(has(r.out, "ip_address: a symbolic link loop (to ip_-s_link); not read"));
  CHECK(has(r.out, "again: a symbolic link to a folder read already (a loop); not followed"));
}

}  // namespace roce::test
