// libFuzzer target for reading `check --json` outputs back (fleet): any bytes are a host summary or
// an error naming the file.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fleet/check_json_read.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  (void)roce::fleet::looks_like_check_json(text);
  auto h = roce::fleet::read_check_json(text, "fuzz.json");
  // Every error located: "fuzz.json: ..." or "fuzz.json:LINE:COL: ...".
  if (!h.ok() && h.error().message.rfind("fuzz.json:", 0) != 0) __builtin_trap();
  return 0;
}
