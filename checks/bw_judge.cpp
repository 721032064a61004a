// Bandwidth results judged against the host's NICs (see bw_judge.hpp for the formulas).
#include "checks/bw_judge.hpp"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>

namespace roce::checks {
namespace {

// The port's line rate in Gb/s: the RDMA port's rate, else the netdev's ethtool speed.
std::optional<double> line_rate_gbps(const engine::PortView& p) {
  if (p.port && p.port->rate_gbps.ok() && *p.port->rate_gbps > 0) return *p.port->rate_gbps;
  if (p.netdev->link.ok() && p.netdev->link->speed_mbps && *p.netdev->link->speed_mbps > 0)
    return *p.netdev->link->speed_mbps / 1000.0;
  return std::nullopt;
}

std::string port_label(const engine::PortView& p) {
  std::string s = p.name();
  if (p.device && p.port && !p.stand_in) s += " (" + p.device->name + "/" + std::to_string(p.port->number) + ")";
  return s;
}

// The port a perftest result ran over, or why it cannot be told.
const engine::PortView* perftest_port(const engine::Context& ctx, const model::BandwidthResult& r, std::string& why) {
  const auto& ports = ctx.ports();
  if (r.device.empty()) {
    if (ports.size() == 1) return &ports[0];
    why = ports.empty() ? "no RoCE port on this host to compare with"
                        : "the result names no device and the host has " + std::to_string(ports.size()) +
                              " RoCE ports: give --dev";
    return nullptr;
  }
  std::vector<const engine::PortView*> of_device;
  for (const auto& p : ports)
    if (p.device && p.device->name == r.device) of_device.push_back(&p);
  if (of_device.empty()) {
    why = "device " + r.device + " of the result is not a RoCE port of this host";
    return nullptr;
  }
  for (const auto* p : of_device)
    if (p->port && p->port->number == 1) return p;  // perftest's default --ib-port
  if (of_device.size() == 1) return of_device[0];
  why = "device " + r.device + " has several ports and none is port 1";
  return nullptr;
}

void verdict_of(BandwidthJudgement& j) {
  j.ratio = j.expected_gbps > 0 ? j.measured_gbps / j.expected_gbps : 0;
  if (j.ratio > kBwPlausibleRatio && j.result->line_rate) {
    j.unjudged_reason = "measured " + bw_number(j.measured_gbps) + " Gb/s is " + bw_number(j.ratio * 100) +
                        "% of what the stated NICs carry (" + j.basis + "): is --line-rate right?";
    j.verdict = BwVerdict::unjudged;
    return;
  }
  if (j.ratio > kBwPlausibleRatio) {
    j.unjudged_reason = "measured " + bw_number(j.measured_gbps) + " Gb/s is " + bw_number(j.ratio * 100) +
                        "% of what these ports carry (" + j.basis +
                        "): it was not measured over them (another host, or more NICs than this one has)";
    j.verdict = BwVerdict::unjudged;
    return;
  }
  j.verdict = j.ratio < j.critical_ratio ? BwVerdict::critical
              : j.ratio < j.pass_ratio   ? BwVerdict::warning
                                         : BwVerdict::ok;
}

// The hint every "cannot tell the line rate here" reason ends with.
const char* const kLineRateHint = ": give the NICs' rate with bw --line-rate (400G, or 8x400G per node)";

}  // namespace

BandwidthFigures figures_of(const model::BandwidthResult& r) {
  BandwidthFigures f;
  for (const auto& row : r.rows)
    if (!f.largest || row.bytes >= f.largest->bytes) f.largest = &row;
  if (!f.largest) return f;
  if (r.tool == model::BandwidthTool::perftest) {
    f.average_gbps = f.largest->gbps;
    f.peak_gbps = f.largest->peak_gbps;
    return f;
  }
  auto best = [](const model::BandwidthRow& w) {
    return std::max(w.out_of_place ? w.out_of_place->busbw : 0.0, w.in_place ? w.in_place->busbw : 0.0);
  };
  for (const auto& row : r.rows)
    if (!f.peak_row || best(row) > best(*f.peak_row)) f.peak_row = &row;
  f.peak_busbw = best(*f.peak_row);
  if (f.largest->out_of_place) f.busbw_out_of_place = f.largest->out_of_place->busbw;
  if (f.largest->in_place) f.busbw_in_place = f.largest->in_place->busbw;
  return f;
}

const std::vector<std::string_view>& bandwidth_causes() {
  static const std::vector<std::string_view> kCauses = {
      "ECN-NIC",          "ECN-RED",         "ECN-IDLE",  "ECN-CNP",      "PFC-LOSSLESS",  "PFC-EXTRA",
      "PFC-GLOBAL-PAUSE", "PFC-STORM-GUARD", "BUF-MAP",   "BUF-HEADROOM", "BUF-CABLE",     "QOS-TRUST",
      "QOS-DSCP-MAP",     "DROP-LOSSLESS",   "DROP-HOST", "PAUSE-STORM",  "LINK-STATE",    "LINK-SPEED",
      "LINK-FLAP",        "LINK-SIGNAL",     "PCIE-LINK", "MTU-ROCE",     "TRAFFIC-CLASS", "RETRANS"};
  return kCauses;
}

const char* to_string(BwVerdict v) {
  switch (v) {
    case BwVerdict::ok: return "ok";
    case BwVerdict::warning: return "warning";
    case BwVerdict::critical: return "critical";
    case BwVerdict::unjudged: return "unjudged";
  }
  return "unjudged";
}

std::string bw_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, v >= 100 ? "%.0f" : "%.3g", v);
  return buf;
}

