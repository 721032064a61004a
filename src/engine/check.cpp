#include "engine/check.hpp"

namespace roce::engine {

const char* to_string(Need n) {
  switch (n) {
    case Need::dcb_pfc: return "dcb-pfc";
    case Need::dcb_ets: return "dcb-ets";
    case Need::dcb_app: return "dcb-app";
    case Need::dcb_buffer: return "dcb-buffer";
    case Need::trust: return "trust";
    case Need::nic_ecn: return "nic-ecn";
    case Need::pause_params: return "pause-params";
    case Need::link_settings: return "link-settings";
    case Need::mtu: return "mtu";
    case Need::ethtool_stats: return "ethtool-stats";
    case Need::rdma_counters: return "rdma-counters";
    case Need::rates: return "rates";
    case Need::port_state: return "port-state";
    case Need::gids: return "gids";
    case Need::pcie: return "pcie-link";
    case Need::dcbx: return "dcbx-mode";
    case Need::qdiscs: return "qdiscs";
    case Need::storm_tunable: return "pfc-prevention-tout";
    case Need::switch_end: return "switch-end";
    case Need::switch_export: return "switch-export";
    case Need::bandwidth: return "bandwidth-results";
    case Need::nccl_log: return "nccl-log";
    case Need::topology: return "GPU-NIC topology";
  }
  return "?";
}

const char* to_string(CheckResult::Status s) {
  switch (s) {
    case CheckResult::Status::ok: return "ok";
    case CheckResult::Status::finding: return "finding";
    case CheckResult::Status::skipped: return "skipped";
  }
  return "?";
}

void Reporter::finding(Finding f) {
  if (f.id.empty()) f.id = std::string(info_.id);
  findings_.push_back(std::move(f));
}

void Reporter::skip(const std::string& subject, const std::string& reason) {
  skips_.push_back(subject.empty() ? reason : subject + ": " + reason);
}

}  // namespace roce::engine
