// libFuzzer target: zstd decompression of a .zst bundle on arbitrary bytes.
#include <cstdint>
#include <string_view>

#include "captures/bundle.hpp"
#include "captures/zstd_codec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto text = roce::captures::zstd_decompress(std::string_view(reinterpret_cast<const char*>(data), size));
  if (text) (void)roce::captures::read_bundle_text(*text, "fuzz.json.zst");
  return 0;
}
