// Torn tails, corrupt frames and files that are not recordings.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <thread>

#include "record/recording.hpp"
#include "support/files.hpp"
#include "support/temp_dir.hpp"
#include "synthetic_series.hpp"

namespace roce::test {

namespace {

using namespace roce;

struct ThreeFrames {
  std::vector<model::Host> series;  // 12 samples, 4 per frame
  std::string bytes;
  std::size_t frame_starts[3] = {};
};

ThreeFrames write_three_frames(const test::TempDir& dir) {
  ThreeFrames out;
  out.series = test::mlx5_series(1, 12);
  const auto path = dir.path("three.rec");
  auto writer = record::RecordWriter::open(path, {.samples_per_frame = 4});
  REQUIRE(writer.ok());
  for (std::size_t i = 0; i < out.series.size(); ++i) {
    if (i % 4 == 0) out.frame_starts[i / 4] = std::filesystem::file_size(path);
    REQUIRE((*writer)->append(out.series[i]).ok());
  }
  writer->reset();
  out.bytes = test::slurp(path);
  return out;
}

}  // namespace

TEST_CASE("a recording cut at every byte of its last frame reads back every earlier sample") {
  test::TempDir dir;
  const auto rec = write_three_frames(dir);
  const std::vector<model::Host> first_eight(rec.series.begin(), rec.series.begin() + 8);
  const auto last = rec.frame_starts[2];
  for (std::size_t cut = last; cut < rec.bytes.size(); ++cut) {
    INFO("cut at byte " << cut << " of " << rec.bytes.size());
    auto read = record::decode_recording(std::string_view(rec.bytes).substr(0, cut), "r.rec");
    REQUIRE(read.ok());
    REQUIRE(read->samples.size() == 8);
    CHECK(read->samples.back() == first_eight.back());
    if (cut == last) {
      CHECK(read->warnings.empty());
    } else {
      REQUIRE(read->warnings.size() == 1);
      CHECK(read->warnings[0] ==
            "r.rec: torn frame at byte " + std::to_string(last) + " ignored (the writer was interrupted?)");
    }
  }
  auto whole = record::decode_recording(rec.bytes, "r.rec");
  REQUIRE(whole.ok());
  CHECK(whole->samples == rec.series);
}

TEST_CASE("a corrupt last frame is a warning; a damaged earlier frame is skipped to the next fresh frame") {
  test::TempDir dir;
  const auto rec = write_three_frames(dir);
  SECTION("last frame") {
    auto bytes = rec.bytes;
    bytes[rec.frame_starts[2] + 40] ^= 0x20;
    auto read = record::decode_recording(bytes, "r.rec");
    REQUIRE(read.ok());
    CHECK(read->samples.size() == 8);
    REQUIRE(read->warnings.size() == 1);
    CHECK(read->warnings[0] == "r.rec: corrupt frame at byte " + std::to_string(rec.frame_starts[2]) +
                                   " ignored (the frame's checksum does not match)");
  }
  // The three frames come from one writer: only the first starts fresh, so the third frame's deltas
  // follow the damaged second and are lost too (counted: 4 samples).
  for (const std::size_t offset : {std::size_t{2}, std::size_t{6}, std::size_t{13}, std::size_t{30}}) {
    INFO("damaged byte " << offset << " of the second frame");
    auto bytes = rec.bytes;
    bytes[rec.frame_starts[1] + offset] ^= 0x01;
    auto read = record::decode_recording(bytes, "r.rec");
    REQUIRE(read.ok());
    CHECK(read->samples.size() == 4);
    REQUIRE(read->warnings.size() == 1);
    CHECK(read->warnings[0].rfind("r.rec: damaged frame at byte " + std::to_string(rec.frame_starts[1]) + " (", 0) ==
          0);
    CHECK(read->warnings[0].find("1 damaged frame and 4 samples after it lost, no fresh frame after it") !=
          std::string::npos);
  }
  SECTION("a gap (bytes missing in the middle) is skipped too") {
    auto bytes = rec.bytes;
    bytes.erase(rec.frame_starts[1] + 100, 10);
    auto read = record::decode_recording(bytes, "r.rec");
    REQUIRE(read.ok());
    CHECK(read->samples.size() == 4);
    REQUIRE(read->warnings.size() == 1);
    CHECK(read->warnings[0].find("damaged frame at byte " + std::to_string(rec.frame_starts[1])) != std::string::npos);
  }
}

TEST_CASE("with every frame fresh, a damaged middle frame loses only its own samples") {
  test::TempDir dir;
  const auto series = test::mlx5_series(1, 12);
  const auto path = dir.path("fresh.rec");
  std::size_t starts[3] = {};
  {
    auto writer = record::RecordWriter::open(path, {.samples_per_frame = 4, .fresh_every_frames = 1});
    REQUIRE(writer.ok());
    for (std::size_t i = 0; i < series.size(); ++i) {
      if (i % 4 == 0) starts[i / 4] = std::filesystem::file_size(path);
      REQUIRE((*writer)->append(series[i]).ok());
    }
  }
  auto bytes = test::slurp(path);
  bytes[starts[1] + 40] ^= 0x08;
  auto read = record::decode_recording(bytes, "f.rec");
  REQUIRE(read.ok());
  REQUIRE(read->samples.size() == 8);
  CHECK(read->samples[3] == series[3]);
  CHECK(read->samples[4] == series[8]);
  CHECK(read->samples[7] == series[11]);
  REQUIRE(read->warnings.size() == 1);
  CHECK(read->warnings[0] == "f.rec: damaged frame at byte " + std::to_string(starts[1]) +
                                 " (the frame's checksum does not match): 1 damaged frame and 0 samples after it "
                                 "lost, reading resumes at the fresh frame at byte " +
                                 std::to_string(starts[2]));
}

TEST_CASE("a bit flipped at any byte never reads more samples than were written, nor fails") {
  test::TempDir dir;
  const auto rec = write_three_frames(dir);
  for (std::size_t at = std::size_t{16}; at < rec.bytes.size(); ++at) {
    auto bytes = rec.bytes;
    bytes[at] ^= 0x10;
    auto read = record::decode_recording(bytes, "r.rec");
    INFO("flipped byte " << at);
    REQUIRE(read.ok());
    CHECK(read->samples.size() <= 12);
  }
}

TEST_CASE("what is not a recording is a located error, never a crash") {
  CHECK(record::decode_recording("", "e").error().message == "e: empty file, not a roce-doctor recording");
  CHECK(record::decode_recording("{\"format\": \"roce-doctor-bundle\"}\n", "b.json").error().message ==
        "b.json: byte 0: not a roce-doctor recording (no recording magic)");
  test::TempDir dir;
  const auto rec = write_three_frames(dir);
  auto newer = rec.bytes;
  newer[8] = 3;
  CHECK(record::decode_recording(newer, "n.rec").error().message ==
        "n.rec: byte 8: recording format version 3, this roce-doctor reads 1 to 2");
  newer[8] = 0;
  CHECK(record::decode_recording(newer, "o.rec").error().message ==
        "o.rec: byte 8: recording format version 0, this roce-doctor reads 1 to 2");
  // A header cut short is what a writer killed at birth leaves: no samples and a warning.
  auto torn_header = record::decode_recording(std::string_view(rec.bytes).substr(0, 5), "t.rec");
  REQUIRE(torn_header.ok());
  CHECK(torn_header->samples.empty());
  CHECK(torn_header->warnings.size() == 1);
  // Every single-byte change anywhere decodes or fails cleanly (the sanitizers watch).
  for (std::size_t at = 0; at < rec.bytes.size(); at += 7) {
    auto bytes = rec.bytes;
    bytes[at] = static_cast<char>(bytes[at] + 0x55);
    auto read = record::decode_recording(bytes, "x");
    if (read.ok()) CHECK(read->samples.size() <= rec.series.size());
  }
  CHECK_FALSE(record::read_recording(dir.path("missing.rec")).ok());
}

TEST_CASE("appending to a recording with a torn tail truncates it to the last good frame first") {
  test::TempDir dir;
  const auto rec = write_three_frames(dir);
  const auto extra = test::mlx5_series(2, 3, 99);
  for (const std::size_t into_last : {std::size_t{1}, std::size_t{15}, std::size_t{16}, std::size_t{200}}) {
    INFO("cut " << into_last << " bytes into the last frame");
    const auto path = dir.path("torn.rec");
    test::write_file(path, rec.bytes.substr(0, rec.frame_starts[2] + into_last));
    {
      std::vector<std::string> warnings;
      auto writer = record::RecordWriter::open(path, {.samples_per_frame = 2}, &warnings);
      REQUIRE(writer.ok());
      CHECK(std::filesystem::file_size(path) == rec.frame_starts[2]);
      const std::string good_end = std::to_string(rec.frame_starts[2]);
      CHECK(warnings == std::vector<std::string>{
                            path + ": torn frame at byte " + good_end + " ignored (the writer was interrupted?)",
                            path + ": truncated to its last good frame (" + good_end + " bytes) before appending"});
      for (const auto& h : extra) REQUIRE((*writer)->append(h).ok());
    }
    auto read = record::read_recording(path);
    REQUIRE(read.ok());
    CHECK(read->warnings.empty());
    std::vector<model::Host> want(rec.series.begin(), rec.series.begin() + 8);
    want.insert(want.end(), extra.begin(), extra.end());
    CHECK(read->samples == want);
  }
  SECTION("a file that is not a recording is left alone") {
    const auto path = dir.path("notes.txt");
    test::write_file(path, "my notes\n");
    auto writer = record::RecordWriter::open(path, {});
    REQUIRE_FALSE(writer.ok());
    CHECK(writer.error().message.find("cannot append to " + path) == 0);
    CHECK(test::slurp(path) == "my notes\n");
  }
}

TEST_CASE("a torn tail is truncated only when no reader maps the file (SIGBUS otherwise)") {
  test::TempDir dir;
  const auto rec = write_three_frames(dir);
  const auto path = dir.path("torn-read.rec");
  test::write_file(path, rec.bytes.substr(0, rec.frame_starts[2] + 15));

  SECTION("a reader holds a shared flock on the file while it reads") {
    bool locked_out = false;
    auto scanned = record::for_each_sample(path, [&](const model::Host&) {
      const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
      locked_out = ::flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
      ::close(fd);
      return false;
    });
    REQUIRE(scanned.ok());
    CHECK(locked_out);
  }
  SECTION("the writer waits for the reader before truncating") {
    const int reader = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    REQUIRE(::flock(reader, LOCK_SH) == 0);
    std::atomic<bool> opened{false};
    std::thread writer([&] {
      auto w = record::RecordWriter::open(path, {});
      CHECK(w.ok());
      opened = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    CHECK_FALSE(opened);  // cannot be true while the shared lock is held
    CHECK(std::filesystem::file_size(path) == rec.frame_starts[2] + 15);
    ::close(reader);
    writer.join();
    CHECK(opened);
    CHECK(std::filesystem::file_size(path) == rec.frame_starts[2]);
  }
}

}  // namespace roce::test
