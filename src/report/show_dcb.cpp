#include <fmt/format.h>

#include "report/compact_maps.hpp"
#include "report/field_text.hpp"
#include "report/show_parts.hpp"

namespace roce::report::detail {
namespace {

template <class T, class F>
std::vector<std::string> per_prio(const model::PerPrio<T>& xs, F show) {
  std::vector<std::string> out;
  for (const auto& x : xs) out.push_back(show(x));
  return out;
}

std::string dcbx_text(std::uint8_t bits) {
  std::string out;
  auto add = [&](std::uint8_t bit, const char* name) {
    if (bits & bit) out += (out.empty() ? "" : " ") + std::string(name);
  };
  add(1, "host");
  add(2, "lld-managed");
  add(4, "cee");
  add(8, "ieee");
  add(16, "static");
  return out.empty() ? "none" : out;
}

const char* tsa_name(std::uint8_t tsa) {
  switch (tsa) {
    case 0: return "strict";
    case 1: return "cbs";
    case 2: return "ets";
    case 255: return "vendor";
    default: return "unknown";
  }
}

// A member the source did not give (mlnx_qos prints no pfc-cap and, over sysfs, no total size).
template <class T>
std::string optional_text(const std::optional<T>& v) {
  return v ? std::to_string(*v) : std::string(model::to_string(model::Availability::absent));
}

std::string pfc_text(const model::Pfc& pfc, const model::NetDev& nd) {
  const auto prio_pfc = per_prio(model::PerPrio<int>{0, 1, 2, 3, 4, 5, 6, 7},
                                 [&](int p) { return std::string(pfc.enabled(p) ? "on" : "off"); });
  const bool mlx5 = nd.driver.ok() && nd.driver->driver == "mlx5_core";
  return fmt::format("pfc-cap {} prio-pfc {} delay {}{}", optional_text(pfc.pfc_cap), compact_per_prio(prio_pfc),
                     pfc.delay, mlx5 ? fmt::format(" (mlx5: cable length {} m)", pfc.delay) : "");
}

std::string ets_text(const model::Ets& ets) {
  auto num = [](std::uint8_t v) { return std::to_string(v); };
  return fmt::format("willing {} ets-cap {} prio-tc {} tc-tsa {} tc-bw {}", ets.willing ? "on" : "off", ets.ets_cap,
                     compact_per_prio(per_prio(ets.prio_tc, num)),
                     compact_per_prio(per_prio(ets.tc_tsa, [](std::uint8_t t) { return std::string(tsa_name(t)); })),
                     compact_per_prio(per_prio(ets.tc_tx_bw, num)));
}

std::string buffer_text(const model::Buffer& b) {
  auto num = [](auto v) { return std::to_string(v); };
  std::vector<std::string> sizes;
  for (auto s : b.buffer_size) sizes.push_back(num(s));
  return fmt::format("prio-buffer {} buffer-size {} total-size {} (bytes)",
                     compact_per_prio(per_prio(b.prio2buffer, num)), compact_per_prio(sizes),
                     optional_text(b.total_size));
}

std::string apptrust_text(const std::vector<std::uint8_t>& order) {
  std::string out;
  for (auto sel : order) {
    const char* name = sel == model::kAppSelDscp        ? "dscp"
                       : sel == model::kAppSelPcp       ? "pcp"
                       : sel == model::kAppSelEthertype ? "ethtype"
                       : sel == model::kAppSelStream    ? "stream-port"
                       : sel == model::kAppSelDgram     ? "dgram-port"
                                                        : "port";
    out += (out.empty() ? "" : " ") + std::string(name);
  }
  return out.empty() ? "none" : out;
}

std::string ecn_text(const model::PerPrio<model::Field<bool>>& enables) {
  return compact_per_prio(per_prio(enables, [](const model::Field<bool>& f) {
    return f.ok() ? std::string(*f ? "on" : "off") : std::string(model::to_string(f.availability));
  }));
}

}  // namespace

std::vector<std::string> dcb_lines(const model::NetDev& nd, const Style& style) {
  const auto& d = nd.dcb;
  std::vector<std::string> lines;
  lines.push_back("dcbx " + field_text(d.dcbx, style, dcbx_text));
  lines.push_back("trust " + field_text(nd.trust, style));
  lines.push_back("dscp-prio " + field_text(d.app, style, compact_dscp_map));
  if (d.app.ok())
    for (const auto& e : other_app_entries(*d.app)) lines.push_back("app " + e);
  lines.push_back("apptrust " + field_text(d.apptrust, style, apptrust_text));
  lines.push_back("pfc " + field_text(d.pfc, style, [&](const model::Pfc& p) { return pfc_text(p, nd); }));
  lines.push_back("ets " + field_text(d.ets, style, ets_text));
  lines.push_back("buffer " + field_text(d.buffer, style, buffer_text));
  lines.push_back("maxrate " + field_text(d.maxrate, style, [](const auto& rates) {
                    return compact_per_prio(per_prio(rates, [](std::uint64_t r) {
                      return r == 0 ? std::string("unlimited") : std::to_string(r) + "bit";
                    }));
                  }));
  if (nd.ecn.ok()) {
    lines.push_back("ecn-np " + ecn_text(nd.ecn->np));
    lines.push_back("ecn-rp " + ecn_text(nd.ecn->rp));
  } else {
    lines.push_back("ecn " + missing_text(nd.ecn, style));
  }
  return lines;
}

}  // namespace roce::report::detail
