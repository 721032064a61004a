// `roce-doctor report` end to end on bundles written from the test series.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "captures/bundle.hpp"
#include "record/recording.hpp"
#include "report/timeline_report.hpp"
#include "support/paths.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"
#include "timeline_samples.hpp"

namespace roce::test {

using namespace roce;
using testing::sample_series;
using testing::Storm;

namespace {

// `roce-doctor report args`.
Run run_report(const std::string& args) { return test::run("report " + args); }

std::string bundle(const std::string& name, std::vector<model::Host> samples) {
  const std::string path = temp_path(name);
  captures::Bundle b;
  b.tool_version = "test";
  b.created_unix_ms = samples.back().time_unix_ms;
  b.samples = std::move(samples);
  REQUIRE(captures::write_bundle_file(path, b));
  return path;
}

std::string recording(const std::string& name, const std::vector<model::Host>& samples) {
  const std::string path = temp_path(name);
  std::remove(path.c_str());
  auto writer = record::RecordWriter::open(path, {});
  REQUIRE(writer.ok());
  for (const auto& s : samples) REQUIRE((*writer)->append(s).ok());
  REQUIRE((*writer)->flush().ok());
  return path;
}

}  // namespace

TEST_CASE("report: a recording is streamed and reports exactly what the same samples in a bundle do") {
  const auto samples = sample_series({30, 60, {Storm{10, 20, 0.6}}});
  const std::string as_bundle = bundle("same.json", samples);
  const std::string as_recording = recording("same.rec", samples);
  const auto from_bundle = run_report("'" + as_bundle + "' --json");
  const auto from_recording = run_report("'" + as_recording + "' --json");
  INFO(from_recording.out << from_recording.err);
  CHECK(from_recording.exit_code == 2);
  CHECK(from_recording.exit_code == from_bundle.exit_code);
  auto a = nlohmann::json::parse(from_bundle.out), b = nlohmann::json::parse(from_recording.out);
  CHECK(b["samples"] == 30);
  a.erase("origin");
  b.erase("origin");
  CHECK(a == b);
  const auto since = run_report("'" + as_recording + "' --since @" + std::to_string(samples[21].time_unix_ms / 1000));
  CHECK(since.exit_code == 0);  // the storm ended at sample 20
  std::remove(as_bundle.c_str());
  std::remove(as_recording.c_str());
}

TEST_CASE("report: rotated recording parts, given newest first, are streamed in time order as one") {
  const auto samples = sample_series({30, 60, {Storm{10, 20, 0.6}}});
  const std::string whole = recording("whole.rec", samples);
  const std::string older = recording("part.rec.1", {samples.begin(), samples.begin() + 17});
  const std::string newer = recording("part.rec", {samples.begin() + 17, samples.end()});
  const auto from_whole = run_report("'" + whole + "' --json");
  const auto from_parts = run_report("'" + newer + "' '" + older + "' --json");
  INFO(from_parts.out << from_parts.err);
  CHECK(from_parts.exit_code == 2);
  CHECK(from_parts.err.empty());  // in order: nothing skipped
  auto a = nlohmann::json::parse(from_whole.out), b = nlohmann::json::parse(from_parts.out);
  CHECK(b["samples"] == 30);
  a.erase("origin");
  b.erase("origin");
  CHECK(a == b);

  auto other = samples;
  for (auto& s : other) s.hostname = "gpu-b03";
  const std::string stranger = recording("stranger.rec", other);
  const auto mixed = run_report("'" + whole + "' '" + stranger + "'");
  CHECK(mixed.exit_code == 3);
  CHECK(mixed.err.find("is of another host (\"gpu-b03\", not \"gpu-a17\")") != std::string::npos);
  for (const auto& f : {whole, older, newer, stranger}) std::remove(f.c_str());
}

TEST_CASE("report: a bundle with a pause storm prints the interval and exits 2; -o writes the HTML") {
  const auto samples = sample_series({30, 60, {Storm{10, 20, 0.6}}});
  const std::string day = bundle("day.json", samples);
  const std::string html = temp_path("report.html");
  const auto r = run_report("'" + day + "' -o '" + html + "'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  CHECK(r.out.find("host      gpu-a17") != std::string::npos);
  CHECK(r.out.find(report::timeline_time(samples[10].time_unix_ms, true) + "–" +
                   report::timeline_time(samples[20].time_unix_ms, true) + "  critical  PAUSE-STORM") !=
        std::string::npos);
  const std::string page = slurp(html);
  CHECK(page.find("<svg") != std::string::npos);
  CHECK(page.find("PAUSE-STORM") != std::string::npos);
  std::remove(html.c_str());

  SECTION("--until before the storm: nothing found, exit 0") {
    const auto quiet = run_report("'" + day + "' --until @" + std::to_string(samples[9].time_unix_ms / 1000));
    INFO(quiet.out << quiet.err);
    CHECK(quiet.exit_code == 0);
    CHECK(quiet.out.find("samples   10 from") != std::string::npos);
  }
  SECTION("--since as a time of day, --json") {
    const auto late =
        run_report("'" + day + "' --json --since " + report::timeline_time(samples[15].time_unix_ms, true));
    INFO(late.out << late.err);
    CHECK(late.exit_code == 2);
    const auto doc = nlohmann::json::parse(late.out);
    CHECK(doc["samples"] == 15);
    CHECK(doc["intervals"][0]["start_unix_ms"] == samples[15].time_unix_ms);
  }
  SECTION("--window 5m, and 300: a bare number is seconds") {
    for (const char* window : {"5m", "300"}) {
      const auto wide = run_report("'" + day + "' --window " + window + " --dev ens1f0np0");
      INFO(wide.out << wide.err);
      CHECK(wide.out.find("window    5 min, 6 evaluated") != std::string::npos);
    }
  }
  std::remove(day.c_str());
}

TEST_CASE("report: two captures of one host are merged in time order") {
  const auto samples = sample_series({20, 60, {Storm{8, 12, 0.3}}});
  const std::string late = bundle("late.json", {samples.begin() + 10, samples.end()});
  const std::string early = bundle("early.json", {samples.begin(), samples.begin() + 10});
  const auto r = run_report("'" + late + "' '" + early + "'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("samples   20 from 2 captures") != std::string::npos);
  CHECK(r.out.find(report::timeline_time(samples[8].time_unix_ms, true) + "–" +
                   report::timeline_time(samples[12].time_unix_ms, true) + "  warning   PAUSE-STORM") !=
        std::string::npos);
  std::remove(late.c_str());
  std::remove(early.c_str());
}

TEST_CASE("report: a recording among bundles reports what the same samples in one bundle do") {
  const auto samples = sample_series({30, 60, {Storm{10, 20, 0.6}}});
  const std::string whole = bundle("mixed-whole.json", samples);
  const std::string early = bundle("mixed-early.json", {samples.begin(), samples.begin() + 5});
  const std::string middle = recording("mixed-middle.rec", {samples.begin() + 5, samples.begin() + 25});
  const std::string late = bundle("mixed-late.json", {samples.begin() + 25, samples.end()});
  const auto from_whole = run_report("'" + whole + "' --json");
  const auto mixed = run_report("'" + late + "' '" + middle + "' '" + early + "' --json");
  INFO(mixed.out << mixed.err);
  CHECK(mixed.exit_code == 2);
  CHECK(mixed.err.empty());  // in order: nothing skipped
  auto a = nlohmann::json::parse(from_whole.out), b = nlohmann::json::parse(mixed.out);
  CHECK(b["samples"] == 30);
  a.erase("origin");
  b.erase("origin");
  CHECK(a == b);

  auto other = std::vector<model::Host>(samples.begin(), samples.begin() + 5);
  for (auto& s : other) s.hostname = "gpu-b03";
  const std::string stranger = bundle("mixed-stranger.json", other);
  const auto hosts = run_report("'" + middle + "' '" + stranger + "'");
  CHECK(hosts.exit_code == 3);
  CHECK(hosts.err.find("capture " + stranger + " is of another host (\"gpu-b03\", not \"gpu-a17\")") !=
        std::string::npos);
  for (const auto& f : {whole, early, middle, late, stranger}) std::remove(f.c_str());
}

TEST_CASE("report: input errors exit 3") {
  auto samples = sample_series({3, 60, {}});
  const std::string a = bundle("a.json", samples);
  for (auto& s : samples) s.hostname = "gpu-b03";
  const std::string b = bundle("b.json", samples);
  const auto hosts = run_report("'" + a + "' '" + b + "'");
  CHECK(hosts.exit_code == 3);
  CHECK(hosts.err.find("another host (\"gpu-b03\", not \"gpu-a17\")") != std::string::npos);
  CHECK(hosts.out.empty());
  CHECK(run_report("'" + a + "' --window 5x").exit_code == 3);
  CHECK(run_report("'" + a + "' --since yesterday").err.find("invalid time \"yesterday\"") != std::string::npos);
  CHECK(run_report("'" + a + "' --until @1").err.find("no sample between") != std::string::npos);
  CHECK(run_report("'" + a + "' --dev nosuch").exit_code == 3);
  CHECK(run_report("'" + temp_path("missing.json") + "'").exit_code == 3);
  CHECK(run_report("").exit_code == 3);
  std::remove(a.c_str());
  std::remove(b.c_str());
}

}  // namespace roce::test
