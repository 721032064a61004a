// decode_stats and the GSSET_INFO -> GSTRINGS -> GSTATS sequence against a fake kernel that
// answers exactly as net/ethtool/ioctl.c does: it writes as many entries as the driver has *now*,
// whatever length the caller asked for (under ASan a buffer without slack would be caught).
#include <linux/ethtool.h>
#include <catch2/catch.hpp>

#include <cerrno>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "sources/ethtool/stats_decoder.hpp"
#include "sources/ethtool/stats_reader.hpp"

namespace roce::test {

using namespace roce::sources::ethtool;

namespace {

struct FakeKernel {
  std::vector<std::string> names;
  bool has_sset_info = true;
  bool has_stats = true;
  int gstats_errno = 0;
  std::function<void(std::uint32_t cmd)> before;  // runs before each command: a driver reconfiguring
  std::vector<std::uint32_t> calls;

  std::uint64_t value_of(std::size_t i) const { return 1000 + i * 7 + names.size(); }

  int operator()(void* request) {
    auto* bytes = static_cast<std::uint8_t*>(request);
    std::uint32_t cmd = 0;
    std::memcpy(&cmd, bytes, sizeof cmd);
    calls.push_back(cmd);
    if (before) before(cmd);
    const auto n = static_cast<std::uint32_t>(names.size());
    switch (cmd) {
      case ETHTOOL_GSSET_INFO: {
        if (!has_sset_info) return EOPNOTSUPP;
        ethtool_sset_info h;
        std::memcpy(&h, bytes, sizeof h);
        const bool asked = h.sset_mask & (1ULL << ETH_SS_STATS);
        h.sset_mask = (asked && has_stats) ? (1ULL << ETH_SS_STATS) : 0;
        std::memcpy(bytes, &h, sizeof h);
        if (h.sset_mask) std::memcpy(bytes + sizeof h, &n, sizeof n);
        return 0;
      }
      case ETHTOOL_GDRVINFO: {
        ethtool_drvinfo d{};
        d.cmd = cmd;
        d.n_stats = n;
        std::memcpy(bytes, &d, sizeof d);
        return 0;
      }
      case ETHTOOL_GSTRINGS: {
        ethtool_gstrings h;
        std::memcpy(&h, bytes, sizeof h);
        h.len = n;
        std::memcpy(bytes, &h, sizeof h);
        for (std::uint32_t i = 0; i < n; ++i) {
          char name[ETH_GSTRING_LEN] = {};
          std::memcpy(name, names[i].data(), std::min<std::size_t>(names[i].size(), ETH_GSTRING_LEN));
          std::memcpy(bytes + sizeof h + i * ETH_GSTRING_LEN, name, ETH_GSTRING_LEN);
        }
        return 0;
      }
      case ETHTOOL_GSTATS: {
        if (gstats_errno) return gstats_errno;
        ethtool_stats h;
        std::memcpy(&h, bytes, sizeof h);
        h.n_stats = n;
        std::memcpy(bytes, &h, sizeof h);
        for (std::uint32_t i = 0; i < n; ++i) {
          const std::uint64_t v = value_of(i);
          std::memcpy(bytes + sizeof h + i * 8, &v, 8);
        }
        return 0;
      }
      default: return EOPNOTSUPP;
    }
  }
};

const std::string k32 = "rx_vport_rdma_multicast_packets_";  // exactly ETH_GSTRING_LEN, no NUL

std::vector<std::string> mlx5_prio3_pfc() {
  return {"rx_prio3_pause", "rx_prio3_pause_duration", "tx_prio3_pause", "tx_prio3_pause_duration",
          "rx_prio3_pause_transition"};
}

}  // namespace

TEST_CASE("decode_stats: NUL-padded and unterminated 32-byte names, in order") {
  std::vector<std::uint8_t> blob(3 * kStringLen, 0);
  std::memcpy(blob.data(), "rx_packets", 10);
  std::memcpy(blob.data() + 32, k32.data(), 32);
  std::memcpy(blob.data() + 64, "rx_prio3_pause", 14);
  const std::vector<std::uint64_t> values = {5, 0, ~0ULL};
  auto set = decode_stats(blob, 3, values);
  REQUIRE(set.ok());
  REQUIRE(set->entries.size() == 3);
  CHECK(set->entries[0] == std::pair<std::string, std::uint64_t>("rx_packets", 5));
  CHECK(set->entries[1] == std::pair<std::string, std::uint64_t>(k32, 0));
  CHECK(set->entries[2] == std::pair<std::string, std::uint64_t>("rx_prio3_pause", ~0ULL));
}

TEST_CASE("decode_stats: short buffers are refused") {
  std::vector<std::uint8_t> blob(2 * kStringLen + 31, 0);
  const std::vector<std::uint64_t> values = {1, 2, 3};
  auto r = decode_stats(blob, 3, values);
  REQUIRE_FALSE(r.ok());
  CHECK_THAT(r.error().message, Catch::Contains("fewer than 3 names"));
  std::vector<std::uint8_t> enough(3 * kStringLen, 0);
  auto v = decode_stats(enough, 3, std::span<const std::uint64_t>(values).first(2));
  REQUIRE_FALSE(v.ok());
  CHECK_THAT(v.error().message, Catch::Contains("2 values for 3 names"));
  CHECK(decode_stats({}, 0, {})->entries.empty());
}

TEST_CASE("read_stats_via: the three calls, names and values matched") {
  FakeKernel k;
  k.names = {"rx_packets", k32, "tx_packets"};
  auto set = read_stats_via(std::ref(k));
  REQUIRE(set.ok());
  REQUIRE(set->entries.size() == 3);
  CHECK(set->entries[1].first == k32);
  CHECK(set->get("tx_packets") == k.value_of(2));
  CHECK(k.calls == std::vector<std::uint32_t>{ETHTOOL_GSSET_INFO, ETHTOOL_GSTRINGS, ETHTOOL_GSTATS});
}

TEST_CASE("read_stats_via: counters added between GSTRINGS and GSTATS (PFC enabled) -> one retry") {
  FakeKernel k;
  k.names = {"rx_packets", "tx_packets"};
  bool toggled = false;
  k.before = [&](std::uint32_t cmd) {
    if (cmd == ETHTOOL_GSTATS && !toggled) {
      toggled = true;
      for (auto& n : mlx5_prio3_pfc()) k.names.push_back(n);
    }
  };
  auto set = read_stats_via(std::ref(k));
  REQUIRE(set.ok());
  REQUIRE(set->entries.size() == 7);
  CHECK(set->entries[6].first == "rx_prio3_pause_transition");
  CHECK(set->get("rx_prio3_pause") == k.value_of(2));
  CHECK(k.calls.size() == 6);
}

TEST_CASE("read_stats_via: many counters added before GSTRINGS land in the slack, then retry") {
  FakeKernel k;
  for (int i = 0; i < 10; ++i) k.names.push_back("ch" + std::to_string(i) + "_events");
  bool grown = false;
  k.before = [&](std::uint32_t cmd) {
    if (cmd == ETHTOOL_GSTRINGS && !grown) {
      grown = true;
      for (int p = 0; p < 8; ++p)  // every priority's PFC block + global pause + storm counters
        for (auto& n : mlx5_prio3_pfc()) k.names.push_back(n + std::to_string(p));
      for (int i = 0; i < 7; ++i) k.names.push_back("storm_" + std::to_string(i));
    }
  };
  auto set = read_stats_via(std::ref(k));
  REQUIRE(set.ok());
  CHECK(set->entries.size() == 57);
}

TEST_CASE("read_stats_via: counters removed between the calls -> retry") {
  FakeKernel k;
  k.names = {"a", "b", "c", "d"};
  int gsets = 0;
  k.before = [&](std::uint32_t cmd) {
    if (cmd == ETHTOOL_GSTRINGS && ++gsets == 1) k.names.pop_back();
  };
  auto set = read_stats_via(std::ref(k));
  REQUIRE(set.ok());
  CHECK(set->entries.size() == 3);
}

TEST_CASE("read_stats_via: a set that keeps changing is an error, not a mix") {
  FakeKernel k;
  k.names = {"a", "b"};
  k.before = [&](std::uint32_t cmd) {
    if (cmd == ETHTOOL_GSTATS) k.names.push_back("x" + std::to_string(k.names.size()));
  };
  auto set = read_stats_via(std::ref(k));
  REQUIRE_FALSE(set.ok());
  CHECK(set.error().sys_errno == EAGAIN);
  CHECK_THAT(set.error().message, Catch::Contains("changed while it was read, twice"));
}

TEST_CASE("read_stats_via: without GSSET_INFO the count comes from GDRVINFO") {
  FakeKernel k;
  k.names = {"rx_packets", "tx_packets"};
  k.has_sset_info = false;
  auto set = read_stats_via(std::ref(k));
  REQUIRE(set.ok());
  CHECK(set->entries.size() == 2);
  CHECK(k.calls == std::vector<std::uint32_t>{ETHTOOL_GSSET_INFO, ETHTOOL_GDRVINFO, ETHTOOL_GSTRINGS, ETHTOOL_GSTATS});
}

TEST_CASE("read_stats_via: a driver without statistics is unsupported") {
  FakeKernel k;
  k.has_stats = false;
  auto set = read_stats_via(std::ref(k));
  REQUIRE_FALSE(set.ok());
  CHECK(set.error().sys_errno == EOPNOTSUPP);
  FakeKernel empty;
  auto none = read_stats_via(std::ref(empty));
  REQUIRE_FALSE(none.ok());
  CHECK(none.error().sys_errno == EOPNOTSUPP);
}

TEST_CASE("read_stats_via: an ioctl error names the command and keeps errno") {
  FakeKernel k;
  k.names = {"a"};
  k.gstats_errno = EPERM;
  auto set = read_stats_via(std::ref(k));
  REQUIRE_FALSE(set.ok());
  CHECK(set.error().sys_errno == EPERM);
  CHECK(set.error().message == "ETHTOOL_GSTATS: Operation not permitted");
}

}  // namespace roce::test
