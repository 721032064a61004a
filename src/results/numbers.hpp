#pragma once
// Numbers and units as perftest and nccl-tests print them. Internal to src/results/.
#include <optional>
#include <string_view>

namespace roce::results {

/// A printed number: "36.07", "1e+00", "5e-07", "-1". nullopt for anything else ("N/A", "0.0x").
std::optional<double> to_number(std::string_view s);

/// Gb/s (10^9 bit/s) from a figure in a printed unit: "Gb/sec"; "MiB/sec" and perftest's older
/// "MB/sec" (both 2^20 B/s); nccl-tests' "GB/s" (10^9 B/s). nullopt for an unknown unit.
std::optional<double> to_gbps(double value, std::string_view unit);

}  // namespace roce::results
