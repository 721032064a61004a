// libFuzzer target: the recording decoder (bytes -> Host samples) on arbitrary bytes. Every input
// must give samples (with warnings for a damaged tail) or a located error, never a crash or a hang.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "record/recording.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto recording = roce::record::decode_recording(bytes, "fuzz.rec");
  if (!recording) {
    if (recording.error().message.rfind("fuzz.rec: ", 0) != 0) std::abort();  // errors name the file
    return 0;
  }
  (void)roce::record::looks_like_recording(bytes);
  return 0;
}
