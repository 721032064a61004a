#include "captures/zstd_codec.hpp"

#include <zstd.h>

#include <memory>
#include <vector>

namespace roce::captures {

std::string zstd_compress(std::string_view data) {
  std::string out(ZSTD_compressBound(data.size()), '\0');
  const size_t n = ZSTD_compress(out.data(), out.size(), data.data(), data.size(), 9);
  out.resize(ZSTD_isError(n) ? 0 : n);  // cannot fail with a bound-sized buffer
  return out;
}

Expected<std::string> zstd_decompress(std::string_view data) {
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
    out.append(chunk.data(), o.pos);
    if (o.pos == 0 && in.pos == in.size) break;
  }
  // Flush what the decoder still holds.
  while (last != 0) {
    ZSTD_outBuffer o{chunk.data(), chunk.size(), 0};
    last = ZSTD_decompressStream(ctx.get(), &o, &in);
    if (ZSTD_isError(last)) return fail("zstd: " + std::string(ZSTD_getErrorName(last)));
    out.append(chunk.data(), o.pos);
    if (o.pos == 0 && last != 0) return fail("zstd: truncated frame (the file ends early)");
  }
  return out;
}

}  // namespace roce::captures
