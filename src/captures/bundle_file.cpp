// Bundles on disk: plain JSON, or zstd-compressed JSON when the name ends in ".zst".
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "captures/bundle.hpp"
#include "captures/zstd_codec.hpp"
#include "util/atomic_write.hpp"

namespace roce::captures {
namespace {

bool is_zstd_name(const std::string& path) {
  return path.size() > 4 && path.compare(path.size() - 4, 4, ".zst") == 0;
}

Expected<std::string> slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("read " + path + ": " + std::strerror(errno), "", errno);
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) return fail("read " + path + ": I/O error");
  return ss.str();
}

}  // namespace

Expected<Bundle> read_bundle_file(const std::string& path) {
  auto bytes = slurp(path);
  if (!bytes) return fail(std::move(bytes.error()));
  if (is_zstd_name(path)) {
    auto text = zstd_decompress(*bytes);
    if (!text) return fail(std::move(text.error()).context("bundle " + path));
    return read_bundle_text(*text, path);
  }
  return read_bundle_text(*bytes, path);
}

// Atomically: an interrupted collect never leaves half a bundle at PATH, and a link planted beside
// it is never written through.
Outcome write_bundle_file(const std::string& path, const Bundle& bundle) {
  std::string bytes = write_bundle_text(bundle);
  if (is_zstd_name(path)) bytes = zstd_compress(bytes);
  return write_file_atomically(path, bytes);
}

}  // namespace roce::captures
