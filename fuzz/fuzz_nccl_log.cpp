// libFuzzer target: the NCCL log summarizer on any text. Every line must be read (counted as NCCL,
// unknown or other) without a crash, the counts must add up and the job's events stay bounded.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "nccl_log/summarizer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto log = roce::nccl_log::summarize_text(text);
  if (log.nccl_lines + log.other_lines != log.lines) std::abort();
  if (log.unknown_examples.size() > roce::nccl_log::kMaxUnknownExamples) std::abort();
  // The job's events (PyTorch's and nccl-tests' failure lines) are bounded as the processes' are.
  if (log.job_events.size() > roce::nccl_log::kMaxEventsPerRank) std::abort();
  for (const auto& e : log.job_events)
    if (e.count == 0 || e.ranks.size() > roce::nccl_log::kMaxJobEventNames ||
        e.hosts.size() > roce::nccl_log::kMaxJobEventNames)
      std::abort();
  return 0;
}
