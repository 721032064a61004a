// A recording's first and last samples and their count, streamed (record::read_ends), and through
// the commands' input path (import::load_capture, judge::read_input): the samples that holding
// every one of them gives, damage and rotated parts included.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "import/load_capture.hpp"
#include "judge/input.hpp"
#include "record/recording.hpp"
#include "support/files.hpp"
#include "support/temp_dir.hpp"
#include "synthetic_series.hpp"

namespace roce::test {

namespace {

using namespace roce;

// Writes `series` to `path`, `per_frame` samples a frame and a fresh frame every `fresh_every`;
// returns where each frame starts.
std::vector<std::size_t> write_series(const std::string& path, const std::vector<model::Host>& series,
                                      std::uint32_t per_frame, std::uint32_t fresh_every = 6) {
  std::vector<std::size_t> frame_starts;
  auto writer = record::RecordWriter::open(path, {.samples_per_frame = per_frame, .fresh_every_frames = fresh_every});
  REQUIRE(writer.ok());
  for (std::size_t i = 0; i < series.size(); ++i) {
    if (i % per_frame == 0) frame_starts.push_back(std::filesystem::file_size(path));
    REQUIRE((*writer)->append(series[i]).ok());
  }
  writer->reset();
  return frame_starts;
}

// 40 samples in frames of 4 (a fresh one every 2) with the payload of frame 2 damaged: frame 3
// (deltas from it) is lost with it, reading resumes at frame 4.
struct Damaged {
  std::vector<model::Host> series = test::mlx5_series(1, 40);
  std::vector<std::size_t> frames;
};

Damaged write_damaged(const std::string& path) {
  Damaged d;
  d.frames = write_series(path, d.series, 4, 2);
  std::string bytes = test::slurp(path);
  bytes[d.frames[2] + 16 + 5] ^= 0x5a;
  test::write_file(path, bytes);
  return d;
}

std::string damage_warning(const std::string& path, const Damaged& d) {
  return path + ": damaged frame at byte " + std::to_string(d.frames[2]) +
         " (the frame's checksum does not match): 1 damaged frame and 4 samples after it lost, reading resumes at "
         "the fresh frame at byte " +
         std::to_string(d.frames[4]);
}

}  // namespace

TEST_CASE("read_ends gives a recording's first and last samples and how many it holds, as reading all does") {
  const test::TempDir dir;
  const auto series = test::mlx5_series(2, 25);
  const auto path = dir.path("ends.rec");
  write_series(path, series, 4);
  auto ends = record::read_ends(path);
  auto all = record::read_recording(path);
  REQUIRE(ends.ok());
  REQUIRE(all.ok());
  CHECK(ends->samples == 25);
  REQUIRE(ends->first);
  REQUIRE(ends->last);
  CHECK(*ends->first == all->samples.front());
  CHECK(*ends->last == all->samples.back());
  CHECK(*ends->last == series.back());
  CHECK(ends->warnings.empty());

  SECTION("one sample: it is the first, there is no last") {
    write_series(dir.path("one.rec"), {series.front()}, 4);
    auto one = record::read_ends(dir.path("one.rec"));
    REQUIRE(one.ok());
    CHECK(one->samples == 1);
    CHECK(one->first == series.front());
    CHECK_FALSE(one->last);
  }
  SECTION("none yet: a header alone") {
    write_series(dir.path("none.rec"), {}, 4);
    auto none = record::read_ends(dir.path("none.rec"));
    REQUIRE(none.ok());
    CHECK(none->samples == 0);
    CHECK_FALSE(none->first);
    CHECK_FALSE(none->last);
  }
  SECTION("a torn tail: the last sample is the last of the complete frames") {
    std::string bytes = test::slurp(path);
    test::write_file(dir.path("torn.rec"), bytes.substr(0, bytes.size() - 3));
    auto torn = record::read_ends(dir.path("torn.rec"));
    REQUIRE(torn.ok());
    CHECK(torn->samples == 24);
    CHECK(torn->last == series[23]);
    REQUIRE(torn->warnings.size() == 1);
    CHECK(torn->warnings[0].find("torn frame at byte") != std::string::npos);
  }
}

TEST_CASE("a damaged middle frame is read past: the last sample, the count and the warning are those of reading all") {
  const test::TempDir dir;
  const auto path = dir.path("damaged.rec");
  const auto d = write_damaged(path);
  auto ends = record::read_ends(path);
  auto all = record::read_recording(path);
  REQUIRE(ends.ok());
  REQUIRE(all.ok());
  CHECK(all->samples.size() == 32);
  CHECK(ends->samples == 32);
  CHECK(ends->first == d.series.front());
  CHECK(ends->last == d.series.back());
  CHECK(ends->warnings == all->warnings);
  CHECK(ends->warnings == std::vector<std::string>{damage_warning(path, d)});
}

TEST_CASE("load_capture gives a recording's first and last samples and their count; so does each rotated part") {
  const test::TempDir dir;
  const auto series = test::mlx5_series(1, 120);
  const auto path = dir.path("host.rec");
  {
    auto writer = record::RecordWriter::open(path, {.samples_per_frame = 10, .rotate_bytes = 15000});
    REQUIRE(writer.ok());
    for (const auto& h : series) REQUIRE((*writer)->append(h).ok());
  }
  std::vector<std::string> parts = {path};
  for (int i = 1; std::filesystem::exists(path + "." + std::to_string(i)); ++i)
    parts.push_back(path + "." + std::to_string(i));
  REQUIRE(parts.size() >= 3);
  std::size_t total = 0;
  for (const auto& part : parts) {
    INFO(part);
    std::vector<std::string> warnings;
    auto bundle = import::load_capture(part, &warnings);
    auto all = record::read_recording(part);
    REQUIRE(all.ok());
    CHECK(warnings.empty());
    if (all->samples.empty()) {  // the writer rotated at its last frame: the current part holds none yet
      REQUIRE_FALSE(bundle.ok());
      CHECK(bundle.error().message == part + ": the recording holds no samples yet");
      continue;
    }
    REQUIRE(bundle.ok());
    REQUIRE(all->samples.size() >= 2);
    CHECK(bundle->samples == std::vector<model::Host>{all->samples.front(), all->samples.back()});
    CHECK(bundle->capture_samples == all->samples.size());
    CHECK(bundle->created_unix_ms == all->samples.back().time_unix_ms);
    total += bundle->capture_samples;
  }
  CHECK(total == series.size());

  const auto damaged = dir.path("damaged.rec");
  const auto d = write_damaged(damaged);
  std::vector<std::string> warnings;
  auto bundle = import::load_capture(damaged, &warnings);
  REQUIRE(bundle.ok());
  CHECK(bundle->samples == std::vector<model::Host>{d.series.front(), d.series.back()});
  CHECK(bundle->capture_samples == 32);
  CHECK(warnings == std::vector<std::string>{damage_warning(damaged, d)});

  write_series(dir.path("empty.rec"), {}, 4);
  auto empty = import::load_capture(dir.path("empty.rec"));
  REQUIRE_FALSE(empty.ok());
  CHECK(empty.error().message == dir.path("empty.rec") + ": the recording holds no samples yet");
}

TEST_CASE("read_input of a recording: its first sample before, its last now, \"samples 1 and N of N\"") {
  const test::TempDir dir;
  const auto path = dir.path("input.rec");
  const auto d = write_damaged(path);
  std::vector<std::string> said;
  judge::InputRequest request;
  request.captures = {path};
  request.notices.warning = [&](std::string_view w) { said.emplace_back(w); };
  auto in = judge::read_input(request);
  REQUIRE(in);
  CHECK(in->origin == "from bundle " + path + ", samples 1 and 32 of 32, 39 s apart");
  CHECK(in->capture_samples == 32);
  CHECK(in->before == d.series.front());
  CHECK(in->now == d.series.back());
  CHECK(in->dt == Approx(39).margin(0.5));  // by the monotonic clock, which jitters
  CHECK(said == std::vector<std::string>{damage_warning(path, d)});
}

}  // namespace roce::test
