// NIC DCQCN enables (vendor sysfs ecn/roce_np|roce_rp/enable/<prio>) and, on switch ports, the RED
// qdisc that marks ECN on the queue of each ECN priority (thresholds: physics/ecn_thresholds.hpp).
#include <algorithm>

#include "physics/ecn_thresholds.hpp"
#include "tune/plan_parts.hpp"

namespace roce::tune::detail {
namespace {

constexpr std::uint8_t kRedEcn = 1;  // TC_RED_ECN

// ECN-RED's bounds, with the same profile threshold keys and defaults.
struct Bounds {
  double min_floor, min_ceiling, max_ceiling, min_probability;
};
Bounds red_bounds(const profile::Profile& profile, std::optional<std::uint32_t> speed) {
  const double bytes_per_us = speed ? *speed / 8.0 : 0;
  return {profile.threshold("ECN-RED", "min_threshold_floor_bytes", 5000),
          std::max(double(1 << 20), profile.threshold("ECN-RED", "min_threshold_max_us", 100) * bytes_per_us),
          std::max(double(2 << 20), profile.threshold("ECN-RED", "max_threshold_max_us", 200) * bytes_per_us),
          profile.threshold("ECN-RED", "min_probability", 0.01)};
}

bool within(const model::RedParams& r, const Bounds& b) {
  const double min = r.qth_min, max = r.qth_max;
  if (min < b.min_floor || min > b.min_ceiling || max <= min || max > b.max_ceiling) return false;
  return !r.max_p || *r.max_p / 4294967296.0 >= b.min_probability;
}

std::string red_text(const model::RedParams& r) {
  std::string s =
      "limit " + std::to_string(r.limit) + " min " + std::to_string(r.qth_min) + " max " + std::to_string(r.qth_max);
  if (r.max_p) s += " probability " + model::probability_text(*r.max_p / 4294967296.0);
  return s + (r.ecn() ? " ecn" : "");
}

}  // namespace

std::vector<Change> plan_nic_ecn(PortPlan& p, const profile::Profile& profile, Notes& notes) {
  const auto& nd = p.nd;
  if (profile.ecn_priorities.empty()) return {};
  if (!nd.ecn.ok()) {
    notes.push_back(
        {nd.name + " ecn", model::describe_missing(nd.ecn) + "; cannot enable DCQCN per priority" +
                               (p.mlx5() ? " (upstream mlx5 keeps DCQCN in firmware, on by default)" : "")});
    return {};
  }
  std::vector<Change> out;
  for (int prio : profile.ecn_priorities) {
    if (prio < 0 || prio >= model::kPriorities) continue;
    const auto& np = nd.ecn->np[prio];
    const auto& rp = nd.ecn->rp[prio];
    const std::string subject = nd.name + " ecn prio " + std::to_string(prio);
    if (!np.ok() || !rp.ok()) {
      notes.push_back({subject, "roce_np " + (np.ok() ? std::string("present") : model::describe_missing(np)) +
                                    ", roce_rp " + (rp.ok() ? std::string("present") : model::describe_missing(rp)) +
                                    "; cannot enable DCQCN"});
      continue;
    }
    if (*np && *rp) continue;
    Change c;
    c.object = {nd.name, system::Knob::nic_ecn, static_cast<std::uint32_t>(prio)};
    c.current = system::EcnEnable{*np, *rp};
    c.proposed = system::EcnEnable{true, true};
    const std::string reason = "profile ecn.priorities includes " + std::to_string(prio);
    const std::string base = "echo 1 > /sys/class/net/" + nd.name + "/ecn/";
    if (!*np) {
      c.fields.push_back(
          {"roce_np/enable/" + std::to_string(prio), "0", "1", reason + " (notification point: send CNPs)"});
      c.commands.push_back(base + "roce_np/enable/" + std::to_string(prio));
    }
    if (!*rp) {
      c.fields.push_back(
          {"roce_rp/enable/" + std::to_string(prio), "0", "1", reason + " (reaction point: slow down on CNPs)"});
      c.commands.push_back(base + "roce_rp/enable/" + std::to_string(prio));
    }
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<Change> plan_red(PortPlan& p, const profile::Profile& profile, Notes& notes) {
  const auto& nd = p.nd;
  if (!nd.qdiscs.ok()) {
    notes.push_back({nd.name + " tc qdiscs", model::describe_missing(nd.qdiscs) + "; cannot set RED ECN thresholds"});
    return {};
  }
  const auto speed = p.speed_mbps();
  const Bounds bounds = red_bounds(profile, speed);
  // The model has no per-queue shared-buffer quota for a switch port: thresholds follow the speed.
  const physics::EcnThresholds t = physics::ecn_thresholds(speed);
  const std::string basis =
      "ECN thresholds for " +
      (speed ? std::to_string(*speed) + " Mb/s" : std::string("an unknown speed (100G assumed)")) +
      ": NVIDIA's 150 KB/1500 KB per 100 Gb/s, SONiC's 5 % (physics/ecn_thresholds.hpp)";
  std::vector<Change> out;
  std::vector<std::uint32_t> done;
  for (int prio : profile.ecn_priorities) {
    const model::PrioQueue q = model::queue_for_priority(*nd.qdiscs, prio);
    if (!q.parent) {
      notes.push_back({nd.name + " tc qdiscs", "no ETS/PRIO root qdisc to find priority " + std::to_string(prio) +
                                                   "'s queue; create one first, e.g. tc qdisc replace dev " + nd.name +
                                                   " root handle 1: ets bands 8 strict 8 priomap 7 6 5 4 3 2 1 0"});
      continue;
    }
    if (std::find(done.begin(), done.end(), *q.parent) != done.end()) continue;  // two priorities, one queue
    done.push_back(*q.parent);
    model::RedParams current = q.red ? *q.red->red : model::RedParams{};
    if (q.red && current.ecn() && within(current, bounds)) {
      if (p.switch_port() && !q.red->offloaded)
        notes.push_back({nd.name + " red " + model::tc_handle_text(*q.parent),
                         "RED is not offloaded although its parameters are in bounds; see dmesg and tc's extack"});
      continue;
    }
    model::RedParams proposed = current;
    proposed.qth_min = t.min;
    proposed.qth_max = t.max;
    proposed.limit = std::max(current.limit, t.limit);
    proposed.max_p = physics::red_max_p(t.probability);
    proposed.flags = static_cast<std::uint8_t>(current.flags | kRedEcn);
    if (!within(proposed, bounds) || proposed == current) {
      notes.push_back(
          {nd.name + " red " + model::tc_handle_text(*q.parent),
           "the computed thresholds (" + red_text(proposed) + ") are outside the profile's ECN-RED bounds"});
      continue;
    }
    Change c;
    c.object = {nd.name, system::Knob::red, *q.parent};
    c.current = current;
    c.proposed = proposed;
    c.fields.push_back({"qdisc", q.red ? red_text(current) : "(none)", red_text(proposed),
                        (q.red ? std::string(current.ecn() ? "thresholds out of ECN-RED's bounds; "
                                                           : "RED drops instead of marking (no ecn flag); ")
                               : "no RED on priority " + std::to_string(prio) + "'s queue: nothing marks ECN; ") +
                            basis});
    std::string cmd = "tc qdisc replace dev " + nd.name + " " + model::tc_parent_text(*q.parent);
    if (q.red) cmd += " handle " + model::tc_handle_text(q.red->handle);
    cmd += " red limit " + std::to_string(proposed.limit) + " min " + std::to_string(t.min) + " max " +
           std::to_string(t.max) + " avpkt 1000 probability " + model::probability_text(t.probability) + " ecn";
    if (proposed.flags & 2) cmd += " harddrop";
    c.commands = {cmd};
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace roce::tune::detail
