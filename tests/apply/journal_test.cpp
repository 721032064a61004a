#include <catch2/catch.hpp>

#include <fstream>

#include "apply/journal.hpp"
#include "apply/value_json.hpp"
#include "fake_system.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

using namespace roce;
using namespace roce::apply;

namespace {

Journal sample_journal() {
  Journal j;
  j.system = "file:/tmp/x.json";
  j.state = JournalState::writing;
  j.applier_pid = 4242;
  j.applier_command = "roce-doctor tune --apply";
  j.started_unix_ms = 1'790'000'000'000;
  j.deadline_unix_ms = 1'790'000'060'000;
  model::Ets ets;
  ets.tc_tsa = {2, 2, 2, 2, 2, 2, 0, 2};
  ets.prio_tc = {0, 1, 2, 3, 4, 5, 6, 7};
  model::RedParams red;
  red.qth_min = 150000;
  red.qth_max = 1500000;
  red.flags = 1;
  red.max_p = 0x7fffffff;
  const std::vector<system::Value> values = {std::uint32_t{4200},
                                             std::string("dscp"),
                                             std::vector<std::uint8_t>{5, 255},
                                             std::vector<model::AppEntry>{{5, 3, 26}, {5, 6, 48}},
                                             ets,
                                             system::EcnEnable{true, false},
                                             red,
                                             model::RedParams{}};
  std::uint32_t index = 0;
  for (const auto& v : values) j.entries.push_back({{"eth0", system::Knob::red, index++}, v, v, false});
  for (const auto& [object, value] : test::default_objects(8)) j.entries.push_back({object, value, value, true});
  return j;
}

}  // namespace

TEST_CASE("journal: every Value alternative survives encode/decode") {
  const Journal j = sample_journal();
  auto back = decode_journal(encode_journal(j));
  REQUIRE(back.ok());
  CHECK(*back == j);
  std::set<std::size_t> kinds;
  for (const auto& e : j.entries) kinds.insert(e.prior.index());
  CHECK(kinds.size() == std::variant_size_v<system::Value>);
}

TEST_CASE("journal: every truncation is reported as torn, never read as empty") {
  const std::string bytes = encode_journal(sample_journal());
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    auto r = decode_journal(std::string_view(bytes).substr(0, n));
    REQUIRE_FALSE(r.ok());
    const auto& m = r.error().message;
    INFO(n << ": " << m);
    CHECK((m.find("torn") != std::string::npos || m.find("empty") != std::string::npos));
  }
}

TEST_CASE("journal: a flipped byte in the body is reported as corrupt") {
  const std::string bytes = encode_journal(sample_journal());
  const auto body = bytes.find('\n') + 1;
  for (std::size_t i = body; i < bytes.size(); i += 7) {
    std::string bad = bytes;
    bad[i] ^= 0x01;
    auto r = decode_journal(bad);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("corrupt") != std::string::npos);
  }
}

TEST_CASE("journal: a valid checksum over malformed JSON members is located") {
  std::string body = "{\"system\":\"x\"}\n";
  char header[80];
  std::snprintf(header, sizeof header, "roce-doctor-journal 1 crc32=%08x bytes=%zu\n", crc32(body), body.size());
  auto r = decode_journal(std::string(header) + body);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message.find("state") != std::string::npos);
}

TEST_CASE("journal: crc32 is the IEEE one") { CHECK(crc32("123456789") == 0xcbf43926u); }

TEST_CASE("journal: write then read from a file; missing file says ENOENT") {
  const test::TempDir dir("journal");
  const std::string path = dir.path("journal");
  auto missing = read_journal(path);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().sys_errno == ENOENT);
  REQUIRE(write_journal(path, sample_journal()).ok());
  auto back = read_journal(path);
  REQUIRE(back.ok());
  CHECK(*back == sample_journal());
  std::ofstream(path, std::ios::trunc).close();  // torn to nothing
  auto empty = read_journal(path);
  REQUIRE_FALSE(empty.ok());
  CHECK(empty.error().message.find("empty") != std::string::npos);
}

TEST_CASE("same_setting ignores PFC counters and APP table order, not the setting") {
  model::Pfc a;
  a.pfc_en = 8;
  model::Pfc b = a;
  b.requests[3] = 99;
  b.pfc_cap = 8;
  CHECK(same_setting(system::Knob::dcb_pfc, a, b));
  b.pfc_en = 0;
  CHECK_FALSE(same_setting(system::Knob::dcb_pfc, a, b));
  std::vector<model::AppEntry> x{{5, 3, 26}, {5, 6, 48}}, y{{5, 6, 48}, {5, 3, 26}};
  CHECK(same_setting(system::Knob::dcb_app, x, y));
}

}  // namespace roce::test
