#pragma once
// The counter edits and lookups that the scenario tests of the observed-behaviour checks over two samples share (DROP-
// HOST, ECN-IDLE, ECN-CNP, RETRANS).
#include "observed_run.hpp"
#include "scenario_prelude.hpp"

namespace roce::test {

inline bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

inline const engine::Finding& only_finding(const engine::CheckResult& r) {
  INFO(r.id << " " << engine::to_string(r.status) << " " << r.skipped_reason);
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  return r.findings[0];
}

inline model::CounterSet& ethtool(model::Host& h) { return *netdev(h).ethtool_stats; }
inline model::CounterSet& hw(model::Host& h) { return *rdma_port(h).hw_counters; }

inline void remove_congestion_group(model::Host& h) {
  for (const char* n : {"rp_cnp_ignored", "rp_cnp_handled", "np_ecn_marked_roce_packets", "np_cnp_sent"})
    remove_counter(hw(h), n);
}

// ECN marks and CNPs stop moving: nothing on the path marks or reacts.
inline void ecn_flat(Scenario& s) {
  s.now.np_ecn_marked_roce_packets = s.before.np_ecn_marked_roce_packets;
  s.now.np_cnp_sent = s.before.np_cnp_sent;
  s.now.rp_cnp_handled = s.before.rp_cnp_handled;
}

// ---------------------------------------------------------------------------------------------
// DROP-HOST

// ---------------------------------------------------------------------------------------------
// ECN-IDLE

// ---------------------------------------------------------------------------------------------
// ECN-CNP

// ---------------------------------------------------------------------------------------------
// RETRANS

}  // namespace roce::test
