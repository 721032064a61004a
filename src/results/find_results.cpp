// Bandwidth results inside a capture folder.
#include "results/find_results.hpp"

#include <algorithm>
#include <filesystem>

#include "results/read_results.hpp"
#include "util/read_file.hpp"

namespace roce::results {
namespace {

namespace fs = std::filesystem;

constexpr std::uintmax_t kMaxFileBytes = 4u << 20;
constexpr int kMaxDepth = 6;

void collect(const fs::path& dir, int depth, std::vector<fs::path>& files) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.is_symlink(ec)) continue;
    if (entry.is_directory(ec)) {
      // sysfs copies hold thousands of tiny files and never a result.
      if (depth < kMaxDepth && entry.path().filename() != "sys") collect(entry.path(), depth + 1, files);
      continue;
    }
    if (entry.is_regular_file(ec) && entry.file_size(ec) <= kMaxFileBytes) files.push_back(entry.path());
  }
}

}  // namespace

FoundResults find_results(const std::string& dir) {
  FoundResults found;
  std::vector<fs::path> files;
  collect(dir, 0, files);
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    const auto read_text = util::read_file(path, kMaxFileBytes);
    if (!read_text || !looks_like_results(*read_text)) continue;
    const std::string& text = *read_text;
    const std::string relative = fs::relative(path, dir).string();
    auto read = read_results(text, {"folder", relative});
    if (!read) {
      found.errors.push_back(read.error().message);
      continue;
    }
    for (auto& r : *read) found.results.push_back(std::move(r));
  }
  return found;
}

}  // namespace roce::results
