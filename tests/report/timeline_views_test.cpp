// The report views: text timeline, JSON, and the HTML file (escaping, SVG content, rendering in
// headless Chromium without console errors).
#include <catch2/catch.hpp>

#include "support/files.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "checks/registry.hpp"
#include "host_builder.hpp"
#include "report/timeline_report.hpp"
#include "support/temp_dir.hpp"
#include "timeline/timeline.hpp"
#include "timeline_samples.hpp"
#include "util/time_text.hpp"

namespace roce::test {

using namespace roce;
using testing::sample_series;
using testing::Storm;

namespace {

report::TimelineReport report_of(const std::vector<model::Host>& samples) {
  timeline::Timeline t(checks::all_checks(), profile::default_profile(), {});
  for (const auto& s : samples) t.feed(s);
  return {"day.json", "roce-lossless (built-in)", t.finish()};
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1)) ++n;
  return n;
}

// A hostile capture: markup in the hostname, the netdev name and a counter name.
std::vector<model::Host> hostile_samples() {
  auto samples = sample_series({12, 60, {Storm{4, 8, 0.6}}});
  for (auto& h : samples) {
    h.hostname = "<script>alert('host')</script>";
    auto& nd = testing::netdev(h);
    nd.name = "eth<img src=x onerror=alert(1)>";
    testing::rdma_port(h).netdev = model::Field<std::string>::of(nd.name, {});
    h.rdma_devices[0].netdevs = model::Field<std::vector<std::string>>::of({nd.name}, {});
  }
  return samples;
}

}  // namespace

TEST_CASE("text timeline: header, one line per interval sorted by start, ongoing marked") {
  const auto samples = sample_series({30, 60, {Storm{10, 20, 0.6}, Storm{26, 29, 0.3}}});
  const auto text = report::render_timeline_text(report_of(samples));
  INFO(text);
  CHECK(text.find("host      gpu-a17\n") != std::string::npos);
  CHECK(text.find("samples   30 from day.json\n") != std::string::npos);
  CHECK(text.find("window    60 s, 29 evaluated\n") != std::string::npos);
  const std::string start = report::timeline_time(samples[10].time_unix_ms, true);
  const std::string end = report::timeline_time(samples[20].time_unix_ms, true);
  CHECK(text.find(start + "–" + end +
                  "  critical  PAUSE-STORM     ens1f0np0 (mlx5_0/1) prio 3  peak tx_prio3_pause_duration 61%") !=
        std::string::npos);
  const std::string late = report::timeline_time(samples[26].time_unix_ms, true);
  CHECK(text.find(late + "–ongoing   warning   PAUSE-STORM") != std::string::npos);
  CHECK(text.find(start) < text.find(late));
}

TEST_CASE("timeline_time and peak_text") {
  CHECK(report::timeline_time(1795000000000, false) == "2026-11-18 11:06:40");
  CHECK(util::utc_text(1795000000000, util::UtcForm::iso8601) == "2026-11-18T11:06:40Z");
  CHECK(report::timeline_time(1795000000000, true) == "11:06:40");
  CHECK(report::peak_text({"rx_prio3_pause_duration", "prio[3].rx_pause_us", 420000}) ==
        "peak rx_prio3_pause_duration 42%");
  CHECK(report::peak_text({"rx_prio3_discards", "prio[3].rx_discards", 1234}) == "peak rx_prio3_discards 1.23k/s");
}

TEST_CASE("JSON: intervals with times, ongoing as a null end, peaks and evidence") {
  const auto samples = sample_series({30, 60, {Storm{10, 20, 0.6}, Storm{26, 29, 0.6}}});
  const auto doc = nlohmann::json::parse(report::render_timeline_json(report_of(samples)));
  CHECK(doc["format"] == "roce-doctor-report");
  CHECK(doc["host"] == "gpu-a17");
  CHECK(doc["samples"] == 30);
  CHECK(doc["window_s"] == 60.0);
  std::vector<nlohmann::json> storms;
  for (const auto& in : doc["intervals"])
    if (in["id"] == "PAUSE-STORM") storms.push_back(in);
  REQUIRE(storms.size() == 2);
  CHECK(storms[0]["start_unix_ms"] == samples[10].time_unix_ms);
  CHECK(storms[0]["end_unix_ms"] == samples[20].time_unix_ms);
  CHECK(storms[0]["ongoing"] == false);
  CHECK(storms[0]["severity"] == "critical");
  CHECK(storms[0]["subject"]["priority"] == 3);
  CHECK(storms[0]["peaks"][0]["name"] == "tx_prio3_pause_duration");
  CHECK(storms[0]["evidence"][0]["delta"].is_number());
  CHECK(storms[1]["end_unix_ms"].is_null());
  CHECK(storms[1]["ongoing"] == true);
}

