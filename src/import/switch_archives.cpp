// Reading a switch's tech-support archive as the folder of one switch.
#include "import/switch_archives.hpp"

#include <algorithm>
#include <filesystem>

#include "import/path_kind.hpp"
#include "import/unpack_archive.hpp"
#include "switch/load_exports.hpp"
#include "util/read_file.hpp"

namespace roce::import {
namespace {

namespace fs = std::filesystem;

Expected<model::SwitchSide> read_switch_archive(const std::string& archive) {
  auto temp = unpack_archive(archive);
  if (!temp) return fail(std::move(temp.error()));
  auto side = switches::read_switch_folder(temp->path(), archive);
  if (!side) return fail(named_after_archive(std::move(side.error()), temp->path(), archive));
  return side;
}

bool is_archive_file(const std::string& path) {
  const auto kind = classify_path(path);
  return kind && is_archive(*kind);
}

}  // namespace

Expected<model::SwitchSide> read_switch_exports_or_archives(const std::vector<std::string>& paths,
                                                            const std::string& switch_name) {
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
    auto side = switches::read_switch_exports(plain, switch_name);
    if (!side) return fail(std::move(side.error()));
    model::append(out, std::move(*side));
  }
  return out;
}

std::optional<TechSupportName> tech_support_name(std::string_view name) {
  for (std::string_view ext : {".tar.gz", ".tgz"})
    if (name.ends_with(ext)) name.remove_suffix(ext.size());
  if (!name.starts_with("sonic_dump_")) return std::nullopt;
  name.remove_prefix(11);
  // HOST may hold '_'; the stamp is the last 15 characters.
  if (name.size() < 17 || name[name.size() - 16] != '_' || name[name.size() - 7] != '_') return std::nullopt;
  const std::string_view stamp = name.substr(name.size() - 15);
  for (std::size_t i = 0; i < stamp.size(); ++i)
    if (i != 8 && (stamp[i] < '0' || stamp[i] > '9')) return std::nullopt;
  return TechSupportName{std::string(name.substr(0, name.size() - 16)), std::string(stamp)};
}

void add_switch_archives(const std::string& dir, model::SwitchSide& into, std::vector<std::string>& warnings) {
  std::vector<std::string> archives;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    // By name alone: one that claims to be a switch archive and does not extract is a warning.
    const bool named = kind_of_file(it->path().filename().string(), {}) == PathKind::switch_archive;
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
