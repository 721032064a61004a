#include "record/frame_decoder.hpp"

#include <zstd.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>

#include "captures/bundle.hpp"
#include "record/crc32.hpp"
#include "record/format.hpp"
#include "record/host_counters.hpp"
#include "record/varint.hpp"

namespace roce::record {
namespace {

// A layout is a configuration and the counter names bound into it. Both are parsed once and shared:
// a frame that starts fresh repeats the layout (every few frames), and finding it is the same object
// as before costs a comparison of its bytes, not a parse, a copy of the Host and a new binding.
using ConfigPtr = std::shared_ptr<const model::Host>;
using NamesPtr = std::shared_ptr<const CounterNames>;

const NamesPtr& no_names() {
  static const NamesPtr none = std::make_shared<const CounterNames>();
  return none;
}

struct ParsedBlock {
  ConfigPtr config;  // set when the block carries a configuration
  NamesPtr names;    // set when the block carries counter names
  std::size_t n = 0, m = 0;
  std::vector<std::uint64_t> time_z, mono_z;
  std::vector<std::uint64_t> z;  // row-major n x m zigzag deltas
};

// What the frames so far left behind.
struct DecodeState {
  bool have_config = false;
  model::Host host;  // the configuration with the counter names bound; values set per sample
  ConfigPtr bound_config;  // what `host` and `slots` were bound from
  NamesPtr bound_names = no_names();
  CounterSlots slots;
  std::vector<std::uint64_t> previous;
  std::uint64_t time_ms = 0, mono_ns = 0;
  bool host_is_sample = false;  // `host` is the last sample handed out (no configuration applied since)
  // The last configuration and counter names read, with their bytes, and the last layout counted.
  std::string config_text, names_bytes;
  ConfigPtr config_parsed;
  NamesPtr names_parsed;
  ConfigPtr counted_config;
  NamesPtr counted_names;
  std::size_t counted = 0;
  // The watched counters' positions in the bound layout (FrameSkip); none: no frame is passed over.
  std::optional<std::vector<std::size_t>> watched;
};

// Counts the values a configuration + names holds (without binding it).
Expected<std::size_t> counter_count(const ConfigPtr& config, const NamesPtr& names, DecodeState& state) {
  if (config == state.counted_config && names == state.counted_names) return state.counted;
  model::Host host = *config;
  CounterSlots slots;
  std::string why;
  if (!CounterSlots::bind(host, *names, slots, why)) return fail(why);
  state.counted_config = config;
  state.counted_names = names;
  state.counted = slots.size();
  return slots.size();
}

Expected<CounterNames> parse_names(ByteReader& in) {
  CounterNames names;
  std::uint64_t name_bytes = 0;
  const auto sets = in.varint();
  if (sets > in.remaining()) return fail("implausible counter-set count " + std::to_string(sets));
  for (std::uint64_t i = 0; i < sets && !in.failed(); ++i) {
    auto& set = names.emplace_back();
    const auto count = in.varint();
    if (count > in.remaining())
      return fail("implausible counter count " + std::to_string(count) + " in set " + std::to_string(i));
    std::string previous;
    for (std::uint64_t k = 0; k < count && !in.failed(); ++k) {
      const auto shared = in.varint();
      const auto suffix = in.bytes(in.varint());
      if (shared > previous.size())
        return fail("counter name " + std::to_string(k) + " of set " + std::to_string(i) +
                    " shares more than the previous name");
      if (shared + suffix.size() > kMaxCounterName)
        return fail("counter name " + std::to_string(k) + " of set " + std::to_string(i) + " is longer than " +
                    std::to_string(kMaxCounterName) + " bytes");
      name_bytes += shared + suffix.size();
      if (name_bytes > kMaxNameBytes)
        return fail("counter names of the frame exceed " + std::to_string(kMaxNameBytes) + " bytes");
      previous.resize(shared);
      previous.append(suffix);
      set.push_back(previous);
    }
  }
  if (in.failed()) return fail("counter names run past the end of the frame");
  return names;
}

Expected<std::vector<ParsedBlock>> parse_payload(std::string_view payload, DecodeState& state, bool& fresh,
                                                 std::string_view name) {
  ByteReader in(payload);
  const auto flags = in.byte();
  fresh = flags & kFrameStartsFresh;
  if (flags & ~kFrameStartsFresh) return fail("unknown frame flags " + std::to_string(flags));
  const auto count = in.varint();
  std::vector<ParsedBlock> blocks;
  bool have_config = state.have_config && !fresh;
  std::size_t m = have_config ? state.slots.size() : 0;
  // The layout so far within this frame.
  ConfigPtr config = have_config ? state.bound_config : nullptr;
  NamesPtr names = fresh ? no_names() : state.bound_names;
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::string where = "block " + std::to_string(i) + ": ";
    if (in.failed() || in.at_end()) return fail(where + "missing (the frame ends early)");
    auto& b = blocks.emplace_back();
    const auto block_flags = in.byte();
    if (block_flags & ~(kBlockHasConfig | kBlockHasNames))
      return fail(where + "unknown flags " + std::to_string(block_flags));
    if (block_flags & kBlockHasConfig) {
      const auto text = in.bytes(in.varint());
      if (in.failed()) return fail(where + "configuration runs past the end of the frame");
      if (!state.config_parsed || text != state.config_text) {
        auto bundle = captures::read_bundle_text(text, std::string(name) + " configuration");
        if (!bundle) return fail(where + bundle.error().message);
        if (bundle->samples.size() != 1)
          return fail(where + "configuration holds " + std::to_string(bundle->samples.size()) + " hosts, not 1");
        state.config_parsed = std::make_shared<const model::Host>(std::move(bundle->samples.front()));
        state.config_text = text;
      }
      b.config = config = state.config_parsed;
      have_config = true;
    }
    if (block_flags & kBlockHasNames) {
      // The names encoding delimits itself: the same bytes again are the same names.
      const auto rest = payload.substr(in.position());
      if (state.names_parsed && rest.substr(0, state.names_bytes.size()) == state.names_bytes) {
        in.bytes(state.names_bytes.size());
      } else {
        const auto start = in.position();
        auto parsed = parse_names(in);
        if (!parsed) return fail(std::move(parsed.error()).context(where.substr(0, where.size() - 2)));
        state.names_parsed = std::make_shared<const CounterNames>(std::move(*parsed));
        state.names_bytes = payload.substr(start, in.position() - start);
      }
      b.names = names = state.names_parsed;
    }
    if (!have_config) return fail(where + "samples before any configuration");
    if (b.config || b.names) {
      auto count_now = counter_count(config, names, state);
      if (!count_now) return fail(where + count_now.error().message);
      m = *count_now;
    }
    b.n = in.varint();
    b.m = in.varint();
    if (in.failed()) return fail(where + "sample count runs past the end of the frame");
    if (b.m != m)
      return fail(where + std::to_string(b.m) + " counters, but the configuration has " + std::to_string(m));
    if (b.n > kMaxBlockSamples)
      return fail(where + std::to_string(b.n) + " samples in one block (at most " + std::to_string(kMaxBlockSamples) +
                  ")");
    // Every delta takes at least one byte: a count the payload cannot hold is corrupt.
    const std::uint64_t left = payload.size() - in.position();
    if (b.n > left || (b.m != 0 && b.n * 2 + b.n * b.m > left))
      return fail(where + "more samples than the frame holds");
    b.time_z.resize(b.n);
    b.mono_z.resize(b.n);
    for (auto& t : b.time_z) t = in.varint();
    for (auto& t : b.mono_z) t = in.varint();
    b.z.resize(b.n * b.m);
    for (std::size_t c = 0; c < b.m; ++c)
      for (std::size_t s = 0; s < b.n; ++s) b.z[s * b.m + c] = in.varint();
    if (in.failed()) return fail(where + "counter deltas run past the end of the frame");
  }
  if (in.failed()) return fail("the frame ends early");
  if (!in.at_end()) return fail(std::to_string(payload.size() - in.position()) + " bytes after the last block");
  return blocks;
}

// Applies parsed (valid) blocks to the state and hands out each sample (unless it only replays
// frames already passed over, to bring the counters up to date). False: the sink stopped.
bool apply_blocks(std::vector<ParsedBlock>& blocks, bool fresh, DecodeState& state, ScanResult& result,
                  const std::function<bool(const model::Host&)>& sink, const FrameSkip* skip, bool hand_out) {
  ConfigPtr config = state.bound_config;
  NamesPtr names = state.bound_names;
  if (fresh) {
    state.have_config = false;
    names = no_names();
    state.time_ms = state.mono_ns = 0;
  }
  for (auto& b : blocks) {
    if (b.config || b.names) {
      if (b.config) config = b.config;
      if (b.names) names = b.names;
      if (config != state.bound_config || names != state.bound_names) {
        state.host = *config;
        std::string why;
        CounterSlots::bind(state.host, *names, state.slots, why);  // checked by parse_payload
        state.bound_config = config;
        state.bound_names = names;
        state.host_is_sample = false;
        state.watched.reset();
        if (skip && skip->watch) {
          const auto addresses = skip->watch(state.host);
          if (!addresses.empty()) state.watched = state.slots.positions_of(addresses);
        }
      }
      state.have_config = true;
      state.previous.assign(state.slots.size(), 0);
    }
    for (std::size_t s = 0; s < b.n; ++s) {
      std::uint64_t* row = b.z.data() + s * b.m;
      for (std::size_t c = 0; c < b.m; ++c) row[c] = state.previous[c] = apply_zigzag_delta(state.previous[c], row[c]);
      state.slots.set_values(row);
      state.time_ms = apply_zigzag_delta(state.time_ms, b.time_z[s]);
      state.mono_ns = apply_zigzag_delta(state.mono_ns, b.mono_z[s]);
      state.host.time_unix_ms = static_cast<std::int64_t>(state.time_ms);
      state.host.monotonic_ns = static_cast<std::int64_t>(state.mono_ns);
      if (!hand_out) continue;
      if (result.samples++ == 0) result.first_time_ms = state.host.time_unix_ms;
      state.host_is_sample = true;
      if (!sink(state.host)) return false;
    }
  }
  return true;
}

// Checks the frame at `at` up to its payload CRC; returns its payload or why it is not a frame.
Expected<std::string_view> frame_payload(std::string_view bytes, std::size_t at) {
  if (bytes.size() - at < kFrameHeaderSize) return fail("the frame header is cut short");
  const auto header = bytes.substr(at, kFrameHeaderSize);
  if (header.substr(0, 4) != kFrameMagic) return fail("no frame magic");
  if (crc32(header.substr(0, 12)) != get_u32le(header, 12)) return fail("the frame header's checksum does not match");
  const auto length = get_u32le(header, 4);
  if (length > kMaxFramePayload) return fail("frame length " + std::to_string(length) + " is implausible");
  if (bytes.size() - at - kFrameHeaderSize < length) return fail("the frame is cut short");
  const auto payload = bytes.substr(at + kFrameHeaderSize, length);
  if (crc32(payload) != get_u32le(header, 8)) return fail("the frame's checksum does not match");
  return payload;
}

// A format-2 payload's zstd frame, after its summary.
Expected<std::string_view> after_summary(std::string_view payload) {
  if (payload.size() < 8) return fail("the frame is too short for its summary");
  const auto length = get_u32le(payload, 0);
  if (length > kMaxSummary || length > payload.size() - 8)
    return fail("summary length " + std::to_string(length) + " is implausible");
  return payload.substr(8 + length);
}

// The summary of the format-2 frame at `at`, read without its payload; nullopt when anything about
// it does not check out (the frame is then read whole, and its damage said as any other).
std::optional<FrameSummary> peek_summary(std::string_view bytes, std::size_t at) {
  if (bytes.size() - at < kFrameHeaderSize + 8) return std::nullopt;
  const auto header = bytes.substr(at, kFrameHeaderSize);
  if (header.substr(0, 4) != kFrameMagic || crc32(header.substr(0, 12)) != get_u32le(header, 12)) return std::nullopt;
  const auto length = get_u32le(header, 4);
  if (length > kMaxFramePayload || bytes.size() - at - kFrameHeaderSize < length || length < 8) return std::nullopt;
  const auto body = bytes.substr(at + kFrameHeaderSize, length);
  const auto summary_length = get_u32le(body, 0);
  if (summary_length > kMaxSummary || summary_length > length - 8) return std::nullopt;
  const auto summary = body.substr(4, summary_length);
  if (crc32(summary) != get_u32le(body, 4 + summary_length)) return std::nullopt;
  auto decoded = decode_summary(summary);
  if (!decoded) return std::nullopt;
  return std::move(*decoded);
}

// Whether a frame can be passed over: the same layout, no watched counter moved, no long step.
bool passable(const FrameSummary& f, const DecodeState& state, const FrameSkip& skip) {
  return state.have_config && state.watched && f.same_layout && f.counters == state.slots.size() && f.times_increase &&
         f.longest_step_ms <= skip.longest_step_ms && !any_moved(f, *state.watched);
}

// Is there a frame header (magic, header checksum, a length that fits) after `at`? Only headers
// are checked, not payloads: checking every candidate's payload would be quadratic on a crafted
// file, and a header whose own CRC-32 matches is evidence enough that the writer went on.
bool frame_header_after(std::string_view bytes, std::size_t at) {
  for (auto p = bytes.find(kFrameMagic, at + 1); p != std::string_view::npos; p = bytes.find(kFrameMagic, p + 1)) {
    if (bytes.size() - p < kFrameHeaderSize) return false;
    const auto header = bytes.substr(p, kFrameHeaderSize);
    const auto length = get_u32le(header, 4);
    if (crc32(header.substr(0, 12)) == get_u32le(header, 12) && length <= kMaxFramePayload &&
        bytes.size() - p - kFrameHeaderSize >= length)
      return true;
  }
  return false;
}

// The next frame after `at` whose header and payload checksums both match, or npos. `budget` bounds
// the payload bytes checked over a whole scan (a crafted file of overlapping headers would make the
// search quadratic); when it runs out the rest of the file counts as lost.
std::size_t next_valid_frame(std::string_view bytes, std::size_t at, std::uint64_t& budget) {
  for (auto p = bytes.find(kFrameMagic, at + 1); p != std::string_view::npos; p = bytes.find(kFrameMagic, p + 1)) {
    if (bytes.size() - p < kFrameHeaderSize) return std::string_view::npos;
    const auto header = bytes.substr(p, kFrameHeaderSize);
    const auto length = get_u32le(header, 4);
    if (crc32(header.substr(0, 12)) != get_u32le(header, 12) || length > kMaxFramePayload ||
        bytes.size() - p - kFrameHeaderSize < length)
      continue;
    if (length > budget) return std::string_view::npos;
    budget -= length;
    if (crc32(bytes.substr(p + kFrameHeaderSize, length)) == get_u32le(header, 8)) return p;
  }
  return std::string_view::npos;
}

// Samples a frame holds, read without applying it (for counting what a damaged stretch loses).
std::uint64_t samples_in(const std::vector<ParsedBlock>& blocks) {
  std::uint64_t n = 0;
  for (const auto& b : blocks) n += b.n;
  return n;
}

Expected<std::string> decompress(ZSTD_DCtx* ctx, std::string_view payload) {
  const auto size = ZSTD_getFrameContentSize(payload.data(), payload.size());
  if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN)
    return fail("not a zstd frame with a content size");
  if (size > kMaxFrameContent) return fail("decompressed size " + std::to_string(size) + " is implausible");
  std::string out(size, '\0');
  const auto n = ZSTD_decompressDCtx(ctx, out.data(), out.size(), payload.data(), payload.size());
  if (ZSTD_isError(n)) return fail(std::string("zstd: ") + ZSTD_getErrorName(n));
  if (n != size) return fail("zstd: " + std::to_string(n) + " bytes, expected " + std::to_string(size));
  return out;
}

}  // namespace

