#pragma once
// Any capture PATH as the Bundle `show --from` and `check --from` read, told by content:
//   a file starting with '{'               roce-doctor bundle (or `show --json` host document)
//   a zstd frame (28 b5 2f fd)              compressed bundle
//   the recording magic (89 "RDREC")        its first and last samples and their count (capture_samples),
//                                           streamed: a day of samples would not fit in memory
//   a directory                             import_folder (sos report, sysinfo-snapshot, command outputs)
//                                           and the switch exports and host LLDP outputs in it (switch/)
//   gzip / xz / bzip2 / plain tar           extracted with tar(1) into a private temporary directory,
//                                           imported as a folder, the directory removed afterwards
//   a GPU-NIC topology file                 one sample known by nothing else, the topology in the
//                                           bundle's observations (as a folder's is)
// (import/path_kind.hpp tells which.) A folder holding a topology and nothing else gives such a sample too.
// An imported capture gives one sample; its warnings are the sample's host notes.
#include <string>
#include <vector>

#include "captures/bundle.hpp"
#include "util/expected.hpp"

namespace roce::import {

/// `warnings`, when given, receives what reading found that is not fatal ("FILE: torn frame at byte
/// 123456 ignored (the writer was interrupted?)" for a recording), also when the load then fails.
Expected<captures::Bundle> load_capture(const std::string& path, std::vector<std::string>* warnings = nullptr);

}  // namespace roce::import
