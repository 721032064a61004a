// The one "what is this path" rule: kind_of_file by content and name, kind_of_folder by layout.
#include "import/path_kind.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "import/capture_names.hpp"
#include "import/tar_extract.hpp"
#include "record/recording.hpp"
#include "topology/capture_topology.hpp"

namespace roce::import {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kHeadBytes = 4096;

bool starts_with_after_space(std::string_view head, char c) {
  const auto first = head.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && head[first] == c;
}

bool is_zstd(std::string_view head) { return head.substr(0, 4) == std::string_view("\x28\xb5\x2f\xfd", 4); }

bool names_switch_archive(std::string_view name) {
  return name.starts_with("sonic_dump_") && (name.ends_with(".tar.gz") || name.ends_with(".tgz"));
}

// `nvidia-smi topo -m`'s header row ("\tGPU0\tGPU1 ...") or NCCL's / hwloc's XML.
bool reads_as_topology(std::string_view head) {
  if (starts_with_after_space(head, '<')) return true;
  for (std::size_t at = head.find("GPU0"); at != std::string_view::npos; at = head.find("GPU0", at + 1)) {
    const auto line = head.rfind('\n', at);
    const auto before = head.substr(line == std::string_view::npos ? 0 : line + 1, at - (line + 1));
    if (before.find_first_not_of(" \t") == std::string_view::npos) return true;
  }
  return false;
}

bool holds_folder(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

}  // namespace

const char* to_string(PathKind kind) {
  switch (kind) {
    case PathKind::bundle: return "bundle";
    case PathKind::bundle_zstd: return "zstd bundle";
    case PathKind::recording: return "recording";
    case PathKind::archive: return "archive";
    case PathKind::switch_archive: return "switch archive";
    case PathKind::topology_file: return "topology file";
    case PathKind::command_output: return "command output";
    case PathKind::capture_folder: return "capture folder";
    case PathKind::folder: return "folder";
    case PathKind::unknown: break;
  }
  return "unknown file";
}

bool is_archive(PathKind kind) { return kind == PathKind::archive || kind == PathKind::switch_archive; }

PathKind kind_of_file(std::string_view file_name, std::string_view head) {
  if (record::looks_like_recording(head)) return PathKind::recording;
  if (starts_with_after_space(head, '{')) return PathKind::bundle;
  if (is_zstd(head)) return file_name.ends_with(".tar.zst") ? PathKind::archive : PathKind::bundle_zstd;
  // The name claims it: an archive that does not extract is then reported as such.
  if (names_switch_archive(file_name)) return PathKind::switch_archive;
  if (looks_like_archive(head)) return PathKind::archive;
  if (topology::names_topology_file(std::string(file_name)) || reads_as_topology(head)) return PathKind::topology_file;
  if (classify_command_file(file_name).kind != CommandKind::unknown) return PathKind::command_output;
  return PathKind::unknown;
}

PathKind kind_of_folder(const std::string& dir_name) {
  const fs::path dir(dir_name);
  if (holds_folder(dir / "sos_commands") || holds_folder(dir / "sys") || holds_folder(dir / "commands_txt_output") ||
      holds_folder(dir / "ethtool_S") || holds_folder(dir / "ecn" / "config"))
    return PathKind::capture_folder;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (!e.is_regular_file(ec)) continue;
    if (classify_command_file(e.path().filename().string()).kind != CommandKind::unknown)
      return PathKind::capture_folder;
  }
  return PathKind::folder;
}

Expected<PathKind> classify_path(const std::string& path) {
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (ec) return fail(path + ": " + ec.message(), "", ec.value());
  if (fs::is_directory(status)) return kind_of_folder(path);
  if (!fs::is_regular_file(status)) {
    const char* kind = fs::is_fifo(status)                                          ? "a FIFO, "
                       : fs::is_socket(status)                                      ? "a socket, "
                       : fs::is_character_file(status) || fs::is_block_file(status) ? "a device, "
                                                                                    : "";
    return fail(path + ": " + kind + "not a regular file or directory",
                "give the capture's file or folder itself; a pipe or device is not read");
  }
  std::string head(kHeadBytes, '\0');
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("read " + path + ": " + std::strerror(errno), "", errno);
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  return kind_of_file(fs::path(path).filename().string(), head);
}

}  // namespace roce::import
