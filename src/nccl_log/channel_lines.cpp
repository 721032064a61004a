// The channel lines of NCCL's connection setup.
#include "nccl_log/channel_lines.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "nccl_log/line_words.hpp"
#include "util/text.hpp"

namespace roce::nccl_log {
namespace {

using std::string_view;
using util::trim;

void add_unique(std::vector<std::string>& v, string_view s) {
  if (std::find(v.begin(), v.end(), s) == v.end()) v.emplace_back(s);
}

}  // namespace

bool read_channel_line(string_view msg, model::NcclChannels& c) {
  if (!msg.starts_with("Channel ")) return false;
  const auto via = find_anchored(msg, " via ", 1);
  if (via == string_view::npos) return true;  // a ring order line: "Channel 00/02 :    0   1   2   3"
  const string_view how = trim(msg.substr(via + 5));
  if (how.starts_with("NET/")) {
    string_view rest = how.substr(4);
    const auto slash = rest.find('/');
    const string_view transport = rest.substr(0, slash);
    add_unique(c.net_transports, transport);
    ++c.net;
    if (slash != string_view::npos)
      if (auto dev = leading_int(rest.substr(slash + 1)); dev && *dev >= 0) ++c.per_net_device[*dev];
    if (find_anchored(how, "/GDRDMA", 1) != string_view::npos) ++c.net_gdr;
  } else if (how.starts_with("P2P")) {
    ++c.p2p;
  } else if (how.starts_with("SHM") || how.find("shared memory") != string_view::npos) {
    ++c.shm;
  } else {
    ++c.other;
  }
  return true;
}

}  // namespace roce::nccl_log
