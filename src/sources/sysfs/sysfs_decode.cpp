#include "sources/sysfs/sysfs_decode.hpp"

#include <cstdio>
#include <limits>

namespace roce::sources::sysfs {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

int hex_value(char c) {
  if (is_digit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return c - 'A' + 10;
}

// Consumes leading decimal digits of `s` into `out`; false if there are none or they overflow.
bool take_unsigned(std::string_view& s, std::uint64_t& out) {
  std::size_t i = 0;
  std::uint64_t v = 0;
  constexpr auto kMax = std::numeric_limits<std::uint64_t>::max();
  while (i < s.size() && is_digit(s[i])) {
    auto d = static_cast<std::uint64_t>(s[i] - '0');
    if (v > (kMax - d) / 10) return false;
    v = v * 10 + d;
    ++i;
  }
  if (i == 0) return false;
  out = v;
  s.remove_prefix(i);
  return true;
}

bool take_literal(std::string_view& s, std::string_view literal) {
  if (s.substr(0, literal.size()) != literal) return false;
  s.remove_prefix(literal.size());
  return true;
}

Unexpected expected_got(const char* what, std::string_view text) {
  return fail(std::string("expected ") + what + ", got " + quote_for_message(text));
}

}  // namespace

std::string quote_for_message(std::string_view text) {
  constexpr std::size_t kMaxShown = 64;
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size() && i < kMaxShown; ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c < 0x20 || c >= 0x7f) {
      char buf[5];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
  if (text.size() > kMaxShown) out += "...";
  return out;
}

Expected<std::uint64_t> decode_unsigned(std::string_view text) {
  std::string_view rest = text;
  std::uint64_t v = 0;
  if (!take_unsigned(rest, v) || !rest.empty()) return expected_got("an unsigned integer", text);
  return v;
}

Expected<std::uint32_t> decode_u32(std::string_view text) {
  auto v = decode_unsigned(text);
  if (!v) return fail(v.error());
  if (*v > std::numeric_limits<std::uint32_t>::max()) return expected_got("an unsigned 32-bit integer", text);
  return static_cast<std::uint32_t>(*v);
}

Expected<model::PortState> decode_code_and_name(std::string_view text) {
  std::string_view rest = text;
  std::uint64_t code = 0;
  if (!take_unsigned(rest, code) || code > std::numeric_limits<std::uint32_t>::max() || !take_literal(rest, ": ") ||
      rest.empty() || rest.front() == ' ')
    return expected_got("\"<number>: <name>\"", text);
  for (char c : rest)
    if (static_cast<unsigned char>(c) < 0x20) return expected_got("\"<number>: <name>\"", text);
  return model::PortState{static_cast<std::uint32_t>(code), std::string(rest)};
}

Expected<Rate> decode_rate(std::string_view text) {
  auto bad = [&] { return expected_got("\"<N> Gb/sec (<W>X <SPEED>)\"", text); };
  std::string_view rest = text;
  std::uint64_t whole = 0;
  if (!take_unsigned(rest, whole) || whole > 1'000'000) return bad();
  double gbps = static_cast<double>(whole);
  if (take_literal(rest, ".")) {
    double scale = 0.1;
    std::size_t digits = 0;
    while (!rest.empty() && is_digit(rest.front()) && digits < 6) {
      gbps += (rest.front() - '0') * scale;
      scale /= 10;
      rest.remove_prefix(1);
      ++digits;
    }
    if (digits == 0) return bad();
  }
  std::uint64_t width = 0;
  if (!take_literal(rest, " Gb/sec (") || !take_unsigned(rest, width) || width == 0 || width > 64 ||
      !take_literal(rest, "X"))
    return bad();
  std::string speed;
  if (take_literal(rest, " ")) {
    while (!rest.empty() && rest.front() != ')') {
      char c = rest.front();
      if (!is_digit(c) && !(c >= 'A' && c <= 'Z')) return bad();
      speed += c;
      rest.remove_prefix(1);
    }
    if (speed.empty()) return bad();
  }
  if (rest != ")") return bad();
  return Rate{gbps, static_cast<std::uint32_t>(width), speed};
}

Expected<GidBytes> decode_gid(std::string_view text) {
  GidBytes gid{};
  // "xxxx:" x 7 + "xxxx" = 39 characters.
  if (text.size() != 39) return expected_got("a GID as 8 groups of 4 hex digits", text);
  for (std::size_t group = 0; group < 8; ++group) {
    std::size_t at = group * 5;
    if (group < 7 && text[at + 4] != ':') return expected_got("a GID as 8 groups of 4 hex digits", text);
    for (std::size_t k = 0; k < 4; ++k)
      if (!is_hex(text[at + k])) return expected_got("a GID as 8 groups of 4 hex digits", text);
    gid[group * 2] = static_cast<std::uint8_t>(hex_value(text[at]) << 4 | hex_value(text[at + 1]));
    gid[group * 2 + 1] = static_cast<std::uint8_t>(hex_value(text[at + 2]) << 4 | hex_value(text[at + 3]));
  }
  return gid;
}

bool is_zero_gid(const GidBytes& gid) {
  for (auto b : gid)
    if (b != 0) return false;
  return true;
}

Expected<std::optional<std::uint32_t>> decode_netdev_speed(std::string_view text) {
  if (text == "-1") return std::optional<std::uint32_t>{};
  auto v = decode_unsigned(text);
  if (!v || *v > std::numeric_limits<std::uint32_t>::max()) return expected_got("a speed in Mb/s or -1", text);
  return std::optional<std::uint32_t>{static_cast<std::uint32_t>(*v)};
}

Expected<bool> decode_enable_flag(std::string_view text) {
  if (text == "0") return false;
  if (text == "1") return true;
  return expected_got("0 or 1", text);
}

Expected<std::string> decode_trust(std::string_view text) {
  if (text == "pcp" || text == "dscp") return std::string(text);
  return expected_got("\"pcp\" or \"dscp\"", text);
}

bool is_pci_address(std::string_view name) {
  // domain ':' bus ':' device '.' function
  std::size_t colon = name.find(':');
  if (colon == std::string_view::npos || colon < 4 || colon > 8) return false;
  for (std::size_t i = 0; i < colon; ++i)
    if (!is_hex(name[i])) return false;
  std::string_view rest = name.substr(colon + 1);
  return rest.size() == 7 && is_hex(rest[0]) && is_hex(rest[1]) && rest[2] == ':' && is_hex(rest[3]) &&
         is_hex(rest[4]) && rest[5] == '.' && rest[6] >= '0' && rest[6] <= '7';
}

}  // namespace roce::sources::sysfs
