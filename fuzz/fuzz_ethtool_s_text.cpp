// libFuzzer target: the `ethtool -S` text parser.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "captures/text/ethtool_s.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  (void)roce::captures::text::parse_ethtool_s(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
