// libFuzzer target: the simulator's model-file loader (TOML -> SimModel) and its writer on what it accepts.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "sim/sim_model.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto model = roce::sim::parse_sim_model(text, "fuzz.toml");
  if (model) {
    auto again = roce::sim::parse_sim_model(roce::sim::render_sim_model(*model), "fuzz.toml");
    if (!again || !(*again == *model)) __builtin_trap();
  }
  return 0;
}
