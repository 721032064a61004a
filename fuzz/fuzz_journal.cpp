// The apply journal decoder on arbitrary bytes: a torn, corrupt or hostile journal is rejected
// with a message, never a crash; whatever decodes re-encodes to a journal that decodes the same.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "apply/journal.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto journal = roce::apply::decode_journal(bytes);
  if (journal) {
    auto again = roce::apply::decode_journal(roce::apply::encode_journal(*journal));
    if (!again || !(*again == *journal)) std::abort();
  }
  // The body alone, behind a valid header, reaches the JSON member checks.
  std::string body(bytes);
  char header[80];
  std::snprintf(header, sizeof header, "roce-doctor-journal 1 crc32=%08x bytes=%zu\n", roce::apply::crc32(body),
                body.size());
  (void)roce::apply::decode_journal(std::string(header) + body);
  return 0;
}
