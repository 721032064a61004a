// libFuzzer target for the profile loader: any bytes are either a Profile or located errors.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "profile/load.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const roce::profile::ThresholdCatalog known{
      {"PAUSE-STORM", {"warning_fraction", "critical_fraction"}},
      {"DROP-LOSSLESS", {"max_drops"}},
      {"TRAFFIC-CLASS", {"min_rdma_bytes_per_s", "min_lossless_share"}},
      {"QOS-TRUST", {}},
  };
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto p = roce::profile::parse_profile(text, "fuzz.toml", known);
  if (!p.ok() && p.error().message.rfind("fuzz.toml:", 0) != 0) __builtin_trap();  // every error located
  return 0;
}
