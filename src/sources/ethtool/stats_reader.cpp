#include "sources/ethtool/stats_reader.hpp"

#include <linux/ethtool.h>

#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "sources/ethtool/stats_decoder.hpp"

namespace roce::sources::ethtool {
namespace {

// A driver with more counters than this is not real (mlx5 with 256 channels has ~30000).
constexpr std::uint32_t kMaxStats = 1u << 20;

Unexpected ioctl_failure(const char* what, int err) {
  return fail(std::string(what) + ": " + std::strerror(err), {}, err);
}

// Room for counters that appear between two calls: the kernel fills in its current count.
std::size_t capacity_for(std::uint32_t n) { return std::size_t{n} + n / 2 + 64; }

Expected<std::uint32_t> stats_count(const EthtoolIoctl& ioctl) {
  // struct ethtool_sset_info followed by one u32 (one set queried).
  std::vector<std::uint64_t> buf(3, 0);
  ethtool_sset_info head{};
  head.cmd = ETHTOOL_GSSET_INFO;
  head.sset_mask = 1ULL << ETH_SS_STATS;
  std::memcpy(buf.data(), &head, sizeof head);
  int err = ioctl(buf.data());
  if (err == 0) {
    std::memcpy(&head, buf.data(), sizeof head);
    if (!(head.sset_mask & (1ULL << ETH_SS_STATS)))
      return fail("ETHTOOL_GSSET_INFO: the driver has no statistics", {}, EOPNOTSUPP);
    std::uint32_t n = 0;
    std::memcpy(&n, reinterpret_cast<const char*>(buf.data()) + sizeof head, sizeof n);
    return n;
  }
  if (err != EOPNOTSUPP) return ioctl_failure("ETHTOOL_GSSET_INFO", err);
  // Kernels before 2.6.34 have no GSSET_INFO; the driver info carries the count.
  ethtool_drvinfo info{};
  info.cmd = ETHTOOL_GDRVINFO;
  err = ioctl(&info);
  if (err != 0) return ioctl_failure("ETHTOOL_GDRVINFO", err);
  return info.n_stats;
}

}  // namespace

Expected<model::CounterSet> read_stats_via(const EthtoolIoctl& ioctl) {
  std::uint32_t first_count = 0, seen_count = 0;
  for (int attempt = 0; attempt < 2; ++attempt) {
    auto count = stats_count(ioctl);
    if (!count) return fail(std::move(count.error()));
    const std::uint32_t n = *count;
    if (attempt == 0) first_count = n;
    if (n == 0) return fail("the driver reports no statistics", {}, EOPNOTSUPP);
    if (n > kMaxStats) return fail("ETHTOOL_GSSET_INFO: implausible statistics count " + std::to_string(n));
    const std::size_t capacity = capacity_for(n);

    // struct ethtool_gstrings (12 bytes) + capacity names.
    std::vector<std::uint8_t> strings(sizeof(ethtool_gstrings) + capacity * kStringLen, 0);
    ethtool_gstrings sh{};
    sh.cmd = ETHTOOL_GSTRINGS;
    sh.string_set = ETH_SS_STATS;
    sh.len = n;
    std::memcpy(strings.data(), &sh, sizeof sh);
    if (int err = ioctl(strings.data()); err != 0) return ioctl_failure("ETHTOOL_GSTRINGS", err);
    std::memcpy(&sh, strings.data(), sizeof sh);
    if (sh.len > capacity)
      return fail("ETHTOOL_GSTRINGS: the kernel returned " + std::to_string(sh.len) + " names, more than the " +
                  std::to_string(capacity) + " there was room for");
    seen_count = sh.len;
    if (sh.len != n) continue;

    // struct ethtool_stats (8 bytes) + capacity u64.
    std::vector<std::uint64_t> stats(1 + capacity, 0);
    ethtool_stats vh{};
    vh.cmd = ETHTOOL_GSTATS;
    vh.n_stats = n;
    std::memcpy(stats.data(), &vh, sizeof vh);
    if (int err = ioctl(stats.data()); err != 0) return ioctl_failure("ETHTOOL_GSTATS", err);
    std::memcpy(&vh, stats.data(), sizeof vh);
    if (vh.n_stats > capacity)
      return fail("ETHTOOL_GSTATS: the kernel returned " + std::to_string(vh.n_stats) + " values, more than the " +
                  std::to_string(capacity) + " there was room for");
    seen_count = vh.n_stats;
    if (vh.n_stats != n) continue;

    return decode_stats(std::span<const std::uint8_t>(strings).subspan(sizeof sh), n,
                        std::span<const std::uint64_t>(stats).subspan(1, n));
  }
  return fail("the statistics set changed while it was read, twice (" + std::to_string(first_count) +
                  " counters, then " + std::to_string(seen_count) + ")",
              "the driver is being reconfigured (PFC, channels); read again", EAGAIN);
}

}  // namespace roce::sources::ethtool
