#pragma once
// Reproducible random draws for the simulated fabric: SplitMix64 streams, the same numbers from
// every compiler and standard library (std::normal_distribution is not), and keys mixed from
// several numbers, so that what one test measures depends on the seed and the test alone, not on
// the order in which tests are measured or on the process that measures them.
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <numbers>

namespace roce::sim {

/// SplitMix64's finaliser: a well-mixed 64-bit value of `x`.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/// One key of several numbers, in order.
constexpr std::uint64_t key_of(std::initializer_list<std::uint64_t> parts) {
  std::uint64_t key = 0x6a09e667f3bcc909ULL;
  for (std::uint64_t p : parts) key = mix64(key ^ p);
  return key;
}

/// What a stream of draws is for: one more part of its key, so that streams never share numbers.
enum class Stream : std::uint64_t { noise = 1, busy, lossy, ecmp, evidence, faults, replay };

/// A stream of draws from one key.
class Draws {
 public:
  explicit Draws(std::uint64_t key) : state_(key) {}

  std::uint64_t next() {
    state_ += 0x9e3779b97f4a7c15ULL;
    std::uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  /// In [0, 1).
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  /// In [0, n); 0 when n is 0.
  std::uint64_t below(std::uint64_t n) {
    return n == 0 ? 0 : static_cast<std::uint64_t>((static_cast<unsigned __int128>(next()) * n) >> 64);
  }
  bool chance(double p) { return uniform() < p; }
  /// Standard normal (Box-Muller).
  double normal() {
    const double u = 1.0 - uniform();  // (0, 1]: log(u) is finite
    return std::sqrt(-2.0 * std::log(u)) * std::cos(2.0 * std::numbers::pi * uniform());
  }

 private:
  std::uint64_t state_;
};

}  // namespace roce::sim
