#pragma once
// How long communication takes: one transfer, or one collective with nccl-tests' bus-bandwidth
// factor, over a link rate or a measured busbw; and the inverse, the rate a deadline needs.
//
//   seconds = bytes x factor / (rate_gbps x 1e9 / 8)
//
// factor (n ranks), as nccl-tests defines busbw = algbw x factor (doc/PERFORMANCE.md):
//   no collective (one transfer), broadcast, reduce, sendrecv: 1;
//   all_reduce: 2(n-1)/n (ring: reduce-scatter then all-gather); with the tree algorithm 2
//   (everything goes up the tree and comes back down, whatever n);
//   all_gather, reduce_scatter, alltoall: (n-1)/n.
// 2 GB (10^9 B) over 400 Gb/s: 2e9 x 8 / 400e9 = 40 ms.
#include <optional>
#include <string>
#include <string_view>

namespace roce::physics {

enum class Collective { none, all_reduce, all_gather, reduce_scatter, alltoall, broadcast, reduce, sendrecv };
enum class Algorithm { ring, tree };

/// "all_reduce" (also "allreduce", "all_reduce_perf") -> Collective; nullopt for an unknown name.
std::optional<Collective> collective_named(std::string_view name);
const char* to_string(Collective c);

/// Whether the factor depends on the number of ranks.
bool needs_ranks(Collective c, Algorithm a);

/// The bus-bandwidth factor above; `ranks` >= 2 where needs_ranks.
double bus_factor(Collective c, int ranks, Algorithm a);

/// Seconds to move `bytes` with `factor` at `rate_gbps` (10^9 bit/s).
double transfer_seconds(double bytes, double rate_gbps, double factor);

/// The rate (Gb/s) that moves `bytes` with `factor` within `seconds`.
double rate_needed_gbps(double bytes, double seconds, double factor);

/// What `estimate` is asked: a transfer or collective, and the rate it runs at or the time it must
/// take (or both: does the rate make the deadline?).
struct EstimateQuestion {
  double bytes = 0;
  Collective collective = Collective::none;
  int ranks = 0;
  Algorithm algo = Algorithm::ring;
  std::optional<double> rate_gbps;  // --rate, or --busbw (x8)
  bool rate_is_busbw = false;
  std::optional<double> within_s;  // --within
};

struct EstimateAnswer {
  double bus_factor = 1;
  std::optional<double> seconds;           // at the rate; with within_s: the deadline itself
  std::optional<double> rate_needed_gbps;  // with within_s
  std::optional<bool> fits;                // with both a rate and within_s
};

/// The answer; the question must hold a rate or within_s, and ranks >= 2 where needs_ranks.
EstimateAnswer answer(const EstimateQuestion& q);

/// "2GB" (10^9), "512MiB" (2^20), "1.5T", "4096" (bytes): the number of bytes; nullopt otherwise.
std::optional<double> parse_size(std::string_view text);

/// "400G", "400Gb/s", "400Gbps", "100 Gbit/s", "25000M", "50GB/s" (bytes: x8): Gb/s; nullopt otherwise.
std::optional<double> parse_rate_gbps(std::string_view text);

}  // namespace roce::physics
