// nccl-tests' -J JSON file (JSON_FILE_VERSION 3): args, devices[], results[] with out_of_place and
// in_place, out_of_bounds, average_bus_bandwidth.
#include <algorithm>

#include "results/json_text.hpp"
#include "results/read_results.hpp"
#include "util/json_dump.hpp"
#include "util/text.hpp"

namespace roce::results {
namespace {

using nlohmann::json;

std::string text_of(const json& o, const char* key) {
  auto it = o.find(key);
  if (it == o.end()) return {};
  if (it->is_string()) return it->get<std::string>();
  if (it->is_number()) return util::json_dump(*it);
  return {};
}

// "./build/all_reduce_perf" -> "all_reduce_perf".
std::string test_of(const json& j) {
  auto args = j.find("args");
  if (args == j.end() || !args->is_array() || args->empty() || !(*args)[0].is_string()) return {};
  std::string a = (*args)[0].get<std::string>();
  const std::size_t slash = a.rfind('/');
  return slash == std::string::npos ? a : a.substr(slash + 1);
}

std::optional<model::NcclSide> side_of(const json& row, const char* key) {
  auto it = row.find(key);
  if (it == row.end() || !it->is_object()) return std::nullopt;
  auto time = json_number(*it, "time");
  if (!time) time = json_number(*it, "cpu_time");
  const auto alg = json_number(*it, "alg_bw"), bus = json_number(*it, "bus_bw");
  if (!time || !alg || !bus || *alg < 0 || *bus < 0) return std::nullopt;
  std::string wrong = text_of(*it, "nwrong");
  if (wrong.empty()) wrong = "N/A";
  return model::NcclSide{*time, *alg, *bus, wrong};
}

}  // namespace

Expected<std::vector<model::BandwidthResult>> read_nccl_json(std::string_view text,
                                                             const captures::text::TextOrigin& origin) {
  auto doc = parse_json_text(text, origin, "nccl-tests -J");
  if (!doc) return fail(std::move(doc.error()));
  const json& j = *doc;
  const auto broken = [&](const std::string& what) {
    return fail(origin.file + ": " + what, "give the file an nccl-tests binary wrote with -J FILE.json");
  };
  if (!j.is_object()) return broken("not an nccl-tests -J object");
  auto results = j.find("results");
  if (results == j.end() || !results->is_array()) return broken("no \"results\" list: not an nccl-tests -J file");
  if (results->empty()) return broken("\"results\" is empty: the run measured nothing or the file is truncated");
  model::BandwidthResult r;
  r.tool = model::BandwidthTool::nccl_tests;
  r.format = "json";
  r.unit = "GB/s";
  r.test = test_of(j);
  r.from = {"nccl-tests", origin.file};
  if (auto devices = j.find("devices"); devices != j.end() && devices->is_array()) {
    for (const auto& d : *devices) {
      if (!d.is_object()) continue;
      model::NcclTestsRank k;
      k.rank = static_cast<int>(json_count(d, "rank", 1e9).value_or(0));
      k.host = text_of(d, "hostname");
      k.device = static_cast<int>(json_count(d, "device", 1e9).value_or(0));
      k.bus_id = text_of(d, "device_hex");
      k.name = text_of(d, "device_info");
      r.ranks.push_back(std::move(k));
    }
  }
  std::size_t index = 0;
  for (const auto& row : *results) {
    const std::string at = "results[" + std::to_string(index++) + "]";
    if (!row.is_object()) return broken(at + " is not an object");
    const auto size = json_count(row, "size");
    if (!size) return broken(at + " has no size");
    model::BandwidthRow w;
    w.bytes = *size;
    w.count = json_count(row, "count");
    w.type = text_of(row, "type");
    w.redop = util::trim(text_of(row, "redop"));
    w.root = util::trim(text_of(row, "root"));
    w.out_of_place = side_of(row, "out_of_place");  // null in trace replay: in-place only
    w.in_place = side_of(row, "in_place");
    if (!w.in_place && !w.out_of_place) return broken(at + " has neither out_of_place nor in_place figures");
    w.gbps = std::max(w.out_of_place ? w.out_of_place->busbw : 0.0, w.in_place ? w.in_place->busbw : 0.0) * 8;
    r.rows.push_back(std::move(w));
  }
  if (auto oob = j.find("out_of_bounds"); oob != j.end() && oob->is_object())
    r.out_of_bounds = json_count(*oob, "count");
  if (auto avg = j.find("average_bus_bandwidth"); avg != j.end() && avg->is_object()) {
    r.avg_busbw = json_number(*avg, "bandwidth");
    r.footer = r.avg_busbw.has_value();
  }
  return std::vector<model::BandwidthResult>{std::move(r)};
}

}  // namespace roce::results
