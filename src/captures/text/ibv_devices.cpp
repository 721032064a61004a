// ibv_devices: the RDMA devices and their node GUIDs.
#include "captures/text/ibv_devices.hpp"

#include "captures/text/ib_names.hpp"
#include "captures/text/text_input.hpp"

namespace roce::captures::text {

Expected<Parsed<std::vector<model::RdmaDevice>>> parse_ibv_devices(std::string_view text, const TextOrigin& origin) {
  TextInput in(text, origin);
  if (in.lines().empty()) return in.error("empty: no ibv_devices output");
  const Line& first = in.lines().front();
  const auto head = split_words(first.body());
  if (head.size() != 3 || head[0] != "device" || head[1] != "node" || head[2] != "GUID")
    return in.error(first, "not ibv_devices output: expected the 'device node GUID' header, got " + shown(first.text));
  std::vector<model::RdmaDevice> devices;
  for (const Line& line : in.lines()) {
    if (&line == &first || line.body().starts_with("---")) continue;
    const auto words = split_words(line.body());
    const auto guid =
        words.size() == 2 && words[1].size() == 16 ? guid_in_sysfs_form("0x" + std::string(words[1])) : std::nullopt;
    if (!guid) {
      in.warn(line, "not a '<device> <16 hex digits>' row, skipped: " + shown(line.text));
      continue;
    }
    auto& dev = devices.emplace_back();
    dev.name = std::string(words[0]);
    dev.node_guid = model::Field<std::string>::of(*guid, in.at(line));
  }
  return in.result(std::move(devices));
}

}  // namespace roce::captures::text
