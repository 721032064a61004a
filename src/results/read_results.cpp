// Which bandwidth format a text is, and the file reader.
#include "results/read_results.hpp"
#include "util/read_file.hpp"

#include <new>
#include <sstream>

namespace roce::results {
namespace {

enum class Format { none, perftest_text, perftest_json, nccl_text, nccl_json };

bool starts_json(std::string_view text) {
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
    return c == '{';
  }
  return false;
}

bool has(std::string_view text, std::string_view what) { return text.find(what) != std::string_view::npos; }

Format format_of(std::string_view text) {
  if (starts_json(text)) {
    if (has(text, "\"test_info\"")) return Format::perftest_json;
    if (has(text, "\"results\"") &&
        (has(text, "\"nccl_version\"") || has(text, "\"average_bus_bandwidth\"") || has(text, "\"out_of_place\"")))
      return Format::nccl_json;
    return Format::none;
  }
  if (has(text, "#bytes") && (has(text, "BW peak") || has(text, "BW average"))) return Format::perftest_text;
  if (has(text, " BW Test") || has(text, " Latency Test")) return Format::perftest_text;
  if (has(text, "busbw") || has(text, "Avg bus bandwidth") || has(text, "nccl-tests version") ||
      has(text, "Collective test starting"))
    return Format::nccl_text;
  // A paste of rows only: "  32768  8192  float  sum  -1  18.66  1.76  3.07  0  17.95 ...".
  std::istringstream lines{std::string(text.substr(0, 65536))};
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string size, count, type;
    if (!(words >> size >> count >> type)) continue;
    const bool digits = size.find_first_not_of("0123456789") == std::string::npos &&
                        count.find_first_not_of("0123456789") == std::string::npos;
    if (digits && (type == "float" || type == "half" || type == "bfloat16" || type == "double" || type == "int8" ||
                   type == "uint8" || type == "int32" || type == "uint32" || type == "int64" || type == "uint64"))
      return Format::nccl_text;
  }
  return Format::none;
}

}  // namespace

bool looks_like_results(std::string_view text) { return format_of(text) != Format::none; }

Expected<std::vector<model::BandwidthResult>> read_results(std::string_view text,
                                                           const captures::text::TextOrigin& origin) {
  switch (format_of(text)) {
    case Format::perftest_text: return read_perftest_text(text, origin);
    case Format::perftest_json: return read_perftest_json(text, origin);
    case Format::nccl_text: return read_nccl_text(text, origin);
    case Format::nccl_json: return read_nccl_json(text, origin);
    case Format::none: break;
  }
  return fail(origin.file + ": not perftest or nccl-tests output",
              "give the output of ib_write_bw/ib_read_bw/ib_send_bw (text or --out_json) or of an nccl-tests "
              "binary (text or -J json)");
}

Expected<std::vector<model::BandwidthResult>> read_results_file(const std::string& path) {
  auto text = util::read_file(path);
  if (!text) {  // "read PATH: a FIFO, not a regular file", "... over the limit" with how to raise it
    Error why = std::move(text.error());
    if (why.hint.empty()) why.hint = "is the path right and readable?";
    return fail(std::move(why));
  }
  try {
    return read_results(*text, {"file", path});
  } catch (const std::bad_alloc&) {
    throw util::OutOfMemoryReading(path);  // main names it, exit 4
  }
}

}  // namespace roce::results
