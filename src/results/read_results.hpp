#pragma once
// Reads bandwidth results: perftest text (ib_write_bw/ib_read_bw/ib_send_bw, single size and -a
// sweeps, Gb/s and MiB/s, -b) and --out_json files; nccl-tests text tables (every collective) and
// -J JSON files. The format is recognised from the content.
#include <string>
#include <string_view>
#include <vector>

#include "captures/text/parse_result.hpp"
#include "model/bandwidth.hpp"
#include "util/expected.hpp"

namespace roce::results {

/// Every result the text holds (a paste may hold several runs). Fails with "FILE:LINE: ..." on
/// text that is none of the formats, or a run cut short (a header without rows, a truncated row):
/// never a guessed number.
Expected<std::vector<model::BandwidthResult>> read_results(std::string_view text,
                                                           const captures::text::TextOrigin& origin);

/// Reads a file with read_results; its path is the origin's file.
Expected<std::vector<model::BandwidthResult>> read_results_file(const std::string& path);

/// True when the text looks like perftest or nccl-tests output (what import keeps from a folder).
bool looks_like_results(std::string_view text);

// The parsers behind read_results, one per format.
Expected<std::vector<model::BandwidthResult>> read_perftest_text(std::string_view text,
                                                                 const captures::text::TextOrigin& origin);
Expected<std::vector<model::BandwidthResult>> read_perftest_json(std::string_view text,
                                                                 const captures::text::TextOrigin& origin);
Expected<std::vector<model::BandwidthResult>> read_nccl_text(std::string_view text,
                                                             const captures::text::TextOrigin& origin);
Expected<std::vector<model::BandwidthResult>> read_nccl_json(std::string_view text,
                                                             const captures::text::TextOrigin& origin);

}  // namespace roce::results
