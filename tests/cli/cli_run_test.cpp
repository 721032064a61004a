// End-to-end: the built roce-doctor binary on the examples, on bad bundles, live on this machine
// and inside a network namespace with a veth pair.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "captures/bundle.hpp"
#include "examples/cx6dx_example.hpp"
#include "support/paths.hpp"
#include "support/run_binary.hpp"

namespace roce::test {

namespace {

const std::string kExample = std::string(ROCE_EXAMPLES_DIR) + "/cx6dx-ecn-off.json";

}  // namespace

TEST_CASE("show --from renders the example bundle's last sample") {
  const auto r = run("show --from '" + kExample + "'");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.rfind(
            "bundle " + kExample + ": sample 2 of 2\nhost gpu-node-07 kernel 6.1.0-18-amd64 at 2025-11-29 07:07:40 UTC",
            0) == 0);
  for (const char* expected : {"roce-v2 172.19.0.60 gid-index 3 NCCL_IB_GID_INDEX=3", "dscp-prio 26→3 48→6, others→0",
                               "prio-pfc 3:on others:off delay 7", "ecn-np 3:off others:on",
                               "prio-3 rx-pause 1425300 rx-pause-us 236118771", "cnp-sent 0 cnp-handled 0"}) {
    INFO(expected);
    CHECK(r.out.find(expected) != std::string::npos);
  }
  CHECK(r.out.find("\033[") == std::string::npos);  // not a TTY: no colour
}

TEST_CASE("show --dev narrows to a device and what pairs with it") {
  const auto rdma = run("show --from '" + kExample + "' --dev mlx5_0");
  CHECK(rdma.out.find("netdev ens1f0np0:") != std::string::npos);
  CHECK(rdma.out.find("netdev lo:") == std::string::npos);
  const auto lo = run("show --from '" + kExample + "' --dev lo");
  CHECK(lo.out.find("rdma: no RDMA devices") != std::string::npos);
  const auto none = run("show --from '" + kExample + "' --dev eth9");
  CHECK(none.exit_code == 3);
  CHECK(none.err ==
        "roce-doctor: no netdev or RDMA device named \"eth9\"\nhint: see `roce-doctor show` for the names\n");
}

TEST_CASE("show --json prints the host document, which parses and round-trips") {
  const auto r = run("show --json --from '" + kExample + "'");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.rfind("{\n  \"format\": \"roce-doctor-host\",\n  \"schema_version\": 1,", 0) == 0);
  auto bundle = roce::captures::read_bundle_file(kExample);
  REQUIRE(bundle.ok());
  auto shown = roce::captures::read_bundle_text(r.out, "stdout");
  REQUIRE(shown.ok());
  CHECK(shown->samples.at(0) == bundle->samples.back());
  // ... and reads back through show --from like a bundle.
  const std::string path = temp_path("host.json");
  write_file(path, r.out);
  auto without_first_line = [](const std::string& text) { return text.substr(text.find('\n') + 1); };
  const auto from_json = run("show --from '" + path + "'");
  CHECK(from_json.out.rfind("bundle " + path + ": sample 1 of 1\n", 0) == 0);
  CHECK(without_first_line(from_json.out) == without_first_line(run("show --from '" + kExample + "'").out));
  std::remove(path.c_str());
}

TEST_CASE("bad input exits 3 with a located message") {
  const std::string path = temp_path("bad.json");
  write_file(path,
             "{\"format\": \"roce-doctor-bundle\", \"schema_version\": 1, \"samples\": [{\"netdevs\": [{\"mtu\": ");
  auto r = run("show --from '" + path + "'");
  CHECK(r.exit_code == 3);
  CHECK(r.err.rfind("roce-doctor: bundle " + path + ":1:", 0) == 0);

  write_file(
      path,
      R"({"format": "roce-doctor-bundle", "schema_version": 1, "samples": [{"netdevs": [{"mtu": {"value": "x"}}]}]})");
  r = run("show --from '" + path + "'");
  CHECK(r.exit_code == 3);
  CHECK(r.err ==
        "roce-doctor: bundle " + path + ": samples[0].netdevs[0].mtu: expected unsigned integer, got a string\n");

  write_file(path, R"({"format": "roce-doctor-bundle", "schema_version": 7, "samples": []})");
  r = run("show --from '" + path + "'");
  CHECK(r.exit_code == 3);
  CHECK(r.err.find("written by a newer roce-doctor (schema 7; this one reads 1)") != std::string::npos);
  std::remove(path.c_str());

  CHECK(run("show --from /nonexistent/x.json").exit_code == 3);
  CHECK(run("show --bogus").exit_code == 3);
  CHECK(run("frobnicate").exit_code == 3);
  CHECK(run("").exit_code == 3);
  CHECK(run("collect").exit_code == 3);  // -o is required
  const auto interval = run("collect -o /dev/null --samples 2 --interval 5x");
  CHECK(interval.exit_code == 3);
  CHECK(interval.err.find("invalid duration \"5x\"") != std::string::npos);
}

