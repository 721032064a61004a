// `check --json` outputs read back as host summaries.
#include "fleet/check_json_read.hpp"

#include <nlohmann/json.hpp>

#include "util/json_parse.hpp"

namespace roce::fleet {
namespace {

using nlohmann::json;

// The first object key of a JSON text, "" when it does not open an object with a plain key.
std::string_view first_key(std::string_view text) {
  std::size_t i = 0;
  const auto skip_space = [&] {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t')) ++i;
  };
  skip_space();
  if (i >= text.size() || text[i] != '{') return {};
  ++i;
  skip_space();
  if (i >= text.size() || text[i] != '"') return {};
  const std::size_t start = ++i;
  while (i < text.size() && text[i] != '"' && text[i] != '\\') ++i;
  return i < text.size() ? text.substr(start, i - start) : std::string_view{};
}

Expected<std::string> string_at(const json& object, const char* key, const std::string& where) {
  const auto it = object.find(key);
  if (it == object.end() || !it->is_string())
    return fail(where + ": \"" + key + "\" is missing or not a string", "is this a `roce-doctor check --json` output?");
  return it->get<std::string>();
}

Expected<engine::Severity> severity_of(const std::string& text, const std::string& where) {
  if (text == "critical") return engine::Severity::critical;
  if (text == "warning") return engine::Severity::warning;
  if (text == "info") return engine::Severity::info;
  return fail(where + ": severity \"" + text + "\" is not critical, warning or info");
}

}  // namespace

bool looks_like_check_json(std::string_view text) { return first_key(text) == "schema_version"; }

Expected<HostSummary> read_check_json(std::string_view text, std::string_view name) {
  const std::string file(name);
  json doc;
  try {
    auto parsed = util::json_parse<json>(text, /*allow_exceptions=*/true);
    if (!parsed) return fail(file + ":" + parsed.error().message, "is this a `roce-doctor check --json` output?");
    doc = std::move(*parsed);
  } catch (const json::exception& e) {  // parse_error, and out_of_range for a number too large
    return fail(file + ": " + e.what(), "is this a `roce-doctor check --json` output?");
  }
  if (!doc.is_object()) return fail(file + ": not a JSON object", "is this a `roce-doctor check --json` output?");
  if (const auto error = doc.find("error"); error != doc.end() && error->is_object()) {
    auto message = string_at(*error, "message", file + ": error");
    if (!message) return fail(message.error());
    return fail(file + ": check failed: " + *message);
  }
  const auto host = doc.find("host");
  const auto verdict = doc.find("verdict");
  const auto findings = doc.find("findings");
  if (host == doc.end() || !host->is_object() || verdict == doc.end() || !verdict->is_object() ||
      findings == doc.end() || !findings->is_array())
    return fail(file + ": expected the objects \"host\" and \"verdict\" and the array \"findings\"",
                "is this a `roce-doctor check --json` output?");
  HostSummary h;
  auto hostname = string_at(*host, "hostname", file + ": host");
  if (!hostname) return fail(hostname.error());
  h.name = *hostname;
  const auto code = verdict->find("exit_code");
  if (code == verdict->end() || !code->is_number_integer())
    return fail(file + ": verdict: \"exit_code\" is missing or not an integer");
  h.exit_code = code->get<int>();
  for (std::size_t i = 0; i < findings->size(); ++i) {
    const json& f = (*findings)[i];
    const std::string where = file + ": findings[" + std::to_string(i) + "]";
    if (!f.is_object()) return fail(where + ": not an object");
    auto id = string_at(f, "id", where);
    if (!id) return fail(id.error());
    auto severity_text = string_at(f, "severity", where);
    if (!severity_text) return fail(severity_text.error());
    auto severity = severity_of(*severity_text, where);
    if (!severity) return fail(severity.error());
    auto title = string_at(f, "title", where);
    if (!title) return fail(title.error());
    std::string subject;
    if (const auto s = f.find("subject"); s != f.end() && s->is_object())
      if (const auto t = s->find("text"); t != s->end() && t->is_string()) subject = t->get<std::string>();
    h.findings.push_back({*id, *severity, subject, *title});
  }
  return h;
}

}  // namespace roce::fleet
