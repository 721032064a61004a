#pragma once
// Parsing a JSON result file with its syntax errors located as FILE:LINE:COLUMN. Internal to src/results/.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

#include "captures/text/parse_result.hpp"
#include "util/expected.hpp"

namespace roce::results {

/// The JSON document, or "FILE:LINE:COLUMN: <what>" for a broken or truncated one.
Expected<nlohmann::json> parse_json_text(std::string_view text, const captures::text::TextOrigin& origin,
                                         std::string_view what);

/// The number under `key`, nullopt when absent or not a number (nccl-tests writes NaN as "nan").
std::optional<double> json_number(const nlohmann::json& o, const char* key);

/// A whole non-negative number under `key` that fits in `max`; nullopt otherwise.
std::optional<std::uint64_t> json_count(const nlohmann::json& o, const char* key, double max = 9.0e18);

}  // namespace roce::results
