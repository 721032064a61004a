// lldpctl run live: its output parsed as a capture's, its failures told apart by what lldpctl says.
#include "sources/lldpctl_live.hpp"

#include <sstream>

#include "switch/host_lldp.hpp"
#include "util/child_process.hpp"
#include "util/read_file.hpp"
#include "util/temp_dir.hpp"

namespace roce::sources {
namespace {

using Neighbours = model::Field<std::vector<model::HostLldpNeighbor>>;

constexpr const char* kInstallHint = "install and start the lldpd package: apt-get install lldpd";
constexpr const char* kStartHint = "start it: systemctl start lldpd";

std::string whole_file(const std::string& path) {
  auto text = util::read_file(path);
  return text ? std::move(*text) : std::string();
}

bool contains(const std::string& text, const char* what) { return text.find(what) != std::string::npos; }

// lldpctl's log lines without their "2026-12-02T21:50:58 [WARN/control] " prefix, joined by "; ".
std::string lldpctl_words(const std::string& log) {
  std::istringstream lines(log);
  std::string line;
  std::string out;
  while (std::getline(lines, line)) {
    const auto open = line.find(" [");
    const auto close = line.find("] ");
    if (open != std::string::npos && close != std::string::npos && open < close) line = line.substr(close + 2);
    if (!line.empty()) out += (out.empty() ? "" : "; ") + line;
  }
  return out;
}

// lldpctl's own words for a socket it cannot reach: "unable to connect to socket S: STRERROR".
Neighbours failed_run(const std::string& command, const std::string& err, const model::Provenance& from) {
  const std::string said = err.empty() ? "no message" : err;
  if (contains(err, "unable to connect to socket")) {
    if (contains(err, "Permission denied"))
      return Neighbours::missing(model::Availability::denied,
                                 command + ": lldpd's control socket is not ours to open: " + said +
                                     "; run as root, or as a member of lldpd's group _lldpd",
                                 from);
    return Neighbours::missing(model::Availability::absent,
                               "lldpd is not running: " + command + ": " + said + "; " + kStartHint, from);
  }
  return Neighbours::missing(model::Availability::error, command + " failed: " + said, from);
}

}  // namespace

model::Field<std::vector<model::HostLldpNeighbor>> read_live_lldp(const LiveLldpOptions& options) {
  std::vector<std::string> argv{options.lldpctl};
  if (!options.socket.empty()) argv.insert(argv.end(), {"-u", options.socket});
  argv.insert(argv.end(), {"-f", "json"});
  std::string command;
  for (const auto& a : argv) command += (command.empty() ? "" : " ") + a;
  const model::Provenance from{"lldpctl", command};

  if (process::find_in_path(options.lldpctl).empty())
    return Neighbours::missing(model::Availability::unsupported,
                               "lldpd is not installed: no " + options.lldpctl + " in PATH; " + kInstallHint, from);
  auto temp = process::TempDir::create("roce-doctor-lldpctl");
  if (!temp)
    return Neighbours::missing(model::Availability::error,
                               "cannot make a temporary folder for " + command + ": " + temp.error().message, from);
  const std::string out = temp->path() + "/out", err = temp->path() + "/err";
  auto child = process::Child::start(argv, out, err);
  if (!child) return Neighbours::from_error(child.error(), from);
  const auto end = child->wait_until(process::Clock::now() + options.timeout);
  const std::string said = lldpctl_words(process::tail_of_file(err, 3));
  if (end.timed_out)
    return Neighbours::missing(
        model::Availability::error,
        command + " did not answer within " + std::to_string(options.timeout.count()) + " ms; is lldpd busy or hung?",
        from);
  if (!end.ok()) return failed_run(command, said.empty() ? end.describe() : said, from);
  auto neighbours = switches::parse_lldpctl_json(whole_file(out), command);
  if (!neighbours) return Neighbours::missing(model::Availability::error, neighbours.error().message, from);
  return Neighbours::of(std::move(*neighbours), from);
}

std::string add_live_lldp(model::Host& host, model::SwitchSide& side, const LiveLldpOptions& options) {
  auto read = read_live_lldp(options);
  if (!read.ok()) {
    host.notes.push_back({"lldp", read.availability, read.cause});
    return model::describe_missing(read.availability, read.cause);
  }
  side.host_lldp.insert(side.host_lldp.end(), read->begin(), read->end());
  return {};
}

}  // namespace roce::sources
