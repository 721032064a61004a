// The failure lines of PyTorch and nccl-tests around an NCCL log.
#include "nccl_log/failure_lines.hpp"

#include <array>
#include <utility>

#include "nccl_log/line_words.hpp"
#include "util/text.hpp"

namespace roce::nccl_log {
namespace {

using std::string_view;

// "[Rank 3]" (the watchdog's), "on rank 3" (an aborted communicator's), else "[rank3]:" (torchrun's
// prefix of every line a rank prints).
std::optional<int> rank_named(string_view line) {
  if (const auto at = line.find("[Rank "); at != string_view::npos) return leading_int(line.substr(at + 6));
  if (const auto at = line.find(" on rank "); at != string_view::npos) return leading_int(line.substr(at + 9));
  if (const auto at = line.find("[rank"); at != string_view::npos) return leading_int(line.substr(at + 5));
  return std::nullopt;
}

// "ProcessGroupNCCL.cpp:607" of "[E321 02:07:08.408 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog ...".
string_view process_group_place(string_view line) {
  const auto at = line.find("ProcessGroupNCCL.cpp:");
  if (at == string_view::npos) return {};
  std::size_t end = at + 21;
  while (end < line.size() && is_digit(line[end])) ++end;
  return line.substr(at, end - at);
}

// The last path element of "/opt/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3763".
string_view base_name(string_view path) {
  const auto slash = path.rfind('/');
  return slash == string_view::npos ? path : path.substr(slash + 1);
}

}  // namespace

std::optional<int> nccl_result_of(string_view text) {
  static constexpr std::array<std::pair<string_view, int>, 7> kResults = {{{"unhandled cuda error", 1},
                                                                           {"unhandled system error", 2},
                                                                           {"internal error", 3},
                                                                           {"invalid argument", 4},
                                                                           {"invalid usage", 5},
                                                                           {"remote process exited", 6},
                                                                           {"operation in progress", 7}}};
  for (const auto& [words, code] : kResults)
    if (text.find(words) != string_view::npos) return code;
  return std::nullopt;
}

std::optional<FailureLine> read_failure_line(string_view line) {
  FailureLine f;
  if (const auto at = line.find("NCCL communicator was aborted"); at != string_view::npos) {
    f.kind = "aborted";
    f.message = line.substr(at);
    f.where = process_group_place(line);
  } else if (const auto test = line.find("Test NCCL failure "); test != string_view::npos) {
    // nccl-tests: "h100-4: Test NCCL failure common.cu:1057 'internal error / '"
    f.kind = "job_failed";
    f.message = line.substr(test);
    string_view rest = line.substr(test + 18);
    f.where = next_token(rest);
    f.result = nccl_result_of(rest);
    string_view before = util::trim(line.substr(0, test));
    if (before.ends_with(':')) before.remove_suffix(1);
    if (const auto space = before.rfind(' '); space != string_view::npos) before = before.substr(space + 1);
    f.host = before;
  } else if (const auto in = line.find("NCCL error in: "); in != string_view::npos) {
    // PyTorch: "torch.distributed.DistBackendError: NCCL error in: .../ProcessGroupNCCL.cpp:3763, remote
    // process exited or there was a network error, NCCL version 2.28.8"
    f.kind = "job_failed";
    f.message = line.substr(in);
    const string_view rest = line.substr(in + 15);
    f.where = base_name(rest.substr(0, rest.find(',')));
    f.result = nccl_result_of(rest);
  } else if (const auto error = line.find("NCCL error: "); error != string_view::npos) {
    // Older PyTorch: "what():  NCCL error: remote process exited or there was a network error, NCCL version 2.14.3"
    f.kind = "job_failed";
    f.message = line.substr(error);
    f.result = nccl_result_of(f.message);
  } else if (const auto watchdog = line.find("Watchdog caught collective operation timeout");
             watchdog != string_view::npos) {
    f.kind = "timeout";
    f.message = line.substr(watchdog);
    f.where = process_group_place(line);
  } else {
    return std::nullopt;
  }
  f.rank = rank_named(line);
  if (f.rank && *f.rank < 0) f.rank.reset();
  return f;
}

}  // namespace roce::nccl_log
