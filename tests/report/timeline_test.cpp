// The timeline engine on sample series of the test ConnectX-6 Dx host: intervals (start, end,
// ongoing, severity, peaks), windows, series for the plots, link events, samples refused.
#include <catch2/catch.hpp>

#include <algorithm>

#include "checks/registry.hpp"
#include "host_builder.hpp"
#include "timeline/timeline.hpp"
#include "timeline_samples.hpp"

namespace roce::test {

using namespace roce;
using testing::sample_series;
using testing::SeriesSpec;
using testing::Storm;

namespace {

timeline::Result run(const std::vector<model::Host>& samples, std::int64_t window_ms = 60'000) {
  static const profile::Profile profile = profile::default_profile();
  timeline::Timeline t(checks::all_checks(), profile, {window_ms, {}});
  for (const auto& s : samples) t.feed(s);
  return t.finish();
}

std::vector<timeline::Interval> of(const timeline::Result& r, const std::string& id) {
  std::vector<timeline::Interval> out;
  for (const auto& in : r.intervals)
    if (in.id == id) out.push_back(in);
  return out;
}

std::string describe(const timeline::Result& r) {
  std::string s;
  for (const auto& in : r.intervals)
    s += in.id + " " + in.subject.to_string() + " " + std::to_string(in.start_ms) + ".." + std::to_string(in.end_ms) +
         (in.ongoing ? " ongoing" : "") + ": " + in.title + "\n";
  return s;
}

}  // namespace

TEST_CASE("a healthy series has no warning or critical interval") {
  const auto r = run(sample_series({}));
  INFO(describe(r));
  CHECK(r.samples == 30);
  CHECK(r.windows == 29);
  CHECK(std::none_of(r.intervals.begin(), r.intervals.end(),
                     [](const auto& in) { return in.worst >= engine::Severity::warning; }));
}

TEST_CASE("a pause storm from sample 10 to 20 is one interval with its start, end and peak") {
  const auto samples = sample_series({30, 60, {Storm{10, 20, 0.6}}});
  const auto r = run(samples);
  INFO(describe(r));
  const auto storms = of(r, "PAUSE-STORM");
  REQUIRE(storms.size() == 1);
  const auto& in = storms[0];
  CHECK(in.start_ms == samples[10].time_unix_ms);
  CHECK(in.end_ms == samples[20].time_unix_ms);
  CHECK_FALSE(in.ongoing);
  CHECK(in.windows == 10);
  CHECK(in.worst == engine::Severity::critical);
  CHECK(in.subject.netdev == "ens1f0np0");
  CHECK(in.subject.priority == 3);
  CHECK(in.title.find("pauses its peer") != std::string::npos);
  // 60% of the time from the storm plus the steady 1.0% (611207 µs per 60 s).
  const auto peak =
      std::find_if(in.peaks.begin(), in.peaks.end(), [](const auto& p) { return p.name == "tx_prio3_pause_duration"; });
  REQUIRE(peak != in.peaks.end());
  CHECK(peak->locator == "prio[3].tx_pause_us");
  CHECK(peak->per_second == Approx(0.6e6 + 611207.0 / 60).epsilon(1e-6));
  REQUIRE_FALSE(in.evidence.empty());
  CHECK(in.evidence[0].name == "tx_prio3_pause_duration");
}

TEST_CASE("the worst severity of an interval is kept, with that window's title") {
  // Warning (30%) for windows 5..8, then critical (70%) for 8..10: one interval, critical.
  const auto samples = sample_series({14, 60, {Storm{5, 8, 0.3}, Storm{8, 10, 0.7}}});
  const auto storms = of(run(samples), "PAUSE-STORM");
  REQUIRE(storms.size() == 1);
  CHECK(storms[0].start_ms == samples[5].time_unix_ms);
  CHECK(storms[0].end_ms == samples[10].time_unix_ms);
  CHECK(storms[0].worst == engine::Severity::critical);
  CHECK(storms[0].title.find("71.0%") != std::string::npos);
}

TEST_CASE("two separate storms are two intervals, sorted by start") {
  const auto samples = sample_series({30, 60, {Storm{3, 5, 0.6}, Storm{12, 15, 0.3}}});
  const auto storms = of(run(samples), "PAUSE-STORM");
  REQUIRE(storms.size() == 2);
  CHECK(storms[0].start_ms == samples[3].time_unix_ms);
  CHECK(storms[0].end_ms == samples[5].time_unix_ms);
  CHECK(storms[0].worst == engine::Severity::critical);
  CHECK(storms[1].start_ms == samples[12].time_unix_ms);
  CHECK(storms[1].worst == engine::Severity::warning);
}

TEST_CASE("a finding in the last window is ongoing") {
  const auto samples = sample_series({30, 60, {Storm{25, 29, 0.6}}});
  const auto storms = of(run(samples), "PAUSE-STORM");
  REQUIRE(storms.size() == 1);
  CHECK(storms[0].ongoing);
  CHECK(storms[0].start_ms == samples[25].time_unix_ms);
  CHECK(storms[0].end_ms == samples[29].time_unix_ms);
}

TEST_CASE("checks run once per window; a storm shorter than the window is diluted over it") {
  // 10-s samples, 60-s windows: 61 samples are 10 windows.
  const auto samples = sample_series({61, 10, {Storm{12, 18, 0.9}}});
  const auto r = run(samples, 60'000);
  CHECK(r.windows == 10);
  const auto storms = of(r, "PAUSE-STORM");
  REQUIRE(storms.size() == 1);
  // Storm steps 13..18 fall in the window of samples 12..18: 6 of 6 steps at 90% -> critical, one window.
  CHECK(storms[0].start_ms == samples[12].time_unix_ms);
  CHECK(storms[0].end_ms == samples[18].time_unix_ms);
  CHECK(storms[0].windows == 1);

  // With 120-s windows, the storm is half of window 6..18 (45%): a warning over 120 s.
  const auto wide = run(samples, 120'000);
  CHECK(wide.windows == 5);
  const auto wide_storms = of(wide, "PAUSE-STORM");
  REQUIRE(wide_storms.size() == 1);
  CHECK(wide_storms[0].worst == engine::Severity::warning);
  CHECK(wide_storms[0].start_ms == samples[12].time_unix_ms);
  CHECK(wide_storms[0].end_ms == samples[24].time_unix_ms);
}

TEST_CASE("two captures closer than the window are judged as the pair") {
  const auto samples = sample_series({2, 60, {Storm{0, 1, 0.6}}});
  const auto r = run(samples, 3'600'000);
  CHECK(r.windows == 1);
  const auto storms = of(r, "PAUSE-STORM");
  REQUIRE(storms.size() == 1);
  CHECK(storms[0].ongoing);
  CHECK(storms[0].start_ms == samples[0].time_unix_ms);
}

TEST_CASE("a tail shorter than the window is judged at the end") {
  // 60-s windows over 10-s samples: 0..60 is a window, 60..65 s (samples 6, 6.5) a tail.
  const auto samples = sample_series({8, 10, {Storm{6, 7, 0.9}}});
  const auto r = run(samples, 60'000);
  CHECK(r.windows == 2);
  const auto storms = of(r, "PAUSE-STORM");
  REQUIRE(storms.size() == 1);
  CHECK(storms[0].ongoing);
  CHECK(storms[0].start_ms == samples[6].time_unix_ms);
}

TEST_CASE("one sample judges nothing") {
  const auto r = run(sample_series({1, 60, {}}));
  CHECK(r.samples == 1);
  CHECK(r.windows == 0);
  CHECK(r.intervals.empty());
}

TEST_CASE("samples of another host, out of order or without a clock are skipped with a warning") {
  auto samples = sample_series({5, 60, {}});
  model::Host stranger = samples[2];
  stranger.hostname = "gpu-b03";
  model::Host old = samples[1];
  model::Host no_clock = samples[3];
  no_clock.time_unix_ms = 0;
  timeline::Timeline t(checks::all_checks(), profile::default_profile(), {});
  for (const auto* s : {&samples[0], &samples[1], &stranger, &old, &no_clock, &samples[2], &samples[3]}) t.feed(*s);
  const auto r = t.finish();
  CHECK(r.samples == 4);
  CHECK(r.hostname == "gpu-a17");
  REQUIRE(r.warnings.size() == 3);
  CHECK(r.warnings[0].find("gpu-b03") != std::string::npos);
  CHECK(r.warnings[1].find("not after") != std::string::npos);
  CHECK(r.warnings[2].find("wall-clock") != std::string::npos);
}

TEST_CASE("series: pause fraction per priority, drops, ECN and CNP rates per step") {
  auto samples = sample_series({30, 60, {Storm{10, 20, 0.6}}});
  // Lossless drops in one step, and a link flap.
  for (std::size_t i = 15; i < samples.size(); ++i) {
    auto& es = *testing::netdev(samples[i]).ethtool_stats;
    testing::set_counter(es, "rx_prio3_discards", *es.get("rx_prio3_discards") + 1200);
    testing::netdev(samples[i]).carrier_changes = model::Field<std::uint64_t>::of(4, {});
  }
  testing::netdev(samples[22]).operstate = model::Field<std::string>::of("down", {});
  const auto r = run(samples);
  REQUIRE(r.series.ports.count("ens1f0np0") == 1);
  const auto& p = r.series.ports.at("ens1f0np0");
  REQUIRE(p.tx_pause_fraction.count(3) == 1);
  CHECK(p.tx_pause_fraction.count(0) == 0);  // PFC (and its counters) only on priority 3
  const auto& tx3 = p.tx_pause_fraction.at(3).points();
  REQUIRE(tx3.size() == 29);
  CHECK(tx3[0].t_ms == samples[1].time_unix_ms);
  CHECK(tx3[5].value == Approx(611207.0 / 60e6).epsilon(1e-6));
  CHECK(tx3[10].value == Approx(0.6 + 611207.0 / 60e6).epsilon(1e-6));  // step 10 -> 11
  CHECK(p.tx_pause_fraction.at(3).max() == Approx(0.6 + 611207.0 / 60e6).epsilon(1e-6));
  REQUIRE(p.has_drops);
  CHECK(p.lossless_drops_per_s.points()[13].value == 0);
  CHECK(p.lossless_drops_per_s.points()[14].value == Approx(1200.0 / 60));  // step 14 -> 15
  REQUIRE(p.has_ecn);
  REQUIRE(p.has_cnp_sent);
  REQUIRE(p.has_cnp_handled);
  CHECK(p.ecn_marked_per_s.points()[3].value == Approx(29912.0 / 60).epsilon(1e-3));
  CHECK(p.cnp_sent_per_s.points()[3].value == Approx(29688.0 / 60).epsilon(1e-3));
  CHECK(p.cnp_handled_per_s.points()[3].value == Approx(28911.0 / 60).epsilon(1e-3));
  REQUIRE(r.series.link_events.size() == 3);
  CHECK(r.series.link_events[0].t_ms == samples[15].time_unix_ms);
  CHECK(r.series.link_events[0].what == "carrier changes +2");
  CHECK(r.series.link_events[1].what == "operstate up -> down");
  CHECK(r.series.link_events[2].what == "operstate down -> up");
}

TEST_CASE("a series halves itself at capacity and keeps the peaks") {
  timeline::Series s(8);
  for (int i = 0; i < 100; ++i) s.add(i * 1000, i == 37 ? 5.0 : 1.0);
  CHECK(s.points().size() <= 8);
  CHECK(s.max() == 5.0);
  CHECK(s.points().back().t_ms == 99'000);
  for (std::size_t i = 1; i < s.points().size(); ++i) CHECK(s.points()[i - 1].t_ms < s.points()[i].t_ms);
}

TEST_CASE("a clock stepped back: one warning for the whole run of skipped samples") {
  auto samples = sample_series({20, 60, {}});
  // Samples 10..19 come from a clock stepped back by an hour, then the clock is right again.
  for (std::size_t i = 10; i < 20; ++i) samples[i].time_unix_ms -= 3'600'000;
  auto later = sample_series({22, 60, {}});
  timeline::Timeline t(checks::all_checks(), profile::default_profile(), {});
  for (const auto& s : samples) t.feed(s);
  t.feed(later[21]);
  const auto r = t.finish();
  CHECK(r.samples == 11);
  REQUIRE(r.warnings.size() == 1);
  CHECK(r.warnings[0].starts_with("10 samples at "));
  CHECK(r.warnings[0].find("the clock stepped back?") != std::string::npos);
}

}  // namespace roce::test

namespace roce::test {

TEST_CASE("a driver reload in the series is one netdev-reset event, and no LINK-FLAP interval") {
  auto samples = sample_series({30, 60, {}});
  // From sample 15 the netdev is re-created: new ifindex, carrier_changes restarted (one carrier-up).
  for (std::size_t i = 15; i < samples.size(); ++i) {
    auto& nd = testing::netdev(samples[i]);
    nd.ifindex = model::Field<std::uint32_t>::of(31, {});
    nd.carrier_changes = model::Field<std::uint64_t>::of(1, {});
  }
  for (std::size_t i = 0; i < 15; ++i) {
    auto& nd = testing::netdev(samples[i]);
    nd.ifindex = model::Field<std::uint32_t>::of(6, {});
    nd.carrier_changes = model::Field<std::uint64_t>::of(6, {});
  }
  const auto r = run(samples);
  INFO(describe(r));
  REQUIRE(r.series.link_events.size() == 1);
  CHECK(r.series.link_events[0].t_ms == samples[15].time_unix_ms);
  CHECK(r.series.link_events[0].what == "netdev reset (ifindex 6 -> 31, carrier_changes 6 -> 1)");
  for (const auto& in : of(r, "LINK-FLAP")) CHECK(in.worst == engine::Severity::info);
}

}  // namespace roce::test
