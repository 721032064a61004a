// The show text view of a host's devlink shared buffers: per device its pools, and per port the
// bindings of the traffic classes that carry its lossless priorities.
#include <fmt/format.h>

#include "model/shared_buffer_lookup.hpp"
#include "report/show_parts.hpp"

namespace roce::report::detail {
namespace {

// "ingress pg 3: pool 2 threshold 1000080 bytes", "egress tc 3: pool 4 threshold 9 (alpha 1/2)".
std::string binding_text(const model::DevlinkSb& d, const std::string& port, const char* type,
                         std::optional<std::uint8_t> tc) {
  const bool ingress = std::string_view(type) == "ingress";
  const char* unit = ingress ? "pg" : "tc";
  if (!tc) return fmt::format("{} {} unknown (no dcb {})", type, unit, ingress ? "buffer" : "ets");
  const auto* b = model::find_tc_bind(d, port, type, *tc);
  if (!b) return fmt::format("{} {} {}: not bound", type, unit, *tc);
  const auto* pool = model::find_sb_pool(d, b->sb, b->pool);
  std::string threshold = pool ? model::threshold_text(pool, b->threshold) : "(pool not listed)";
  if (pool && pool->threshold_type == "dynamic") threshold = fmt::format("{} ({})", b->threshold, threshold);
  return fmt::format("{} {} {}: pool {} threshold {}", type, unit, *tc, b->pool, threshold);
}

}  // namespace

std::vector<std::string> shared_buffer_lines(const model::Host& host, const Style& style) {
  std::vector<std::string> out;
  if (!host.shared_buffers.ok()) return out;
  for (const auto& d : *host.shared_buffers) {
    out.push_back(fmt::format("{} {}", style.bold("devlink-sb"), d.device.empty() ? "(device not named)" : d.device));
    for (const auto& p : d.pools) {
      std::string line = fmt::format("{}pool {} {} size {} {}", kIndent, p.pool, p.type, p.size, p.threshold_type);
      if (p.sb != 0) line += fmt::format(" sb {}", p.sb);
      if (p.cell_size) line += fmt::format(" cell-size {}", *p.cell_size);
      out.push_back(std::move(line));
    }
    for (const auto& nd : host.netdevs) {
      if (model::sb_device_of_port(*host.shared_buffers, nd.name) != &d) continue;
      if (!nd.dcb.pfc.ok()) {
        out.push_back(fmt::format("{}{} lossless priorities unknown (no dcb pfc)", kIndent, nd.name));
        continue;
      }
      const auto lossless = model::lossless_tcs(nd);
      if (lossless.empty()) out.push_back(fmt::format("{}{} no lossless priority (pfc off)", kIndent, nd.name));
      for (const auto& l : lossless) {
        out.push_back(fmt::format("{}{} prio {} {}", kIndent, nd.name, l.priority,
                                  binding_text(d, nd.name, "ingress", l.ingress_pg)));
        out.push_back(fmt::format("{}{} prio {} {}", kIndent, nd.name, l.priority,
                                  binding_text(d, nd.name, "egress", l.egress_tc)));
      }
    }
  }
  return out;
}

}  // namespace roce::report::detail
