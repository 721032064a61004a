// cma_roce_mode: the default RoCE version of RDMA-CM on a port.
#include "captures/text/cma_roce_mode.hpp"

#include "captures/text/text_input.hpp"

namespace roce::captures::text {

Expected<Parsed<std::string>> parse_cma_roce_mode(std::string_view text, const TextOrigin& origin) {
  TextInput in(text, origin);
  if (in.lines().empty()) return in.error("empty: no cma_roce_mode output");
  const Line& first = in.lines().front();
  const std::string_view mode = first.body();
  if (mode != "RoCE v2" && mode != "IB/RoCE v1")
    return in.error(first, "not cma_roce_mode output: expected 'RoCE v2' or 'IB/RoCE v1', got " + shown(first.text));
  for (const Line& line : in.lines())
    if (&line != &first) in.warn(line, "more than the one mode line, skipped: " + shown(line.text));
  return in.result(std::string(mode));
}

}  // namespace roce::captures::text
