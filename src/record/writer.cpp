// RecordWriter: appends samples to a recording, one frame per samples_per_frame samples.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <optional>

#include "captures/bundle.hpp"
#include "record/format.hpp"
#include "record/frame_decoder.hpp"
#include "record/frame_encoder.hpp"
#include "record/mapped_file.hpp"
#include "record/recording.hpp"
#include "record/varint.hpp"

namespace roce::record {
namespace {

namespace fs = std::filesystem;

Outcome write_all(int fd, std::string_view bytes, const std::string& path) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return fail("write " + path + ": " + std::strerror(errno), "", errno);
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return done();
}

std::string file_header() {
  std::string h(kFileMagic);
  put_u32le(h, kFormatVersion);
  put_u32le(h, 0);
  return h;
}

class FileRecordWriter final : public RecordWriter {
 public:
  FileRecordWriter(std::string path, WriterOptions options) : path_(std::move(path)), options_(options) {
    if (options_.samples_per_frame == 0) options_.samples_per_frame = 1;
  }
  ~FileRecordWriter() override {
    (void)flush();
    if (fd_ >= 0) ::close(fd_);
    if (lock_fd_ >= 0) ::close(lock_fd_);
  }

  // One writer per recording: a second one would take the first one's frame in flight for a torn
  // tail and cut it, then interleave frames whose deltas do not follow each other. FILE.lock is
  // held (flock) for the writer's lifetime, across rotations.
  Outcome lock() {
    // The lock file stays between runs (flock, not existence, is the lock). O_NOFOLLOW: whoever can
    // write the folder could plant FILE.lock as a symlink to a file of root's; it must be our own
    // regular file, not another's (a hard link) or a device.
    const std::string lock_path = path_ + ".lock";
    lock_fd_ = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK | O_CLOEXEC, 0644);
    if (lock_fd_ < 0) {
      const int err = errno;
      if (err == ELOOP)
        return fail(
            lock_path + " is a symbolic link; not following it",
            "remove it (someone who can write the folder planted it?), or record to a folder only you can write", err);
      return fail("create " + lock_path + ": " + std::strerror(err), "", err);
    }
    struct stat st {};
    if (fstat(lock_fd_, &st) != 0) return fail("stat " + lock_path + ": " + std::strerror(errno), "", errno);
    if (!S_ISREG(st.st_mode) || st.st_uid != geteuid() || st.st_nlink != 1)
      return fail(lock_path + " is not a regular file of ours (owner uid " + std::to_string(st.st_uid) + ", " +
                      std::to_string(st.st_nlink) + " links); not using it",
                  "remove it, or record to a folder only you can write");
    if (::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
      const int err = errno;
      if (err == EWOULDBLOCK)
        return fail(
            path_ + " is being recorded by another process (it holds " + lock_path + ")",
            "stop the other `roce-doctor record` (systemctl status roce-doctor-record), or record to another file");
      return fail("flock " + lock_path + ": " + std::strerror(err), "", err);
    }
    return done();
  }