TEST_CASE("HTML: one file, no script, the plots as inline SVG, every capture string escaped") {
  const auto html = report::render_timeline_html(report_of(hostile_samples()));
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find("<img") == std::string::npos);
  CHECK(html.find("&lt;script&gt;alert(&#39;host&#39;)&lt;/script&gt;") != std::string::npos);
  CHECK(html.find("eth&lt;img src=x onerror=alert(1)&gt;") != std::string::npos);
  CHECK(html.find("http://") == html.find("http://www.w3.org/2000/svg"));  // only the SVG namespace
  CHECK(html.find("https://") == std::string::npos);
  // Findings, link events, then per port: pause, drops, ECN vs CNP.
  CHECK(count(html, "<svg") == 5);
  CHECK(count(html, "<polyline") >= 5);  // prio 3 tx and rx, drops, ECN, CNP sent, CNP handled
  CHECK(html.find("PAUSE-STORM") != std::string::npos);
  CHECK(html.find("<table>") != std::string::npos);
}

TEST_CASE("HTML axis ticks are the host's UTC times") {
  const auto samples = sample_series({30, 60, {}});
  const auto html = report::render_timeline_html(report_of(samples));
  // 29 minutes: 5-minute ticks, labelled HH:MM in UTC.
  const std::int64_t first_tick = (samples[0].time_unix_ms + 299'999) / 300'000 * 300'000;
  CHECK(html.find(">" + report::timeline_time(first_tick, true).substr(0, 5) + "</text>") != std::string::npos);
}

TEST_CASE("HTML renders in headless Chromium with every SVG in the DOM and no console error") {
  if (std::system("command -v chromium >/dev/null 2>&1") != 0) {
    WARN("ROCE-TEST-SKIP: chromium not installed");
    std::puts("ROCE-TEST-SKIP: chromium not installed");
    return;
  }
  const TempDir tmp("report-chromium");
  const std::string dir = tmp.path();
  const std::string file = dir + "/report.html";
  std::ofstream(file, std::ios::binary) << report::render_timeline_html(report_of(hostile_samples()));
  const std::string chromium = "chromium --headless --no-sandbox --disable-gpu --user-data-dir='" + dir +
                               "/profile' --enable-logging=stderr --v=0 ";
  const std::string dump =
      chromium + "--dump-dom 'file://" + file + "' >'" + dir + "/dom.html' 2>'" + dir + "/dom.err'";
  REQUIRE(std::system(dump.c_str()) == 0);
  const std::string shot = chromium + "--screenshot='" + dir + "/shot.png' --window-size=1400,2000 'file://" + file +
                           "' >/dev/null 2>'" + dir + "/shot.err'";
  REQUIRE(std::system(shot.c_str()) == 0);
  const std::string dom = slurp(dir + "/dom.html");
  INFO(slurp(dir + "/dom.err"));
  CHECK(count(dom, "<svg") == 5);
  CHECK(count(dom, "<polyline") >= 5);
  CHECK(count(dom, "<rect class=\"bar\"") >= 1);
  CHECK(dom.find("<script") == std::string::npos);
  CHECK(dom.find("<img") == std::string::npos);
  for (const auto* log : {"/dom.err", "/shot.err"}) {
    const std::string err = slurp(dir + log);
    INFO(err);
    CHECK(err.find("CONSOLE") == std::string::npos);  // console messages (and script errors) are logged as CONSOLE
    CHECK(err.find("Content Security Policy") == std::string::npos);
  }
  CHECK(slurp(dir + "/shot.png").rfind("\x89PNG", 0) == 0);
}

}  // namespace roce::test
