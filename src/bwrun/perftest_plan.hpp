#pragma once
// Which perftest command lines a bandwidth run uses on this host: the RDMA device and port of the
// chosen netdev, the RoCE v2 GID index of its IPv4 address, the traffic class of the profile's
// lossless DSCP. A pure function of the host model, the profile and the options (no I/O).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/host.hpp"
#include "profile/profile.hpp"
#include "util/expected.hpp"

namespace roce::bwrun {

/// Which side(s) of a perftest run this host plays.
enum class RunMode {
  loopback,  // server and client here, over the same device
  client,    // client against a server started on --peer
  server,    // server only, waiting for a client
};

/// What the user asked for (`bw --run`).
struct RunOptions {
  RunMode mode = RunMode::loopback;
  std::string peer;                   // client: the server's host name or address
  std::string test = "write";         // write | read | send
  std::uint64_t size = 1048576;       // -s, bytes per message
  std::uint32_t duration_s = 10;      // -D, seconds
  std::uint32_t qps = 1;              // -q
  std::optional<std::uint32_t> port;  // -p, perftest's TCP port for the exchange (default 18515)
  std::string out_json_file;  // --out_json_file of the side that reports (the client; the server in server mode)
};

/// perftest's own default TCP port for the out-of-band exchange.
inline constexpr std::uint32_t kPerftestDefaultPort = 18515;

/// The command lines and why each choice was made.
struct PerftestPlan {
  std::string binary;       // "ib_write_bw"
  std::string rdma_device;  // "mlx5_0"
  std::uint32_t rdma_port = 1;
  std::string netdev;   // "ens1f0np0"
  std::string address;  // the netdev's IPv4 address the GID carries: "172.19.0.60"
  std::uint32_t gid_index = 0;
  std::optional<int> tclass;  // the GRH traffic class (DSCP << 2); nullopt with trust = pcp
  std::uint32_t port = kPerftestDefaultPort;
  std::vector<std::string> server_argv;  // empty in client mode
  std::vector<std::string> client_argv;  // empty in server mode
  std::vector<std::string> notes;        // choices the user may want to know about ("trust pcp: no --tclass")
};

/// The perftest binary of a test name: "write" -> "ib_write_bw"; nullopt for an unknown name.
std::optional<std::string> perftest_binary(const std::string& test);

/// Plans the run on `host` (already narrowed to --dev). Fails when the host has no RoCE port,
/// several and no --dev to choose, no IPv4 address on the port's netdev, or no RoCE v2 GID for it.
Expected<PerftestPlan> plan_perftest(const model::Host& host, const profile::Profile& profile,
                                     const RunOptions& options);

/// The command line as a shell would take it: arguments quoted only when they need it.
std::string shell_line(const std::vector<std::string>& argv);

}  // namespace roce::bwrun
