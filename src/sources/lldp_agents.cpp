// Running LLDP agents, by pid file and /proc/PID/comm.
#include "sources/lldp_agents.hpp"

#include <charconv>
#include <fstream>
#include <optional>
#include <sstream>

namespace roce::sources {
namespace {

std::optional<std::string> first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line)) return std::nullopt;
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  return line;
}

std::optional<long> pid_in(const std::string& text) {
  long pid = 0;
  const auto* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, pid);
  if (ec != std::errc() || p != end || pid <= 0) return std::nullopt;
  return pid;
}

}  // namespace

model::Field<std::vector<std::string>> find_lldp_agents(const std::vector<std::string>& run_dirs,
                                                        const std::string& proc) {
  std::vector<std::string> found;
  for (const char* agent : {"lldpad", "lldpd"}) {
    for (const auto& dir : run_dirs) {
      const auto text = first_line(dir + "/" + agent + ".pid");
      const auto pid = text ? pid_in(*text) : std::nullopt;
      if (!pid) continue;
      // A stale pid file (the agent died, the pid was reused) names another process: not the agent.
      if (first_line(proc + "/" + std::to_string(*pid) + "/comm") != agent) continue;
      found.push_back(std::string(agent) + " (pid " + std::to_string(*pid) + ")");
      break;
    }
  }
  return model::Field<std::vector<std::string>>::of(std::move(found), {"proc", "pid files of lldpad and lldpd"});
}

}  // namespace roce::sources