  // Opens the file at path_: a new one, or an existing recording after recovering a torn tail
  // (said in `warnings`, when given).
  Outcome open_part(std::vector<std::string>* warnings) {
    std::error_code ec;
    if (!fs::exists(path_, ec) || fs::file_size(path_, ec) == 0) return create_part();
    // Mapped, not read: a recording grows without a size limit unless rotated. The mapping (and
    // its shared lock) ends before the file is truncated under an exclusive one.
    std::uint64_t file_size = 0;
    Expected<ScanResult> scanned = fail("");
    {
      auto file = MappedFile::open(path_);
      if (!file) return fail(std::move(file.error()));
      file_size = (*file)->bytes().size();
      scanned = scan_recording((*file)->bytes(), path_, [](const model::Host&) { return true; });
    }
    if (!scanned) return fail(std::move(scanned.error()).context("cannot append to " + path_));
    if (scanned->torn_header) return create_part();
    if (scanned->version != kFormatVersion) {
      if (warnings)
        warnings->push_back(path_ + ": written in recording format " + std::to_string(scanned->version) + "; kept as " +
                            part_name(1) + ", recording to a new " + path_ + " in format " +
                            std::to_string(kFormatVersion));
      return rotate();
    }
    if (scanned->damaged_frames > 0) return move_aside_damaged(scanned->warnings, warnings);
    if (scanned->samples > 0) part_start_ms_ = scanned->first_time_ms;
    const bool torn = scanned->good_end < file_size;
    if (torn && warnings) warnings->insert(warnings->end(), scanned->warnings.begin(), scanned->warnings.end());
    fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC);
    if (fd_ < 0) return fail("open " + path_ + ": " + std::strerror(errno), "", errno);
    if (torn) {
      if (auto t = truncate_under_lock(scanned->good_end); !t) return t;
      if (warnings)
        warnings->push_back(path_ + ": truncated to its last good frame (" + std::to_string(scanned->good_end) +
                            " bytes) before appending");
    }
    file_bytes_ = scanned->good_end;
    return done();
  }

  Outcome append(const model::Host& sample) override {
    if (fd_ < 0) return fail("write " + path_ + ": the recording is closed after an earlier error");
    if (options_.rotate_seconds > 0 && part_start_ms_ &&
        sample.time_unix_ms - *part_start_ms_ >= options_.rotate_seconds * 1000) {
      if (auto rotated = rotate(); !rotated) return rotated;
    }
    if (!part_start_ms_) part_start_ms_ = sample.time_unix_ms;

    auto split = split_sample(sample);
    // A fresh frame repeats the layout; the summary says whether it really changed.
    const bool config_differs = !have_layout_ || split.config != config_;
    const bool names_differ = !have_layout_ || split.names != names_;
    const bool config_changed = !have_config_ || config_differs;
    const bool names_changed = !have_config_ || names_differ;
    note_in_summary(sample.time_unix_ms, config_differs || names_differ, split.values);
    if (blocks_.empty() || config_changed || names_changed) {
      auto& block = blocks_.emplace_back();
      block.has_config = config_changed;
      block.has_names = names_changed;
      if (config_changed) block.config_text = captures::write_host_text(split.config);
      if (names_changed) block.names = split.names;
      block.base = (config_changed || names_changed) ? std::vector<std::uint64_t>(split.values.size(), 0) : previous_;
      block.base_time_ms = previous_time_ms_;
      block.base_mono_ns = previous_mono_ns_;
    }
    auto& block = blocks_.back();
    block.time_ms.push_back(sample.time_unix_ms);
    block.mono_ns.push_back(sample.monotonic_ns);
    block.rows.push_back(split.values);
    previous_ = std::move(split.values);
    previous_time_ms_ = sample.time_unix_ms;
    previous_mono_ns_ = sample.monotonic_ns;
    if (config_changed) config_ = std::move(split.config);
    if (names_changed) names_ = std::move(split.names);
    have_config_ = have_layout_ = true;
    if (++pending_samples_ >= options_.samples_per_frame) return flush();
    return done();
  }

  Outcome flush() override {
    if (pending_samples_ == 0 || fd_ < 0) return done();
    summary_.starts_fresh = starts_fresh_;
    if (summary_.same_layout) {
      summary_.counters = moved_.size();
      summary_.moved_runs = moved_runs_of(moved_);
    }
    const std::string frame = encode_frame(blocks_, summary_, options_.zstd_level);
    summary_ = FrameSummary{};
    moved_.clear();
    blocks_.clear();
    pending_samples_ = 0;
    starts_fresh_ = false;
    auto written = write_all(fd_, frame, path_);
    if (written && ::fdatasync(fd_) != 0 && errno != EINVAL)
      written = fail("fdatasync " + path_ + ": " + std::strerror(errno), "", errno);
    if (!written) {
      ::close(fd_);  // the tail is torn; the next writer recovers it
      fd_ = -1;
      return written;
    }
    file_bytes_ += frame.size();
    if (options_.rotate_bytes > 0 && file_bytes_ >= options_.rotate_bytes) return rotate();
    if (options_.fresh_every_frames > 0 && ++frames_since_fresh_ >= options_.fresh_every_frames) start_fresh();
    return done();
  }

 private:
  // Readers map the file under a shared flock (reader.cpp): shrinking it under them would be SIGBUS.
  Outcome truncate_under_lock(std::uint64_t size) {
    while (::flock(fd_, LOCK_EX) != 0)
      if (errno != EINTR) return fail("flock " + path_ + ": " + std::strerror(errno), "", errno);
    const int rc = ::ftruncate(fd_, static_cast<off_t>(size));
    const int err = errno;
    ::flock(fd_, LOCK_UN);
    if (rc != 0) return fail("truncate " + path_ + ": " + std::strerror(err), "", err);
    return done();
  }

  // The frame's summary, as each sample joins it: which counters moved since the sample before
  // (kept across fresh frames, not across a layout change).
  void note_in_summary(std::int64_t time_ms, bool layout_changed, const std::vector<std::uint64_t>& values) {
    if (summary_.samples == 0) {
      summary_.first_ms = time_ms;
      summary_.same_layout = true;
    } else {
      summary_.times_increase = summary_.times_increase && time_ms > summary_.last_ms;
      if (time_ms > summary_.last_ms)
        summary_.longest_step_ms =
            std::max(summary_.longest_step_ms, static_cast<std::uint64_t>(time_ms - summary_.last_ms));
    }
    ++summary_.samples;
    summary_.last_ms = time_ms;
    summary_.same_layout = summary_.same_layout && !layout_changed && previous_.size() == values.size();
    if (!summary_.same_layout) return;
    moved_.resize(values.size(), 0);
    for (std::size_t c = 0; c < values.size(); ++c) moved_[c] |= values[c] != previous_[c];
  }

  // The next frame forgets everything before it, so a damaged frame loses only the frames up to it.
  // (The names and values kept still tell the next sample what changed; its block carries them whole.)
  void start_fresh() {
    have_config_ = false;
    previous_time_ms_ = previous_mono_ns_ = 0;
    starts_fresh_ = true;
    frames_since_fresh_ = 0;
  }

  // A recording damaged before its tail (readers skip the damage) is not appended to: a restart
  // loop on it would record nothing. It is renamed FILE.damaged-<UTC time> and a new file begins.
  Outcome move_aside_damaged(const std::vector<std::string>& found, std::vector<std::string>* warnings) {
    char stamp[32] = {};
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &utc);
    std::string aside = path_ + ".damaged-" + stamp;
    std::error_code ec;
    for (int k = 2; fs::exists(fs::symlink_status(aside, ec)); ++k)
      aside = path_ + ".damaged-" + stamp + "-" + std::to_string(k);
    fs::rename(path_, aside, ec);
    if (ec)
      return fail("move the damaged " + path_ + " aside to " + aside + ": " + ec.message(),
                  "move it away by hand; record will not append to a damaged recording", ec.value());
    if (warnings) {
      warnings->insert(warnings->end(), found.begin(), found.end());
      warnings->push_back(path_ + ": damaged before its end; moved aside to " + aside + ", recording to a new " +
                          path_);
    }
    return create_part();
  }

  Outcome create_part() {
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd_ < 0) return fail("create " + path_ + ": " + std::strerror(errno), "", errno);
    if (auto t = truncate_under_lock(0); !t) return t;
    const std::string header = file_header();
    if (auto w = write_all(fd_, header, path_); !w) return w;
    file_bytes_ = header.size();
    return done();
  }

  std::string part_name(std::uint32_t k) const { return path_ + "." + std::to_string(k); }

  // FILE -> FILE.1, FILE.1 -> FILE.2, ...; the oldest beyond keep_parts is removed.
  Outcome rotate() {
    if (auto flushed = flush(); !flushed) return flushed;
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    std::error_code ec;
    std::uint32_t highest = 0;
    while (fs::exists(part_name(highest + 1), ec)) ++highest;
    for (std::uint32_t k = highest; k >= 1; --k) {
      if (options_.keep_parts > 0 && k >= options_.keep_parts)
        fs::remove(part_name(k), ec);
      else
        fs::rename(part_name(k), part_name(k + 1), ec);
      if (ec) return fail("rotate " + part_name(k) + ": " + ec.message(), "", ec.value());
    }
    fs::rename(path_, part_name(1), ec);
    if (ec) return fail("rotate " + path_ + ": " + ec.message(), "", ec.value());
    have_config_ = have_layout_ = false;
    names_.clear();
    previous_.clear();
    start_fresh();
    part_start_ms_.reset();
    return create_part();
  }

  std::string path_;
  WriterOptions options_;
  int fd_ = -1;
  int lock_fd_ = -1;
  std::uint64_t file_bytes_ = 0;
  std::optional<std::int64_t> part_start_ms_;
  // What the reader will know after the samples so far.
  bool starts_fresh_ = true;
  std::uint32_t frames_since_fresh_ = 0;
  bool have_config_ = false;  // the frame being filled has had the configuration and names
  bool have_layout_ = false;  // a sample of this part has (config_, names_ and previous_ are its)
  model::Host config_;
  CounterNames names_;
  std::vector<std::uint64_t> previous_;
  std::int64_t previous_time_ms_ = 0, previous_mono_ns_ = 0;
  // The frame being filled.
  std::vector<PendingBlock> blocks_;
  std::uint32_t pending_samples_ = 0;
  FrameSummary summary_;
  std::vector<std::uint8_t> moved_;
};

}  // namespace

Expected<std::unique_ptr<RecordWriter>> RecordWriter::open(const std::string& path, const WriterOptions& options,
                                                           std::vector<std::string>* warnings) {
  auto writer = std::make_unique<FileRecordWriter>(path, options);
  if (auto locked = writer->lock(); !locked) return fail(std::move(locked.error()));
  if (auto opened = writer->open_part(warnings); !opened) return fail(std::move(opened.error()));
  return std::unique_ptr<RecordWriter>(std::move(writer));
}

}  // namespace roce::record
