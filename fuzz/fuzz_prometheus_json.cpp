// libFuzzer target: a Prometheus HTTP API answer (incident/prometheus_json.hpp) read as a matrix.
// Any bytes must give series or an error naming the answer, never a crash.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "incident/prometheus_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto series = roce::incident::parse_prometheus_matrix(text, "answer");
  if (!series && series.error().message.rfind("answer: ", 0) != 0) std::abort();
  return 0;
}