Expected<ScanResult> scan_recording(std::string_view bytes, std::string_view name,
                                    const std::function<bool(const model::Host&)>& sink, const ScanProgress& progress,
                                    const FrameSkip* skip) {
  const std::string file(name);
  ScanResult result;
  if (bytes.empty()) return fail(file + ": empty file, not a roce-doctor recording");
  if (bytes.size() < kFileHeaderSize && kFileMagic.substr(0, std::min(bytes.size(), kFileMagic.size())) ==
                                            bytes.substr(0, std::min(bytes.size(), kFileMagic.size()))) {
    result.torn_header = true;
    result.warnings.push_back(file + ": torn header at byte 0 ignored (the writer was interrupted?)");
    return result;
  }
  if (bytes.substr(0, kFileMagic.size()) != kFileMagic)
    return fail(file + ": byte 0: not a roce-doctor recording (no recording magic)");
  const auto version = get_u32le(bytes, 8);
  if (version < kOldestFormatVersion || version > kFormatVersion)
    return fail(file + ": byte 8: recording format version " + std::to_string(version) + ", this roce-doctor reads " +
                    std::to_string(kOldestFormatVersion) + " to " + std::to_string(kFormatVersion),
                "a newer roce-doctor wrote it");
  result.version = version;
  if (version < 2) skip = nullptr;  // no summaries

  std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> ctx(ZSTD_createDCtx(), ZSTD_freeDCtx);
  if (!ctx) return fail("zstd: out of memory");
  DecodeState state;
  const auto finish = [&]() -> ScanResult {
    if (state.host_is_sample) result.last = std::move(state.host);
    return std::move(result);
  };
  std::size_t at = kFileHeaderSize;
  result.good_end = at;
  std::uint64_t budget = 2 * static_cast<std::uint64_t>(bytes.size()) + kMaxFramePayload;
  // A damaged frame before the tail: the counters of later frames are deltas from it, so reading
  // resumes at the next frame that starts fresh; what lies between is counted and said.
  struct Damage {
    std::size_t at = 0;
    std::string why;
    std::uint64_t later_samples = 0;  // in valid frames skipped after the damaged one(s)
    std::uint64_t damaged_frames = 0;
  };
  std::optional<Damage> damage;
  const auto say_damage = [&](const std::string& resumed) {
    std::string line = file + ": damaged frame at byte " + std::to_string(damage->at) + " (" + damage->why + "): ";
    line += std::to_string(damage->damaged_frames) + " damaged frame" + (damage->damaged_frames == 1 ? "" : "s") +
            " and " + std::to_string(damage->later_samples) + " sample" + (damage->later_samples == 1 ? "" : "s") +
            " after " + (damage->damaged_frames == 1 ? "it" : "them") + " lost, " + resumed;
    result.warnings.push_back(std::move(line));
    result.damaged_frames += damage->damaged_frames;
    result.lost_samples += damage->later_samples;
    damage.reset();
  };
  const auto mark_damaged = [&](std::size_t where, const std::string& why) {
    if (!damage) damage = Damage{.at = where, .why = why, .later_samples = 0, .damaged_frames = 0};
    ++damage->damaged_frames;
  };
  // Passing frames over (FrameSkip) leaves the counters behind; the next frame read that is not
  // fresh is preceded by a replay, without handing out samples, from the latest fresh frame.
  std::size_t last_fresh_at = std::string_view::npos;
  bool behind = false;
  std::size_t replay_end = 0;  // frames before it are being replayed
  while (at < bytes.size()) {
    // `at` only grows, but for a replay, which never goes back past the latest fresh frame.
    if (progress) progress(std::min(at, last_fresh_at));
    if (skip && !damage && at >= replay_end && last_fresh_at != std::string_view::npos) {
      const auto summary = peek_summary(bytes, at);
      if (summary && passable(*summary, state, *skip)) {
        if (summary->starts_fresh) last_fresh_at = at;
        behind = true;
        state.host_is_sample = false;
        if (result.samples == 0) result.first_time_ms = summary->first_ms;
        result.samples += summary->samples;
        ++result.passed_frames;
        at += kFrameHeaderSize + get_u32le(bytes, at + 4);
        result.good_end = at;
        if (!skip->passed(*summary)) return finish();
        continue;
      }
      if (behind && !(summary && summary->starts_fresh)) {
        replay_end = at;
        at = last_fresh_at;
        behind = false;
        continue;
      }
      behind = false;
    }
    const bool replaying = at < replay_end;
    const std::size_t frame_at = at;
    bool fresh = false;
    bool checksums_ok = false;
    auto blocks = [&]() -> Expected<std::vector<ParsedBlock>> {
      auto payload = frame_payload(bytes, at);
      if (!payload) return fail(std::move(payload.error()));
      checksums_ok = true;
      if (version >= 2) {
        payload = after_summary(*payload);
        if (!payload) return fail(std::move(payload.error()));
      }
      auto content = decompress(ctx.get(), *payload);
      if (!content) return fail(std::move(content.error()));
      return parse_payload(*content, state, fresh, name);
    }();
    if (damage && !fresh) {  // still between a damaged frame and the next fresh one
      if (checksums_ok) {
        if (blocks && !replaying) damage->later_samples += samples_in(*blocks);
        at += kFrameHeaderSize + get_u32le(bytes, at + 4);
        continue;
      }
    }
    if (!blocks) {
      if (!damage && !frame_header_after(bytes, at)) {
        const bool cut = blocks.error().message.find("cut short") != std::string::npos;
        result.warnings.push_back(file + (cut ? ": torn frame at byte " : ": corrupt frame at byte ") +
                                  std::to_string(at) + " ignored (" +
                                  (cut ? "the writer was interrupted?" : blocks.error().message) + ")");
        return finish();
      }
      mark_damaged(at, blocks.error().message);
      const auto next =
          checksums_ok ? at + kFrameHeaderSize + get_u32le(bytes, at + 4) : next_valid_frame(bytes, at, budget);
      if (next == std::string_view::npos) break;
      at = next;
      continue;
    }
    if (damage) say_damage("reading resumes at the fresh frame at byte " + std::to_string(at));
    if (fresh) last_fresh_at = frame_at;
    at += kFrameHeaderSize + get_u32le(bytes, at + 4);
    result.good_end = std::max<std::uint64_t>(result.good_end, at);
    if (!apply_blocks(*blocks, fresh, state, result, sink, skip, !replaying)) return finish();
  }
  if (damage) {
    say_damage("no fresh frame after it (the rest of the file is unreadable)");
    result.good_end = bytes.size();
  }
  return finish();
}

}  // namespace roce::record
