#pragma once
// LEB128 varints, zigzag for signed deltas, and a bounds-checked reader of a decompressed payload.
#include <cstdint>
#include <string>
#include <string_view>

namespace roce::record {

inline void put_varint(std::string& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

// A delta that wraps (a counter reset) round-trips exactly: (b - a) mod 2^64 as a signed number.
inline std::uint64_t zigzag_delta(std::uint64_t previous, std::uint64_t current) {
  const auto d = static_cast<std::int64_t>(current - previous);
  return (static_cast<std::uint64_t>(d) << 1) ^ static_cast<std::uint64_t>(d >> 63);
}
inline std::uint64_t apply_zigzag_delta(std::uint64_t previous, std::uint64_t z) {
  return previous + ((z >> 1) ^ (~(z & 1) + 1));
}

inline void put_u32le(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}
inline std::uint32_t get_u32le(std::string_view in, std::size_t at) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(static_cast<unsigned char>(in[at + i])) << (8 * i);
  return v;
}

// Reads a payload front to back; any read past the end sets `failed` and returns 0.
class ByteReader {
 public:
  explicit ByteReader(std::string_view bytes) : bytes_(bytes) {}
  bool failed() const { return failed_; }
  bool at_end() const { return pos_ == bytes_.size(); }
  std::size_t position() const { return pos_; }
  std::size_t remaining() const { return bytes_.size() - pos_; }

  std::uint8_t byte() {
    if (pos_ >= bytes_.size()) return fail_read();
    return static_cast<std::uint8_t>(bytes_[pos_++]);
  }
  std::uint64_t varint() {
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos_ >= bytes_.size()) return fail_read();
      const auto b = static_cast<std::uint8_t>(bytes_[pos_++]);
      v |= static_cast<std::uint64_t>(b & 0x7F) << shift;
      if (!(b & 0x80)) return v;
    }
    return fail_read();  // more than 10 bytes
  }
  std::string_view bytes(std::uint64_t n) {
    if (n > bytes_.size() - pos_) {
      fail_read();
      return {};
    }
    auto s = bytes_.substr(pos_, n);
    pos_ += n;
    return s;
  }

 private:
  std::uint8_t fail_read() {
    failed_ = true;
    pos_ = bytes_.size();
    return 0;
  }
  std::string_view bytes_;
  std::size_t pos_ = 0;
  bool failed_ = false;
};

}  // namespace roce::record
