// Exact round trips through the recording format: configuration changes, counter names appearing
// and disappearing, counter resets, several devices.
#include <catch2/catch.hpp>

#include "record/burst.hpp"
#include "record/crc32.hpp"
#include "record/host_counters.hpp"
#include "record/recording.hpp"
#include "support/files.hpp"
#include "support/temp_dir.hpp"
#include "synthetic_series.hpp"

namespace roce::test {

namespace {

using namespace roce;

// 30 samples of a 3-port host where something other than the counters changes every few samples.
std::vector<model::Host> eventful_series() {
  model::Host host = test::mlx5_host(3);
  host.from = {"live", "test host"};
  model::Qdisc red;
  red.kind = "red";
  red.handle = 0x10000;
  red.parent = 0xffffffff;
  model::RedParams params;
  params.limit = 400000;
  params.qth_min = 150000;
  params.qth_max = 151000;
  params.flags = 1;
  red.red = params;
  red.red_xstats = model::RedXstats{.early = 1, .pdrop = 2, .other = 3, .marked = 4};
  red.stats = model::QdiscStats{.bytes = 1000, .packets = 10, .drops = 1, .qlen = 3, .backlog = 4096};
  host.netdevs[1].qdiscs = model::Field<std::vector<model::Qdisc>>::of({red}, {"tc", "ens2f0np0 RTM_GETQDISC"});
  host.netdevs[0].pause.value->tx_frames = 5;
  host.netdevs[0].pause.value->rx_frames = 7;

  test::TrafficModel traffic(7);
  std::vector<model::Host> series;
  for (int i = 0; i < 30; ++i) {
    traffic.advance(host);
    auto& eth0 = *host.netdevs[0].ethtool_stats.value;
    if (i == 4) host.netdevs[2].mtu.value = 4200;                // configuration change
    if (i == 6) eth0.entries.emplace_back("rx_prio4_pause", 0);  // mlx5 adds a counter
    if (i == 7) eth0.entries.back().second = 3;
    if (i == 9) eth0.entries[0].second = 17;  // reset: goes down
    if (i == 10) host.netdevs[1].qdiscs.value->front().red_xstats->marked = 9;
    if (i == 11) host.netdevs[1].qdiscs.value->front().stats->qlen = 0;  // gauge down
    if (i == 12) eth0.entries.erase(eth0.entries.begin() + 5);           // a counter disappears
    if (i == 14)
      host.rdma_devices[1].ports[0].hw_counters =
          model::Field<model::CounterSet>::missing(model::Availability::denied, "hw_counters: Permission denied",
                                                   {"sysfs", "/sys/class/infiniband/mlx5_1/ports/1/hw_counters"});
    if (i == 16) host.notes.push_back({"verbs", model::Availability::unsupported, "libibverbs not installed"});
    if (i == 18) host.netdevs[0].pause.value->tx_frames = 0;                     // wraps/reset to zero
    if (i == 20) host.netdevs[2].stats.value->rx_bytes = ~std::uint64_t{0} - 3;  // near the top
    if (i == 21) host.netdevs[2].stats.value->rx_bytes += 10;                    // and wraps
    if (i == 23) host.rdma_devices.pop_back();                                   // a device goes away
    if (i == 25) host.netdevs[0].ethtool_stats.value->entries.clear();           // present but empty
    if (i == 27) host.monotonic_ns -= 5'000'000'000;                             // time fields round-trip as given
    series.push_back(host);
  }
  return series;
}

void check_same(const std::vector<model::Host>& got, const std::vector<model::Host>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    INFO("sample " << i);
    CHECK(got[i] == want[i]);
  }
}

}  // namespace

TEST_CASE("split_sample and CounterSlots put a host back together exactly") {
  const auto series = eventful_series();
  for (const auto& host : series) {
    auto split = record::split_sample(host);
    CHECK(split.config.time_unix_ms == 0);
    CHECK(split.config.netdevs[0].stats.value->rx_bytes == 0);
    CHECK(split.config.netdevs[1].ethtool_stats.value->entries.empty());
    record::CounterSlots slots;
    std::string why;
    REQUIRE(record::CounterSlots::bind(split.config, split.names, slots, why));
    REQUIRE(slots.size() == split.values.size());
    slots.set_values(split.values.data());
    split.config.time_unix_ms = host.time_unix_ms;
    split.config.monotonic_ns = host.monotonic_ns;
    CHECK(split.config == host);
  }
}

