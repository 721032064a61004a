#include "captures/text/ethtool_driver.hpp"

#include "captures/text/text_input.hpp"

namespace roce::captures::text {

Expected<Parsed<model::Field<model::DriverInfo>>> parse_ethtool_driver(std::string_view text,
                                                                       const TextOrigin& origin) {
  using Result = model::Field<model::DriverInfo>;
  TextInput in(text, origin);
  if (in.lines().empty()) return in.error("empty: no ethtool -i output");
  const Line& head = in.lines().front();
  if (auto failure = tool_failure(head.body()))
    return in.result(Result::missing(*failure, in.located(head, head.body()), in.at(head)));
  const auto first = split_key(head.body());
  if (!first || first->first != "driver")
    return in.error(head, "not ethtool -i output: expected 'driver: <name>', got " + shown(head.text));

  model::DriverInfo d;
  bool version = false, firmware = false, bus = false;
  for (const Line& line : in.lines()) {
    const auto kv = split_key(line.body());
    if (!kv || !plain_key(kv->first)) {
      in.warn(line, "not a 'key: value' line of ethtool -i, skipped: " + shown(line.text));
      continue;
    }
    const auto [key, value] = *kv;
    if (key == "driver") {
      d.driver = std::string(value);
    } else if (key == "version") {
      d.version = std::string(value);
      version = true;
    } else if (key == "firmware-version") {
      d.fw_version = std::string(value);
      firmware = true;
    } else if (key == "bus-info") {
      d.bus_info = std::string(value);
      bus = true;
    }
  }
  if (d.driver.empty() || !version || !firmware || !bus)
    return in.result(Result::missing(
        model::Availability::error,
        in.warn(head, "driver, version, firmware-version or bus-info missing (truncated output?)"), in.at(head)));
  return in.result(Result::of(d, in.at(head)));
}

}  // namespace roce::captures::text
