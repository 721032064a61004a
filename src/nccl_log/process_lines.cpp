// The version, network, environment and communicator lines of an NCCL process.
#include "nccl_log/process_lines.hpp"

#include <algorithm>

#include "nccl_log/line_words.hpp"
#include "util/text.hpp"

namespace roce::nccl_log {

using std::string_view;
using util::trim;

bool read_version_line(string_view msg, model::NcclRank& r) {
  if (!msg.starts_with("NCCL version ") && !msg.starts_with("RCCL version ")) return false;
  r.version.assign(trim(msg.substr(13)));
  r.library.assign(msg.substr(0, 4));
  return true;
}

bool read_network_line(string_view msg, model::NcclRank& r) {
  if (!msg.starts_with("Using network ")) return false;
  r.network.assign(trim(msg.substr(14)));
  return true;
}

bool read_bare_version(string_view line, bool mentions_nccl, model::NcclLog& log) {
  const auto at = mentions_nccl ? line.find("NCCL version ") : line.find("RCCL version ");
  if (at == string_view::npos || trim(line.substr(0, at)).size() >= 32 ||
      trim(line.substr(0, at)).find(' ') != string_view::npos)
    return false;
  log.version = std::string(trim(line.substr(at + 13)));
  log.library = std::string(line.substr(at, 4));
  return true;
}

bool read_env_line(string_view msg, model::NcclRank& r, std::string& scratch) {
  if (!msg.starts_with("NCCL_")) return false;
  const auto space = msg.find(' ');
  if (space == string_view::npos) return false;
  const string_view name = msg.substr(0, space);
  string_view rest = msg.substr(space);
  string_view value;
  if (rest.starts_with(" set by environment to")) {
    value = rest.substr(22);
  } else if (rest.starts_with(" set to")) {
    value = rest.substr(7);
  } else {
    return false;
  }
  value = trim(value);
  // Integer parameters are echoed as "%lld."; a string keeps its own text.
  if (value.size() > 1 && value.back() == '.' && to_number(value.substr(0, value.size() - 1)) &&
      (all_digits(value.substr(0, value.size() - 1)) || value.front() == '-'))
    value.remove_suffix(1);
  scratch.assign(name);  // a reused key: no allocation when the variable was seen before
  if (auto it = r.env.find(scratch); it == r.env.end())
    r.env.emplace(scratch, value);
  else if (it->second != value)
    it->second.assign(value);
  return true;
}

bool read_comm_line(string_view msg, model::NcclRank& r) {
  const auto comm = find_anchored(msg, "comm 0x", 6);
  if (comm == string_view::npos) return false;
  const auto tail = find_anchored(msg.substr(comm), " rank ", 4);
  const auto at = tail == string_view::npos ? tail : comm + tail;
  if (at == string_view::npos) return true;
  string_view rest = msg.substr(at + 6);
  auto rank = leading_int(rest);
  rest = rest.substr(std::min(rest.size(), rest.find(' ')));
  if (rank && *rank >= 0 && (rest.starts_with(" nranks ") || rest.starts_with(" nRanks ")) &&
      std::find(r.ranks.begin(), r.ranks.end(), *rank) == r.ranks.end()) {
    r.ranks.push_back(*rank);
    std::sort(r.ranks.begin(), r.ranks.end());
  }
  // The GPU, which CUDA numbers per process (CUDA_VISIBLE_DEVICES): NVML's index and the PCI address.
  if (const auto nvml = leading_int(word_after(rest, " nvmlDev ", 5)); nvml && *nvml >= 0) r.nvml_device = nvml;
  if (const auto bus = word_after(rest, " busId ", 4); !bus.empty()) r.gpu_bus_id.assign(bus);
  return true;
}

}  // namespace roce::nccl_log
