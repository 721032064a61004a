// The estimate view: text and JSON.
#include "report/estimate_view.hpp"
#include "util/json_dump.hpp"

#include <cstdio>

#include <nlohmann/json.hpp>

namespace roce::report {
namespace {

std::string estimate_seconds_text(double s) {
  char buf[48];
  if (s >= 1)
    std::snprintf(buf, sizeof buf, "%.3g s", s);
  else if (s >= 1e-3)
    std::snprintf(buf, sizeof buf, "%.3g ms", s * 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.3g us", s * 1e6);
  return buf;
}

std::string estimate_number(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

const char* algo_name(physics::Algorithm a) { return a == physics::Algorithm::tree ? "tree" : "ring"; }

}  // namespace

std::string render_estimate_text(const physics::EstimateQuestion& q, const physics::EstimateAnswer& a,
                                 const std::string& size) {
  const bool one_transfer = q.collective == physics::Collective::none;
  const std::string what = one_transfer
                               ? size
                               : std::string(physics::to_string(q.collective)) + " of " + size +
                                     (q.ranks ? " over " + std::to_string(q.ranks) + " ranks" : std::string()) + " (" +
                                     algo_name(q.algo) + ", bus factor " + estimate_number(a.bus_factor) + ")";
  const std::string rate_kind = q.rate_is_busbw ? "busbw" : "rate";
  if (!a.rate_needed_gbps)
    return what + " at " + rate_kind + " " + estimate_number(*q.rate_gbps) +
           " Gb/s: " + estimate_seconds_text(*a.seconds) + "\n";
  const double needed = *a.rate_needed_gbps;
  std::string text = what + " within " + estimate_seconds_text(*a.seconds) + ": needs " + estimate_number(needed) +
                     " Gb/s (" + estimate_number(needed / 8) + " GB/s" + (one_transfer ? "" : " busbw") + ")";
  if (a.fits)
    text +=
        "; " + rate_kind + " " + estimate_number(*q.rate_gbps) + " Gb/s " + (*a.fits ? "is enough" : "is not enough");
  return text + "\n";
}

std::string render_estimate_json(const physics::EstimateQuestion& q, const physics::EstimateAnswer& a) {
  nlohmann::ordered_json doc;
  doc["schema_version"] = 1;
  doc["bytes"] = q.bytes;
  doc["collective"] = physics::to_string(q.collective);
  if (q.collective != physics::Collective::none) {
    doc["ranks"] = q.ranks;
    doc["algo"] = algo_name(q.algo);
  }
  doc["bus_factor"] = a.bus_factor;
  if (a.rate_needed_gbps) {
    doc["seconds"] = *a.seconds;
    doc["rate_gbps_needed"] = *a.rate_needed_gbps;
    if (a.fits) {
      doc["rate_gbps"] = *q.rate_gbps;
      doc["fits"] = *a.fits;
    }
  } else {
    doc["rate_gbps"] = *q.rate_gbps;
    doc["rate_is_busbw"] = q.rate_is_busbw;
    doc["seconds"] = *a.seconds;
  }
  return util::json_dump(doc, 2) + "\n";
}

}  // namespace roce::report
