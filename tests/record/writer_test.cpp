// The writer: appending to an existing recording, rotation by size and by age, and readers reading
// while it writes.
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <thread>

#include "record/recording.hpp"
#include "support/temp_dir.hpp"
#include "synthetic_series.hpp"

namespace roce::test {

namespace {

using namespace roce;

std::vector<model::Host> read_all(const std::string& path) {
  auto read = record::read_recording(path);
  REQUIRE(read.ok());
  CHECK(read->warnings.empty());
  return read->samples;
}

}  // namespace

TEST_CASE("a second writer appends to an existing recording") {
  test::TempDir dir;
  const auto path = dir.path("a.rec");
  const auto series = test::mlx5_series(2, 10);
  for (int half = 0; half < 2; ++half) {
    auto writer = record::RecordWriter::open(path, {.samples_per_frame = 3});
    REQUIRE(writer.ok());
    for (int i = 0; i < 5; ++i) REQUIRE((*writer)->append(series[static_cast<std::size_t>(half * 5 + i)]).ok());
  }
  CHECK(read_all(path) == series);
}

TEST_CASE("rotation by size keeps the newest parts, each a complete recording") {
  test::TempDir dir;
  const auto path = dir.path("s.rec");
  const auto series = test::mlx5_series(1, 40);
  {
    auto writer = record::RecordWriter::open(path, {.samples_per_frame = 2, .rotate_bytes = 6000, .keep_parts = 2});
    REQUIRE(writer.ok());
    for (const auto& h : series) REQUIRE((*writer)->append(h).ok());
  }
  REQUIRE(std::filesystem::exists(path + ".1"));
  REQUIRE(std::filesystem::exists(path + ".2"));
  CHECK_FALSE(std::filesystem::exists(path + ".3"));
  std::vector<model::Host> joined;
  for (const auto& part : {path + ".2", path + ".1", path}) {
    INFO(part);
    const auto samples = read_all(part);
    if (part != path) {
      CHECK(!samples.empty());
      CHECK(std::filesystem::file_size(part) >= 6000);
    }
    joined.insert(joined.end(), samples.begin(), samples.end());
  }
  // The parts are the newest samples, contiguous and in order.
  REQUIRE(joined.size() < series.size());
  const std::vector<model::Host> tail(series.end() - static_cast<std::ptrdiff_t>(joined.size()), series.end());
  CHECK(joined == tail);
}

TEST_CASE("rotation by age starts a new part when the first sample is too old") {
  test::TempDir dir;
  const auto path = dir.path("t.rec");
  auto series = test::mlx5_series(1, 12);
  for (std::size_t i = 0; i < series.size(); ++i)
    series[i].time_unix_ms = 1'764'400'000'000 + 1000 * static_cast<std::int64_t>(i);
  {
    auto writer = record::RecordWriter::open(path, {.samples_per_frame = 2, .rotate_seconds = 5});
    REQUIRE(writer.ok());
    for (const auto& h : series) REQUIRE((*writer)->append(h).ok());
  }
  const auto oldest = read_all(path + ".2"), middle = read_all(path + ".1"), newest = read_all(path);
  CHECK(oldest == std::vector<model::Host>(series.begin(), series.begin() + 5));
  CHECK(middle == std::vector<model::Host>(series.begin() + 5, series.begin() + 10));
  CHECK(newest == std::vector<model::Host>(series.begin() + 10, series.end()));
}

TEST_CASE("readers reading while a writer appends see a prefix of what was written") {
  test::TempDir dir;
  const auto path = dir.path("live.rec");
  const auto series = test::mlx5_series(1, 150);
  auto writer = record::RecordWriter::open(path, {.samples_per_frame = 2});
  REQUIRE(writer.ok());
  std::atomic<bool> writing{true};
  std::thread producer([&] {
    for (const auto& h : series)
      if (!(*writer)->append(h).ok()) break;
    (void)(*writer)->flush();
    writing = false;
  });
  int reads = 0, mismatches = 0, errors = 0;
  std::size_t longest = 0;
  while (writing || reads < 3) {
    auto read = record::read_recording(path);
    ++reads;
    if (!read.ok()) {
      ++errors;
      continue;
    }
    if (read->samples.size() > series.size()) ++mismatches;
    for (std::size_t i = 0; i < read->samples.size() && i < series.size(); ++i)
      if (!(read->samples[i] == series[i])) ++mismatches;
    longest = std::max(longest, read->samples.size());
  }
  producer.join();
  // A read that began before the last flush may miss the last frame; one after it sees everything.
  auto final_read = record::read_recording(path);
  REQUIRE(final_read.ok());
  INFO(reads << " reads, longest " << longest);
  CHECK(errors == 0);
  CHECK(mismatches == 0);
  CHECK(final_read->samples == series);
  CHECK(reads > 3);
}

}  // namespace roce::test
