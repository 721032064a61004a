// Reading a switch's tech-support archive as the folder of one switch.
#include "import/switch_archives.hpp"

#include <algorithm>
#include <filesystem>

#include "import/tar_extract.hpp"
#include "switch/load_exports.hpp"
#include "util/read_file.hpp"

namespace roce::import {
namespace {

namespace fs = std::filesystem;

bool is_archive_file(const std::string& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return false;
  const auto head = util::read_file_head(path, 512);
  return head && looks_like_archive(*head);
}

Expected<model::SwitchSide> read_switch_archive(const std::string& archive) {
  auto temp = TempDir::create();
  if (!temp) return fail(std::move(temp.error()));
  if (auto extracted = extract_archive(archive, temp->path()); !extracted) return fail(std::move(extracted.error()));
  auto side = switches::read_switch_folder(temp->path(), archive);
  if (!side) {
    Error e = std::move(side.error());
    const auto at = e.message.find(temp->path());
    if (at != std::string::npos) e.message.replace(at, temp->path().size(), archive);
    return fail(std::move(e));
  }
  return side;
}

}  // namespace

Expected<model::SwitchSide> read_switch_exports_or_archives(const std::vector<std::string>& paths) {
  model::SwitchSide out;
  std::vector<std::string> plain;
  for (const auto& path : paths) {
    if (!is_archive_file(path)) {
      plain.push_back(path);
      continue;
    }
    auto side = read_switch_archive(path);
    if (!side) return fail(std::move(side.error()));
    model::append(out, std::move(*side));
  }
  if (!plain.empty() || paths.empty()) {
    auto side = switches::read_switch_exports(plain);
    if (!side) return fail(std::move(side.error()));
    model::append(out, std::move(*side));
  }
  return out;
}

void add_switch_archives(const std::string& dir, model::SwitchSide& into, std::vector<std::string>& warnings) {
  std::vector<std::string> archives;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    const auto ends_with = [&](std::string_view tail) {
      return name.size() >= tail.size() && name.compare(name.size() - tail.size(), tail.size(), tail) == 0;
    };
    const bool named = name.rfind("sonic_dump_", 0) == 0 && (ends_with(".tar.gz") || ends_with(".tgz"));
    if (named && it->is_regular_file(ec) && !it->is_symlink(ec)) archives.push_back(it->path().string());
  }
  std::sort(archives.begin(), archives.end());
  for (const auto& a : archives) {
    auto side = read_switch_archive(a);
    if (!side) {
      warnings.push_back(side.error().with_hint());
      continue;
    }
    model::append(into, std::move(*side));
  }
}

}  // namespace roce::import
