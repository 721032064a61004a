#include "captures/text/show_gids.hpp"

#include "captures/text/ib_names.hpp"
#include "captures/text/rdma_lookup.hpp"
#include "captures/text/text_input.hpp"

namespace roce::captures::text {
namespace {

using model::Field;

bool is_header(const Line& line) {
  const auto words = split_words(line.text);
  return words.size() >= 4 && words[0] == "DEV" && words[1] == "PORT" && words[2] == "INDEX" && words[3] == "GID";
}

bool is_rule(const Line& line) { return line.text.starts_with("---"); }

model::RdmaPort& port_of(std::vector<model::RdmaDevice>& devices, std::string_view dev, std::uint32_t number,
                         const model::Provenance& from) {
  auto& port = find_or_add_port(devices, dev, number);
  if (!port.gids.ok()) port.gids = Field<std::vector<model::Gid>>::of({}, from);
  return port;
}

}  // namespace

Expected<Parsed<std::vector<model::RdmaDevice>>> parse_show_gids(std::string_view text, const TextOrigin& origin) {
  TextInput in(text, origin);
  if (in.lines().empty()) return in.error("empty: no show_gids output");
  if (!is_header(in.lines().front()))
    return in.error(in.lines().front(), "not show_gids output: expected the 'DEV PORT INDEX GID ...' header, got " +
                                            shown(in.lines().front().text));
  std::vector<model::RdmaDevice> devices;
  std::size_t rows = 0;
  for (const Line& line : in.lines()) {
    if (is_header(line) || is_rule(line)) continue;
    std::string_view body = line.body();
    if (consume(body, "n_gids_found=")) {
      const auto n = to_u64(body);
      if (!n)
        in.warn(line, "unreadable footer " + shown(line.text));
      else if (*n != rows)
        in.warn(line, "footer says " + std::to_string(*n) + " GIDs, " + std::to_string(rows) + " rows were read");
      continue;
    }
    // dev port index gid [ipv4] ver [ndev]
    const auto words = split_words(body);
    const auto port_number = words.size() >= 5 ? to_u32(words[1]) : std::nullopt;
    const auto index = words.size() >= 5 ? to_u32(words[2]) : std::nullopt;
    const auto gid = words.size() >= 5 ? gid_in_sysfs_form(words[3]) : std::nullopt;
    std::size_t next = 4;
    if (next < words.size() && words[next].find('.') != std::string_view::npos) ++next;  // the IPv4 column
    const bool has_ver = next < words.size() && (words[next] == "v1" || words[next] == "v2");
    if (!port_number || !index || !gid || !has_ver || words.size() > next + 2) {
      in.warn(line, "not a show_gids row 'DEV PORT INDEX GID [IPv4] VER [DEV]', skipped: " + shown(line.text));
      continue;
    }
    const auto from = in.at(line);
    model::Gid g;
    g.index = *index;
    g.gid = *gid;
    g.type = Field<std::string>::of(words[next] == "v2" ? "RoCE v2" : "IB/RoCE v1", from);
    g.netdev = next + 1 < words.size()
                   ? Field<std::string>::of(std::string(words[next + 1]), from)
                   : Field<std::string>::missing(model::Availability::absent, "show_gids printed no netdev", from);
    port_of(devices, words[0], *port_number, from).gids->push_back(std::move(g));
    ++rows;
  }
  return in.result(std::move(devices));
}

}  // namespace roce::captures::text
