// A host's sweep as Prometheus metrics: the curated series, the check gauges, the sweep's timing.
#include "metrics/exposition.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <string_view>

#include "counters/canonical.hpp"
#include "model/dcb.hpp"

namespace roce::metrics {
namespace {

constexpr std::array kFamilies = {
    Family{"roce_doctor_last_check_timestamp_seconds", "gauge", "Unix time the last sweep (read and judge) ended."},
    Family{"roce_doctor_sweep_duration_seconds", "gauge", "Seconds the last sweep took to read and judge the host."},
    Family{"roce_doctor_sample_interval_seconds", "gauge",
           "Seconds between the two samples the rate checks compared (absent: one sample, rate checks skipped)."},
    Family{"roce_doctor_host_info", "gauge", "The host judged: its name, kernel and where it was read from; always 1."},
    Family{"roce_doctor_roce_ports", "gauge",
           "RoCE ports judged on this host (Ethernet RDMA ports, and switch ports). 0: a host with no RoCE port "
           "(a CPU, login or VM node): nothing is judged about its netdevs, and no port series is emitted."},
    Family{"roce_doctor_check_evaluated", "gauge",
           "1 if the check judged something, 0 if it was skipped for want of its inputs."},
    Family{"roce_doctor_check_severity", "gauge",
           "Worst finding of a check on a port: 0 ok, 1 warning, 2 critical (as the exit codes)."},
    Family{"roce_doctor_port_info", "gauge", "A RoCE port: RDMA device, port, netdev, driver and firmware; always 1."},
    Family{"roce_doctor_data_missing", "gauge",
           "A datum that could not be read, with the reason (unsupported, denied, absent, error); always 1. "
           "Its series are not emitted."},
    Family{"roce_doctor_link_up", "gauge", "1 if the netdev's operstate is up, else 0."},
    Family{"roce_doctor_rdma_port_state_id", "gauge", "RDMA port state (4 ACTIVE)."},
    Family{"roce_doctor_rdma_port_physical_state_id", "gauge", "RDMA port physical state (5 LinkUp)."},
    Family{"roce_doctor_link_speed_bytes_per_second", "gauge", "Link speed in bytes per second."},
    Family{"roce_doctor_mtu_bytes", "gauge", "Netdev MTU in bytes."},
    Family{"roce_doctor_link_carrier_changes_total", "counter", "Carrier changes of the netdev."},
    Family{"roce_doctor_pfc_pause_frames_total", "counter", "PFC pause frames per priority and direction (rx, tx)."},
    Family{"roce_doctor_pfc_pause_seconds_total", "counter",
           "Time paused by PFC per priority and direction, seconds (rx: this port was paused)."},
    Family{"roce_doctor_pause_frames_total", "counter", "802.3x global pause frames per direction."},
    Family{"roce_doctor_priority_rx_discards_total", "counter",
           "Packets of a priority dropped on receive for lack of buffer (lossless drops on a PFC priority)."},
    Family{"roce_doctor_priority_rx_buffer_discards_total", "counter",
           "The drops of roce_doctor_priority_rx_discards_total as the host's share of the port buffer counts them "
           "(the same packets on a single-host NIC): never add the two."},
    Family{"roce_doctor_priority_ecn_marked_packets_total", "counter", "Packets of a priority marked ECN CE."},
    Family{"roce_doctor_port_discards_total", "counter", "Packets the physical port discarded, per direction."},
    Family{"roce_doctor_port_bytes_total", "counter", "Bytes the physical port received and sent, per direction."},
    Family{"roce_doctor_rx_out_of_buffer_total", "counter", "Packets dropped because a receive queue had no buffer."},
    Family{"roce_doctor_port_ecn_marked_packets_total", "counter", "Packets the switch port marked ECN CE on egress."},
    Family{"roce_doctor_roce_ecn_marked_packets_total", "counter", "RoCE packets received with ECN CE."},
    Family{"roce_doctor_roce_cnp_sent_total", "counter", "Congestion notification packets sent (notification point)."},
    Family{"roce_doctor_roce_cnp_handled_total", "counter", "CNPs handled by the reaction point (rate reduced)."},
    Family{"roce_doctor_roce_cnp_ignored_total", "counter", "CNPs the reaction point ignored."},
    Family{"roce_doctor_roce_out_of_sequence_total", "counter", "RoCE packets received out of sequence."},
    Family{"roce_doctor_roce_retransmits_total", "counter", "RoCE retransmissions (adaptive retransmission)."},
    Family{"roce_doctor_roce_retransmit_timeouts_total", "counter", "RoCE retransmissions after a timeout."},
    Family{"roce_doctor_roce_local_ack_timeouts_total", "counter", "RoCE local ACK timeouts."},
    Family{"roce_doctor_roce_out_of_buffer_total", "counter", "RoCE packets dropped: no receive WQE posted."},
    Family{"roce_doctor_pfc_info", "gauge", "PFC configuration: the priorities PFC is enabled on; always 1."},
    Family{"roce_doctor_pfc_enabled", "gauge", "1 if PFC is enabled on the priority (lossless), else 0."},
    Family{"roce_doctor_buffer_info", "gauge", "Receive buffer map: the buffer of each priority 0..7; always 1."},
    Family{"roce_doctor_buffer_size_bytes", "gauge", "Size of a receive buffer, bytes."},
    Family{"roce_doctor_qos_info", "gauge", "QoS trust mode (pcp, dscp); always 1."},
    Family{"roce_doctor_ecn_info", "gauge",
           "NIC ECN: the priorities the notification point (np) and reaction point (rp) are enabled on; always 1."},
};

// The canonical counters exported as they are, with the family and the labels beside the port's.
struct CounterSeries {
  std::string_view canonical;
  std::string_view family;
  std::string_view extra_label = {};
  std::string_view extra_value = {};
};
constexpr std::array kPortCounters = {
    CounterSeries{"global.rx_pause", "roce_doctor_pause_frames_total", "direction", "rx"},
    CounterSeries{"global.tx_pause", "roce_doctor_pause_frames_total", "direction", "tx"},
    CounterSeries{"port.rx_discards", "roce_doctor_port_discards_total", "direction", "rx"},
    CounterSeries{"port.tx_discards", "roce_doctor_port_discards_total", "direction", "tx"},
    CounterSeries{"port.rx_bytes", "roce_doctor_port_bytes_total", "direction", "rx"},
    CounterSeries{"port.tx_bytes", "roce_doctor_port_bytes_total", "direction", "tx"},
    CounterSeries{"host.rx_out_of_buffer", "roce_doctor_rx_out_of_buffer_total"},
    CounterSeries{"port.ecn_marked", "roce_doctor_port_ecn_marked_packets_total"},
    CounterSeries{"roce.ecn_marked", "roce_doctor_roce_ecn_marked_packets_total"},
    CounterSeries{"roce.cnp_sent", "roce_doctor_roce_cnp_sent_total"},
    CounterSeries{"roce.cnp_handled", "roce_doctor_roce_cnp_handled_total"},
    CounterSeries{"roce.cnp_ignored", "roce_doctor_roce_cnp_ignored_total"},
    CounterSeries{"roce.out_of_sequence", "roce_doctor_roce_out_of_sequence_total"},
    CounterSeries{"roce.retransmits", "roce_doctor_roce_retransmits_total"},
    CounterSeries{"roce.retransmit_timeouts", "roce_doctor_roce_retransmit_timeouts_total"},
    CounterSeries{"roce.local_ack_timeout_err", "roce_doctor_roce_local_ack_timeouts_total"},
    CounterSeries{"roce.out_of_buffer", "roce_doctor_roce_out_of_buffer_total"},
};
constexpr std::array kPriorityCounters = {
    CounterSeries{"rx_pause", "roce_doctor_pfc_pause_frames_total", "direction", "rx"},
    CounterSeries{"tx_pause", "roce_doctor_pfc_pause_frames_total", "direction", "tx"},
    CounterSeries{"rx_discards", "roce_doctor_priority_rx_discards_total"},
    CounterSeries{"rx_buf_discards", "roce_doctor_priority_rx_buffer_discards_total"},
    CounterSeries{"rx_ecn_marked", "roce_doctor_priority_ecn_marked_packets_total"},
};
constexpr std::array kPauseMicroseconds = {
    CounterSeries{"rx_pause_us", "roce_doctor_pfc_pause_seconds_total", "direction", "rx"},
    CounterSeries{"tx_pause_us", "roce_doctor_pfc_pause_seconds_total", "direction", "tx"},
};

Labels port_labels(const engine::PortView& p) {
  const engine::Subject s = p.subject();
  return {{"device", s.rdma_device}, {"port", s.port ? std::to_string(*s.port) : ""}, {"netdev", s.netdev}};
}

Labels with(Labels labels, std::string_view name, std::string value) {
  labels.emplace_back(name, std::move(value));
  return labels;
}

// "0,3" (the priorities whose bit is set), "none" when no bit is.
std::string priority_list(auto&& is_set) {
  std::string out;
  for (int prio = 0; prio < model::kPriorities; ++prio)
    if (is_set(prio)) out += (out.empty() ? "" : ",") + std::to_string(prio);
  return out.empty() ? "none" : out;
}

template <class T>
bool present_or_note(Exposition& e, const Labels& labels, const model::Field<T>& field, std::string_view what) {
  if (field.ok()) return true;
  e.add("roce_doctor_data_missing",
        with(with(labels, "data", std::string(what)), "reason", to_string(field.availability)), 1.0);
  return false;
}

void add_link(Exposition& e, const engine::PortView& p, const Labels& labels) {
  const model::NetDev& n = *p.netdev;
  if (!p.stand_in) {
    if (present_or_note(e, labels, n.operstate, "operstate"))
      e.add("roce_doctor_link_up", labels, *n.operstate == "up" ? 1.0 : 0.0);
    if (present_or_note(e, labels, n.mtu, "mtu")) e.add("roce_doctor_mtu_bytes", labels, double(*n.mtu));
    if (n.carrier_changes.ok()) e.add("roce_doctor_link_carrier_changes_total", labels, *n.carrier_changes);
  }
  if (p.port) {
    if (present_or_note(e, labels, p.port->state, "rdma_port_state"))
      e.add("roce_doctor_rdma_port_state_id", labels, double(p.port->state->code));
    if (p.port->phys_state.ok())
      e.add("roce_doctor_rdma_port_physical_state_id", labels, double(p.port->phys_state->code));
  }
  // The netdev's link modes, else the RDMA port's rate; bits to bytes.
  std::optional<double> bytes_per_second;
  if (!p.stand_in && n.link.ok() && n.link->speed_mbps)
    bytes_per_second = double(*n.link->speed_mbps) * 1e6 / 8;
  else if (p.port && p.port->rate_gbps.ok())
    bytes_per_second = *p.port->rate_gbps * 1e9 / 8;
  if (bytes_per_second)
    e.add("roce_doctor_link_speed_bytes_per_second", labels, *bytes_per_second);
  else if (!p.stand_in)
    present_or_note(e, labels, n.link, "link_speed");
}

void add_counters(Exposition& e, const engine::PortView& p, const Labels& labels) {
  const auto add = [&](const CounterSeries& c, const std::string& canonical, const Labels& base, bool microseconds) {
    const counters::Metric* m = p.metric(canonical);
    if (!m) return;
    const Labels l = c.extra_label.empty() ? base : with(base, c.extra_label, std::string(c.extra_value));
    if (microseconds)
      e.add(c.family, l, double(m->value) / 1e6);
    else
      e.add(c.family, l, m->value);
  };
  for (int prio = 0; prio < model::kPriorities; ++prio) {
    const Labels pl = with(labels, "priority", std::to_string(prio));
    for (const auto& c : kPriorityCounters) add(c, counters::prio_name(prio, c.canonical), pl, false);
    for (const auto& c : kPauseMicroseconds) add(c, counters::prio_name(prio, c.canonical), pl, true);
  }
  for (const auto& c : kPortCounters) add(c, std::string(c.canonical), labels, false);
  if (!p.stand_in) present_or_note(e, labels, p.netdev->ethtool_stats, "ethtool_stats");
  if (p.port) present_or_note(e, labels, p.port->hw_counters, "hw_counters");
}

void add_configuration(Exposition& e, const engine::PortView& p, const Labels& labels) {
  if (p.stand_in) return;
  const model::NetDev& n = *p.netdev;
  if (present_or_note(e, labels, n.dcb.pfc, "pfc")) {
    e.add("roce_doctor_pfc_info",
          with(labels, "enabled_priorities", priority_list([&](int prio) { return n.dcb.pfc->enabled(prio); })), 1.0);
    // Per priority, with the labels of the per-priority counters: the shipped rules and dashboard
    // join drops with `and on (..., priority) roce_doctor_pfc_enabled == 1`.
    for (int prio = 0; prio < model::kPriorities; ++prio)
      e.add("roce_doctor_pfc_enabled", with(labels, "priority", std::to_string(prio)),
            n.dcb.pfc->enabled(prio) ? 1.0 : 0.0);
  }
  if (present_or_note(e, labels, n.dcb.buffer, "buffer")) {
    std::string map;
    for (int prio = 0; prio < model::kPriorities; ++prio)
      map += (prio ? "," : "") + std::to_string(n.dcb.buffer->prio2buffer[prio]);
    e.add("roce_doctor_buffer_info", with(labels, "prio2buffer", map), 1.0);
    for (std::size_t b = 0; b < n.dcb.buffer->buffer_size.size(); ++b)
      if (n.dcb.buffer->buffer_size[b] != 0)
        e.add("roce_doctor_buffer_size_bytes", with(labels, "buffer", std::to_string(b)),
              double(n.dcb.buffer->buffer_size[b]));
  }
  if (present_or_note(e, labels, n.trust, "trust")) e.add("roce_doctor_qos_info", with(labels, "trust", *n.trust), 1.0);
  if (present_or_note(e, labels, n.ecn, "ecn")) {
    const auto enabled = [](const model::PerPrio<model::Field<bool>>& role) {
      return priority_list([&](int prio) { return role[prio].ok() && *role[prio]; });
    };
    e.add("roce_doctor_ecn_info",
          with(with(labels, "np_enabled_priorities", enabled(n.ecn->np)), "rp_enabled_priorities", enabled(n.ecn->rp)),
          1.0);
  }
}

void add_port_info(Exposition& e, const engine::PortView& p, const Labels& labels) {
  std::string firmware;
  if (p.device && p.device->fw_ver.ok())
    firmware = *p.device->fw_ver;
  else if (!p.stand_in && p.netdev->driver.ok())
    firmware = p.netdev->driver->fw_version;
  e.add("roce_doctor_port_info", with(with(labels, "driver", p.driver()), "firmware_version", firmware), 1.0);
}

// One gauge per check and port it judged: the worst severity found there (info counts as ok), a
// port the check skipped left out. A finding about no port (a job) is a gauge with the check alone.
void add_checks(Exposition& e, const engine::Context& ctx, std::span<const engine::CheckResult> results) {
  for (const auto& r : results) {
    const bool judged = r.status != engine::CheckResult::Status::skipped;
    e.add("roce_doctor_check_evaluated", {{"check", r.id}}, judged ? 1.0 : 0.0);
    if (!judged) continue;
    std::map<std::string, std::pair<Labels, int>> by_port;  // port name -> labels, worst severity
    for (const auto& p : ctx.ports()) {
      const std::string name = p.subject().port_name();
      const bool skipped = std::any_of(r.notes.begin(), r.notes.end(),
                                       [&](const std::string& note) { return note.starts_with(p.name() + ": "); });
      if (!skipped) by_port.emplace(name, std::pair{with(port_labels(p), "check", r.id), 0});
    }
    for (const auto& f : r.findings) {
      const int severity = f.severity == engine::Severity::info ? 0 : static_cast<int>(f.severity);
      Labels labels = {{"device", f.subject.rdma_device},
                       {"port", f.subject.port ? std::to_string(*f.subject.port) : ""},
                       {"netdev", f.subject.netdev},
                       {"check", r.id}};
      auto [it, inserted] = by_port.emplace(f.subject.port_name(), std::pair{std::move(labels), severity});
      if (!inserted) it->second.second = std::max(it->second.second, severity);
    }
    for (const auto& [name, entry] : by_port)
      e.add("roce_doctor_check_severity", entry.first, static_cast<double>(entry.second));
  }
}

}  // namespace

std::span<const Family> families() { return kFamilies; }

std::string render_exposition(const engine::Context& ctx, std::span<const engine::CheckResult> results,
                              const SweepTiming& timing) {
  Exposition e(kFamilies);
  e.add("roce_doctor_last_check_timestamp_seconds", {}, timing.finished_unix_seconds);
  e.add("roce_doctor_sweep_duration_seconds", {}, timing.duration_seconds);
  if (ctx.has_rates()) e.add("roce_doctor_sample_interval_seconds", {}, ctx.dt_seconds);
  e.add("roce_doctor_host_info",
        {{"hostname", ctx.now.hostname}, {"kernel", ctx.now.kernel_release}, {"source", ctx.now.from.source}}, 1.0);
  e.add("roce_doctor_roce_ports", {}, static_cast<double>(ctx.ports().size()));
  add_checks(e, ctx, results);
  for (const auto& p : ctx.ports()) {
    const Labels labels = port_labels(p);
    add_port_info(e, p, labels);
    add_link(e, p, labels);
    add_counters(e, p, labels);
    add_configuration(e, p, labels);
  }
  return e.render();
}

}  // namespace roce::metrics
