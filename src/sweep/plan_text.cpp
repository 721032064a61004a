// A sweep's plan as text: the fabric in one line, how each test runs, then each round with its
// tests, hosts and purpose.
#include "sweep/plan_text.hpp"

#include <cstdio>
#include <set>

#include "fabric/hostlist.hpp"

namespace roce::sweep {
namespace {

std::string plural(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string size_text(std::uint64_t bytes) {
  if (bytes % (1 << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes % (1 << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " B";
}

std::size_t hosts_in(const fabric::HostRails& rails, const Round& round) {
  std::set<int> hosts;
  for (const auto& t : round.tests) {
    hosts.insert(rails.host(t.client));
    hosts.insert(rails.host(t.server));
  }
  return hosts.size();
}

}  // namespace

std::string render_plan_text(const Plan& plan) {
  const fabric::Fabric& f = plan.fabric;
  const fabric::HostRails rails(f);
  std::vector<std::string> names;
  for (const auto& h : f.hosts) names.push_back(h.name);
  std::string out = "sweep plan: " + plural(f.hosts.size(), "host", "hosts") + ", " +
                    plural(rails.size(), "NIC", "NICs") + ", " + plural(f.leaves.size(), "leaf", "leaves") + ", " +
                    plural(f.spines.size(), "spine", "spines") + "\n";
  out += "  hosts   " + fabric::compress_hostlist(names) + "\n";
  out += "  fabric  " + f.built_from + "\n";
  const TestSettings& s = plan.settings;
  out += "  tests   ib_" + s.test + "_bw, " + size_text(s.size) + " messages, " + std::to_string(s.duration_s) +
         " s, " + plural(s.qps, "QP", "QPs") + ", killed after " + std::to_string(s.timeout_s) + " s; ports " +
         std::to_string(s.base_port) + " and up\n\n";
  char line[64];
  for (std::size_t i = 0; i < plan.rounds.size(); ++i) {
    const Round& r = plan.rounds[i];
    std::snprintf(line, sizeof line, "round %-3zu %6zu tests %6zu hosts  ", i + 1, r.tests.size(), hosts_in(rails, r));
    out += line + r.purpose + "\n";
  }
  const int limit = s.round_limit;
  if (limit > static_cast<int>(plan.rounds.size())) {
    const std::size_t next = plan.rounds.size() + 1;
    std::snprintf(line, sizeof line, "round %-3zu", next);
    out +=
        std::string(limit == static_cast<int>(next) ? line
                                                    : "rounds " + std::to_string(next) + "-" + std::to_string(limit)) +
        "  adaptive: chosen from the results so far to tell the suspects apart, while any remain\n";
  }
  if (!plan.unpaired.empty()) {
    std::set<std::string> hosts;
    for (const auto hr : plan.unpaired)
      if (hr < rails.size()) hosts.insert(f.hosts[rails.host(hr)].name);
    out += "\nwithout a partner in the coverage: " +
           fabric::compress_hostlist(std::vector<std::string>(hosts.begin(), hosts.end())) +
           " (tested against a known-good host in the first adaptive round)\n";
  }
  return out;
}

}  // namespace roce::sweep
