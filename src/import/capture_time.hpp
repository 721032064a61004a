#pragma once
// When a capture was taken, from the texts that say so. Pure.
#include <cstdint>
#include <string_view>

#include "util/expected.hpp"

namespace roce::import {

// GNU `date` in its default format, "Sun Nov 29 20:30:00 UTC 2026" (also `date --utc`), -> Unix
// milliseconds. Only UTC/GMT can be placed on the time line: any other zone abbreviation is
// ambiguous ("IST", "CST") and is an error saying so.
Expected<std::int64_t> parse_date_output(std::string_view text);

// sos's sos_reports/manifest.json: "start_time": "2026-11-29 20:30:00.123456" (Python str() of a
// naive datetime.now(): the host's local time, zone not recorded). Read as UTC; the caller says so.
Expected<std::int64_t> parse_sos_manifest_time(std::string_view json_text);

}  // namespace roce::import
