// Bytes per counter-sample on a realistic mlx5 mix, and a long recording streamed back whole.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>

#include "record/recording.hpp"
#include "support/temp_dir.hpp"
#include "synthetic_series.hpp"

namespace roce::test {

namespace {

using namespace roce;

struct Written {
  double bytes_per_counter_sample = 0;
  std::size_t counters = 0;
};

// Writes `count` one-second samples of an 8-port host as the traffic model moves it.
Written write_recording(const std::string& path, int count, std::uint32_t per_frame) {
  model::Host host = test::mlx5_host(8);
  test::TrafficModel traffic(1);
  Written w;
  w.counters = test::counter_count(host);
  auto writer = record::RecordWriter::open(path, {.samples_per_frame = per_frame});
  REQUIRE(writer.ok());
  for (int i = 0; i < count; ++i) {
    traffic.advance(host);
    REQUIRE((*writer)->append(host).ok());
  }
  writer->reset();
  const auto size = std::filesystem::file_size(path);
  w.bytes_per_counter_sample =
      static_cast<double>(size) / (static_cast<double>(count) * static_cast<double>(w.counters));
  return w;
}

}  // namespace

TEST_CASE("an 8-port mlx5 host under load costs less than a byte per counter-sample") {
  test::TempDir dir;
  for (const std::uint32_t per_frame : {10u, 60u}) {
    const auto w = write_recording(dir.path("size.rec"), 600, per_frame);
    std::printf("recording size: %zu counters per sample, %u samples per frame: %.3f bytes per counter-sample\n",
                w.counters, per_frame, w.bytes_per_counter_sample);
    CHECK(w.counters > 8 * 500);
    CHECK(w.bytes_per_counter_sample < 1.0);
    std::filesystem::remove(dir.path("size.rec"));
  }
}

// Speed is measured by bench/record (bench_record), not here: this checks the stream is complete.
TEST_CASE("for_each_sample streams a long recording of an 8-port host back, every sample") {
  test::TempDir dir;
  const int samples = 600;
  write_recording(dir.path("long.rec"), samples, 10);
  int seen = 0;
  std::uint64_t last_rx = 0;
  auto warnings = record::for_each_sample(dir.path("long.rec"), [&](const model::Host& h) {
    ++seen;
    last_rx = h.netdevs[0].stats.value->rx_bytes;
    return true;
  });
  REQUIRE(warnings.ok());
  CHECK(warnings->empty());
  CHECK(seen == samples);
  CHECK(last_rx > 0);
}

}  // namespace roce::test
