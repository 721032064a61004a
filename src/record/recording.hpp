#pragma once
// A roce-doctor recording: an append-only file of Host samples taken at a fixed interval.
// Configuration is stored when it changes; counters are delta-encoded (varints) and compressed in
// frames, each frame checksummed, so a crash loses at most the frame being written, and a reader
// may read the file while it is being written (it stops at the last complete frame).
// The byte layout is documented in man/roce-doctor-recording.5.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/host.hpp"
#include "record/frame_summary.hpp"
#include "util/expected.hpp"

namespace roce::record {

struct WriterOptions {
  std::uint32_t samples_per_frame = 10;  // a frame is flushed (write + fdatasync) after this many samples
  std::uint64_t rotate_bytes = 0;        // 0: never; else start FILE.1, FILE.2 ... past this size
  std::int64_t rotate_seconds = 0;       // 0: never; else rotate when the file is older than this
  // Added: how many rotated parts to keep (FILE.1 newest); 0 keeps them all. The file's age is
  // measured in sample time (time_unix_ms) from its first sample.
  std::uint32_t keep_parts = 0;
  int zstd_level = 9;
  // Every this many frames one starts fresh (configuration and counters whole, not deltas): a
  // damaged frame then loses at most the frames up to the next fresh one. 0: only the first.
  std::uint32_t fresh_every_frames = 6;
};

class RecordWriter {
 public:
  /// Creates the file, or appends to an existing recording (after recovering a torn tail).
  /// `warnings`, when given, receives what recovering found ("FILE: torn frame at byte 123456
  /// ignored (...)", "FILE: truncated to its last good frame (123456 bytes) before appending"), also
  /// when opening then fails.
  static Expected<std::unique_ptr<RecordWriter>> open(const std::string& path, const WriterOptions& options,
                                                      std::vector<std::string>* warnings = nullptr);
  virtual ~RecordWriter() = default;
  virtual Outcome append(const model::Host& sample) = 0;
  virtual Outcome flush() = 0;  // ends the current frame now (also called by the destructor)
};

struct Recording {
  std::vector<model::Host> samples;   // in time order, each a complete Host
  std::vector<std::string> warnings;  // "FILE: torn frame at byte 123456 ignored (the writer was interrupted?)"
};

// Reads a recording (or one of its rotated parts), every sample held in memory (about 400 KB per
// sample of an 8-port mlx5 host: tens of GB for a day at 1 Hz; commands read through read_ends or
// for_each_sample instead). A torn or corrupt tail frame is a warning, not an error; so is a
// damaged frame before the tail: reading resumes at the next frame that starts fresh and the
// warning says the byte offset and how many samples were lost. A file that is not a recording is
// an error with the byte offset.
Expected<Recording> read_recording(const std::string& path);
Expected<Recording> decode_recording(std::string_view bytes, std::string_view name);

// Streams the samples in time order without holding them all (a day at 1 Hz is 86400 Hosts): `sink`
// gets the same Host object each time, updated in place; copy what you keep. Returning false stops.
// Returns the warnings (as Recording::warnings).
using SampleSink = std::function<bool(const model::Host& sample)>;
// With `skip`, frames whose watched counters did not move are passed over unread (format 2).
Expected<std::vector<std::string>> for_each_sample(const std::string& path, const SampleSink& sink,
                                                   const FrameSkip* skip = nullptr);

// A recording's first and last samples and how many it holds, read in one streamed pass (what
// `check`/`show --from` need of it): memory of two samples, whatever the recording's length.
struct RecordingEnds {
  std::optional<model::Host> first;  // none: the recording holds no sample yet
  std::optional<model::Host> last;   // only when it holds two samples or more
  std::uint64_t samples = 0;
  std::vector<std::string> warnings;  // as Recording::warnings
};
Expected<RecordingEnds> read_ends(const std::string& path);

// True when the bytes start with the recording magic (for load_capture's content detection).
bool looks_like_recording(std::string_view prefix);

}  // namespace roce::record
