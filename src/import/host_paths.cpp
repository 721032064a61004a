// Expanding fleet PATHs (files, folders of hosts, archives) into one capture per host.
#include "import/host_paths.hpp"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <vector>

#include "import/path_kind.hpp"
#include "import/unpack_archive.hpp"

namespace roce::import {
namespace {

namespace fs = std::filesystem;

bool is_folder(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

void visit_folder(const fs::path& dir, const std::string& label, const HostVisitor& host,
                  const PathErrorVisitor& error);

void visit_path(const fs::path& path, const std::string& label, const HostVisitor& host,
                const PathErrorVisitor& error) {
  if (is_folder(path)) return visit_folder(path, label, host, error);
  // A file that cannot be classified (a FIFO, unreadable) is the host's reader's to report.
  const auto kind = import::classify_path(path.string());
  if (!kind || !import::is_archive(*kind)) return host(path.string(), label);
  auto dir = import::unpack_archive(path.string());
  if (!dir) return error(label, dir.error());
  visit_folder(dir->path(), label + ":", host, error);
}

void visit_folder(const fs::path& dir, const std::string& label, const HostVisitor& host,
                  const PathErrorVisitor& error) {
  const bool in_archive = label.ends_with(":");
  const std::string whole = in_archive ? label.substr(0, label.size() - 1) : label;
  if (import::kind_of_folder(dir.string()) == import::PathKind::capture_folder) return host(dir.string(), whole);
  std::error_code ec;
  std::vector<fs::path> entries;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (!e.path().filename().string().starts_with(".")) entries.push_back(e.path());
  if (ec) return error(whole, Error{"cannot list " + whole + ": " + ec.message(), {}, ec.value()});
  std::sort(entries.begin(), entries.end());
  if (entries.size() == 1 && is_folder(entries.front())) {  // an archive's or a copy's wrapping folder
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

}  // namespace roce::import