TEST_CASE("--help works on every level and --version prints the version") {
  for (const char* args : {"--help", "show --help", "collect --help"}) {
    const auto r = run(args);
    INFO(args);
    CHECK(r.exit_code == 0);
    CHECK((r.out.find("--sysfs-root") != std::string::npos || r.out.find("--dev") != std::string::npos));
  }
  CHECK(run("collect --help").out.find("--interval") != std::string::npos);
  const auto v = run("--version");
  CHECK(v.exit_code == 0);
  CHECK(v.out.starts_with("roce-doctor 0.1.0\n"));  // the rest: tests/dist/test_version.cpp
}

TEST_CASE("live show --verbose on this machine lists lo with its stats and DCB unsupported, with the cause") {
  const auto r = run("show --verbose --dev lo");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("netdev lo: state unknown mtu 65536") != std::string::npos);
  CHECK(r.out.find("    stats rx-bytes ") != std::string::npos);
  CHECK(r.out.find("    pfc unsupported (dcbnl: lo: Operation not supported)\n") != std::string::npos);
  CHECK(r.out.find("addresses 127.0.0.1/8") != std::string::npos);
}

TEST_CASE("collect writes a bundle of several samples that show --from reads") {
  for (const char* name : {"c.json", "c.json.zst"}) {
    const std::string path = temp_path(name);
    const auto r = run("collect -o '" + path + "' --samples 3 --interval 0.1 --dev lo");  // seconds
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    auto bundle = roce::captures::read_bundle_file(path);
    REQUIRE(bundle.ok());
    REQUIRE(bundle->samples.size() == 3);
    CHECK(bundle->tool_version == "0.1.0");
    CHECK((bundle->samples[1].monotonic_ns - bundle->samples[0].monotonic_ns >= 100'000'000));
    CHECK(bundle->samples[2].netdevs.at(0).name == "lo");
    CHECK(bundle->samples[0].from.source == "live");
    CHECK(run("show --from '" + path + "'").out.find("sample 3 of 3") != std::string::npos);
    std::remove(path.c_str());
  }
}

TEST_CASE("collect without lldpd installed warns, notes why in the bundle, and exits 0") {
  const std::string path = temp_path("no-lldpd.json");
  const auto r = run("collect -o '" + path + "' --dev lo", "env PATH=/nonexistent");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.find("roce-doctor: host LLDP neighbours unsupported (lldpd is not installed: no lldpctl in PATH; "
                   "install and start the lldpd package: apt-get install lldpd)\n") != std::string::npos);
  auto bundle = roce::captures::read_bundle_file(path);
  REQUIRE(bundle.ok());
  REQUIRE_FALSE(bundle->samples.back().notes.empty());
  CHECK(bundle->samples.back().notes.back().subject == "lldp");
  CHECK(bundle->samples.back().notes.back().availability == roce::model::Availability::unsupported);
  CHECK(bundle->observations.switches.host_lldp.empty());
  std::remove(path.c_str());
}

