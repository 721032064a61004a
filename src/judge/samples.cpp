// Every sample of one host's captures, in time order, within a time range and narrowed to --dev.
#include "judge/samples.hpp"

#include <algorithm>
#include <climits>

#include "model/host_filter.hpp"
#include "record/parts.hpp"
#include "record/recording.hpp"
#include "util/exit_codes.hpp"
#include "util/read_file.hpp"
#include "util/text.hpp"
#include "util/time_text.hpp"

namespace roce::judge {
namespace {

bool is_recording(const std::string& path) {
  const auto head = util::read_file_head(path, 16);
  return head && record::looks_like_recording(*head);
}

// The samples within the range, narrowed to --dev, to the feed; the first sample fixes the range.
class RangeFilter {
 public:
  RangeFilter(const SampleRequest& request, const std::function<void(const model::Host&)>& feed)
      : request_(request), feed_(feed) {}

  /// Feeds one sample; false once --dev names no device in it (error() says so).
  bool operator()(const model::Host& s) {
    ++seen_;
    if (!range_known_) {
      since_ms_ = request_.since ? request_.since->resolve(s.time_unix_ms) : INT64_MIN;
      until_ms_ = request_.until ? request_.until->resolve(s.time_unix_ms) : INT64_MAX;
      range_known_ = true;
    }
    if (s.time_unix_ms < since_ms_ || s.time_unix_ms > until_ms_) return true;
    if (request_.dev.empty()) {
      feed_(s);
    } else {
      const model::Host filtered = model::filter_host(s, request_.dev);
      if (model::host_is_empty(filtered)) {
        error_ = no_device_error(
            request_.dev, " in the sample at " + util::utc_text(s.time_unix_ms, util::UtcForm::date_time) + " UTC",
            "see `roce-doctor show --from PATH` for the names");
        return false;
      }
      feed_(filtered);
    }
    ++fed_;
    return true;
  }
  std::size_t fed() const { return fed_; }
  std::size_t seen() const { return seen_; }  // in the range or not
  const std::optional<Error>& error() const { return error_; }

 private:
  const SampleRequest& request_;
  const std::function<void(const model::Host&)>& feed_;
  std::int64_t since_ms_ = INT64_MIN, until_ms_ = INT64_MAX;
  bool range_known_ = false;
  std::size_t fed_ = 0, seen_ = 0;
  std::optional<Error> error_;
};

// The samples of the captures that are not recordings, loaded (each is small) and in time order.
struct Loaded {
  std::vector<captures::Bundle> bundles;
  std::vector<const model::Host*> samples;
};

Expected<Loaded> load_others(const std::vector<std::string>& paths, const Notices& notices,
                             std::optional<std::string>& hostname) {
  Loaded loaded;
  for (const auto& path : paths) {
    auto bundle = read_capture(path, notices);
    if (!bundle) return fail(std::move(bundle.error()));
    loaded.bundles.push_back(std::move(*bundle));
    for (const auto& s : loaded.bundles.back().samples) {
      if (!hostname)
        hostname = s.hostname;
      else if (s.hostname != *hostname)
        return fail("capture " + path + " is of another host (\"" + s.hostname + "\", not \"" + *hostname + "\")",
                    "a report covers one host: run report once per host");
      loaded.samples.push_back(&s);
    }
  }
  std::stable_sort(loaded.samples.begin(), loaded.samples.end(),
                   [](const model::Host* a, const model::Host* b) { return a->time_unix_ms < b->time_unix_ms; });
  return loaded;
}

// Recordings streamed part by part, the other captures' samples merged in by time; every host is
// checked before any sample is fed.
Outcome feed_merged(const SampleRequest& request, RangeFilter& filter) {
  std::vector<std::string> recordings, other_paths;
  for (const auto& path : request.paths) (is_recording(path) ? recordings : other_paths).push_back(path);
  auto parts = record::recording_parts(recordings);
  if (!parts) return fail(std::move(parts.error()));
  std::optional<std::string> hostname;
  if (!parts->empty()) hostname = parts->front().hostname;
  auto others = load_others(other_paths, request.notices, hostname);
  if (!others) return fail(std::move(others.error()));
  std::size_t next = 0;  // the next of the other samples to feed
  // Feeds the other samples taken before `t_ms`; all that are left without it.
  const auto feed_others = [&](std::optional<std::int64_t> t_ms) {
    for (; next < others->samples.size() && (!t_ms || others->samples[next]->time_unix_ms < *t_ms); ++next)
      if (!filter(*others->samples[next])) return false;
    return true;
  };
  for (const auto& part : *parts) {
    auto warnings = record::for_each_sample(
        part.path, [&](const model::Host& s) { return feed_others(s.time_unix_ms) && filter(s); });
    if (!warnings) return fail(std::move(warnings.error()));
    if (request.notices.warning)
      for (const auto& w : *warnings) request.notices.warning(w);
    if (filter.error()) return fail(*filter.error());
  }
  if (!feed_others(std::nullopt)) return fail(*filter.error());
  if (filter.seen() == 0 && !recordings.empty())
    return fail(util::join(recordings, ", ") + ": the recording holds no samples yet");
  return done();
}

}  // namespace

Result<std::size_t> feed_samples(const SampleRequest& request, const std::function<void(const model::Host&)>& feed) {
  RangeFilter filter(request, feed);
  if (auto fed = feed_merged(request, filter); !fed) return {std::move(fed.error()), kExitInputError};
  return filter.fed();
}

}  // namespace roce::judge
