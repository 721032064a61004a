// Format 2's frame summaries: their bytes, and a scan that passes over the frames in which the
// counters it watches did not move, yet hands out every other sample exactly as a full read does.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "record/frame_decoder.hpp"
#include "record/frame_summary.hpp"
#include "record/recording.hpp"
#include "record/varint.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"
#include "synthetic_series.hpp"

namespace roce::test {
namespace {

using namespace roce;

constexpr const char* kWatched = "rx_prio3_pause";

std::uint64_t* watched_in(model::Host& h) {
  for (auto& e : h.netdevs.front().ethtool_stats->entries)
    if (e.first == kWatched) return &e.second;
  FAIL("no " << kWatched << " in the test host");
  return nullptr;
}

// 60 samples, 5 per frame, a fresh frame every 3; the watched counter moves only at samples 25
// and 47 (frames 5 and 9); every other counter moves every second.
struct Quiet {
  std::vector<model::Host> series;
  std::string path;
};

Quiet write_quiet(const TempDir& dir, std::int64_t jump_at = -1) {
  Quiet q;
  q.series = mlx5_series(1, 60);
  for (std::size_t s = 0; s < q.series.size(); ++s) {
    *watched_in(q.series[s]) = 1000 + (s >= 25 ? 1 : 0) + (s >= 47 ? 5 : 0);
    if (jump_at >= 0 && static_cast<std::int64_t>(s) >= jump_at) q.series[s].time_unix_ms += 10'000;
  }
  q.path = dir.path("q.rec");
  auto writer = record::RecordWriter::open(q.path, {.samples_per_frame = 5, .fresh_every_frames = 3});
  REQUIRE(writer.ok());
  for (const auto& h : q.series) REQUIRE((*writer)->append(h).ok());
  return q;
}

struct Skipped {
  std::vector<model::Host> handed;
  std::vector<record::FrameSummary> passed;
  std::vector<std::string> warnings;
};

Skipped scan_skipping(const std::string& path, std::uint64_t longest_step_ms = 3000) {
  Skipped out;
  record::FrameSkip skip;
  skip.watch = [](const model::Host& h) {
    return std::vector<const void*>{watched_in(const_cast<model::Host&>(h))};
  };
  skip.longest_step_ms = longest_step_ms;
  skip.passed = [&](const record::FrameSummary& f) {
    out.passed.push_back(f);
    return true;
  };
  auto warnings = record::for_each_sample(
      path,
      [&](const model::Host& h) {
        out.handed.push_back(h);
        return true;
      },
      &skip);
  REQUIRE(warnings.ok());
  out.warnings = *warnings;
  return out;
}

std::vector<std::size_t> indices_of(const std::vector<model::Host>& handed, const std::vector<model::Host>& series) {
  std::vector<std::size_t> out;
  for (const auto& h : handed) {
    const auto at = std::find(series.begin(), series.end(), h);
    REQUIRE(at != series.end());
    out.push_back(static_cast<std::size_t>(at - series.begin()));
  }
  return out;
}

std::vector<std::size_t> range(std::size_t from, std::size_t to) {
  std::vector<std::size_t> out;
  for (auto i = from; i < to; ++i) out.push_back(i);
  return out;
}

}  // namespace

TEST_CASE("a frame summary round-trips and says which counters moved") {
  record::FrameSummary s;
  s.samples = 10;
  s.first_ms = 1'764'464'000'123;
  s.last_ms = s.first_ms + 9'000;
  s.longest_step_ms = 1'004;
  s.starts_fresh = true;
  s.same_layout = true;
  s.counters = 9;
  s.moved_runs = record::moved_runs_of({1, 1, 0, 0, 0, 1, 0, 0, 0});
  CHECK(s.moved_runs == std::vector<std::uint64_t>{0, 2, 3, 1, 3});
  auto back = record::decode_summary(record::encode_summary(s));
  REQUIRE(back.ok());
  CHECK(back->samples == 10);
  CHECK(back->first_ms == s.first_ms);
  CHECK(back->last_ms == s.last_ms);
  CHECK(back->longest_step_ms == 1'004);
  CHECK(back->starts_fresh);
  CHECK(back->times_increase);
  CHECK(back->moved_runs == s.moved_runs);
  CHECK(record::any_moved(s, {0}));
  CHECK(record::any_moved(s, {5}));
  CHECK_FALSE(record::any_moved(s, {2, 3, 4, 6, 8}));
  CHECK(record::any_moved(s, {2, 5}));
  CHECK(record::any_moved(s, {9}));  // past the counters: not said, so not passed over
  CHECK_FALSE(record::any_moved(s, {}));

  auto bytes = record::encode_summary(s);
  CHECK(record::decode_summary(bytes + "x").error().message == "1 bytes after the summary");
  CHECK(record::decode_summary(bytes.substr(0, 3)).error().message == "the summary ends early");
  s.counters = 8;
  CHECK(record::decode_summary(record::encode_summary(s)).error().message ==
        "moved runs cover more than the 8 counters");
  s.counters = 10;
  CHECK(record::decode_summary(record::encode_summary(s)).error().message == "moved runs cover 9 of 10 counters");
  CHECK(record::decode_summary(std::string(1, '\x40')).error().message == "unknown summary flags 64");
}

TEST_CASE("a scan passes over the frames where no watched counter moved and hands out the others whole") {
  TempDir dir;
  const auto q = write_quiet(dir);
  const auto got = scan_skipping(q.path);
  CHECK(got.warnings.empty());
  // The first frame is read (it binds the layout), then frames 5 and 9, each after a silent replay
  // from the fresh frame before it (3 and 6: fresh every 3 frames).
  std::vector<std::size_t> expected = range(0, 5);
  for (auto i : range(25, 30)) expected.push_back(i);
  for (auto i : range(45, 50)) expected.push_back(i);
  CHECK(indices_of(got.handed, q.series) == expected);  // equal Hosts: the replayed deltas are right
  std::uint64_t passed_samples = 0;
  for (const auto& f : got.passed) {
    passed_samples += f.samples;
    CHECK(f.same_layout);
    CHECK((f.last_ms < q.series[25].time_unix_ms || f.first_ms > q.series[29].time_unix_ms));
    CHECK((f.last_ms < q.series[45].time_unix_ms || f.first_ms > q.series[49].time_unix_ms));
  }
  CHECK(got.passed.size() == 9);
  CHECK(got.handed.size() + passed_samples == q.series.size());

  // Without a skip every sample is handed out; a full read agrees.
  std::size_t all = 0;
  REQUIRE(record::for_each_sample(q.path, [&](const model::Host&) { return ++all, true; }).ok());
  CHECK(all == 60);
}

TEST_CASE("a frame with a step longer than the skip allows is read: the gap is seen") {
  TempDir dir;
  const auto q = write_quiet(dir, 52);
  const auto got = scan_skipping(q.path);
  const auto handed = indices_of(got.handed, q.series);
  CHECK(std::find(handed.begin(), handed.end(), 52) != handed.end());
  // The step into the frame (from sample 49 to 50) is not inside it: frame 10 is passed over only
  // when the jump is inside; here it is at 52, inside frame 10 (samples 50-54).
  CHECK(handed == [] {
    auto e = range(0, 5);
    for (auto i : range(25, 30)) e.push_back(i);
    for (auto i : range(45, 55)) e.push_back(i);
    return e;
  }());
  CHECK(scan_skipping(q.path, 20'000).handed.size() == 15);  // a skip that allows the step passes it
}

TEST_CASE("a damaged summary makes its frame read, and its damage said as without a skip") {
  TempDir dir;
  const auto q = write_quiet(dir);
  auto bytes = [&] {
    std::ifstream in(q.path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }();
  // Frame 2's summary: the third frame header after the file header.
  std::size_t at = 16;
  for (int f = 0; f < 2; ++f) at += 16 + record::get_u32le(bytes, at + 4);
  bytes[at + 16 + 4 + 2] ^= 0x01;  // a byte of the summary: its CRC (and the payload's) no longer match
  {
    std::ofstream out(q.path, std::ios::binary | std::ios::trunc);
    out << bytes;
  }
  const auto got = scan_skipping(q.path);
  REQUIRE(got.warnings.size() == 1);
  CHECK(got.warnings[0].find("damaged frame at byte " + std::to_string(at)) != std::string::npos);
  auto plain = record::read_recording(q.path);
  REQUIRE(plain.ok());
  CHECK(plain->warnings == got.warnings);
}

TEST_CASE("a format-1 recording is read whole with a skip, and a writer starts a new part beside it") {
  TempDir dir;
  const std::string v1 = std::string(ROCE_FIXTURES_DIR) + "/record/nic-storm-45-gpu001-v1.rec";
  std::size_t plain = 0;
  REQUIRE(record::for_each_sample(v1, [&](const model::Host&) { return ++plain, true; }).ok());
  REQUIRE(plain > 60);
  record::FrameSkip skip;
  skip.watch = [](const model::Host& h) { return std::vector<const void*>{&h.time_unix_ms}; };
  skip.longest_step_ms = 1'000'000;
  std::size_t passed = 0, handed = 0;
  skip.passed = [&](const record::FrameSummary&) { return ++passed, true; };
  REQUIRE(record::for_each_sample(v1, [&](const model::Host&) { return ++handed, true; }, &skip).ok());
  CHECK(handed == plain);
  CHECK(passed == 0);

  const auto path = dir.path("gpu001.rec");
  std::filesystem::copy_file(v1, path);
  std::vector<std::string> warnings;
  {
    auto writer = record::RecordWriter::open(path, {}, &warnings);
    REQUIRE(writer.ok());
    REQUIRE((*writer)->append(mlx5_series(1, 1).front()).ok());
  }
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0] == path + ": written in recording format 1; kept as " + path + ".1, recording to a new " + path +
                           " in format 2");
  CHECK(std::filesystem::file_size(path + ".1") == std::filesystem::file_size(v1));
  std::ifstream in(path, std::ios::binary);
  std::string header(16, '\0');
  in.read(header.data(), 16);
  CHECK(record::get_u32le(header, 8) == 2);
  auto read = record::read_recording(path);
  REQUIRE(read.ok());
  CHECK(read->samples.size() == 1);
}

}  // namespace roce::test
