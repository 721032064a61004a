// TempDir: made and registered with the stop thread under its lock, removed before it is forgotten.
#include "util/temp_dir.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "util/stop_signals.hpp"

namespace roce::process {

Expected<TempDir> TempDir::create(const std::string& stem) {
  const char* base = std::getenv("TMPDIR");
  std::string templ = std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/" + stem + ".XXXXXX";
  const on_stop::Registering registering;
  if (::mkdtemp(templ.data()) == nullptr)
    return fail("create a temporary directory " + templ + ": " + std::strerror(errno),
                "set TMPDIR to a writable directory", errno);
  on_stop::add_folder(templ);
  return TempDir(templ);
}

TempDir::~TempDir() {
  if (path_.empty()) return;
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
  on_stop::forget_folder(path_);
}

}  // namespace roce::process