TEST_CASE("a recording round-trips every sample exactly, whatever changes between them") {
  const auto series = eventful_series();
  test::TempDir dir;
  const auto path = dir.path("rt.rec");
  for (std::uint32_t per_frame : {1u, 4u, 10u, 64u}) {
    INFO("samples per frame " << per_frame);
    {
      auto writer = record::RecordWriter::open(path, {.samples_per_frame = per_frame});
      REQUIRE(writer.ok());
      for (const auto& h : series) REQUIRE((*writer)->append(h).ok());
    }
    auto read = record::read_recording(path);
    REQUIRE(read.ok());
    CHECK(read->warnings.empty());
    check_same(read->samples, series);

    // for_each_sample hands out the same Host, updated in place, and stops when asked.
    std::size_t seen = 0;
    auto warnings = record::for_each_sample(path, [&](const model::Host& h) {
      CHECK(h == series[seen]);
      return ++seen < 20;
    });
    REQUIRE(warnings.ok());
    CHECK(seen == 20);
    std::filesystem::remove(path);
  }
}

TEST_CASE("the first sample of a series on a live-like host round-trips with its provenance") {
  auto host = test::mlx5_host(1);
  host.from = {"live", ""};
  test::TempDir dir;
  {
    auto writer = record::RecordWriter::open(dir.path("one.rec"), {});
    REQUIRE(writer.ok());
    REQUIRE((*writer)->append(host).ok());
    REQUIRE((*writer)->flush().ok());
  }
  auto read = record::read_recording(dir.path("one.rec"));
  REQUIRE(read.ok());
  REQUIRE(read->samples.size() == 1);
  CHECK(read->samples[0] == host);
  CHECK(read->samples[0].from.source == "live");
}

TEST_CASE("the frame checksum is the IEEE CRC-32 at every length and alignment") {
  CHECK(record::crc32("") == 0);
  CHECK(record::crc32("123456789") == 0xcbf43926u);
  // Against the bit-by-bit definition, over lengths and offsets around the 8-byte steps.
  const auto bitwise = [](std::string_view bytes) {
    std::uint32_t c = 0xFFFFFFFFu;
    for (const char ch : bytes) {
      c ^= static_cast<unsigned char>(ch);
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    }
    return c ^ 0xFFFFFFFFu;
  };
  std::string bytes;
  for (int i = 0; i < 100; ++i) bytes.push_back(static_cast<char>(i * 37 + 11));
  for (std::size_t offset = 0; offset < 9; ++offset)
    for (std::size_t length = 0; offset + length <= bytes.size(); ++length) {
      const std::string_view slice = std::string_view(bytes).substr(offset, length);
      INFO("offset " << offset << ", length " << length);
      REQUIRE(record::crc32(slice) == bitwise(slice));
    }
}

TEST_CASE("looks_like_recording knows the magic and nothing else") {
  test::TempDir dir;
  {
    auto writer = record::RecordWriter::open(dir.path("m.rec"), {});
    REQUIRE(writer.ok());
  }
  const auto bytes = test::slurp(dir.path("m.rec"));
  CHECK(record::looks_like_recording(bytes));
  CHECK_FALSE(record::looks_like_recording(bytes.substr(0, 4)));
  CHECK_FALSE(record::looks_like_recording("{\"format\": \"roce-doctor-bundle\"}"));
  CHECK_FALSE(record::looks_like_recording(std::string("\x28\xb5\x2f\xfd", 4)));
}

TEST_CASE("burst mode notices pause and discard counters only") {
  const auto series = test::mlx5_series(2, 2);
  auto before = series[0], after = series[0];
  CHECK_FALSE(record::pause_or_discard_moved(before, after));
  after.netdevs[0].stats.value->rx_bytes += 100;  // traffic alone is no burst
  CHECK_FALSE(record::pause_or_discard_moved(before, after));
  auto& entries = after.netdevs[1].ethtool_stats.value->entries;
  for (auto& [name, value] : entries)
    if (name == "rx_prio3_pause") ++value;
  CHECK(record::pause_or_discard_moved(before, after));
  after = before;
  after.netdevs[0].dcb.pfc.value->indications[3] += 1;
  CHECK(record::pause_or_discard_moved(before, after));
  before.rdma_devices[0].ports[0].counters.value->entries.emplace_back("port_xmit_discards", 4);
  after = before;
  after.rdma_devices[0].ports[0].counters.value->entries.back().second = 5;
  CHECK(record::pause_or_discard_moved(before, after));
}

}  // namespace roce::test
