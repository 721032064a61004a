// `check` and `show --from` a recording of thousands of samples, end to end: what they print is what
// the recording's first and last samples in a bundle give (what holding every sample gave), and
// the memory they take does not grow with the recording.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <sstream>
#include <string>

#include "captures/bundle.hpp"
#include "record/recording.hpp"
#include "support/files.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"
#include "synthetic_series.hpp"

namespace roce::test {

namespace {

using namespace roce;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kLongSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kLongSanitized = true;
#else
constexpr bool kLongSanitized = false;
#endif
#else
constexpr bool kLongSanitized = false;
#endif

// 2500 one-second samples of a 2-port mlx5 host, written once for the cases below (holding them
// all takes about 250 MB), and a bundle of its first and last samples.
class LongRecording {
 public:
  static constexpr int kSamples = 2500;
  LongRecording() {
    model::Host host = test::mlx5_host(2);
    test::TrafficModel traffic(7);
    captures::Bundle ends;
    ends.tool_version = "test";
    {
      auto writer = record::RecordWriter::open(recording, {});
      REQUIRE(writer.ok());
      for (int i = 0; i < kSamples; ++i) {
        traffic.advance(host);
        REQUIRE((*writer)->append(host).ok());
        if (i == 0) ends.samples.push_back(host);
      }
    }
    ends.samples.push_back(host);
    ends.created_unix_ms = host.time_unix_ms;
    REQUIRE(captures::write_bundle_file(bundle, ends).ok());
  }
  TempDir dir{"long"};
  const std::string recording = dir.path("day.rec"), bundle = dir.path("ends.json");
};

const LongRecording& long_recording() {
  static const LongRecording made;
  return made;
}

// `text` with `path` and its sample count made the same for the recording and the bundle.
std::string same_origin(std::string text, const std::string& path, int samples) {
  for (const std::string& from : {path, "samples 1 and " + std::to_string(samples) + " of " + std::to_string(samples),
                                  "sample " + std::to_string(samples) + " of " + std::to_string(samples)})
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + 1))
      text.replace(at, from.size(), "<origin>");
  return text;
}

// The resident size of this process's mapping of `path` (/proc/self/smaps), in kB; 0 when unmapped.
std::size_t resident_kb_of_mapping(const std::string& path) {
  std::istringstream smaps(slurp("/proc/self/smaps"));
  bool in_mapping = false;
  std::size_t kb = 0;
  for (std::string line; std::getline(smaps, line);) {
    if (!line.empty() && std::isxdigit(static_cast<unsigned char>(line[0])) && line.find(' ') < line.find(':'))
      in_mapping = line.size() >= path.size() && line.compare(line.size() - path.size(), path.size(), path) == 0;
    else if (in_mapping && line.rfind("Rss:", 0) == 0)
      kb += std::stoul(line.substr(4));
  }
  return kb;
}

}  // namespace

TEST_CASE("a long recording is read with little of its file resident: pages read are dropped as it goes") {
  const auto& r = long_recording();
  const auto file_kb = std::filesystem::file_size(r.recording) / 1024;
  REQUIRE(file_kb > 2048);
  std::size_t seen = 0, most_kb = 0;
  auto read = record::for_each_sample(r.recording, [&](const model::Host&) {
    if (++seen % 50 == 0) most_kb = std::max(most_kb, resident_kb_of_mapping(r.recording));
    return true;
  });
  REQUIRE(read.ok());
  CHECK(seen == LongRecording::kSamples);
  INFO("file " << file_kb << " kB, at most " << most_kb << " kB of it resident");
  CHECK(most_kb > 0);
  CHECK(most_kb < 1536);  // pages are dropped a MiB at a time
}

TEST_CASE("check and show --from a recording of thousands of samples print what its first and last samples do") {
  const auto& r = long_recording();
  const auto n = LongRecording::kSamples;
  for (const char* command : {"check --from", "check --json --from", "show --from", "show --json --from"}) {
    INFO(command);
    const auto from_recording = run(std::string(command) + " " + shell_word(r.recording));
    const auto from_bundle = run(std::string(command) + " " + shell_word(r.bundle));
    INFO(from_recording.err);
    CHECK(from_recording.exit_code == from_bundle.exit_code);
    CHECK(from_recording.err.empty());
    CHECK(same_origin(from_recording.out, r.recording, n) == same_origin(from_bundle.out, r.bundle, 2));
  }
  const auto checked = run("check --from " + shell_word(r.recording));
  CHECK(checked.out.find("from bundle " + r.recording + ", samples 1 and 2500 of 2500, 2.5e+03 s apart") !=
        std::string::npos);
  CHECK(run("show --from " + shell_word(r.recording)).out.find("bundle " + r.recording + ": sample 2500 of 2500\n") ==
        0);
}

TEST_CASE("check and show --from a long recording run in memory that would not hold its samples") {
  if (kLongSanitized) {
    WARN("ROCE-TEST-SKIP: an address-space limit does not apply under AddressSanitizer");
    return;
  }
  const auto& r = long_recording();
  // 100 MB of address space for everything: the program, its libraries, the mapped file and the
  // heap; every sample held would take more than twice that.
  for (const char* command : {"check --from", "show --from"}) {
    INFO(command);
    const auto limited = run(std::string(command) + " " + shell_word(r.recording), "prlimit --as=100000000");
    INFO(limited.err);
    CHECK((limited.exit_code == 0 || limited.exit_code == 1 || limited.exit_code == 2));
    CHECK(limited.err.empty());
  }
}

}  // namespace roce::test
