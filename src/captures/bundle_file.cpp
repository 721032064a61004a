// Bundles on disk: plain JSON, or zstd-compressed JSON when the name ends in ".zst".
#include <cerrno>
#include <cstring>
#include <fstream>
#include <new>
#include <string_view>

#include "captures/bundle.hpp"
#include "captures/zstd_codec.hpp"
#include "util/atomic_write.hpp"
#include "util/read_file.hpp"

namespace roce::captures {
namespace {

bool is_zstd_name(const std::string& path) { return path.size() > 4 && path.compare(path.size() - 4, 4, ".zst") == 0; }

bool is_zstd_frame(std::string_view bytes) { return bytes.substr(0, 4) == std::string_view("\x28\xb5\x2f\xfd", 4); }

}  // namespace

Expected<Bundle> read_bundle_file(const std::string& path) {
  try {
    auto bytes = util::read_file(path);
    if (!bytes) return fail(std::move(bytes.error()));
    // By content, as import::classify_path tells it; the compressed bytes are let go before parsing.
    if (is_zstd_name(path) || is_zstd_frame(*bytes)) {
      auto text = zstd_decompress(*bytes);
      if (!text) return fail(std::move(text.error()).context("bundle " + path));
      std::string().swap(*bytes);
      return read_bundle_text(*text, path);
    }
    return read_bundle_text(*bytes, path);
  } catch (const std::bad_alloc&) {
    throw util::OutOfMemoryReading("bundle " + path);
  }
}

// Atomically: an interrupted collect never leaves half a bundle at PATH, and a link planted beside
// it is never written through.
Outcome write_bundle_file(const std::string& path, const Bundle& bundle) {
  std::string bytes = write_bundle_text(bundle);
  if (is_zstd_name(path)) bytes = zstd_compress(bytes);
  return util::write_file_atomically(path, bytes);
}

}  // namespace roce::captures
