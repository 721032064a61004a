#include "record/frame_summary.hpp"

#include "record/varint.hpp"

namespace roce::record {
namespace {

enum : std::uint8_t { kFresh = 1, kSameLayout = 2, kTimesIncrease = 4 };

std::uint64_t zigzag(std::int64_t v) { return zigzag_delta(0, static_cast<std::uint64_t>(v)); }
std::int64_t unzigzag(std::uint64_t z) { return static_cast<std::int64_t>(apply_zigzag_delta(0, z)); }

}  // namespace

std::string encode_summary(const FrameSummary& s) {
  std::string out;
  out.push_back(static_cast<char>((s.starts_fresh ? kFresh : 0) | (s.same_layout ? kSameLayout : 0) |
                                  (s.times_increase ? kTimesIncrease : 0)));
  put_varint(out, s.samples);
  put_varint(out, zigzag(s.first_ms));
  put_varint(out, zigzag(s.last_ms - s.first_ms));
  put_varint(out, s.longest_step_ms);
  if (s.same_layout) {
    put_varint(out, s.counters);
    put_varint(out, s.moved_runs.size());
    for (auto r : s.moved_runs) put_varint(out, r);
  }
  return out;
}

Expected<FrameSummary> decode_summary(std::string_view bytes) {
  ByteReader in(bytes);
  FrameSummary s;
  const auto flags = in.byte();
  if (flags & ~(kFresh | kSameLayout | kTimesIncrease)) return fail("unknown summary flags " + std::to_string(flags));
  s.starts_fresh = flags & kFresh;
  s.same_layout = flags & kSameLayout;
  s.times_increase = flags & kTimesIncrease;
  s.samples = in.varint();
  s.first_ms = unzigzag(in.varint());
  s.last_ms = s.first_ms + unzigzag(in.varint());
  s.longest_step_ms = in.varint();
  if (s.same_layout) {
    s.counters = in.varint();
    const auto runs = in.varint();
    if (runs > in.remaining()) return fail("implausible run count " + std::to_string(runs));
    std::uint64_t total = 0;
    for (std::uint64_t i = 0; i < runs && !in.failed(); ++i) {
      const auto r = in.varint();
      if (r > s.counters - total) return fail("moved runs cover more than the " + std::to_string(s.counters) + " counters");
      total += r;
      s.moved_runs.push_back(r);
    }
    if (!in.failed() && total != s.counters)
      return fail("moved runs cover " + std::to_string(total) + " of " + std::to_string(s.counters) + " counters");
  }
  if (in.failed()) return fail("the summary ends early");
  if (!in.at_end()) return fail(std::to_string(in.remaining()) + " bytes after the summary");
  return s;
}

std::vector<std::uint64_t> moved_runs_of(const std::vector<std::uint8_t>& moved) {
  std::vector<std::uint64_t> runs{0};
  bool state = false;  // the current run's kind: false did not move
  for (auto m : moved) {
    if ((m != 0) != state) {
      runs.push_back(0);
      state = !state;
    }
    ++runs.back();
  }
  return runs;
}

bool any_moved(const FrameSummary& summary, const std::vector<std::size_t>& indices) {
  std::size_t i = 0;
  std::uint64_t start = 0;
  for (std::size_t r = 0; r < summary.moved_runs.size() && i < indices.size(); ++r) {
    const std::uint64_t end = start + summary.moved_runs[r];
    while (i < indices.size() && indices[i] < end) {
      if (r % 2 == 1) return true;
      ++i;
    }
    start = end;
  }
  return i < indices.size();  // past the runs: not said, so taken as moved
}

}  // namespace roce::record
