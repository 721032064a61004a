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

}  // namespace

Expected<Parsed<Result>> parse_ethtool_module(std::string_view text, const TextOrigin& origin) {
  TextInput in(text, origin);
  if (in.lines().empty()) return in.error("empty: no ethtool -m output");
  for (const Line& line : in.lines()) {
    if (auto a = failure(line.body()))
      return in.result(Result::missing(*a, in.located(line, line.body()), in.at(line)));
    if (line.body().starts_with("Identifier")) break;
  }
  const Line* identifier = nullptr;
  const Line* connector_line = nullptr;
  const Line* length_line = nullptr;
  std::string module;
  bool assembly = false, copper = false, cable_type = false;
  for (const Line& line : in.lines()) {
    const auto kv = split_key(line.body());
    if (!kv) continue;
    const auto [key, value] = *kv;
    if (key == "Identifier") {
      identifier = &line;
      const auto open = value.find('(');
      module = open == std::string_view::npos ? std::string(value) : std::string(value.substr(open + 1));
      if (module.ends_with(')')) module.pop_back();
    } else if (key == "Connector") {
      connector_line = &line;
      const auto code = to_u32(split_words(value).empty() ? value : split_words(value).front(), 16);
      assembly = code && (*code == 0x21 || *code == 0x23);
    } else if (key == "Transceiver type" && (value.find("Passive Cable") != std::string_view::npos ||
                                             value.find("Active Cable") != std::string_view::npos)) {
      cable_type = true;
      copper = copper || value.find("Passive Cable") != std::string_view::npos;
    } else if (key == "Transmitter technology" && value.find("Copper cable") != std::string_view::npos) {
      copper = true;
    } else if (is_cable_length_key(key)) {
      length_line = &line;
    }
  }
  if (!identifier)
    return in.error(in.lines().front(), "not ethtool -m output: no 'Identifier' line (a hex dump or another command?)");
  if (!connector_line) {
    const std::string why =
        in.warn(*identifier, "no Connector line: cannot tell a cable assembly from an optic (truncated output?)");
    return in.result(Result::missing(model::Availability::error, why, in.at(*identifier)));
  }
  if (!assembly && !cable_type && !copper)
    return in.result(Result::missing(
        model::Availability::absent,
        in.located(*connector_line, module + " is a separable optic (" +
                                        shown(split_key(connector_line->body())->second) +
                                        "): its lengths are the fibre reach it supports, not the cable plugged in"),
        in.at(*connector_line)));
  if (!length_line)
    return in.result(Result::missing(model::Availability::absent,
                                     in.located(*identifier, module + " cable assembly: no cable length line"),
                                     in.at(*identifier)));
  const std::string_view value = split_key(length_line->body())->second;
  if (value.starts_with('>'))
    return in.result(Result::missing(
        model::Availability::absent,
        in.located(*length_line, "the module gives its cable length as " + std::string(value)), in.at(*length_line)));
  const auto m = metres(value);
  if (!m) return in.result(in.garbled<std::uint32_t>(*length_line, "cable length", value));
  if (*m <= 0)
    return in.result(Result::missing(model::Availability::absent,
                                     in.located(*length_line, module + " cable assembly gives no cable length (0)"),
                                     in.at(*length_line)));
  if (*m > 100000) return in.result(in.garbled<std::uint32_t>(*length_line, "cable length", value));
  return in.result(Result::of(static_cast<std::uint32_t>(std::ceil(*m - 1e-6)), in.at(*length_line)));
}

}  // namespace roce::captures::text
