#pragma once
// The simulated result of one test written as the client output of `ib_write_bw --report_gbits`,
// line for line as perftest prints it, so that the whole sweep (plan, run, localize) runs without
// RDMA hardware: `sweep run --replay` writes this where perftest's output would be, and the
// results reader reads it as it reads a real run.
#include <cstdint>
#include <optional>
#include <string>

#include "fabric/test.hpp"
#include "sim/fabric_sim.hpp"

namespace roce::sim {

/// How the client ran: what `bw --run` passes to perftest.
struct PerftestClient {
  std::string device = "mlx5_0";  // -d
  std::uint32_t gid_index = 3;    // -x
  std::uint64_t size = 1048576;   // -s, bytes per message
  std::uint32_t duration_s = 10;  // -D, seconds
  std::uint32_t qps = 1;          // -q
  std::uint32_t mtu = 4096;       // the active MTU, bytes
  std::uint32_t local_ipv4 = 0;   // the addresses the GIDs carry, host byte order
  std::uint32_t remote_ipv4 = 0;
};

/// ib_write_bw's client output of a `-D` run (perftest 00b55b6 built with relaxed ordering and
/// thread domains, as distributions build it) whose BW average was `gbps`, printed to 0.01 Gb/s
/// as perftest prints it. `key` picks the run's own queue pair numbers and addresses.
std::string perftest_client_text(const PerftestClient& client, double gbps, std::uint64_t key);

/// What the client of `test` prints on the simulated fabric: its device, the hosts' addresses
/// (10.RAIL.H/250.H%250+1), the figure measure() gives. `run` gives size, duration, qps and GID index.
std::string replay_client_text(const FabricSim& sim, const fabric::Test& test, const PerftestClient& run = {});

/// `test` of a plan over `planned` as a test of the simulator's own fabric, its NICs found by host
/// and device name (the two fabrics may number them apart); nullopt when the simulated fabric has
/// no such host or device. Id and flow are kept.
std::optional<fabric::Test> simulated_test(const FabricSim& sim, const fabric::Fabric& planned,
                                           const fabric::Test& test);

}  // namespace roce::sim
