#pragma once
// What a PATH given to roce-doctor is (a bundle, a recording, an archive, a capture folder, a
// topology file, a switch's tech-support archive ...): the one rule every reader of paths asks.
#include <string>
#include <string_view>

#include "util/expected.hpp"

namespace roce::import {

enum class PathKind {
  bundle,          // a file starting with '{': a roce-doctor bundle, `show --json` or `check --json` output
  bundle_zstd,     // a zstd frame (28 b5 2f fd): a compressed bundle
  recording,       // `roce-doctor record` output (record::looks_like_recording)
  archive,         // gzip, xz, bzip2 or plain tar, or a zstd frame named *.tar.zst
  switch_archive,  // a SONiC `show techsupport` archive: a file named sonic_dump_*.tar.gz or *.tgz
  topology_file,   // `nvidia-smi topo -m` output, NCCL's or hwloc's topology XML (by name or content)
  command_output,  // a file named as a command output import_folder reads (capture_names.hpp)
  capture_folder,  // one host's capture: sos_commands/, sys/, a sysinfo-snapshot or command outputs in it
  folder,          // any other directory: a folder of hosts, of switch exports, a wrapping folder
  unknown,         // a regular file none of the above
};

/// "bundle", "zstd bundle", "recording", "archive", ...: the kind as messages name it.
const char* to_string(PathKind kind);

/// An archive extract_archive reads (archive or switch_archive).
bool is_archive(PathKind kind);

/// The kind of a regular file named `file_name` starting with `head` (its first bytes, at least
/// 512 for a plain tar). Content decides first (recording, bundle, zstd, archive); a name decides
/// a switch archive, a .tar.zst, a command output; topology by name or by content. Pure.
PathKind kind_of_file(std::string_view file_name, std::string_view head);

/// The kind of a directory (capture_folder or folder).
PathKind kind_of_folder(const std::string& dir);

/// The kind of `path`, reading at most its first 4 KiB. Fails naming the path when it does not
/// exist, cannot be read, or is neither a regular file nor a directory (a FIFO, a device, a socket).
Expected<PathKind> classify_path(const std::string& path);

}  // namespace roce::import
