// read_recording, decode_recording, for_each_sample, looks_like_recording.
#include "record/format.hpp"
#include "record/frame_decoder.hpp"
#include "record/mapped_file.hpp"
#include "record/recording.hpp"

namespace roce::record {

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

Expected<Recording> read_recording(const std::string& path) {
  auto file = MappedFile::open(path);
  if (!file) return fail(std::move(file.error()));
  return decode_recording((*file)->bytes(), path);
}

Expected<std::vector<std::string>> for_each_sample(const std::string& path, const SampleSink& sink) {
  auto file = MappedFile::open(path);
  if (!file) return fail(std::move(file.error()));
  auto scanned = scan_recording((*file)->bytes(), path, sink);
  if (!scanned) return fail(std::move(scanned.error()));
  return std::move(scanned->warnings);
}

bool looks_like_recording(std::string_view prefix) {
  return prefix.size() >= kFileMagic.size() && prefix.substr(0, kFileMagic.size()) == kFileMagic;
}

}  // namespace roce::record
