#pragma once
// Reading and writing test files whole.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace roce::test {

/// The whole file as bytes; empty when it cannot be read (the assertion on its content fails).
inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), {});
}

/// Writes `text` as the file's whole content, byte for byte, making its parent folders.
inline void write_file(const std::string& path, const std::string& text) {
  const auto parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent);
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

/// A copy of the file or folder `from` at `to` with every "\n" of every file made "\r\n", as a copy
/// through Windows saves text (symbolic links are copied as links, untouched).
inline void copy_with_crlf(const std::filesystem::path& from, const std::filesystem::path& to) {
  namespace fs = std::filesystem;
  if (to.has_parent_path()) fs::create_directories(to.parent_path());
  fs::copy(from, to, fs::copy_options::recursive | fs::copy_options::copy_symlinks);
  const auto to_crlf = [](const fs::path& file) {
    std::string crlf;
    for (char c : slurp(file.string())) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    write_file(file.string(), crlf);
  };
  if (fs::is_regular_file(fs::symlink_status(to))) return to_crlf(to);
  for (const auto& entry : fs::recursive_directory_iterator(to))
    if (!entry.is_symlink() && entry.is_regular_file()) to_crlf(entry.path());
}

}  // namespace roce::test
