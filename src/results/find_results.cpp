// Bandwidth results inside a capture folder.
#include "results/find_results.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "results/read_results.hpp"

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
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    const std::string text = s.str();
    if (!looks_like_results(text)) continue;
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
