#include "record/frame_encoder.hpp"

#include <zstd.h>

#include <memory>

#include "record/crc32.hpp"
#include "record/format.hpp"
#include "record/varint.hpp"

namespace roce::record {
namespace {

void put_bytes(std::string& out, std::string_view bytes) {
  put_varint(out, bytes.size());
  out.append(bytes);
}

// Names front-coded against the previous name of the same set: mlx5 names share long prefixes.
void put_names(std::string& out, const CounterNames& names) {
  put_varint(out, names.size());
  for (const auto& set : names) {
    put_varint(out, set.size());
    std::string_view previous;
    for (const auto& name : set) {
      std::size_t shared = 0;
      while (shared < previous.size() && shared < name.size() && previous[shared] == name[shared]) ++shared;
      put_varint(out, shared);
      put_bytes(out, std::string_view(name).substr(shared));
      previous = name;
    }
  }
}

void put_block(std::string& out, const PendingBlock& b) {
  out.push_back(static_cast<char>((b.has_config ? kBlockHasConfig : 0) | (b.has_names ? kBlockHasNames : 0)));
  if (b.has_config) put_bytes(out, b.config_text);
  if (b.has_names) put_names(out, b.names);
  const std::size_t n = b.rows.size(), m = b.base.size();
  put_varint(out, n);
  put_varint(out, m);
  auto previous = static_cast<std::uint64_t>(b.base_time_ms);
  for (const auto t : b.time_ms) {
    put_varint(out, zigzag_delta(previous, static_cast<std::uint64_t>(t)));
    previous = static_cast<std::uint64_t>(t);
  }
  previous = static_cast<std::uint64_t>(b.base_mono_ns);
  for (const auto t : b.mono_ns) {
    put_varint(out, zigzag_delta(previous, static_cast<std::uint64_t>(t)));
    previous = static_cast<std::uint64_t>(t);
  }
  for (std::size_t c = 0; c < m; ++c) {
    std::uint64_t prev = b.base[c];
    for (std::size_t s = 0; s < n; ++s) {
      put_varint(out, zigzag_delta(prev, b.rows[s][c]));
      prev = b.rows[s][c];
    }
  }
}

}  // namespace

std::string encode_frame(const std::vector<PendingBlock>& blocks, const FrameSummary& summary, int zstd_level) {
  std::string payload;
  payload.push_back(static_cast<char>(summary.starts_fresh ? kFrameStartsFresh : 0));
  put_varint(payload, blocks.size());
  for (const auto& b : blocks) put_block(payload, b);

  std::string compressed(ZSTD_compressBound(payload.size()), '\0');
  const std::size_t n = ZSTD_compress(compressed.data(), compressed.size(), payload.data(), payload.size(), zstd_level);
  compressed.resize(ZSTD_isError(n) ? 0 : n);  // cannot fail with a bound-sized buffer

  const std::string summary_bytes = encode_summary(summary);
  std::string body;
  put_u32le(body, static_cast<std::uint32_t>(summary_bytes.size()));
  body += summary_bytes;
  put_u32le(body, crc32(summary_bytes));
  body += compressed;

  std::string frame(kFrameMagic);
  put_u32le(frame, static_cast<std::uint32_t>(body.size()));
  put_u32le(frame, crc32(body));
  put_u32le(frame, crc32(frame));
  frame += body;
  return frame;
}

}  // namespace roce::record
