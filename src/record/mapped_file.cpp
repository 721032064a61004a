// MappedFile: open without blocking, refuse what is not a regular file, lock shared, map.
#include "record/mapped_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "util/read_file.hpp"

namespace roce::record {

Expected<std::unique_ptr<MappedFile>> MappedFile::open(const std::string& path) {
  auto file = std::unique_ptr<MappedFile>(new MappedFile);
  // O_NONBLOCK: opening a FIFO would otherwise wait for a writer; it is refused below.
  file->fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (file->fd_ < 0) return fail("read " + path + ": " + std::strerror(errno), "", errno);
  struct stat st {};
  if (fstat(file->fd_, &st) != 0) return fail("stat " + path + ": " + std::strerror(errno), "", errno);
  if (!S_ISREG(st.st_mode)) return fail("read " + path + ": " + util::not_regular_file(st.st_mode), "", EINVAL);
  // Best effort: a file system without locks (some NFS) is still read.
  while (::flock(file->fd_, LOCK_SH) != 0 && errno == EINTR) {
  }
  if (fstat(file->fd_, &st) != 0) return fail("stat " + path + ": " + std::strerror(errno), "", errno);
  file->size_ = static_cast<std::size_t>(st.st_size);
  if (file->size_ > 0) {
    void* p = mmap(nullptr, file->size_, PROT_READ, MAP_PRIVATE, file->fd_, 0);
    if (p == MAP_FAILED) return fail("read " + path + ": mmap: " + std::strerror(errno), "", errno);
    file->data_ = static_cast<const char*>(p);
  }
  return file;
}

void MappedFile::release_before(std::uint64_t offset) {
  static const std::uint64_t page = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
  const std::uint64_t end = std::min<std::uint64_t>(offset, size_) / page * page;
  if (end < released_ + kReleaseStep) return;
  madvise(const_cast<char*>(data_) + released_, end - released_, MADV_DONTNEED);
  released_ = end;
}

MappedFile::~MappedFile() {
  if (data_) munmap(const_cast<char*>(data_), size_);
  if (fd_ >= 0) ::close(fd_);  // releases the lock
}

}  // namespace roce::record
