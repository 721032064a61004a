// read_recording, decode_recording, for_each_sample, read_ends, looks_like_recording.
#include "record/format.hpp"
#include "record/frame_decoder.hpp"
#include "record/mapped_file.hpp"
#include "record/recording.hpp"

namespace roce::record {
namespace {

// Scans the file at `path` (mapped, its consumed pages released as the scan goes).
Expected<ScanResult> scan_file(const std::string& path, const SampleSink& sink, const FrameSkip* skip = nullptr) {
  auto file = MappedFile::open(path);
  if (!file) return fail(std::move(file.error()));
  MappedFile& mapped = **file;
  return scan_recording(
      mapped.bytes(), path, sink, [&](std::uint64_t done) { mapped.release_before(done); }, skip);
}

}  // namespace

Expected<Recording> decode_recording(std::string_view bytes, std::string_view name) {
  Recording recording;
  auto scanned = scan_recording(bytes, name, [&](const model::Host& h) {
    recording.samples.push_back(h);
    return true;
  });
  if (!scanned) return fail(std::move(scanned.error()));
  recording.warnings = std::move(scanned->warnings);
  return recording;
}

Expected<std::vector<std::string>> for_each_sample(const std::string& path, const SampleSink& sink,
                                                   const FrameSkip* skip) {
  auto scanned = scan_file(path, sink, skip);
  if (!scanned) return fail(std::move(scanned.error()));
  return std::move(scanned->warnings);
}

Expected<Recording> read_recording(const std::string& path) {
  Recording recording;
  auto warnings = for_each_sample(path, [&](const model::Host& h) {
    recording.samples.push_back(h);
    return true;
  });
  if (!warnings) return fail(std::move(warnings.error()));
  recording.warnings = std::move(*warnings);
  return recording;
}

Expected<RecordingEnds> read_ends(const std::string& path) {
  RecordingEnds ends;
  auto scanned = scan_file(path, [&](const model::Host& h) {
    if (!ends.first) ends.first = h;
    return true;
  });
  if (!scanned) return fail(std::move(scanned.error()));
  ends.samples = scanned->samples;
  if (ends.samples > 1) ends.last = std::move(scanned->last);
  ends.warnings = std::move(scanned->warnings);
  return ends;
}

bool looks_like_recording(std::string_view prefix) {
  return prefix.size() >= kFileMagic.size() && prefix.substr(0, kFileMagic.size()) == kFileMagic;
}

}  // namespace roce::record
