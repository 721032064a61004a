#pragma once
// A check: its metadata (CheckInfo) and how it reports (Reporter). Checks are pure functions of a
// Context; see checks/README.md for the recipe to add one.
#include <string>
#include <string_view>
#include <vector>

#include "engine/finding.hpp"
#include "model/field.hpp"

namespace roce::engine {

class Context;
class Reporter;

/// Inputs a check reads. The runner skips a check whose inputs are missing on every port, with the
/// reason (unsupported / denied / absent), and `rates` skips it with "needs two samples".
enum class Need {
  dcb_pfc,
  dcb_ets,
  dcb_app,
  dcb_buffer,
  trust,
  nic_ecn,
  pause_params,
  link_settings,
  mtu,
  ethtool_stats,
  rdma_counters,
  rates,
  port_state,     // RDMA port state/phys_state, or the netdev operstate
  gids,           // the RDMA port's GID table
  pcie,           // PCIe link of the NIC
  dcbx,           // DCB DCBX mode
  qdiscs,         // tc qdisc dump
  storm_tunable,  // ethtool pfc-prevention-tout
  switch_end,     // the switch port at the other end of the cable (observations: a switch export joined)
  switch_export,  // a switch export, joined to the host or not (observations: any switch read)
  bandwidth,      // perftest / nccl-tests results (Observations::bandwidth): without any the check is skipped
  nccl_log,       // a job's NCCL log (Observations::nccl_logs): without one the check is skipped;
                  // with one it runs even on a host with no RoCE port
  topology,       // the GPU–NIC topology (Observations): judged without any RoCE port
};
const char* to_string(Need n);

/// A numeric threshold a profile may override as [thresholds.<ID>] <key> = value.
struct Threshold {
  std::string_view key;
  double default_value;
  std::string_view doc;
};

struct CheckInfo {
  std::string_view id;     // "PFC-LOSSLESS": stable, used in --only/--skip, JSON and profiles
  std::string_view title;  // "PFC enabled on the lossless priority"
  Severity default_severity = Severity::warning;
  std::vector<Need> needs;
  std::vector<std::string_view> profile_keys;  // profile keys read: "qos.lossless", "cnp.priority"
  std::vector<Threshold> thresholds;
  std::vector<std::string_view> explained_by;  // check IDs whose findings are root causes of this one's
  std::string_view doc;                        // one paragraph for `roce-doctor checks` and the man page
  void (*evaluate)(const Context&, Reporter&) = nullptr;
};

/// How evaluate() reports. A check calls evaluated() for every subject it could fully judge,
/// finding() for each problem, and skip() for each subject whose inputs were missing. The result is
/// `finding` if there is any finding, else `ok` if any subject was evaluated, else `skipped`.
class Reporter {
 public:
  explicit Reporter(const CheckInfo& info) : info_(info) {}
  void finding(Finding f);
  void evaluated() { ++evaluated_; }
  void skip(const std::string& subject, const std::string& reason);
  /// True if the field is present; otherwise records skip(subject, "<what> <availability> (<cause>)").
  template <class T>
  bool require(const model::Field<T>& f, const std::string& subject, const std::string& what) {
    if (f.ok()) return true;
    skip(subject, what + " " + model::describe_missing(f));
    return false;
  }

  const CheckInfo& info() const { return info_; }
  std::vector<Finding>& findings() { return findings_; }
  const std::vector<std::string>& skips() const { return skips_; }
  int evaluated_count() const { return evaluated_; }

 private:
  const CheckInfo& info_;
  std::vector<Finding> findings_;
  std::vector<std::string> skips_;
  int evaluated_ = 0;
};

struct CheckResult {
  enum class Status { ok, finding, skipped };
  std::string id;
  Status status = Status::ok;
  std::string skipped_reason;      // status == skipped: why (all subjects' reasons, "; "-joined)
  std::vector<std::string> notes;  // subjects skipped while others were evaluated
  std::vector<Finding> findings;
};
const char* to_string(CheckResult::Status s);

}  // namespace roce::engine
