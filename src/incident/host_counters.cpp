// A host sample's storm ports and counters, through slots found once per configuration.
#include "incident/host_counters.hpp"

#include <algorithm>
#include <string_view>

#include "counters/canonical.hpp"
#include "model/port_netdev.hpp"

namespace roce::incident {
namespace {

using storm::kPriorities;

// Storm counters by number: five per-priority arrays, then the port's scalars.
enum : std::uint8_t {
  kTxPause = 0,
  kRxPause = kTxPause + kPriorities,
  kTxPauseUs = kRxPause + kPriorities,
  kRxPauseUs = kTxPauseUs + kPriorities,
  kRxDiscards = kRxPauseUs + kPriorities,
  kGlobalTx = kRxDiscards + kPriorities,
  kGlobalRx,
  kRxBytes,
  kTxBytes,
  kRxDiscardsPort,
  kOutOfBuffer,
  kPcieStalls,
  kEcnMarked,
  kCnpSent,
  kCnpHandled,
  kTxDiscards,
};

std::optional<std::uint64_t>& field_of(storm::Counters& c, std::uint8_t f) {
  if (f < kRxPause) return c.tx_pause[f - kTxPause];
  if (f < kTxPauseUs) return c.rx_pause[f - kRxPause];
  if (f < kRxPauseUs) return c.tx_pause_us[f - kTxPauseUs];
  if (f < kRxDiscards) return c.rx_pause_us[f - kRxPauseUs];
  if (f < kGlobalTx) return c.rx_discards[f - kRxDiscards];
  switch (f) {
    case kGlobalTx: return c.global_tx_pause;
    case kGlobalRx: return c.global_rx_pause;
    case kRxBytes: return c.rx_bytes;
    case kTxBytes: return c.tx_bytes;
    case kRxDiscardsPort: return c.rx_discards_port;
    case kOutOfBuffer: return c.out_of_buffer;
    case kPcieStalls: return c.pcie_stalls;
    case kEcnMarked: return c.ecn_marked;
    case kCnpSent: return c.cnp_sent;
    case kCnpHandled: return c.cnp_handled;
    default: return c.tx_discards;
  }
}

bool is_pause(std::uint8_t f) { return f < kRxDiscards || f == kGlobalTx || f == kGlobalRx; }

struct Reading {
  std::string canonical;
  std::uint8_t field;
  HostCounters::Combine combine;
};

std::vector<Reading> readings() {
  using C = HostCounters::Combine;
  std::vector<Reading> out;
  for (int p = 0; p < kPriorities; ++p) {
    const auto n = static_cast<std::uint8_t>(p);
    out.push_back({counters::prio_name(p, "tx_pause"), static_cast<std::uint8_t>(kTxPause + n), C::first});
    out.push_back({counters::prio_name(p, "rx_pause"), static_cast<std::uint8_t>(kRxPause + n), C::first});
    out.push_back({counters::prio_name(p, "tx_pause_us"), static_cast<std::uint8_t>(kTxPauseUs + n), C::first});
    out.push_back({counters::prio_name(p, "rx_pause_us"), static_cast<std::uint8_t>(kRxPauseUs + n), C::first});
    out.push_back({counters::prio_name(p, "rx_discards"), static_cast<std::uint8_t>(kRxDiscards + n), C::larger});
    out.push_back({counters::prio_name(p, "rx_buf_discards"), static_cast<std::uint8_t>(kRxDiscards + n), C::larger});
  }
  out.push_back({"global.tx_pause", kGlobalTx, C::first});
  out.push_back({"global.rx_pause", kGlobalRx, C::first});
  out.push_back({"port.rx_bytes", kRxBytes, C::first});
  out.push_back({"port.tx_bytes", kTxBytes, C::first});
  out.push_back({"port.rx_discards", kRxDiscardsPort, C::first});
  out.push_back({"port.tx_discards", kTxDiscards, C::first});
  out.push_back({"host.rx_out_of_buffer", kOutOfBuffer, C::sum});
  out.push_back({"roce.out_of_buffer", kOutOfBuffer, C::sum});
  out.push_back({"pcie.stalled_rd_events", kPcieStalls, C::sum});
  out.push_back({"pcie.stalled_wr_events", kPcieStalls, C::sum});
  out.push_back({"roce.ecn_marked", kEcnMarked, C::first});
  out.push_back({"roce.cnp_sent", kCnpSent, C::first});
  out.push_back({"roce.cnp_handled", kCnpHandled, C::first});
  return out;
}

const std::vector<Reading>& all_readings() {
  static const std::vector<Reading> r = readings();
  return r;
}

// The counter set a slot reads, or null when the host no longer has it.
const model::CounterSet* set_of(const model::Host& host, const HostCounters::Slot& s) {
  if (s.set == 0) {
    if (s.netdev >= host.netdevs.size()) return nullptr;
    const auto& f = host.netdevs[s.netdev].ethtool_stats;
    return f.ok() ? &*f : nullptr;
  }
  if (s.device >= host.rdma_devices.size() || s.rdma_port >= host.rdma_devices[s.device].ports.size()) return nullptr;
  const auto& port = host.rdma_devices[s.device].ports[s.rdma_port];
  const auto& f = s.set == 1 ? port.hw_counters : port.counters;
  return f.ok() ? &*f : nullptr;
}

std::uint8_t set_number(std::string_view set) {
  if (set == "hw_counters") return 1;
  if (set == "counters") return 2;
  return 0;
}

void put(std::optional<std::uint64_t>& into, std::uint64_t v, HostCounters::Combine how) {
  if (!into) {
    into = v;
    return;
  }
  if (how == HostCounters::Combine::larger) into = std::max(*into, v);
  if (how == HostCounters::Combine::sum) *into += v;
}

// The size of every counter set of the host, in order (a counter that appears changes one): given
// `sizes`, whether they are still these; else fills them.
bool same_set_sizes(const model::Host& host, std::vector<std::size_t>* fill, const std::vector<std::size_t>& sizes) {
  std::size_t i = 0;
  const auto visit = [&](const model::Field<model::CounterSet>& f) {
    const std::size_t n = f.ok() ? f->entries.size() : 0;
    if (fill) fill->push_back(n);
    return fill || (i < sizes.size() && sizes[i++] == n);
  };
  for (const auto& nd : host.netdevs)
    if (!visit(nd.ethtool_stats)) return false;
  for (const auto& d : host.rdma_devices)
    for (const auto& p : d.ports)
      if (!visit(p.hw_counters) || !visit(p.counters)) return false;
  return fill || i == sizes.size();
}

double line_gbps(const model::NetDev& nd, const model::RdmaPort* port) {
  if (nd.link.ok() && nd.link->speed_mbps && *nd.link->speed_mbps > 0) return *nd.link->speed_mbps / 1000.0;
  if (port && port->rate_gbps.ok() && *port->rate_gbps > 0) return *port->rate_gbps;
  return 0;
}

}  // namespace

bool HostCounters::still_valid(const model::Host& host) const {
  if (!built_ || host.hostname != hostname_ || host.netdevs.size() != netdev_names_.size()) return false;
  for (std::size_t i = 0; i < netdev_names_.size(); ++i)
    if (host.netdevs[i].name != netdev_names_[i]) return false;
  if (!same_set_sizes(host, nullptr, set_sizes_)) return false;
  for (const Slot& s : slots_) {
    const model::CounterSet* set = set_of(host, s);
    if (!set || s.entry >= set->entries.size() || set->entries[s.entry].first != s.raw) return false;
  }
  return true;
}

void HostCounters::rebuild(const model::Host& host) {
  ports_.clear();
  slots_.clear();
  hostname_ = host.hostname;
  netdev_names_.clear();
  for (const auto& nd : host.netdevs) netdev_names_.push_back(nd.name);
  set_sizes_.clear();
  same_set_sizes(host, &set_sizes_, set_sizes_);
  built_ = true;
  for (std::uint32_t n = 0; n < host.netdevs.size(); ++n) {
    const model::NetDev& nd = host.netdevs[n];
    // Its RDMA port: the first whose netdev is this one.
    const model::RdmaPort* port = nullptr;
    std::uint32_t device = 0, rdma_port = 0;
    for (std::uint32_t d = 0; d < host.rdma_devices.size() && !port; ++d)
      for (std::uint32_t p = 0; p < host.rdma_devices[d].ports.size(); ++p) {
        const auto name = model::port_netdev(host, host.rdma_devices[d], host.rdma_devices[d].ports[p]);
        if (name.ok() && *name == nd.name) {
          port = &host.rdma_devices[d].ports[p];
          device = d;
          rdma_port = p;
          break;
        }
      }
    const counters::Canonical canonical = counters::canonicalize(&nd, port);
    bool pfc = false;
    for (const Reading& r : all_readings())
      if (is_pause(r.field) && canonical.count(r.canonical)) pfc = true;
    if (!pfc && !port) continue;
    const auto index = static_cast<std::uint16_t>(ports_.size());
    ports_.push_back({{host.hostname, nd.name, false}, line_gbps(nd, port)});
    for (const Reading& r : all_readings()) {
      const auto found = canonical.find(r.canonical);
      if (found == canonical.end()) continue;
      Slot s{index, r.field, set_number(found->second.set), r.combine, n, device, rdma_port, 0, found->second.raw_name};
      const model::CounterSet* set = set_of(host, s);
      if (!set) continue;
      const auto at =
          std::find_if(set->entries.begin(), set->entries.end(), [&](const auto& e) { return e.first == s.raw; });
      if (at == set->entries.end()) continue;
      s.entry = static_cast<std::uint32_t>(at - set->entries.begin());
      pause_seen_ = pause_seen_ || is_pause(s.field);
      slots_.push_back(std::move(s));
    }
  }
}

void HostCounters::refresh(const model::Host& host) {
  if (!still_valid(host)) rebuild(host);
}

const std::vector<HostPort>& HostCounters::ports(const model::Host& host) {
  refresh(host);
  return ports_;
}

void HostCounters::read(const model::Host& host, std::vector<storm::Counters>& out) {
  refresh(host);
  out.assign(ports_.size(), storm::Counters{});
  for (const Slot& s : slots_) {
    const std::uint64_t v = set_of(host, s)->entries[s.entry].second;
    put(field_of(out[s.port], s.field), v, s.combine);
  }
}

std::vector<const void*> HostCounters::pause_addresses(const model::Host& host) {
  refresh(host);
  std::vector<const void*> out;
  for (const Slot& s : slots_)
    if (is_pause(s.field)) out.push_back(&set_of(host, s)->entries[s.entry].second);
  return out;
}

void HostCounters::pause_sums(const model::Host& host, std::vector<std::uint64_t>& out) {
  refresh(host);
  out.assign(ports_.size(), 0);
  for (const Slot& s : slots_)
    if (is_pause(s.field)) out[s.port] += set_of(host, s)->entries[s.entry].second;
}

}  // namespace roce::incident
