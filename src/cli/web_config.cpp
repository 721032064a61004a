#include "cli/web_config.hpp"

#include <crypt.h>

#include <cstring>
#include <filesystem>
#include <memory>
#include <vector>

#include "util/read_file.hpp"

namespace roce::cli {
namespace {

constexpr std::size_t kMaxConfigBytes = 1 << 20;

// One "key: value" or "key:" line of the subset, with its indentation.
struct YamlLine {
  std::size_t number = 0;
  std::size_t indent = 0;
  std::string key;
  std::string value;  // empty with `opens`: a map follows on the more indented lines
  bool opens = false;
};

// The text after '#' is a comment when the '#' starts the line or follows a blank, outside quotes.
std::string_view without_comment(std::string_view line) {
  char quote = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote) {
      if (c == '\\' && quote == '"') ++i;
      else if (c == quote) quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t')) {
      return line.substr(0, i);
    }
  }
  return line;
}

std::string_view trim_blanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// A scalar: plain, 'single' ('' is a quote) or "double" (\" \\ \n \t escapes).
Expected<std::string> scalar(std::string_view v, const std::string& where) {
  if (v.empty() || (v.front() != '\'' && v.front() != '"')) {
    if (!v.empty() && std::strchr("[{&*!|>%@`", v.front()))
      return fail(where + ": only plain or quoted strings are read here, not '" + std::string(1, v.front()) + "'",
                  "write the value as a string, in quotes if it holds special characters");
    return std::string(v);
  }
  const char quote = v.front();
  std::string out;
  for (std::size_t i = 1; i < v.size(); ++i) {
    const char c = v[i];
    if (c == quote) {
      if (quote == '\'' && i + 1 < v.size() && v[i + 1] == '\'') {
        out += '\'';
        ++i;
        continue;
      }
      if (i + 1 != v.size()) return fail(where + ": text after the closing quote", "");
      return out;
    }
    if (quote == '"' && c == '\\' && i + 1 < v.size()) {
      const char e = v[++i];
      out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
      continue;
    }
    out += c;
  }
  return fail(where + ": the quote is not closed", "close it on the same line");
}

Expected<std::vector<YamlLine>> yaml_lines(std::string_view text, const std::string& path) {
  std::vector<YamlLine> lines;
  std::size_t number = 0;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    std::string_view raw = text.substr(start, end - start);
    start = end + 1;
    ++number;
    const std::string where = path + ":" + std::to_string(number);
    std::string_view line = trim_blanks(without_comment(raw));
    if (line.empty()) continue;
    if (line == "---" && lines.empty()) continue;
    const std::size_t indent = raw.find_first_not_of(' ');
    if (raw[indent] == '\t') return fail(where + ": a tab in the indentation", "indent with spaces");
    if (line.front() == '-') return fail(where + ": a list item where a map was expected", "");
    const std::size_t colon = line.find(": ") != std::string_view::npos ? line.find(": ") : line.size() - 1;
    if (line[colon] != ':') return fail(where + ": not a \"key: value\" line", "");
    YamlLine l;
    l.number = number;
    l.indent = indent;
    auto key = scalar(trim_blanks(line.substr(0, colon)), where);
    if (!key) return fail(std::move(key.error()));
    l.key = std::move(*key);
    const std::string_view rest = trim_blanks(line.substr(colon + 1));
    l.opens = rest.empty();
    if (!l.opens) {
      auto value = scalar(rest, where);
      if (!value) return fail(std::move(value.error()));
      l.value = std::move(*value);
    }
    lines.push_back(std::move(l));
  }
  return lines;
}

std::string anchored(const std::string& file, const std::string& config_path) {
  if (file.empty() || file.front() == '/') return file;
  return (std::filesystem::path(config_path).parent_path() / file).string();
}

}  // namespace

Expected<WebConfig> parse_web_config(std::string_view text, const std::string& path) {
  auto lines = yaml_lines(text, path);
  if (!lines) return fail(std::move(lines.error()));
  WebConfig config;
  std::string section;
  std::size_t section_indent = 0, child_indent = 0;
  for (const auto& l : *lines) {
    const std::string where = path + ":" + std::to_string(l.number);
    if (l.indent == 0) {
      if (l.key != "tls_server_config" && l.key != "basic_auth_users" && l.key != "http_server_config")
        return fail(where + ": unknown key " + l.key,
                    "a web configuration holds tls_server_config, basic_auth_users and http_server_config");
      if (!l.opens && !l.value.empty() && l.value != "{}")
        return fail(where + ": " + l.key + " must be a map of keys, one per line", "");
      if (l.key == "http_server_config")
        return fail(where + ": http_server_config is not supported by roce-doctor serve",
                    "remove it: serve speaks HTTP/1.1 and sets no extra headers");
      if (l.key == section || (l.key == "tls_server_config" && !config.cert_file.empty()))
        return fail(where + ": " + l.key + " given twice", "");
      section = l.key;
      section_indent = 0;
      child_indent = 0;
      continue;
    }
    if (section.empty()) return fail(where + ": an indented line outside any section", "");
    if (l.opens) return fail(where + ": " + l.key + ": a nested map is not read here", "give a value on the same line");
    if (child_indent == 0) child_indent = l.indent;
    if (l.indent != child_indent || l.indent <= section_indent)
      return fail(where + ": the indentation does not match the lines above", "");
    if (section == "basic_auth_users") {
      if (l.value.empty()) return fail(where + ": user " + l.key + " has no password hash", "");
      if (!config.users.emplace(l.key, l.value).second) return fail(where + ": user " + l.key + " given twice", "");
      if (!(l.value.starts_with("$2a$") || l.value.starts_with("$2b$") || l.value.starts_with("$2y$")))
        return fail(where + ": the password of " + l.key + " is not a bcrypt hash",
                    "hash it: htpasswd -nBC 10 \"\" | tr -d ':\\n'");
    } else if (l.key == "cert_file") {
      config.cert_file = anchored(l.value, path);
    } else if (l.key == "key_file") {
      config.key_file = anchored(l.value, path);
    } else {
      return fail(where + ": tls_server_config." + l.key + " is not supported by roce-doctor serve",
                  "serve takes cert_file and key_file (TLS 1.2 and later, no client certificates)");
    }
  }
  if (config.cert_file.empty() != config.key_file.empty())
    return fail(path + ": tls_server_config needs both cert_file and key_file", "");
  return config;
}

Expected<WebConfig> read_web_config(const std::string& path) {
  auto text = util::read_file(path, kMaxConfigBytes);
  if (!text) return fail(std::move(text.error()).context("web configuration"));
  return parse_web_config(*text, path);
}

bool bcrypt_matches(const std::string& hash, const std::string& password) {
  if (!(hash.starts_with("$2a$") || hash.starts_with("$2b$") || hash.starts_with("$2y$"))) return false;
  auto data = std::make_unique<crypt_data>();
  const char* out = crypt_r(password.c_str(), hash.c_str(), data.get());
  if (!out || out[0] == '*') return false;
  const std::size_t n = hash.size();
  if (std::strlen(out) != n) return false;
  unsigned char diff = 0;  // in constant time: a timing side channel says nothing of the hash
  for (std::size_t i = 0; i < n; ++i) diff |= static_cast<unsigned char>(out[i] ^ hash[i]);
  return diff == 0;
}

}  // namespace roce::cli
