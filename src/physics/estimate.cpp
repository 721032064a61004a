// How long communication takes (formulas in estimate.hpp).
#include "physics/estimate.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <string>

namespace roce::physics {
namespace {

// The leading number of `text` and the rest without spaces; nullopt without a number.
std::optional<std::pair<double, std::string>> number_and_unit(std::string_view text) {
  const std::string s(text);
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end == s.c_str() || !std::isfinite(v) || v < 0 || s[0] == '-' || std::isspace(static_cast<unsigned char>(s[0])))
    return std::nullopt;
  std::string unit;
  for (const char* p = end; *p; ++p)
    if (!std::isspace(static_cast<unsigned char>(*p))) unit += *p;
  return std::pair{v, unit};
}

}  // namespace

std::optional<Collective> collective_named(std::string_view name) {
  std::string n;
  for (char c : name)
    if (c != '_' && c != '-') n += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (n.ends_with("perf")) n.resize(n.size() - 4);
  if (n == "none" || n.empty()) return Collective::none;
  if (n == "allreduce") return Collective::all_reduce;
  if (n == "allgather") return Collective::all_gather;
  if (n == "reducescatter") return Collective::reduce_scatter;
  if (n == "alltoall") return Collective::alltoall;
  if (n == "broadcast") return Collective::broadcast;
  if (n == "reduce") return Collective::reduce;
  if (n == "sendrecv") return Collective::sendrecv;
  return std::nullopt;
}

const char* to_string(Collective c) {
  switch (c) {
    case Collective::none: return "none";
    case Collective::all_reduce: return "all_reduce";
    case Collective::all_gather: return "all_gather";
    case Collective::reduce_scatter: return "reduce_scatter";
    case Collective::alltoall: return "alltoall";
    case Collective::broadcast: return "broadcast";
    case Collective::reduce: return "reduce";
    case Collective::sendrecv: return "sendrecv";
  }
  return "none";
}

bool needs_ranks(Collective c, Algorithm a) {
  switch (c) {
    case Collective::all_reduce: return a == Algorithm::ring;
    case Collective::all_gather:
    case Collective::reduce_scatter:
    case Collective::alltoall: return true;
    default: return false;
  }
}

double bus_factor(Collective c, int ranks, Algorithm a) {
  const double n = ranks;
  switch (c) {
    case Collective::all_reduce: return a == Algorithm::tree ? 2.0 : 2 * (n - 1) / n;
    case Collective::all_gather:
    case Collective::reduce_scatter:
    case Collective::alltoall: return (n - 1) / n;
    default: return 1.0;
  }
}

double transfer_seconds(double bytes, double rate_gbps, double factor) {
  return bytes * factor / (rate_gbps * 1e9 / 8);
}

double rate_needed_gbps(double bytes, double seconds, double factor) { return bytes * factor * 8 / seconds / 1e9; }

std::optional<double> parse_size(std::string_view text) {
  auto nu = number_and_unit(text);
  if (!nu) return std::nullopt;
  auto [v, unit] = *nu;
  std::string u;
  for (char c : unit) u += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (u.empty() || u == "B") return v;
  static const std::pair<const char*, double> kUnits[] = {{"K", 1e3},
                                                          {"KB", 1e3},
                                                          {"M", 1e6},
                                                          {"MB", 1e6},
                                                          {"G", 1e9},
                                                          {"GB", 1e9},
                                                          {"T", 1e12},
                                                          {"TB", 1e12},
                                                          {"KIB", 1024.0},
                                                          {"MIB", 1048576.0},
                                                          {"GIB", 1073741824.0},
                                                          {"TIB", 1099511627776.0}};
  for (const auto& [name, scale] : kUnits)
    if (u == name) return v * scale;
  return std::nullopt;
}

std::optional<double> parse_rate_gbps(std::string_view text) {
  auto nu = number_and_unit(text);
  if (!nu) return std::nullopt;
  auto [v, unit] = *nu;
  // Bytes per second: "GB/s", "MB/s" (upper-case B); everything else is bits.
  if (unit == "GB/s" || unit == "GBps") return v * 8;
  if (unit == "MB/s" || unit == "MBps") return v * 8 / 1e3;
  std::string u;
  for (char c : unit) u += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* tail : {"bit/s", "b/s", "bps", "bit"})
    if (u.ends_with(tail)) {
      u.resize(u.size() - std::string_view(tail).size());
      break;
    }
  if (u == "g") return v;
  if (u == "m") return v / 1e3;
  if (u == "t") return v * 1e3;
  return std::nullopt;
}

EstimateAnswer answer(const EstimateQuestion& q) {
  EstimateAnswer a;
  a.bus_factor = bus_factor(q.collective, q.ranks, q.algo);
  if (q.within_s) {
    a.seconds = *q.within_s;
    a.rate_needed_gbps = rate_needed_gbps(q.bytes, *q.within_s, a.bus_factor);
    if (q.rate_gbps) a.fits = *q.rate_gbps >= *a.rate_needed_gbps;
  } else if (q.rate_gbps) {
    a.seconds = transfer_seconds(q.bytes, *q.rate_gbps, a.bus_factor);
  }
  return a;
}

}  // namespace roce::physics
