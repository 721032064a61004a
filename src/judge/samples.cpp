// Every sample of one host's captures, in time order, within a time range and narrowed to --dev.
#include "judge/samples.hpp"

#include <algorithm>
#include <climits>

#include "model/host_filter.hpp"
#include "record/parts.hpp"
#include "record/recording.hpp"
#include "util/exit_codes.hpp"
#include "util/read_file.hpp"
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

Outcome feed_recordings(const SampleRequest& request, RangeFilter& filter) {
  auto parts = record::recording_parts(request.paths);
  if (!parts) return fail(std::move(parts.error()));
  for (const auto& part : *parts) {
    auto warnings = record::for_each_sample(part.path, [&](const model::Host& s) { return filter(s); });
    if (!warnings) return fail(std::move(warnings.error()));
    if (request.notices.warning)
      for (const auto& w : *warnings) request.notices.warning(w);
    if (filter.error()) return fail(*filter.error());
  }
  if (filter.seen() == 0) {
    std::string names;
    for (const auto& path : request.paths) names += (names.empty() ? "" : ", ") + path;
    return fail(names + ": the recording holds no samples yet");
  }
  return done();
}

Outcome feed_captures(const SampleRequest& request, RangeFilter& filter) {
  std::vector<captures::Bundle> bundles;
  std::vector<const model::Host*> samples;
  std::string hostname;
  for (const auto& path : request.paths) {
    auto bundle = read_capture(path, request.notices);
    if (!bundle) return fail(std::move(bundle.error()));
    bundles.push_back(std::move(*bundle));
    for (const auto& s : bundles.back().samples) {
      if (samples.empty())
        hostname = s.hostname;
      else if (s.hostname != hostname)
        return fail("capture " + path + " is of another host (\"" + s.hostname + "\", not \"" + hostname + "\")",
                    "a report covers one host: run report once per host");
      samples.push_back(&s);
    }
  }
  std::stable_sort(samples.begin(), samples.end(),
                   [](const model::Host* a, const model::Host* b) { return a->time_unix_ms < b->time_unix_ms; });
  for (const model::Host* s : samples)
    if (!filter(*s)) return fail(*filter.error());
  return done();
}

}  // namespace

Result<std::size_t> feed_samples(const SampleRequest& request, const std::function<void(const model::Host&)>& feed) {
  RangeFilter filter(request, feed);
  const bool recordings = std::all_of(request.paths.begin(), request.paths.end(), is_recording);
  if (auto fed = recordings ? feed_recordings(request, filter) : feed_captures(request, filter); !fed)
    return {std::move(fed.error()), kExitInputError};
  return filter.fed();
}

}  // namespace roce::judge
