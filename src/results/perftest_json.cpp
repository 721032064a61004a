// perftest's --out_json file: {"test_info": {...}, "results": {...}}, one message size (the last one
// of a sweep: perftest rewrites the file for every size).
#include <cmath>

#include "results/json_text.hpp"
#include "results/numbers.hpp"
#include "results/read_results.hpp"

namespace roce::results {

namespace {

using nlohmann::json;

std::string string_of(const json& o, const char* key) {
  auto it = o.find(key);
  return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::optional<std::uint32_t> count_of(const json& o, const char* key) {
  const auto v = json_count(o, key, 4294967295.0);
  if (!v) return std::nullopt;
  return static_cast<std::uint32_t>(*v);
}

// The file has no unit: it follows --report_gbits. The message rate fixes it: BW = size × rate, in
// Gb/s or in MiB/s; the unit is the one that agrees within 5%.
std::optional<std::string> unit_from_rate(double bytes, double average, double mpps) {
  const double bytes_per_s = bytes * mpps * 1e6;
  if (average <= 0 || bytes_per_s <= 0) return std::nullopt;
  const double as_gbits = bytes_per_s * 8 / 1e9, as_mib = bytes_per_s / 1048576.0;
  if (std::abs(as_gbits - average) <= 0.05 * average) return "Gb/sec";
  if (std::abs(as_mib - average) <= 0.05 * average) return "MiB/sec";
  return std::nullopt;
}

}  // namespace

Expected<std::vector<model::BandwidthResult>> read_perftest_json(std::string_view text,
                                                                 const captures::text::TextOrigin& origin) {
  auto doc = parse_json_text(text, origin, "perftest --out_json");
  if (!doc) return fail(std::move(doc.error()));
  const json& j = *doc;
  const auto where = [&](const std::string& what) {
    return fail(origin.file + ": " + what, "give the file ib_write_bw --out_json wrote (perftest_out.json)");
  };
  if (!j.is_object() || !j.contains("test_info") || !j["test_info"].is_object())
    return where("no \"test_info\" object: not a perftest --out_json file");
  if (!j.contains("results") || !j["results"].is_object()) return where("no \"results\" object: the file is truncated");
  const json& info = j["test_info"];
  const json& res = j["results"];
  model::BandwidthResult r;
  r.tool = model::BandwidthTool::perftest;
  r.format = "json";
  r.from = {"perftest", origin.file};
  r.test = string_of(info, "test");
  if (r.test.find("_BW_") == std::string::npos) return where("test \"" + r.test + "\" is not a bandwidth test");
  r.bidirectional = r.test.find("Bidirectional") != std::string::npos;
  r.device = string_of(info, "Device");
  r.transport = string_of(info, "Transport_type");
  r.connection = string_of(info, "Connection_type");
  r.link_type = string_of(info, "Link_type");
  r.qps = count_of(info, "Number_of_qps");
  r.mtu = count_of(info, "Mtu");
  r.gid_index = count_of(info, "GID_index");
  r.tos = count_of(info, "TOS");
  const auto size = json_count(res, "MsgSize");
  const auto average = json_number(res, "BW_average"), rate = json_number(res, "MsgRate");
  if (!size || !average || !rate || *average < 0)
    return where("\"results\" lacks MsgSize, BW_average or MsgRate (perftest run with --output bandwidth?)");
  const auto unit = unit_from_rate(static_cast<double>(*size), *average, *rate);
  if (!unit)
    return where("BW_average " + std::to_string(*average) + " matches neither Gb/s nor MiB/s for MsgSize " +
                 std::to_string(static_cast<std::uint64_t>(*size)) + " at MsgRate " + std::to_string(*rate) + " Mpps");
  r.unit = *unit;
  model::BandwidthRow w;
  w.bytes = *size;
  w.iterations = json_count(res, "n_iterations");
  if (auto peak = json_number(res, "BW_peak"); peak && *peak > 0) w.peak = peak;
  w.average = average;
  w.msg_rate_mpps = rate;
  w.gbps = *to_gbps(*average, r.unit);
  if (w.peak) w.peak_gbps = to_gbps(*w.peak, r.unit);
  r.rows.push_back(w);
  return std::vector<model::BandwidthResult>{std::move(r)};
}

}  // namespace roce::results
