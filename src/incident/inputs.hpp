#pragma once
// The sources a `storm` command line names:
//  * PATHs, expanded as `fleet` expands them (import::for_each_host: files, folders of hosts,
//    archives): a recording (its rotated parts, FILE.1 ..., one source), a switch's snapshot file or
//    `show lldp table` (by content: a folder holding one snapshot file is one switch, named after it;
//    several snapshot files in one folder are each a switch), anything else a capture
//    (import::load_capture); what cannot be read is a note, not an end;
//  * --switch PATHs: a snapshot file (one switch), a folder of one switch's files, or a folder of
//    such folders.
#include <memory>
#include <string>
#include <vector>

#include "incident/source.hpp"
#include "util/expected.hpp"

namespace roce::incident {

struct Sources {
  std::vector<std::unique_ptr<Source>> sources;
  std::vector<std::string> notes;
};

/// Fails naming a PATH that does not exist or cannot be read at all.
Expected<Sources> sources_of(const std::vector<std::string>& paths, const std::vector<std::string>& switch_paths,
                             const std::string& switch_name);

}  // namespace roce::incident
