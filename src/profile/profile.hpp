#pragma once
// A desired-state profile: what a correct lossless RoCE host looks like. Loaded from TOML
// (profiles/*.toml, every key documented in profiles/README.md); checks and the tuner read it.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roce::profile {

enum class Trust { dscp, pcp };
inline const char* to_string(Trust t) { return t == Trust::dscp ? "dscp" : "pcp"; }

/// One lossless traffic class: a priority with PFC, and the DSCP values that must map to it
/// (with trust = pcp the priority is the PCP value itself and `dscp` is empty).
struct LosslessClass {
  int priority = 3;
  std::vector<int> dscp;
  bool operator==(const LosslessClass&) const = default;
};

struct Profile {
  std::string name = "roce-lossless";
  std::string description;
  std::string file;  // where it was loaded from ("" for the built-in default)

  Trust trust = Trust::dscp;
  std::vector<LosslessClass> lossless{{3, {26}}};
  int cnp_priority = 6;
  std::optional<int> cnp_dscp = 48;  // nullopt with trust = pcp
  bool cnp_strict = true;
  std::vector<int> ecn_priorities{3};

  std::uint32_t min_mtu = 4200;
  bool global_pause = false;
  std::optional<std::uint32_t> cable_length_m;       // real cable length, when known
  std::optional<std::uint32_t> expected_speed_mbps;  // expected link speed, when known

  /// Per-check thresholds: thresholds["PAUSE-STORM"]["warning_fraction"] = 0.2.
  std::map<std::string, std::map<std::string, double, std::less<>>, std::less<>> thresholds;

  bool is_lossless(int prio) const {
    for (const auto& c : lossless)
      if (c.priority == prio) return true;
    return false;
  }
  /// The profile's value for a check's threshold, or `fallback` (the check's documented default).
  double threshold(std::string_view check_id, std::string_view key, double fallback) const {
    auto c = thresholds.find(check_id);
    if (c == thresholds.end()) return fallback;
    auto k = c->second.find(key);
    return k == c->second.end() ? fallback : k->second;
  }
  bool operator==(const Profile&) const = default;
};

/// The conventional RoCE profile (identical to profiles/roce-lossless.toml, a test keeps them equal
/// except for name/description/file): trust DSCP, DSCP 26 -> prio 3 with PFC and ECN, CNP DSCP 48 ->
/// prio 6 strict, MTU >= 4200, 802.3x global pause off.
inline Profile default_profile() { return Profile{}; }

}  // namespace roce::profile
