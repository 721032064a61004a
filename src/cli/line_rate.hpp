#pragma once
// --line-rate [N x]RATE: N NICs per node (1 when left out), each RATE Gb/s: "400G", "200Gb/s",
// "8x400G", "8 x 400 Gbps". Bits, never bytes: "400GB/s" is refused.
#include <string>

#include "model/bandwidth.hpp"
#include "util/expected.hpp"

namespace roce::cli {

/// The rate `text` states; fails naming --line-rate with the forms it takes.
Expected<model::StatedLineRate> line_rate_of(const std::string& text);

}  // namespace roce::cli
