// ethtool -m (module EEPROM) text: the length of a cable assembly, or why there is none.
#include "captures/text/ethtool_module.hpp"

#include <cmath>
#include <optional>
#include <string>

#include "captures/text/text_input.hpp"

namespace roce::captures::text {
namespace {

using Result = model::Field<std::uint32_t>;

bool is_cable_length_key(std::string_view key) {
  return key == "Length (Copper)" || key == "Length (Copper or Active cable)" || key == "Cable assembly length";
}

// "2m", "3.00m", "0.50m"; nullopt for anything else ("> 6.3km" included).
std::optional<double> metres(std::string_view value) {
  if (!value.ends_with('m') || value.ends_with("km")) return std::nullopt;
  value.remove_suffix(1);
  return to_double(value);
}

// "Cannot get Module EEPROM data: Operation not supported", "netlink error: Operation not permitted".
std::optional<model::Availability> failure(std::string_view body) {
  if (auto a = tool_failure(body)) return a;
  std::string_view rest = body;
  if (consume(rest, "netlink error: ")) return tool_failure("Cannot read: " + std::string(rest));
  return std::nullopt;
}

// The lines of the module EEPROM that tell a cable assembly and its length.
struct ModuleLines {
  const Line* identifier = nullptr;
  const Line* connector = nullptr;
  const Line* length = nullptr;
  std::string module;  // "QSFP28" from "Identifier : 0x11 (QSFP28)"
  bool assembly = false, copper = false, cable_type = false;
};

ModuleLines module_lines(const TextInput& in) {
  ModuleLines m;
  for (const Line& line : in.lines()) {
    const auto kv = split_key(line.body());
    if (!kv) continue;
    const auto [key, value] = *kv;
    if (key == "Identifier") {
      m.identifier = &line;
      const auto open = value.find('(');
      m.module = open == std::string_view::npos ? std::string(value) : std::string(value.substr(open + 1));
      if (m.module.ends_with(')')) m.module.pop_back();
    } else if (key == "Connector") {
      m.connector = &line;
      const auto code = to_u32(split_words(value).empty() ? value : split_words(value).front(), 16);
      m.assembly = code && (*code == 0x21 || *code == 0x23);
    } else if (key == "Transceiver type" && (value.find("Passive Cable") != std::string_view::npos ||
                                             value.find("Active Cable") != std::string_view::npos)) {
      m.cable_type = true;
      m.copper = m.copper || value.find("Passive Cable") != std::string_view::npos;
    } else if (key == "Transmitter technology" && value.find("Copper cable") != std::string_view::npos) {
      m.copper = true;
    } else if (is_cable_length_key(key)) {
      m.length = &line;
    }
  }
  return m;
}

// The cable assembly's length line as whole metres, rounded up.
Result assembly_length(TextInput& in, const std::string& module, const Line& length_line) {
  const std::string_view value = split_key(length_line.body())->second;
  if (value.starts_with('>'))
    return Result::missing(model::Availability::absent,
                           in.located(length_line, "the module gives its cable length as " + std::string(value)),
                           in.at(length_line));
  const auto m = metres(value);
  if (!m) return in.garbled<std::uint32_t>(length_line, "cable length", value);
  if (*m <= 0)
    return Result::missing(model::Availability::absent,
                           in.located(length_line, module + " cable assembly gives no cable length (0)"),
                           in.at(length_line));
  if (*m > 100000) return in.garbled<std::uint32_t>(length_line, "cable length", value);
  return Result::of(static_cast<std::uint32_t>(std::ceil(*m - 1e-6)), in.at(length_line));
}

}  // namespace

Expected<Parsed<Result>> parse_ethtool_module(std::string_view text, const TextOrigin& origin) {
  TextInput in(text, origin);
  if (in.lines().empty()) return in.error("empty: no ethtool -m output");
  for (const Line& line : in.lines()) {
    if (auto a = failure(line.body()))
      return in.result(Result::missing(*a, in.located(line, line.body()), in.at(line)));
    if (line.body().starts_with("Identifier")) break;
  }
  const ModuleLines m = module_lines(in);
  if (!m.identifier)
    return in.error(in.lines().front(), "not ethtool -m output: no 'Identifier' line (a hex dump or another command?)");
  if (!m.connector) {
    const std::string why =
        in.warn(*m.identifier, "no Connector line: cannot tell a cable assembly from an optic (truncated output?)");
    return in.result(Result::missing(model::Availability::error, why, in.at(*m.identifier)));
  }
  if (!m.assembly && !m.cable_type && !m.copper)
    return in.result(Result::missing(
        model::Availability::absent,
        in.located(*m.connector, m.module + " is a separable optic (" + shown(split_key(m.connector->body())->second) +
                                     "): its lengths are the fibre reach it supports, not the cable plugged in"),
        in.at(*m.connector)));
  if (!m.length)
    return in.result(Result::missing(model::Availability::absent,
                                     in.located(*m.identifier, m.module + " cable assembly: no cable length line"),
                                     in.at(*m.identifier)));
  Result length = assembly_length(in, m.module, *m.length);
  return in.result(std::move(length));
}

}  // namespace roce::captures::text
