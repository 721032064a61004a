// Reading SONiC's titled field/value blocks: `ecnconfig -l` and `show buffer information`.
#include "switch/sonic_cli_blocks.hpp"

#include <limits>
#include <map>

#include "switch/config_db_tables.hpp"
#include "switch/sonic_config_db.hpp"
#include "switch/text_values.hpp"
#include "util/text.hpp"

namespace roce::switches {
namespace {

struct Block {
  std::string title;     // "Profile", "Pool", "Lossless traffic pattern"
  std::string name;      // "AZURE_LOSSLESS"; empty for a title without one
  std::size_t line = 0;  // of the title, 1-based
  ConfigDbFields fields;
  std::map<std::string, std::size_t> lines;  // field -> its 1-based line
};

bool dash_rule(const std::string& line) {
  return !line.empty() && line.find_first_not_of("- ") == std::string::npos && line.find('-') != std::string::npos;
}

// Every block: a line "Title: name" (or "Title:") right above a dash rule opens one; its lines up
// to the next dash rule, blank line or end are "field value".
Expected<std::vector<Block>> read_blocks(std::string_view text, const std::string& file) {
  std::vector<std::string> lines;
  while (!text.empty()) {
    const auto nl = text.find('\n');
    std::string line(text.substr(0, nl));
    for (auto& c : line)
      if (c == '\t' || c == '\r') c = ' ';
    while (!line.empty() && line.back() == ' ') line.pop_back();
    lines.push_back(std::move(line));
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
  }
  std::vector<Block> blocks;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    const std::string& head = lines[i];
    const auto colon = head.find(':');
    if (colon == std::string::npos || head.empty() || head[0] == ' ' || !dash_rule(lines[i + 1])) continue;
    Block b;
    b.title = head.substr(0, colon);
    b.name = std::string(util::trim(head.substr(colon + 1)));
    b.line = i + 1;
    std::size_t j = i + 2;
    for (; j < lines.size() && !lines[j].empty() && !dash_rule(lines[j]); ++j) {
      const std::string row(util::trim(lines[j]));
      const auto space = row.find(' ');
      if (space == std::string::npos)
        return fail(file + ":" + std::to_string(j + 1) + ": \"" + row + "\" has no value",
                    "give the output as the switch printed it (field and value on each line)");
      const std::string field = row.substr(0, space);
      b.fields[field] = std::string(util::trim(row.substr(space + 1)));
      b.lines[field] = j + 1;
    }
    blocks.push_back(std::move(b));
    i = j;
  }
  return blocks;
}

model::Provenance line_of(const Block& b, const std::string& file, const std::string& field) {
  auto it = b.lines.find(field);
  return {"sonic-cli", file + ":" + std::to_string(it != b.lines.end() ? it->second : b.line) + " " + b.title + " " +
                           b.name + (field.empty() ? "" : " " + field)};
}

// "[BUFFER_POOL|ingress_lossless_pool]", "[BUFFER_POOL_TABLE:ingress_lossless_pool]" -> the name.
std::string pool_name(const std::string& value) {
  std::string name = reference_name(value);
  if (!value.empty() && value.front() == '[') {
    const auto colon = name.rfind(':');
    if (colon != std::string::npos) name = name.substr(colon + 1);
  }
  return name;
}

// A byte count of a Pool or Profile block; a value that is not one is a warning.
model::Field<std::uint64_t> block_bytes(const Block& b, const std::string& file, const char* field,
                                        std::vector<std::string>& warnings) {
  const auto where = line_of(b, file, field);
  if (!b.fields.count(field))
    return model::Field<std::uint64_t>::missing(model::Availability::absent, std::string("no ") + field, where);
  auto v = parse_unsigned(b.fields.at(field));
  if (!v) {
    warnings.push_back(where.locator + ": \"" + b.fields.at(field) + "\" is not bytes");
    return model::Field<std::uint64_t>::missing(model::Availability::error, where.locator + ": not bytes", where);
  }
  return model::Field<std::uint64_t>::of(*v, where);
}

// A profile's dynamic_th: the exponent of the shared buffer's alpha (-64..64).
model::Field<std::int32_t> dynamic_threshold(const Block& b, const std::string& file,
                                             std::vector<std::string>& warnings) {
  const auto th_at = line_of(b, file, "dynamic_th");
  if (!b.fields.count("dynamic_th"))
    return model::Field<std::int32_t>::missing(model::Availability::absent, "no dynamic_th", th_at);
  std::string t(util::trim(b.fields.at("dynamic_th")));
  const bool negative = !t.empty() && t[0] == '-';
  auto v = parse_unsigned(negative ? t.substr(1) : t);
  if (v && *v <= 64)
    return model::Field<std::int32_t>::of(negative ? -static_cast<std::int32_t>(*v) : static_cast<std::int32_t>(*v),
                                          th_at);
  warnings.push_back(th_at.locator + ": \"" + t + "\" is not an exponent");
  return model::Field<std::int32_t>::missing(model::Availability::error, th_at.locator + ": not an exponent", th_at);
}

}  // namespace

Expected<EcnProfiles> parse_ecnconfig_list(std::string_view text, const std::string& file) {
  auto blocks = read_blocks(text, file);
  if (!blocks) return fail(std::move(blocks.error()));
  EcnProfiles out;
  for (const auto& b : *blocks) {
    if (b.title != "Profile" || b.name.empty()) continue;
    out.profiles.push_back(wred_from_fields(
        b.name, b.fields, [&](const std::string& field) { return line_of(b, file, field); }, out.warnings));
  }
  if (out.profiles.empty())
    return fail(file + ": not `ecnconfig -l` output (no \"Profile: NAME\" block)",
                "give the output of `ecnconfig -l` (or `show ecn`) on the switch");
  return out;
}

Expected<BufferInformation> parse_show_buffer_information(std::string_view text, const std::string& file) {
  auto blocks = read_blocks(text, file);
  if (!blocks) return fail(std::move(blocks.error()));
  BufferInformation out;
  for (const auto& b : *blocks) {
    if ((b.title != "Pool" && b.title != "Profile") || b.name.empty()) continue;
    auto bytes = [&](const char* field) { return block_bytes(b, file, field, out.warnings); };
    const model::Provenance from{"sonic-cli", line_of(b, file, "").locator};
    auto text_of = [&](const char* field) { return b.fields.count(field) ? b.fields.at(field) : std::string(); };
    if (b.title == "Pool") {
      model::SwitchBufferPool p;
      p.name = b.name;
      p.type = text_of("type");
      p.mode = text_of("mode");
      p.size_bytes = bytes("size");
      p.xoff_bytes = bytes("xoff");
      p.from = from;
      out.pools.push_back(std::move(p));
      continue;
    }
    model::SwitchBufferProfile p;
    p.name = b.name;
    p.pool = pool_name(text_of("pool"));
    p.size_bytes = bytes("size");
    p.xon_bytes = bytes("xon");
    p.xoff_bytes = bytes("xoff");
    p.xon_offset_bytes = bytes("xon_offset");
    p.dynamic_th = dynamic_threshold(b, file, out.warnings);
    p.from = from;
    out.profiles.push_back(std::move(p));
  }
  if (out.pools.empty() && out.profiles.empty())
    return fail(file + ": not `show buffer information` output (no \"Pool: NAME\" or \"Profile: NAME\" block)",
                "give the output of `show buffer information` (or `mmuconfig -l`) on the switch");
  return out;
}

}  // namespace roce::switches
