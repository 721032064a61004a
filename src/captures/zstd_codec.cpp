#include "captures/zstd_codec.hpp"

#include <zstd.h>

#include <memory>
#include <vector>

#include "util/read_file.hpp"

namespace roce::captures {

std::string zstd_compress(std::string_view data) {
  std::string out(ZSTD_compressBound(data.size()), '\0');
  const size_t n = ZSTD_compress(out.data(), out.size(), data.data(), data.size(), 9);
  out.resize(ZSTD_isError(n) ? 0 : n);  // cannot fail with a bound-sized buffer
  return out;
}

namespace {

Unexpected too_much_output(std::size_t max_bytes, bool default_limit) {
  return fail("zstd: decompresses to more than " + std::to_string(max_bytes) + " bytes, over the limit",
              default_limit ? util::raise_limit_hint(util::kMaxInputBytesVar, max_bytes) : std::string());
}

}  // namespace

Expected<std::string> zstd_decompress(std::string_view data, std::size_t max_bytes) {
  const bool default_limit = max_bytes == 0;
  if (default_limit) max_bytes = util::input_limits().input_bytes;
  std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> ctx(ZSTD_createDCtx(), ZSTD_freeDCtx);
  if (!ctx) return fail("zstd: out of memory");
  std::string out;
  std::vector<char> chunk(ZSTD_DStreamOutSize());
  ZSTD_inBuffer in{data.data(), data.size(), 0};
  size_t last = 0;
  while (in.pos < in.size) {
    ZSTD_outBuffer o{chunk.data(), chunk.size(), 0};
    last = ZSTD_decompressStream(ctx.get(), &o, &in);
    if (ZSTD_isError(last))
      return fail("zstd: " + std::string(ZSTD_getErrorName(last)) + " at byte " + std::to_string(in.pos));
    if (o.pos > max_bytes - out.size()) return too_much_output(max_bytes, default_limit);
    out.append(chunk.data(), o.pos);
    if (o.pos == 0 && in.pos == in.size) break;
  }
  // Flush what the decoder still holds.
  while (last != 0) {
    ZSTD_outBuffer o{chunk.data(), chunk.size(), 0};
    last = ZSTD_decompressStream(ctx.get(), &o, &in);
    if (ZSTD_isError(last)) return fail("zstd: " + std::string(ZSTD_getErrorName(last)));
    if (o.pos > max_bytes - out.size()) return too_much_output(max_bytes, default_limit);
    out.append(chunk.data(), o.pos);
    if (o.pos == 0 && last != 0) return fail("zstd: truncated frame (the file ends early)");
  }
  return out;
}

}  // namespace roce::captures
