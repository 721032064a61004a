#pragma once
// The roce-doctor bundle: one versioned JSON document holding one or more Host samples.
// Format (man/roce-doctor-bundle.5 is the full description):
//   {"format": "roce-doctor-bundle", "schema_version": 1, "tool_version": "0.1.0",
//    "created_unix_ms": 1700000000000, "samples": [Host, ...],
//    "raw_lines": [[source, "FILE:LINE", text], ...],   (only for an imported capture)
//    "host_lldp": [{"netdev", "system_name", "port_id", ...}, ...]}   (only when some were read)
// `show --json` writes a single Host as {"format": "roce-doctor-host", "schema_version": 1, ...Host};
// the reader accepts both and returns a Bundle. "raw_lines" is written only when there are some.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/host.hpp"
#include "model/observations.hpp"
#include "model/raw_lines.hpp"
#include "util/expected.hpp"

namespace roce::captures {

inline constexpr int kBundleSchemaVersion = 1;
inline constexpr std::string_view kBundleFormat = "roce-doctor-bundle";
inline constexpr std::string_view kHostFormat = "roce-doctor-host";

struct Bundle {
  std::string tool_version;
  std::int64_t created_unix_ms = 0;
  std::vector<model::Host> samples;
  model::Observations observations;  // found beside the host in a folder or archive; in the JSON
                                     // only the host's LLDP neighbours (switches.host_lldp)
  model::RawLines raw_lines{};       // an imported capture: the lines its values cite (model/raw_lines.hpp)
  // How many samples the capture holds when `samples` keeps only its first and last (a recording:
  // a day of samples would take gigabytes); 0: `samples` holds every one. Not written.
  std::size_t capture_samples = 0;
  bool operator==(const Bundle&) const = default;
};

// JSON text, pretty-printed with two-space indentation and a final newline. A host document holds
// `raw_lines` too when some are given.
std::string write_bundle_text(const Bundle& bundle);
std::string write_host_text(const model::Host& host, const model::RawLines& raw_lines = {});

// `name` prefixes every error ("bundle host.json: samples[0].netdevs[2].mtu: expected ...").
Expected<Bundle> read_bundle_text(std::string_view text, std::string_view name);

// Files whose name ends in ".zst" are zstd-compressed.
Expected<Bundle> read_bundle_file(const std::string& path);
Outcome write_bundle_file(const std::string& path, const Bundle& bundle);

}  // namespace roce::captures