BandwidthJudgement judge_bandwidth(const engine::Context& ctx, const model::BandwidthResult& r) {
  BandwidthJudgement j;
  j.result = &r;
  const bool perftest = r.tool == model::BandwidthTool::perftest;
  const std::string_view id = perftest ? kBwPerftestId : kBwNcclId;
  j.pass_ratio = ctx.profile.threshold(id, "pass_ratio", kBwPassRatio);
  j.critical_ratio = ctx.profile.threshold(id, "critical_ratio", kBwCriticalRatio);
  j.min_message_bytes =
      ctx.profile.threshold(id, "min_message_bytes", perftest ? kPerftestMinMessageBytes : kNcclMinMessageBytes);
  if (j.critical_ratio > j.pass_ratio) {
    j.unjudged_reason = "thresholds." + std::string(id) + ".critical_ratio " + bw_number(j.critical_ratio) +
                        " is above pass_ratio " + bw_number(j.pass_ratio);
    return j;
  }
  for (const auto& row : r.rows)
    if (static_cast<double>(row.bytes) >= j.min_message_bytes && (!j.row || row.gbps > j.row->gbps)) j.row = &row;
  if (!j.row) {
    j.unjudged_reason = "no row at or above the large-message floor of " +
                        std::to_string(static_cast<std::uint64_t>(j.min_message_bytes)) + " bytes (min_message_bytes)";
    return j;
  }
  j.measured_gbps = j.row->gbps;

  if (perftest && r.line_rate) {
    j.expected_gbps = r.line_rate->gbps_per_nic * (r.bidirectional ? 2 : 1);
    j.basis = "--line-rate " + r.line_rate->text + ": " + bw_number(r.line_rate->gbps_per_nic) + " Gb/s" +
              (r.bidirectional ? ", both directions" : "");
    verdict_of(j);
    return j;
  }
  if (perftest) {
    j.port = perftest_port(ctx, r, j.unjudged_reason);
    if (!j.port) {
      j.unjudged_reason += kLineRateHint;
      return j;
    }
    const auto rate = line_rate_gbps(*j.port);
    if (!rate) {
      j.unjudged_reason = "line rate of " + port_label(*j.port) + " unknown (no RDMA port rate, no link speed)";
      return j;
    }
    j.expected_gbps = *rate * (r.bidirectional ? 2 : 1);
    j.basis = "line rate of " + port_label(*j.port) + ": " + bw_number(*rate) + " Gb/s" +
              (r.bidirectional ? ", both directions" : "");
    verdict_of(j);
    return j;
  }

  if (std::all_of(r.rows.begin(), r.rows.end(), [](const model::BandwidthRow& w) { return w.gbps == 0; })) {
    j.unjudged_reason =
        "busbw 0 on every row: a broken run (ranks that ran alone, e.g. a binary built without MPI=1 "
        "under mpirun), not a measurement";
    return j;
  }
  if (r.ranks.empty()) {
    j.unjudged_reason = "no rank lines: the nodes and GPUs per node of the run are unknown";
    return j;
  }
  std::map<std::string, int> per_host;
  for (const auto& k : r.ranks) ++per_host[k.host];
  if (per_host.size() < 2) {
    j.unjudged_reason =
        "the run stayed on one node (" + per_host.begin()->first + "): NVLink or PCIe carried it, not the network";
    return j;
  }
  int gpus = 0;
  for (const auto& [host, n] : per_host) gpus = std::max(gpus, n);
  std::vector<double> rates;
  if (r.line_rate)
    rates.assign(static_cast<std::size_t>(r.line_rate->nics), r.line_rate->gbps_per_nic);
  else
    for (const auto& p : ctx.ports())
      if (auto rate = line_rate_gbps(p)) rates.push_back(*rate);
  if (rates.empty()) {
    j.unjudged_reason = std::string("no RoCE port with a known line rate on this host") + kLineRateHint;
    return j;
  }
  std::sort(rates.begin(), rates.end(), std::greater<>());
  const std::size_t used = std::min(rates.size(), static_cast<std::size_t>(gpus));
  for (std::size_t i = 0; i < used; ++i) j.expected_gbps += rates[i];
  j.basis = std::to_string(used) + " NIC" + (used == 1 ? "" : "s") + " x " + bw_number(rates[0]) + " Gb/s for " +
            std::to_string(gpus) + " GPU" + (gpus == 1 ? "" : "s") + " per node: " + bw_number(j.expected_gbps / 8) +
            " GB/s busbw";
  if (used > 1 && rates[used - 1] != rates[0])
    j.basis = std::to_string(used) + " NICs (" + bw_number(j.expected_gbps) + " Gb/s together) for " +
              std::to_string(gpus) + " GPUs per node: " + bw_number(j.expected_gbps / 8) + " GB/s busbw";
  if (r.line_rate) j.basis = "--line-rate " + r.line_rate->text + ": " + j.basis;
  verdict_of(j);
  return j;
}

}  // namespace roce::checks
