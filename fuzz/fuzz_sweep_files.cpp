// libFuzzer target for the sweep's files read back: any bytes are a plan or an error naming the
// file, and a manifest or an error naming it; a plan read is written and read back equal.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "sweep/manifest.hpp"
#include "sweep/plan_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto plan = roce::sweep::plan_from_json(text, "fuzz.json");
  if (!plan.ok() && plan.error().message.rfind("fuzz.json: ", 0) != 0) __builtin_trap();  // every error located
  if (plan.ok()) {
    auto again = roce::sweep::plan_from_json(roce::sweep::plan_to_json(*plan), "again.json");
    if (!again.ok() || !(*again == *plan)) __builtin_trap();
  }
  auto manifest = roce::sweep::parse_manifest(text, "pairs.csv");
  if (!manifest.ok() && manifest.error().message.rfind("pairs.csv", 0) != 0) __builtin_trap();
  if (manifest.ok())
    for (const auto& note : manifest->notes)
      if (note.rfind("pairs.csv:", 0) != 0) __builtin_trap();
  return 0;
}
