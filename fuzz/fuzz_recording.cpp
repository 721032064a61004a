// libFuzzer target: the recording decoder (bytes -> Host samples) on arbitrary bytes, read whole and
// with frames passed over on their summaries (format 2). Every input must give samples (with warnings
// for damage) or a located error, never a crash or a hang; a scan that passes frames over never
// hands out more samples than it counts.
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "record/frame_decoder.hpp"
#include "record/recording.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto recording = roce::record::decode_recording(bytes, "fuzz.rec");
  if (!recording) {
    if (recording.error().message.rfind("fuzz.rec: ", 0) != 0) std::abort();  // errors name the file
    return 0;
  }
  (void)roce::record::looks_like_recording(bytes);

  // Watch every third counter of the first netdev's ethtool -S.
  roce::record::FrameSkip skip;
  skip.watch = [](const roce::model::Host& h) {
    std::vector<const void*> out;
    if (h.netdevs.empty() || !h.netdevs.front().ethtool_stats.ok()) return out;
    const auto& entries = h.netdevs.front().ethtool_stats->entries;
    for (std::size_t i = 0; i < entries.size(); i += 3) out.push_back(&entries[i].second);
    return out;
  };
  skip.longest_step_ms = 3000;
  std::uint64_t handed = 0, passed = 0;
  skip.passed = [&](const roce::record::FrameSummary& f) { return passed += f.samples, true; };
  auto scanned = roce::record::scan_recording(
      bytes, "fuzz.rec", [&](const roce::model::Host&) { return ++handed, true; }, {}, &skip);
  if (!scanned || scanned->samples != handed + passed) std::abort();
  if (passed == 0 && handed != recording->samples.size()) std::abort();  // nothing passed over: a whole read
  return 0;
}
