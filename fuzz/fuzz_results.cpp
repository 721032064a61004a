// libFuzzer target: the bandwidth result readers (perftest and nccl-tests, text and JSON), each one
// directly and through the format detection.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "results/read_results.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const roce::captures::text::TextOrigin origin{"fuzz", "input"};
  (void)roce::results::read_results(text, origin);
  (void)roce::results::read_perftest_text(text, origin);
  (void)roce::results::read_nccl_text(text, origin);
  (void)roce::results::read_perftest_json(text, origin);
  (void)roce::results::read_nccl_json(text, origin);
  (void)roce::results::looks_like_results(text);
  return 0;
}
