// The INFO lines of NCCL that the summary knows and skips.
#include "nccl_log/known_lines.hpp"

#include <algorithm>
#include <array>

#include "nccl_log/line_words.hpp"

namespace roce::nccl_log {
namespace {

using std::string_view;

// INFO lines that carry nothing the summary needs but are NCCL's own: not "unknown".
constexpr std::array<string_view, 44> kKnownInfo = {"ncclOsDlopen",
                                                    "ENV/Plugin",
                                                    "NET/Plugin",
                                                    "GIN/Plugin",
                                                    "cudaDriverVersion",
                                                    "NCCL git version",
                                                    "Initialized NET",
                                                    "Assigned ",
                                                    "Loaded ",
                                                    "threadThresholds",
                                                    "Trees ",
                                                    "Setting affinity",
                                                    "Init timings",
                                                    "Bootstrap timings",
                                                    "Connected all",
                                                    "Check P2P",
                                                    "Symmetric memory",
                                                    "RAS ",
                                                    "P2P Chunksize",
                                                    "NVLS ",
                                                    "Tuning P2P",
                                                    "ncclTopoGetCpu",
                                                    "[Proxy",
                                                    "Rank ",
                                                    "Local Net",
                                                    "Local CollNet",
                                                    "CC ",
                                                    "Launch mode",
                                                    "Using non-device",
                                                    "Ring ",
                                                    "Pattern ",
                                                    "MNNVL",
                                                    "Allocated ",
                                                    "Enabled NCCL",
                                                    "ncclCommInitRank",
                                                    "Comm config",
                                                    "NCCL_",
                                                    "PXN ",
                                                    "P2P plugin",
                                                    "NET/IB : Using",
                                                    "CollNet ",
                                                    "Graph ",
                                                    "comm 0x",
                                                    "Init COMPLETE"};

}  // namespace

bool known_info(string_view msg) {
  if (!msg.empty() && is_digit(msg.front()) && msg.find(" channels") != string_view::npos) return true;
  if (msg.starts_with("NET/")) return true;
  // "PROFILER/Plugin: Could not find: ...", "TUNER/Plugin: ...": every plugin loader's report.
  if (find_anchored(msg.substr(0, msg.find(' ')), "/Plugin", 1) != string_view::npos) return true;
  if (msg.empty()) return false;
  return std::any_of(kKnownInfo.begin(), kKnownInfo.end(),
                     [&](string_view k) { return k.front() == msg.front() && msg.starts_with(k); });
}

}  // namespace roce::nccl_log
