// Expanding fleet PATHs (files, folders of hosts, archives) into one capture per host.
#include "fleet/host_paths.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <filesystem>
#include <string_view>
#include <vector>

#include "import/capture_names.hpp"
#include "import/tar_extract.hpp"

namespace roce::fleet {
namespace {

namespace fs = std::filesystem;

bool is_dir(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

bool is_archive_name(std::string_view name) {
  static constexpr std::array<std::string_view, 9> kSuffixes = {".tar",     ".tar.gz", ".tgz", ".tar.xz", ".txz",
                                                                ".tar.bz2", ".tbz2",   ".tbz", ".tar.zst"};
  return std::any_of(kSuffixes.begin(), kSuffixes.end(), [&](std::string_view s) { return name.ends_with(s); });
}

// One host's capture folder, as import_folder reads it, rather than a folder of hosts.
bool is_capture_folder(const fs::path& dir) {
  if (is_dir(dir / "sos_commands") || is_dir(dir / "sys") || is_dir(dir / "commands_txt_output") ||
      is_dir(dir / "ethtool_S") || is_dir(dir / "ecn" / "config"))
    return true;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (!e.is_regular_file(ec)) continue;
    if (import::classify_command_file(e.path().filename().string()).kind != import::CommandKind::unknown) return true;
  }
  return false;
}

void visit_folder(const fs::path& dir, const std::string& label, const HostVisitor& host,
                  const PathErrorVisitor& error);

void visit_path(const fs::path& path, const std::string& label, const HostVisitor& host,
                const PathErrorVisitor& error) {
  if (is_dir(path)) return visit_folder(path, label, host, error);
  if (!is_archive_name(path.filename().string())) return host(path.string(), label);
  auto dir = import::TempDir::create();
  if (!dir) return error(label, dir.error());
  if (auto extracted = import::extract_archive(path.string(), dir->path()); !extracted)
    return error(label, extracted.error());
  visit_folder(dir->path(), label + ":", host, error);
}

void visit_folder(const fs::path& dir, const std::string& label, const HostVisitor& host,
                  const PathErrorVisitor& error) {
  const bool in_archive = label.ends_with(":");
  const std::string whole = in_archive ? label.substr(0, label.size() - 1) : label;
  if (is_capture_folder(dir)) return host(dir.string(), whole);
  std::error_code ec;
  std::vector<fs::path> entries;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (!e.path().filename().string().starts_with(".")) entries.push_back(e.path());
  if (ec) return error(whole, Error{"cannot list " + whole + ": " + ec.message(), {}, ec.value()});
  std::sort(entries.begin(), entries.end());
  if (entries.size() == 1 && is_dir(entries.front())) {  // an archive's or a copy's wrapping folder
    const std::string name = entries.front().filename().string();
    return visit_folder(entries.front(), in_archive ? label + name : (fs::path(label) / name).string(), host, error);
  }
  if (entries.empty()) return error(whole, Error{whole + ": an empty folder", "give folders holding captures"});
  for (const auto& e : entries) {
    const std::string name = e.filename().string();
    visit_path(e, in_archive ? label + name : (fs::path(label) / name).string(), host, error);
  }
}

}  // namespace

void for_each_host(const std::string& path, const HostVisitor& host, const PathErrorVisitor& error) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return error(path, Error{path + ": " + std::strerror(ENOENT), "check the path", ENOENT});
  visit_path(path, path, host, error);
}

}  // namespace roce::fleet
