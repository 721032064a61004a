#pragma once
// The host's LLDP neighbours read live from lldpd, through its own client: `lldpctl -f json` run as
// a child process with a deadline, its output read by the capture parser (switch/host_lldp.hpp), so a live
// host and a capture of it give the same neighbours.
#include <chrono>
#include <string>
#include <vector>

#include "model/field.hpp"
#include "model/host.hpp"
#include "model/switch_port.hpp"

namespace roce::sources {

/// How lldpctl is run.
struct LiveLldpOptions {
  std::string lldpctl = "lldpctl";  // looked up in PATH
  std::string socket;               // lldpd's control socket (`lldpctl -u SOCKET`); "" = lldpd's default
  std::chrono::milliseconds timeout{5000};
};

/// The neighbours lldpd sees now (an empty list when it sees none), or why they could not be read:
/// `unsupported` when lldpctl is not installed (package lldpd), `absent` when lldpd is not running
/// (its control socket is missing or refuses), `denied` when the socket is not ours to open, `error`
/// when lldpctl failed otherwise, timed out, or printed what the parser cannot read.
model::Field<std::vector<model::HostLldpNeighbor>> read_live_lldp(const LiveLldpOptions& options = {});

/// What read_live_lldp gives, put where a capture's lldpctl output goes: the neighbours into
/// `side.host_lldp`; when they cannot be read, a note on `host` (subject "lldp") says why, and the
/// note's text is returned ("absent (lldpd is not running: ...)"). "" when they were read.
std::string add_live_lldp(model::Host& host, model::SwitchSide& side, const LiveLldpOptions& options = {});

}  // namespace roce::sources