TEST_CASE("a veth inside a network namespace: DCB unsupported, driver veth") {
  if (geteuid() != 0) {
    WARN("ROCE-TEST-SKIP: creating a network namespace needs root");
    return;
  }
  const std::string ns = "rdtest" + std::to_string(getpid());
  const std::string a = "rdA" + std::to_string(getpid() % 100000), b = "rdB" + std::to_string(getpid() % 100000);
  if (std::system(("ip netns add " + ns).c_str()) != 0) {
    WARN("ROCE-TEST-SKIP: ip netns add failed");
    return;
  }
  const int made = std::system(("ip -n " + ns + " link add " + a + " type veth peer name " + b + " && ip -n " + ns +
                                " addr add 10.77.0.1/24 dev " + a + " && ip -n " + ns + " link set " + a +
                                " up && ip -n " + ns + " link set " + b + " up")
                                   .c_str());
  const auto r = run("show --verbose --dev " + a, "ip netns exec " + ns);
  std::system(("ip netns del " + ns).c_str());
  REQUIRE(made == 0);
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("netdev " + a + ": state up") != std::string::npos);
  CHECK(r.out.find("addresses 10.77.0.1/24") != std::string::npos);
  CHECK(r.out.find("driver veth ") != std::string::npos);
  CHECK(r.out.find("    pfc unsupported (dcbnl: " + a + ": Operation not supported)\n") != std::string::npos);
  CHECK(r.out.find("rdma: no RDMA devices on this host") != std::string::npos);
}

TEST_CASE("--sysfs-root on the ConnectX-6 Dx fixture renders the full RDMA view") {
  const std::string root = std::string(ROCE_FIXTURES_DIR) + "/sysfs/cx6dx";
  struct stat st {};
  if (stat(root.c_str(), &st) != 0) {
    WARN("ROCE-TEST-SKIP: fixture " << root << " is not there yet");
    return;
  }
  const auto r = run("--sysfs-root '" + root + "' show --verbose");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  for (const char* expected : {"rdma mlx5_0: node-type CA hca-type MT4125", "port 1: state ACTIVE phys-state LinkUp",
                               "NCCL_IB_GID_INDEX=", "roce-counters ecn-marked ",
                               "addresses absent (not read: --sysfs-root points at a copy of /sys)",
                               "pfc absent (not read: --sysfs-root points at a copy of /sys)"}) {
    INFO(expected);
    CHECK(r.out.find(expected) != std::string::npos);
  }
  // After the subcommand, and through the environment variable, it does the same.
  CHECK(run("show --sysfs-root '" + root + "'").out.find("rdma mlx5_0:") != std::string::npos);
  CHECK(run("show", "ROCE_DOCTOR_SYSFS_ROOT='" + root + "'").out.find("rdma mlx5_0:") != std::string::npos);
}

TEST_CASE("the committed example bundles are what make-examples writes") {
  const std::string dir = temp_path("examples");
  REQUIRE(
      std::system(("mkdir -p '" + dir + "' && '" + std::string(ROCE_MAKE_EXAMPLES_BIN) + "' '" + dir + "' >/dev/null")
                      .c_str()) == 0);
  for (const auto& example : roce::examples::kExamples) {
    const std::string file(example.file);
    INFO(file << ": regenerate with make-examples (examples/README.md)");
    CHECK(slurp(dir + "/" + file) == slurp(std::string(ROCE_EXAMPLES_DIR) + "/" + file));
  }
  std::system(("rm -rf '" + dir + "'").c_str());
}

TEST_CASE("show prints what is known, the missing grouped by reason code, in lines of at most 100 columns") {
  const auto r = run("show --from '" + kExample + "'");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("\n    n/a (unsupported): link driver dcbx pfc ets pause counters\n") != std::string::npos);
  CHECK(r.out.find("Operation not supported") == std::string::npos);  // the causes are --verbose's
  std::size_t longest = 0, at = 0;
  while (at < r.out.size()) {
    const auto end = r.out.find('\n', at);
    // Columns, not bytes: the DSCP map's arrows are three bytes each.
    std::size_t columns = 0;
    for (std::size_t i = at; i < end; ++i) columns += (static_cast<unsigned char>(r.out[i]) & 0xC0) != 0x80;
    if (r.out.compare(at, 7, "bundle ") != 0) longest = std::max(longest, columns);  // its path is the test's
    at = end + 1;
  }
  CHECK(longest <= 100);
  const auto verbose = run("show --verbose --from '" + kExample + "'");
  CHECK(verbose.out.find("    pfc unsupported (dcbnl: lo: Operation not supported)\n") != std::string::npos);
  CHECK(verbose.out.find("n/a (") == std::string::npos);
  CHECK(run("show --help").out.find("--verbose") != std::string::npos);
}

}  // namespace roce::test
