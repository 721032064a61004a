#pragma once
// The order of a host's NICs: rail i of every host is its i-th device name in natural order.
#include <string_view>

namespace roce::sweep {

/// "mlx5_2" before "mlx5_10": runs of digits compared as numbers, the rest byte by byte.
bool natural_less(std::string_view a, std::string_view b);

}  // namespace roce::sweep
