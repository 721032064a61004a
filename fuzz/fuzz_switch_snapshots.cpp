// libFuzzer target: a switch's snapshot file (incident/snapshot_blocks.hpp) cut into dated blocks,
// each block's PFC fingerprint and its counters through the SONiC table parsers and the NVUE
// counters reader. Any text must give blocks and notes, never a crash or a hang; a note and a
// problem name the file and its line.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "incident/snapshot_blocks.hpp"
#include "incident/snapshot_counters.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> notes;
  std::int64_t last = INT64_MIN;
  roce::incident::for_each_block(
      text, "fuzz.txt",
      [&](const roce::incident::SnapshotBlock& b) {
        if (b.text.data() < text.data() || b.text.data() + b.text.size() > text.data() + text.size()) std::abort();
        std::size_t ports = 0;
        (void)roce::incident::pfc_fingerprint(b.text, ports);
        for (const auto& p : roce::incident::block_counters(b.text, "fuzz.txt", b.line).problems)
          if (p.rfind("fuzz.txt:", 0) != 0) std::abort();  // every problem is located
        last = b.time_ms;
        return true;
      },
      notes);
  for (const auto& n : notes)
    if (n.rfind("fuzz.txt:", 0) != 0) std::abort();  // every note is located
  (void)roce::incident::date_line_ms(text);
  (void)last;
  return 0;
}
