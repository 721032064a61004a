// ib_write_bw's client output, as perftest's print statements lay it out (src/perftest_parameters.c
// ctx_print_test_info and print_full_bw_report, src/perftest_communication.c
// ctx_print_pingpong_data, the formats of their headers).
#include "sim/perftest_replay.hpp"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>

#include "sim/fabric_draws.hpp"

namespace roce::sim {
namespace {

constexpr const char* kResultLine =
    "---------------------------------------------------------------------------------------\n";

template <class... Args>
void print(std::string& out, const char* format, Args... args) {
  char line[256];
  const int n = std::snprintf(line, sizeof line, format, args...);
  if (n > 0) out.append(line, static_cast<std::size_t>(std::min<int>(n, sizeof line - 1)));
}

// " local address: LID 0000 QPN 0x0108 PSN 0x63ad7d RKey 0x17eedf VAddr 0x007f760c947000" and its
// GID line, as RoCE prints it (an IPv4-mapped GID, each byte in decimal).
void address(std::string& out, const char* side, Draws& draws, std::uint32_t ipv4) {
  const auto qpn = static_cast<unsigned>(0x100 + draws.below(0x10000));
  const auto psn = static_cast<unsigned>(draws.below(0x1000000));
  const auto rkey = static_cast<unsigned>(0x100000 + draws.below(0xf00000));
  const auto vaddr = static_cast<unsigned long long>(0x7f0000000000ULL + (draws.below(0xffffffffULL) << 12));
  print(out, " %s address: LID %#04x QPN %#06x PSN %#06x", side, 0u, qpn, psn);
  print(out, " RKey %#08x VAddr %#016llx\n", rkey, vaddr);
  print(out, " GID: 00:00:00:00:00:00:00:00:00:00:255:255:%02u:%02u:%02u:%02u\n", ipv4 >> 24, (ipv4 >> 16) & 0xff,
        (ipv4 >> 8) & 0xff, ipv4 & 0xff);
}

std::uint32_t address_of(const FabricSim& sim, fabric::HostRail hr) {
  const auto h = static_cast<std::uint32_t>(sim.rails().host(hr));
  const auto r = static_cast<std::uint32_t>(sim.rails().rail(hr));
  return (10u << 24) | ((r & 0xff) << 16) | (((h / 250) & 0xff) << 8) | (h % 250 + 1);
}

}  // namespace

std::string perftest_client_text(const PerftestClient& client, double gbps, std::uint64_t key) {
  Draws draws(key);
  std::string out;
  const std::uint32_t qps = client.qps == 0 ? 1 : client.qps;
  out += " WARNING: BW peak won't be measured in this run.\n";
  out += kResultLine;
  out += "                    RDMA_Write BW Test\n";
  print(out, " Dual-port       : %s\t\tDevice         : %s\n", "OFF", client.device.c_str());
  print(out, " Number of qps   : %u\t\tTransport type : %s\n", qps, "IB");
  print(out, " Connection type : %s\t\tUsing SRQ      : %s\n", "RC", "OFF");
  print(out, " PCIe relax order: %s\t\tLock-free      : %s\n", "ON", "OFF");
  print(out, " ibv_wr* API     : %s\t\tUsing Enhanced Reorder      : %s\n", "ON", "OFF");
  out += " TX depth        : 128\n";
  out += " CQ Moderation   : 100\n";
  out += " CQE Poll Batch  : Dynamic\n";
  print(out, " Mtu             : %u[B]\n", client.mtu);
  out += " Link type       : Ethernet\n";
  print(out, " GID index       : %u\n", client.gid_index);
  out += " Max inline data : 0[B]\n";
  out += " rdma_cm QPs\t : OFF\n";
  out += " Data ex. method : Ethernet\n";
  out += kResultLine;
  for (std::uint32_t q = 0; q < qps; ++q) address(out, "local", draws, client.local_ipv4);
  for (std::uint32_t q = 0; q < qps; ++q) address(out, "remote", draws, client.remote_ipv4);
  out += kResultLine;
  out += " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n";
  // perftest counts messages between its margins (2 s each side of a long enough run).
  const double window = client.duration_s > 4 ? client.duration_s - 4.0 : std::max(1u, client.duration_s);
  const double bytes = client.size == 0 ? 1.0 : static_cast<double>(client.size);
  const auto iterations = static_cast<std::uint64_t>(std::llround(gbps * 125e6 * window / bytes));
  const double rate = static_cast<double>(iterations) / window / 1e6;
  const unsigned long size = static_cast<unsigned long>(client.size);
  if (gbps < 0.1)  // perftest's REPORT_FMT_EXT: more digits for a small figure in Gb/s
    print(out, " %-7lu    %" PRIu64 "           %-7.6lf            %-7.6lf            %-7.6lf", size, iterations, 0.0,
          gbps, rate);
  else
    print(out, " %-7lu    %-10" PRIu64 "       %-7.2lf            %-7.2lf\t\t     %-7.6lf", size, iterations, 0.0, gbps,
          rate);
  out += "\n";
  out += kResultLine;
  return out;
}

std::string replay_client_text(const FabricSim& sim, const fabric::Test& test, const PerftestClient& run) {
  PerftestClient client = run;
  const auto& host = sim.fabric().hosts[sim.rails().host(test.client)];
  client.device = host.rails[sim.rails().rail(test.client)].device;
  client.local_ipv4 = address_of(sim, test.client);
  client.remote_ipv4 = address_of(sim, test.server);
  const std::uint64_t key =
      key_of({sim.seed(), static_cast<std::uint64_t>(Stream::replay), test.id, test.client, test.server, test.flow});
  return perftest_client_text(client, sim.measure(test), key);
}

std::optional<fabric::Test> simulated_test(const FabricSim& sim, const fabric::Fabric& planned,
                                           const fabric::Test& test) {
  const fabric::HostRails planned_rails(planned);
  const auto find = [&](fabric::HostRail hr) -> std::optional<fabric::HostRail> {
    if (hr >= planned_rails.size()) return std::nullopt;
    const auto& host = planned.hosts[planned_rails.host(hr)];
    const std::string& device = host.rails[planned_rails.rail(hr)].device;
    const auto& hosts = sim.fabric().hosts;
    for (std::size_t h = 0; h < hosts.size(); ++h) {
      if (hosts[h].name != host.name) continue;
      for (std::size_t r = 0; r < hosts[h].rails.size(); ++r)
        if (hosts[h].rails[r].device == device) return sim.rails().of(static_cast<int>(h), static_cast<int>(r));
    }
    return std::nullopt;
  };
  const auto client = find(test.client), server = find(test.server);
  if (!client || !server) return std::nullopt;
  return fabric::Test{test.id, *client, *server, test.flow};
}

}  // namespace roce::sim
