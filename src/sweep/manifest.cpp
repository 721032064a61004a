// pairs.csv written row by row as tests finish, and read back (a user's or roce-doctor's).
#include "sweep/manifest.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <utility>

namespace roce::sweep {
namespace {

constexpr const char* kFiveColumns[] = {"file", "client", "client_dev", "server", "server_dev"};
constexpr const char* kOwnColumns[] = {"round", "test", "status", "detail"};
constexpr const char* kManifestHint = "the header is file,client,client_dev,server,server_dev; one row per result file";

std::string csv_field(const std::string& value) {
  if (value.find_first_of(",\"\r\n") == std::string::npos) return value;
  std::string out = "\"";
  for (char c : value) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// One CSV record starting at `at` (a quoted field may span lines): its fields, `at` moved past it,
// the lines it took counted into `line`. nullopt with `why` for an unclosed quote.
std::optional<std::vector<std::string>> csv_record(std::string_view text, std::size_t& at, std::size_t& line,
                                                   std::string& why) {
  std::vector<std::string> fields(1);
  bool quoted = false, was_quoted = false;
  while (at < text.size()) {
    const char c = text[at++];
    if (quoted) {
      if (c == '"' && at < text.size() && text[at] == '"') {
        fields.back() += '"';
        ++at;
      } else if (c == '"') {
        quoted = false;
      } else {
        if (c == '\n') ++line;
        fields.back() += c;
      }
      continue;
    }
    if (c == '"' && fields.back().empty() && !was_quoted) {
      quoted = was_quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
      was_quoted = false;
    } else if (c == '\n') {
      ++line;
      return fields;
    } else if (c != '\r') {
      fields.back() += c;
    }
  }
  if (quoted) {
    why = "a quoted field is not closed";
    return std::nullopt;
  }
  return fields;
}

bool blank(const std::vector<std::string>& fields) {
  for (const auto& f : fields)
    if (f.find_first_not_of(" \t") != std::string::npos) return false;
  return true;
}

std::string trimmed(const std::string& s) {
  const auto a = s.find_first_not_of(" \t");
  if (a == std::string::npos) return {};
  return s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

std::optional<std::uint64_t> whole_number(const std::string& s) {
  if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  return std::stoull(s);
}

}  // namespace

std::string manifest_header() {
  std::string out;
  for (const char* c : kFiveColumns) out += std::string(out.empty() ? "" : ",") + c;
  for (const char* c : kOwnColumns) out += std::string(",") + c;
  return out + "\n";
}

std::string manifest_line(const ManifestRow& row) {
  std::string out = csv_field(row.file) + "," + csv_field(row.client) + "," + csv_field(row.client_dev) + "," +
                    csv_field(row.server) + "," + csv_field(row.server_dev);
  out += "," + (row.round ? std::to_string(*row.round) : std::string());
  out += "," + (row.test ? std::to_string(*row.test) : std::string());
  out += "," + csv_field(row.status) + "," + csv_field(row.detail);
  return out + "\n";
}

Expected<Manifest> parse_manifest(std::string_view text, const std::string& file) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a spreadsheet's UTF-8 byte order mark
  std::size_t at = 0, line = 1;
  std::string why;
  std::optional<std::vector<std::string>> header;
  while (at < text.size() && (!header || blank(*header))) {
    header = csv_record(text, at, line, why);
    if (!header) return fail(file + ":" + std::to_string(line) + ": " + why, kManifestHint);
  }
  if (!header || blank(*header)) return fail(file + ": empty: no header", kManifestHint);
  const std::size_t header_line = line - 1;
  std::map<std::string, std::size_t> column;
  for (std::size_t i = 0; i < header->size(); ++i) column.emplace(trimmed((*header)[i]), i);
  for (const char* c : kFiveColumns)
    if (!column.count(c))
      return fail(file + ":" + std::to_string(header_line) + ": the header has no column \"" + c + "\"", kManifestHint);
  const auto field = [&](const std::vector<std::string>& fields, const char* name) -> std::string {
    const auto it = column.find(name);
    return it != column.end() && it->second < fields.size() ? trimmed(fields[it->second]) : std::string();
  };

  Manifest m;
  while (at < text.size()) {
    const std::size_t row_line = line;
    const auto fields = csv_record(text, at, line, why);
    const std::string where = file + ":" + std::to_string(row_line) + ": ";
    if (!fields) {
      m.notes.push_back(where + why + "; the rest of the file is not read");
      break;
    }
    if (blank(*fields)) continue;
    if (fields->size() < 5) {
      m.notes.push_back(where + std::to_string(fields->size()) + " fields, expected at least 5 (" + kManifestHint +
                        ")");
      continue;
    }
    ManifestRow row;
    row.line = row_line;
    row.file = field(*fields, "file");
    row.client = field(*fields, "client");
    row.client_dev = field(*fields, "client_dev");
    row.server = field(*fields, "server");
    row.server_dev = field(*fields, "server_dev");
    if (row.file.empty() || row.client.empty() || row.client_dev.empty() || row.server.empty() ||
        row.server_dev.empty()) {
      m.notes.push_back(where + "a row needs all five: file, client, client_dev, server, server_dev");
      continue;
    }
    if (const std::string r = field(*fields, "round"); !r.empty()) {
      if (const auto n = whole_number(r))
        row.round = static_cast<int>(*n);
      else
        m.notes.push_back(where + "round \"" + r + "\" is not a number; read without it");
    }
    if (const std::string t = field(*fields, "test"); !t.empty()) {
      if (const auto n = whole_number(t); n && *n > 0)
        row.test = static_cast<std::uint32_t>(*n);
      else
        m.notes.push_back(where + "test \"" + t + "\" is not a test number; read without it");
    }
    row.status = field(*fields, "status");
    row.detail = field(*fields, "detail");
    m.rows.push_back(std::move(row));
  }
  return m;
}

Expected<ManifestWriter> ManifestWriter::open(const std::string& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) return fail("open " + path + ": " + std::strerror(errno), "", errno);
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return fail(path + ": not a regular file");
  }
  ManifestWriter writer(fd, path);
  if (st.st_size == 0)
    if (auto h = writer.add_text(manifest_header()); !h) return fail(h.error());
  return writer;
}

ManifestWriter::ManifestWriter(ManifestWriter&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), path_(std::move(other.path_)) {}

ManifestWriter::~ManifestWriter() {
  if (fd_ >= 0) ::close(fd_);
}

roce::Outcome ManifestWriter::add(const ManifestRow& row) { return add_text(manifest_line(row)); }

roce::Outcome ManifestWriter::add_text(const std::string& text) {
  std::size_t done_bytes = 0;
  while (done_bytes < text.size()) {
    const ssize_t n = ::write(fd_, text.data() + done_bytes, text.size() - done_bytes);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return fail("write " + path_ + ": " + std::strerror(errno), "", errno);
    done_bytes += static_cast<std::size_t>(n);
  }
  return done();
}

}  // namespace roce::sweep
