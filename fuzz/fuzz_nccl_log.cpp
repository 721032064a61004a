// libFuzzer target: the NCCL log summarizer on any text. Every line must be read (counted as NCCL,
// unknown or other) without a crash, and the counts must add up.
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
  return 0;
}
