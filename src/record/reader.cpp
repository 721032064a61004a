// read_recording, decode_recording, for_each_sample, read_ends, looks_like_recording.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "record/format.hpp"
#include "record/frame_decoder.hpp"
#include "record/recording.hpp"

namespace roce::record {
namespace {

// The whole file, mapped read-only, under a shared flock on the file: a writer truncates a torn
// tail only under an exclusive one (writer.cpp), so the mapped bytes cannot vanish under the reader
// (which would be SIGBUS). Appends are harmless. A scan reads the file once, front to back, and
// the pages it is done with are dropped from the process (they stay in the page cache): a day's
// recording is about 100 MB, and its resident part stays within a few MiB.
class MappedFile {
 public:
  static Expected<std::unique_ptr<MappedFile>> open(const std::string& path) {
    auto file = std::unique_ptr<MappedFile>(new MappedFile);
    file->fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (file->fd_ < 0) return fail("read " + path + ": " + std::strerror(errno), "", errno);
    // Best effort: a file system without locks (some NFS) is still read.
    while (::flock(file->fd_, LOCK_SH) != 0 && errno == EINTR) {
    }
    struct stat st {};
    if (fstat(file->fd_, &st) != 0) return fail("stat " + path + ": " + std::strerror(errno), "", errno);
    file->size_ = static_cast<std::size_t>(st.st_size);
    if (file->size_ > 0) {
      void* p = mmap(nullptr, file->size_, PROT_READ, MAP_PRIVATE, file->fd_, 0);
      if (p == MAP_FAILED) return fail("read " + path + ": mmap: " + std::strerror(errno), "", errno);
      file->data_ = static_cast<const char*>(p);
    }
    return file;
  }
  ~MappedFile() {
    if (data_) munmap(const_cast<char*>(data_), size_);
    if (fd_ >= 0) ::close(fd_);  // releases the lock
  }
  std::string_view bytes() const { return {data_, size_}; }

  /// Drops the whole pages before `offset` from this process's memory, a MiB or more at a time.
  void release_before(std::uint64_t offset) {
    static const std::uint64_t page = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
    const std::uint64_t end = std::min<std::uint64_t>(offset, size_) / page * page;
    if (end < released_ + kReleaseStep) return;
    madvise(const_cast<char*>(data_) + released_, end - released_, MADV_DONTNEED);
    released_ = end;
  }

 private:
  static constexpr std::uint64_t kReleaseStep = 1u << 20;
  MappedFile() = default;
  int fd_ = -1;
  const char* data_ = nullptr;
  std::size_t size_ = 0;
  std::uint64_t released_ = 0;
};

// Scans the file at `path` (mapped, its consumed pages released as the scan goes).
Expected<ScanResult> scan_file(const std::string& path, const SampleSink& sink) {
  auto file = MappedFile::open(path);
  if (!file) return fail(std::move(file.error()));
  MappedFile& mapped = **file;
  return scan_recording(mapped.bytes(), path, sink, [&](std::uint64_t done) { mapped.release_before(done); });
}

}  // namespace

Expected<Recording> decode_recording(std::string_view bytes, std::string_view name) {
  Recording recording;
  auto scanned = scan_recording(bytes, name, [&](const model::Host& h) {
    recording.samples.push_back(h);
    return true;
  });
  if (!scanned) return fail(std::move(scanned.error()));
  recording.warnings = std::move(scanned->warnings);
  return recording;
}

Expected<std::vector<std::string>> for_each_sample(const std::string& path, const SampleSink& sink) {
  auto scanned = scan_file(path, sink);
  if (!scanned) return fail(std::move(scanned.error()));
  return std::move(scanned->warnings);
}

Expected<Recording> read_recording(const std::string& path) {
  Recording recording;
  auto warnings = for_each_sample(path, [&](const model::Host& h) {
    recording.samples.push_back(h);
    return true;
  });
  if (!warnings) return fail(std::move(warnings.error()));
  recording.warnings = std::move(*warnings);
  return recording;
}

Expected<RecordingEnds> read_ends(const std::string& path) {
  RecordingEnds ends;
  auto scanned = scan_file(path, [&](const model::Host& h) {
    if (!ends.first) ends.first = h;
    return true;
  });
  if (!scanned) return fail(std::move(scanned.error()));
  ends.samples = scanned->samples;
  if (ends.samples > 1) ends.last = std::move(scanned->last);
  ends.warnings = std::move(scanned->warnings);
  return ends;
}

bool looks_like_recording(std::string_view prefix) {
  return prefix.size() >= kFileMagic.size() && prefix.substr(0, kFileMagic.size()) == kFileMagic;
}

}  // namespace roce::record
