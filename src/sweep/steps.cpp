// A round's tests as job steps, and the lines a step reports its tests with.
#include "sweep/steps.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "util/text.hpp"

namespace roce::sweep {
namespace {

constexpr std::string_view kReportPrefix = "sweep-step: test ";

// A name safe in a file name: what is not a letter, digit, '.', '-' or '_' becomes '_'.
std::string file_safe(const std::string& s) {
  std::string out = s;
  for (char& c : out)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '_') c = '_';
  return out;
}

}  // namespace

const char* to_string(Side side) {
  switch (side) {
    case Side::client: return "client";
    case Side::server: return "server";
    case Side::loopback: return "loopback";
  }
  return "?";
}

std::string Step::name() const { return util::join(nodes, "-"); }

std::vector<Step> steps_of(const Plan& plan, const Round& round) {
  const fabric::HostRails rails(plan.fabric);
  std::vector<Step> steps;
  std::map<std::pair<int, int>, std::size_t> index;
  for (const auto& t : round.tests) {
    const int a = rails.host(t.client), b = rails.host(t.server);
    const auto key = std::minmax(a, b);
    auto [it, added] = index.emplace(key, steps.size());
    if (added) {
      Step s;
      s.nodes.push_back(plan.fabric.hosts[key.first].name);
      if (key.second != key.first) s.nodes.push_back(plan.fabric.hosts[key.second].name);
      std::sort(s.nodes.begin(), s.nodes.end());
      steps.push_back(std::move(s));
    }
    steps[it->second].tests.push_back(t);
  }
  return steps;
}

std::string id_list(const std::vector<fabric::Test>& tests) {
  std::string out;
  for (const auto& t : tests) out += (out.empty() ? "" : ",") + std::to_string(t.id);
  return out;
}

Expected<std::vector<std::uint32_t>> parse_id_list(std::string_view text) {
  std::vector<std::uint32_t> ids;
  for (const auto part : util::split_on(text, ',')) {
    const std::string p(util::trim(part));
    if (p.empty() || p.size() > 9 || p.find_first_not_of("0123456789") != std::string::npos || std::stoul(p) == 0)
      return fail("test ids \"" + std::string(text) + "\": \"" + p + "\" is not a test id",
                  "the ids of the plan's tests, separated by commas: 7,8,9");
    ids.push_back(static_cast<std::uint32_t>(std::stoul(p)));
  }
  return ids;
}

std::string step_report_line(std::uint32_t id, const StepReport& report) {
  std::string detail = report.detail;
  std::replace(detail.begin(), detail.end(), '\n', ' ');
  return std::string(kReportPrefix) + std::to_string(id) + " " + to_string(report.side) + " " +
         to_string(report.status) + (detail.empty() ? "" : ": " + detail) + "\n";
}

std::map<std::uint32_t, StepReport> read_step_reports(std::string_view output) {
  std::map<std::uint32_t, StepReport> reports;
  for (auto line : util::split_lines(output)) {
    // srun may put its own prefix ("0: ") before a task's line: look for ours anywhere in it.
    const auto at = line.find(kReportPrefix);
    if (at == std::string_view::npos) continue;
    line.remove_prefix(at + kReportPrefix.size());
    const auto space = line.find(' ');
    if (space == std::string_view::npos || space == 0 || space > 9) continue;
    const std::string id_text(line.substr(0, space));
    if (id_text.find_first_not_of("0123456789") != std::string::npos) continue;
    const auto id = static_cast<std::uint32_t>(std::stoul(id_text));
    std::string_view rest = line.substr(space + 1);
    StepReport r;
    const auto side_end = rest.find(' ');
    const std::string_view side = rest.substr(0, side_end);
    if (side == "client")
      r.side = Side::client;
    else if (side == "server")
      r.side = Side::server;
    else if (side == "loopback")
      r.side = Side::loopback;
    else
      continue;
    rest = side_end == std::string_view::npos ? std::string_view{} : rest.substr(side_end + 1);
    const auto colon = rest.find(": ");
    const std::string word(rest.substr(0, colon));
    if (word == "measured")
      r.status = Status::measured;
    else if (word == "timeout")
      r.status = Status::timeout;
    else if (word == "failed")
      r.status = Status::failed;
    else
      continue;
    if (colon != std::string_view::npos) r.detail = std::string(rest.substr(colon + 2));
    auto [it, added] = reports.emplace(id, r);
    if (!added && it->second.side == Side::server && r.side != Side::server) it->second = r;
  }
  return reports;
}

std::string result_file_name(const Plan& plan, int round, const fabric::Test& test) {
  const fabric::HostRails rails(plan.fabric);
  const auto& client = plan.fabric.hosts[rails.host(test.client)];
  const auto& server = plan.fabric.hosts[rails.host(test.server)];
  char head[32];
  std::snprintf(head, sizeof head, "r%02d/t%04u-", round, test.id);
  return head + file_safe(client.name) + "-" + file_safe(client.rails[rails.rail(test.client)].device) + "-" +
         file_safe(server.name) + "-" + file_safe(server.rails[rails.rail(test.server)].device) + ".txt";
}

}  // namespace roce::sweep
