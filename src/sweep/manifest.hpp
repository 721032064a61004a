#pragma once
// The manifest of a results folder, pairs.csv: one row per result file, with the header
// `file,client,client_dev,server,server_dev` (the five columns a user's own folder needs) and, when
// roce-doctor wrote it, `round,test,status,detail` after them. CSV as RFC 4180 writes it: a field
// holding a comma, a quote or a line end is quoted, quotes doubled; CRLF line ends are read too.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/expected.hpp"

namespace roce::sweep {

inline constexpr const char* kManifestName = "pairs.csv";

struct ManifestRow {
  std::string file;  // relative to the folder, or absolute
  std::string client, client_dev, server, server_dev;
  // roce-doctor's own columns; empty / nullopt in a user's manifest
  std::optional<int> round;
  std::optional<std::uint32_t> test;
  std::string status;  // "measured", "failed", "timeout"
  std::string detail;
  std::size_t line = 0;  // where it was read (1-based)
  bool operator==(const ManifestRow&) const = default;
};

/// The header line roce-doctor writes (with its line end).
std::string manifest_header();
/// One row as a line of the manifest (with its line end).
std::string manifest_line(const ManifestRow& row);

struct Manifest {
  std::vector<ManifestRow> rows;
  std::vector<std::string> notes;  // "pairs.csv:LINE: why" of each row that could not be read
};

/// Reads a manifest's text; `file` names it in notes and errors. A header without the five
/// columns fails; a bad row is a note, and the rows after it are read.
Expected<Manifest> parse_manifest(std::string_view text, const std::string& file);

/// Appends rows to a manifest as tests finish: one write per row, the header first when the file
/// is new or empty. Opened without following a symbolic link.
class ManifestWriter {
 public:
  static Expected<ManifestWriter> open(const std::string& path);
  ManifestWriter(ManifestWriter&& other) noexcept;
  ManifestWriter& operator=(ManifestWriter&&) = delete;
  ManifestWriter(const ManifestWriter&) = delete;
  ~ManifestWriter();
  roce::Outcome add(const ManifestRow& row);

 private:
  ManifestWriter(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  roce::Outcome add_text(const std::string& text);
  int fd_ = -1;
  std::string path_;
};

}  // namespace roce::sweep
