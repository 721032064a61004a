// Bundles on disk: plain JSON, or zstd-compressed JSON when the name ends in ".zst".
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "captures/bundle.hpp"
#include "captures/zstd_codec.hpp"
#include "util/read_file.hpp"

namespace roce::captures {
namespace {

bool is_zstd_name(const std::string& path) {
  return path.size() > 4 && path.compare(path.size() - 4, 4, ".zst") == 0;
}

}  // namespace

Expected<Bundle> read_bundle_file(const std::string& path) {
  auto bytes = util::read_file(path);
  if (!bytes) return fail(std::move(bytes.error()));
  if (is_zstd_name(path)) {
    auto text = zstd_decompress(*bytes);
    if (!text) return fail(std::move(text.error()).context("bundle " + path));
    return read_bundle_text(*text, path);
  }
  return read_bundle_text(*bytes, path);
}

// Writes to PATH.tmp and renames, so an interrupted collect never leaves half a bundle at PATH.
Outcome write_bundle_file(const std::string& path, const Bundle& bundle) {
  std::string bytes = write_bundle_text(bundle);
  if (is_zstd_name(path)) bytes = zstd_compress(bytes);
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return fail("write " + tmp + ": " + std::strerror(errno), "", errno);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.flush();
    if (!out) {
      std::remove(tmp.c_str());
      return fail("write " + tmp + ": " + std::strerror(errno), "", errno);
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    std::remove(tmp.c_str());
    return fail("rename " + tmp + " to " + path + ": " + std::strerror(err), "", err);
  }
  return done();
}

}  // namespace roce::captures
