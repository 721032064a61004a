// libFuzzer target: the bundle reader (JSON text -> Bundle) on arbitrary bytes. Every input must
// give a bundle or a located error, never a crash; a bundle that reads must write and read back
// to itself.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "captures/bundle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto bundle = roce::captures::read_bundle_text(text, "fuzz.json");
  if (!bundle) return 0;
  auto again = roce::captures::read_bundle_text(roce::captures::write_bundle_text(*bundle), "again.json");
  // Strings with invalid UTF-8 are replaced on write, so only a failure to re-read is a bug.
  if (!again) std::abort();
  return 0;
}
