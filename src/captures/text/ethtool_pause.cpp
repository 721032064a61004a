#include "captures/text/ethtool_pause.hpp"

#include "captures/text/text_input.hpp"

namespace roce::captures::text {

Expected<Parsed<model::Field<model::PauseParams>>> parse_ethtool_pause(std::string_view text,
                                                                       const TextOrigin& origin) {
  using Result = model::Field<model::PauseParams>;
  TextInput in(text, origin);
  if (in.lines().empty()) return in.error("empty: no ethtool -a output");
  const Line& head = in.lines().front();
  if (auto failure = tool_failure(head.body()))
    return in.result(Result::missing(*failure, in.located(head, head.body()), in.at(head)));
  if (!head.body().starts_with("Pause parameters for ") || !head.body().ends_with(':'))
    return in.error(head, "not ethtool -a output: expected 'Pause parameters for <if>:', got " + shown(head.text));

  model::PauseParams p;
  std::optional<bool> autoneg, rx, tx;
  bool in_stats = false;
  std::string error;
  for (std::size_t i = 1; i < in.lines().size(); ++i) {
    const Line& line = in.lines()[i];
    const auto kv = split_key(line.body());
    if (line.body() == "Statistics:") {
      in_stats = true;
      continue;
    }
    if (!kv) {
      in.warn(line, "not a line of ethtool -a, skipped: " + shown(line.text));
      continue;
    }
    const auto [key, value] = *kv;
    if (in_stats && (key == "tx_pause_frames" || key == "rx_pause_frames")) {
      const auto n = to_u64(value);
      if (!n)
        in.warn(line, "unreadable " + std::string(key) + " " + shown(value) + ", skipped");
      else
        (key == "tx_pause_frames" ? p.tx_frames : p.rx_frames) = *n;
      continue;
    }
    std::optional<bool>* slot = key == "Autonegotiate" ? &autoneg : key == "RX" ? &rx : key == "TX" ? &tx : nullptr;
    if (!slot) continue;  // "RX negotiated", other statistics
    *slot = on_off(value);
    if (!*slot) error = in.warn(line, "unreadable " + std::string(key) + " " + shown(value) + " (expected on/off)");
  }
  if (error.empty() && (!autoneg || !rx || !tx))
    error = in.warn(head, "Autonegotiate, RX or TX line missing (truncated output?)");
  if (!error.empty()) return in.result(Result::missing(model::Availability::error, error, in.at(head)));
  p.autoneg = *autoneg;
  p.rx = *rx;
  p.tx = *tx;
  return in.result(Result::of(p, in.at(head)));
}

}  // namespace roce::captures::text
