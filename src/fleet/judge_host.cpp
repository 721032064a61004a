// One host of a fleet: a check --json output read back, or a capture judged.
#include "fleet/judge_host.hpp"

#include <filesystem>

#include "fleet/check_json_read.hpp"
#include "judge/judge.hpp"
#include "util/read_file.hpp"

namespace roce::fleet {
namespace {

// The file's first bytes, enough to tell a `check --json` output from a bundle.
std::string file_head(const std::string& path) {
  auto head = util::read_file_head(path, 64);
  return head ? std::move(*head) : std::string();
}

Expected<HostSummary> read_check_json_file(const std::string& path) {
  auto text = util::read_file(path);
  if (!text) return fail(std::move(text.error()));
  return read_check_json(*text, path);
}

}  // namespace

Expected<HostSummary> judge_host(const judge::SystemSpec& system, const std::string& path, const std::string& label,
                                 const profile::Profile& profile, const std::vector<std::string>& switch_exports) {
  std::error_code ec;
  if (std::filesystem::is_regular_file(path, ec) && looks_like_check_json(file_head(path))) {
    auto summary = read_check_json_file(path);
    if (summary && summary->name.empty()) summary->name = label;
    return summary;
  }
  judge::InputRequest request;
  request.system = system;
  request.captures = {path};
  request.switch_exports = switch_exports;
  request.refuse_empty_import = true;  // as `check` does: an imported folder with no RoCE state is not a host
  auto input = judge::read_input(request);
  if (!input) return fail(std::move(input.error()));
  const engine::Context ctx = judge::context_of(*input, profile);
  const report::CheckRun run = judge::judge(ctx, *input, profile);
  const std::string name = input->now.hostname.empty() ? label : input->now.hostname;
  return summarize(name, ctx, run.ranked, verdict_of(run).exit_code());
}

}  // namespace roce::fleet
