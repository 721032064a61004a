#pragma once
// The word-level toolkit of the NCCL log readers: digits, numbers, tokens, anchored searches.
#include <cstddef>
#include <optional>
#include <string_view>

namespace roce::nccl_log {

/// An ASCII decimal digit.
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
/// A non-empty run of decimal digits and nothing else.
bool all_digits(std::string_view s);
/// The first `needle` in `s`, found by memchr on the needle's byte at `anchor` (one that is rare in
/// log text) instead of on its first byte: " via " would otherwise stop at every space.
std::size_t find_anchored(std::string_view s, std::string_view needle, std::size_t anchor);
/// The leading integer of `s` (from_chars: "12 opcode" -> 12); nullopt when it starts with none.
std::optional<long long> to_number(std::string_view s);
/// The leading digits of `s`, an optional '-' and at most 10 digits ("12 opcode" -> 12).
std::optional<int> leading_int(std::string_view s);
/// The next space-separated token of `s`, consumed.
std::string_view next_token(std::string_view& s);
/// The word after `key` in `s` ("hca mlx5_2" with key " hca "), or ""; `anchor` as for find_anchored.
std::string_view word_after(std::string_view s, std::string_view key, std::size_t anchor);

}  // namespace roce::nccl_log
