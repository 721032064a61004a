#pragma once
// One switch's files: snapshot files (snapshot_blocks.hpp), its `show lldp table` or `show lldp
// neighbors` (the cables to its neighbours), a `hostname` file. Told apart by content. Named as
// src/switch names a switch known by its CLI outputs: `given` (--switch-name), else a prompt line
// pasted in its outputs ("admin@leaf01:~$ show pfc counters"), else its `hostname` file, else its
// folder, else (a loose snapshot file) the file's name without its extension.
#include <memory>
#include <string>
#include <vector>

#include "incident/source.hpp"

namespace roce::incident {

struct SwitchFiles {
  std::string folder;  // the switch's folder; empty for loose files
  std::vector<std::string> files;
};

std::unique_ptr<Source> switch_source(SwitchFiles files, std::string given_name = "");

/// Whether `path` is a snapshot file: its first line that is not empty is a date line.
bool is_snapshot_file(const std::string& path);

}  // namespace roce::incident
