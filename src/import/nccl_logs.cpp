// Finds and reads the NCCL logs of a capture folder.
#include "import/nccl_logs.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>

#include "nccl_log/reader.hpp"

namespace roce::import {
namespace {

namespace fs = std::filesystem;

bool looks_like_nccl_log(const fs::path& p) {
  std::string name = p.filename().string();
  for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (name.find("nccl") == std::string::npos) return false;
  for (const char* ext : {".log", ".log.gz", ".txt", ".out", ".out.gz", ".txt.gz"})
    if (name.ends_with(ext)) return true;
  return false;
}

void rename_source(model::NcclLog& log, const std::string& from, const std::string& to) {
  for (auto& s : log.sources)
    if (s == from) s = to;
  for (auto& r : log.ranks)
    for (auto& e : r.events) {
      if (e.first_source == from) e.first_source = to;
      if (e.last_source == from) e.last_source = to;
    }
  for (auto& u : log.unknown_examples)
    if (u.starts_with(from + ":")) u = to + u.substr(from.size());
}

}  // namespace

void add_nccl_logs(const std::string& dir, model::Observations& into) {
  std::error_code ec;
  fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
  std::vector<fs::path> found;
  for (; !ec && it != end; it.increment(ec)) {
    if (it.depth() > 2) it.disable_recursion_pending();
    if (it->is_symlink(ec) || !it->is_regular_file(ec)) continue;
    if (looks_like_nccl_log(it->path())) found.push_back(it->path());
  }
  std::sort(found.begin(), found.end());
  for (const auto& p : found) {
    auto log = nccl_log::read_logs({p.string()});
    if (!log) continue;
    rename_source(*log, p.string(), p.lexically_relative(dir).generic_string());
    into.nccl_logs.push_back(std::move(*log));
  }
}

}  // namespace roce::import
