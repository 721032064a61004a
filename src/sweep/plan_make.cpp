// A sweep's plan from its inputs: a fabric and the test settings, or a host file's names.
#include "sweep/plan_make.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include "util/read_file.hpp"
#include "util/text.hpp"

namespace roce::sweep {

Expected<MadePlan> make_plan(fabric::Fabric fabric, TestSettings settings, bool loopback) {
  MadePlan made;
  std::vector<fabric::Host> kept;
  for (auto& host : fabric.hosts) {
    if (host.rails.empty())
      made.notes.push_back("host " + host.name + ": no RDMA NIC to test, left out of the plan");
    else
      kept.push_back(std::move(host));
  }
  if (kept.empty())
    return fail("no host with an RDMA NIC to plan tests for",
                "give the NICs (--rails or --devices), or captures of hosts that have RoCE NICs");
  fabric.hosts = std::move(kept);
  PlanOptions options;
  options.max_rounds = settings.round_limit;
  options.loopback = loopback;
  Coverage coverage = plan_coverage(fabric, options);
  settings.round_limit = std::max(round_limit(fabric.hosts.size(), options), static_cast<int>(coverage.rounds.size()));
  made.plan.fabric = std::move(fabric);
  made.plan.settings = std::move(settings);
  made.plan.rounds = std::move(coverage.rounds);
  made.plan.unpaired = std::move(coverage.unpaired);
  return made;
}

namespace {

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// An MPI host file's option after the host: "slots=8", "max_slots=16", "max-slots=16".
bool mpi_option(std::string_view word) {
  const auto eq = word.find('=');
  if (eq == std::string_view::npos || eq == 0) return false;
  const auto key = word.substr(0, eq);
  return std::all_of(key.begin(), key.end(), [](char c) { return (c >= 'a' && c <= 'z') || c == '_' || c == '-'; }) &&
         all_digits(word.substr(eq + 1));
}

}  // namespace

Expected<std::vector<std::string>> hostfile_hosts(std::string_view text, const std::string& file) {
  std::vector<std::string> hosts;
  std::map<std::string, std::size_t> seen;  // name -> line
  std::size_t number = 0;
  for (std::string_view line : util::split_lines(text)) {
    ++number;
    if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    const auto words = util::split_words(line);
    if (words.empty()) continue;
    // MPI host files: "node01 slots=8 max_slots=8" (Open MPI), "node01:8" (MPICH).
    std::string name(words.front().substr(0, words.front().find(':')));
    const std::string where = file + ":" + std::to_string(number);
    if (const auto colon = words.front().find(':');
        colon != std::string_view::npos && !all_digits(words.front().substr(colon + 1)))
      return fail(where + ": \"" + std::string(words.front()) + "\" is not a host name or host:slots",
                  "one host name a line; # starts a comment");
    for (std::size_t w = 1; w < words.size(); ++w)
      if (!mpi_option(words[w]))
        return fail(where + ": \"" + std::string(words[w]) + "\" after the host name is not a host file option",
                    "one host name a line, then only options such as slots=8; # starts a comment");
    const bool fits = name.size() <= 255 && std::all_of(name.begin(), name.end(), [](char c) {
                        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '_';
                      });
    if (!fits) return fail(where + ": \"" + name + "\" is not a host name", "one host name a line; # starts a comment");
    if (auto [it, added] = seen.emplace(name, number); !added)
      return fail(where + ": host " + name + " is listed twice (first at line " + std::to_string(it->second) + ")");
    hosts.push_back(name);
  }
  if (hosts.empty()) return fail(file + ": names no host", "one host name a line; # starts a comment");
  return hosts;
}

Expected<std::vector<std::string>> read_hostfile(const std::string& path) {
  auto text = util::read_file(path);
  if (!text) return fail(text.error());
  return hostfile_hosts(*text, path);
}

}  // namespace roce::sweep
