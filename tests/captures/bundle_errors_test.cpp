#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <string>

#include "captures/bundle.hpp"
#include "captures/zstd_codec.hpp"
#include "examples/cx6dx_example.hpp"

namespace roce::test {

using namespace roce;

namespace {

std::string error_of(const std::string& text) {
  auto r = captures::read_bundle_text(text, "host.json");
  REQUIRE(!r.ok());
  return r.error().message;
}

std::string example_text() {
  return captures::write_bundle_text({"0.1.0", 5, {examples::cx6dx_ecn_off_sample(0)}, {}});
}

// A bundle with one netdev whose members are given as raw JSON.
std::string with_netdev(const std::string& members) {
  return R"({"format": "roce-doctor-bundle", "schema_version": 1, "samples": [
    {"hostname": "h", "netdevs": [{"name": "a"}, {"name": "b"}, {"name": "c", )" +
         members + "}]}]}";
}

}  // namespace

TEST_CASE("wrong types are located by their path in the document") {
  CHECK(error_of(with_netdev(R"("mtu": {"value": "9000"})")) ==
        "bundle host.json: samples[0].netdevs[2].mtu: expected unsigned integer, got a string");
  CHECK(error_of(with_netdev(R"("mtu": {"value": -1})")) ==
        "bundle host.json: samples[0].netdevs[2].mtu: expected unsigned integer, got a negative integer");
  CHECK(error_of(with_netdev(R"("mtu": 9000)")) ==
        "bundle host.json: samples[0].netdevs[2].mtu: expected object {\"value\"|\"availability\", \"cause\", "
        "\"from\"}, got an unsigned integer");
  CHECK(error_of(with_netdev(R"("dcb": {"pfc": {"value": {"pfc_en": 256}}})")) ==
        "bundle host.json: samples[0].netdevs[2].dcb.pfc.pfc_en: expected unsigned integer up to 255, got 256");
  CHECK(error_of(with_netdev(R"("dcb": {"pfc": {"value": {"requests": [1, 2]}}})")) ==
        "bundle host.json: samples[0].netdevs[2].dcb.pfc.requests: expected array of 8, got 2 elements");
  CHECK(error_of(with_netdev(R"("trust": {"availability": "maybe"})")) ==
        "bundle host.json: samples[0].netdevs[2].trust.availability: expected one of present, unsupported, "
        "denied, absent, error");
  CHECK(error_of(with_netdev(R"("ethtool_stats": {"value": {"rx_bytes": 1.5}})")) ==
        "bundle host.json: samples[0].netdevs[2].ethtool_stats.rx_bytes: expected unsigned integer, got a "
        "fractional number");
  CHECK(error_of(with_netdev(R"("mtu": {"value": 1, "from": ["sysfs"]})")) ==
        "bundle host.json: samples[0].netdevs[2].mtu.from: expected [source, locator]");
  CHECK(error_of(with_netdev(R"("name": 7)")) ==
        "bundle host.json: samples[0].netdevs[2].name: expected string, got an unsigned integer");
}

TEST_CASE("malformed raw lines are located by their index") {
  const std::string head = R"({"format": "roce-doctor-bundle", "schema_version": 1, "samples": [{"hostname": "h"}], )";
  CHECK(error_of(head + R"("raw_lines": {}})") ==
        "bundle host.json: raw_lines: expected array of [source, locator, text], got an object");
  CHECK(error_of(head + R"("raw_lines": [["sos", "f:1", "x"], ["sos", "f:2"]]})") ==
        "bundle host.json: raw_lines[1]: expected [source, locator, text]");
  CHECK(error_of(head + R"("raw_lines": [["sos", "f:1", 7]]})") ==
        "bundle host.json: raw_lines[0][2]: expected string, got an unsigned integer");
  CHECK(error_of(R"({"format": "roce-doctor-host", "schema_version": 1, "hostname": "h", "raw_lines": [1]})") ==
        "bundle host.json: raw_lines[0]: expected [source, locator, text]");
}

TEST_CASE("documents that are not bundles say so") {
  CHECK(error_of("[]") == "bundle host.json: not a roce-doctor bundle (the top level is an array, expected an object)");
  CHECK(error_of("{}") == "bundle host.json: not a roce-doctor bundle (no \"format\" key)");
  CHECK(error_of(R"({"format": "sosreport"})") ==
        "bundle host.json: not a roce-doctor bundle (format is \"sosreport\")");
  CHECK(error_of(R"({"format": "roce-doctor-bundle", "schema_version": 1})") == "bundle host.json: samples: missing");
  CHECK(error_of(R"({"format": "roce-doctor-bundle", "schema_version": 1, "samples": []})") ==
        "bundle host.json: samples: empty (a bundle holds at least one sample)");
  CHECK(error_of(R"({"format": "roce-doctor-bundle", "schema_version": "1"})") ==
        "bundle host.json: schema_version: expected unsigned integer, got a string");
}

TEST_CASE("a bundle from a newer roce-doctor is an input error, not a crash") {
  auto r = captures::read_bundle_text(
      R"({"format": "roce-doctor-bundle", "schema_version": 2, "samples": [{"new": 1}]})", "host.json");
  REQUIRE(!r.ok());
  CHECK(r.error().message == "bundle host.json: written by a newer roce-doctor (schema 2; this one reads 1)");
  CHECK(!r.error().hint.empty());
}

TEST_CASE("garbled JSON is located as line:column") {
  CHECK(error_of("{\n  \"format\": \"roce-doctor-bundle\",\n  \"schema_version\" 1\n}")
            .rfind("bundle host.json:3:20: syntax error while parsing object separator", 0) == 0);
  CHECK(error_of("").rfind("bundle host.json:1:1: ", 0) == 0);
  CHECK(error_of("\x01garbage").rfind("bundle host.json:1:1: ", 0) == 0);
}

TEST_CASE("a bundle truncated at any offset gives a located error") {
  const auto text = example_text();
  REQUIRE(captures::read_bundle_text(text, "host.json").ok());
  for (std::size_t cut = 0; cut + 1 < text.size(); cut += 97) {
    auto r = captures::read_bundle_text(std::string_view(text).substr(0, cut), "host.json");
    INFO("cut at " << cut);
    REQUIRE(!r.ok());
    CHECK(r.error().message.rfind("bundle host.json:", 0) == 0);
  }
}

TEST_CASE("zstd output over the limit is an error found while decompressing, the limit named") {
  const auto bomb = captures::zstd_compress(std::string(std::size_t{8} << 20, ' '));
  CHECK(bomb.size() < 4096);
  auto refused = captures::zstd_decompress(bomb, std::size_t{1} << 20);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().message == "zstd: decompresses to more than 1048576 bytes, over the limit");
  CHECK(captures::zstd_decompress(bomb, std::size_t{8} << 20).ok());  // exactly at the limit
}

TEST_CASE("a damaged or truncated zstd bundle is an error") {
  const auto packed = captures::zstd_compress(example_text());
  CHECK(captures::zstd_decompress(packed).ok());
  auto cut = captures::zstd_decompress(std::string_view(packed).substr(0, packed.size() / 2));
  REQUIRE(!cut.ok());
  CHECK(cut.error().message.find("truncated") != std::string::npos);
  std::string flipped = packed;
  flipped[0] ^= 0x55;
  CHECK(!captures::zstd_decompress(flipped).ok());
}

TEST_CASE("every byte flipped in a small bundle never crashes the reader") {
  const auto text = with_netdev(R"("mtu": {"value": 9000, "from": ["sysfs", "/sys/class/net/c/mtu"]})");
  for (std::size_t i = 0; i < text.size(); ++i) {
    for (char c : {'"', '{', '1', ']', '\0', '-'}) {
      std::string bad = text;
      bad[i] = c;
      auto r = captures::read_bundle_text(bad, "host.json");
      if (!r.ok()) CHECK(r.error().message.rfind("bundle host.json", 0) == 0);
    }
  }
}

}  // namespace roce::test
