#pragma once
// What the tuner's System reads and writes: one object of a host's lossless configuration (an
// MTU, a PFC object, one DSCP entry of the APP table...), named by ObjectRef, and its Value.
// Shared by the planner (tune/), the writers (sources/writer, sim/), apply/ and the CLI.
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "model/dcb.hpp"
#include "model/qdisc.hpp"

namespace roce::system {

enum class Knob {
  mtu,           // std::uint32_t: netdev MTU (rtnetlink IFLA_MTU)
  trust,         // std::string "dscp" | "pcp": vendor sysfs qos/trust (MLNX_OFED mlx5)
  dcb_apptrust,  // std::vector<std::uint8_t>: dcbnl APP trust table (selectors, kAppSel*)
  dcb_app,       // std::vector<model::AppEntry>: the APP entries of one key (index = app_key(selector,
                 // protocol)), e.g. DSCP 26 -> [prio 3]; empty: no entry. Other keys are not touched.
  dcb_pfc,       // model::Pfc: pfc_en, delay (mlx5: cable length in metres); counters ignored
  dcb_ets,       // model::Ets
  dcb_buffer,    // model::Buffer: prio2buffer and buffer_size (mlx5 derives the rest)
  nic_ecn,       // EcnEnable for priority `index`: sysfs ecn/roce_np|roce_rp/enable/<prio>
  red,           // model::RedParams of the RED qdisc at parent `index` (switchdev ports)
};
const char* to_string(Knob knob);

struct EcnEnable {
  bool np = false, rp = false;
  bool operator==(const EcnEnable&) const = default;
};

/// An APP-table key (selector, protocol) packed into ObjectRef::index. One object per key, because
/// drivers add and remove entries of other keys by themselves (mlx5 lists all 64 DSCP entries when
/// trust becomes DSCP): a knob over the whole table could never read back what it wrote.
constexpr std::uint32_t app_key(std::uint8_t selector, std::uint16_t protocol) {
  return (std::uint32_t{selector} << 16) | protocol;
}
constexpr std::uint8_t app_key_selector(std::uint32_t key) { return static_cast<std::uint8_t>(key >> 16); }
constexpr std::uint16_t app_key_protocol(std::uint32_t key) { return static_cast<std::uint16_t>(key & 0xffff); }
std::string app_key_text(std::uint32_t key);  // "dscp 26", "dgram 4791", "ethtype 0x8915", "pcp 3"
/// The entries of `table` with this key, sorted by priority.
std::vector<model::AppEntry> app_entries_of(const std::vector<model::AppEntry>& table, std::uint32_t key);
/// `table` with the entries of `key` replaced by `entries`.
std::vector<model::AppEntry> with_app_entries(std::vector<model::AppEntry> table, std::uint32_t key,
                                              const std::vector<model::AppEntry>& entries);

struct ObjectRef {
  std::string netdev;
  Knob knob = Knob::mtu;
  std::uint32_t index = 0;  // priority (nic_ecn), qdisc parent handle (red), app_key (dcb_app); 0 otherwise
  bool operator==(const ObjectRef&) const = default;
};
std::string to_string(
    const ObjectRef& object);  // "ens1f0np0 dcb pfc", "ens1f0np0 ecn prio 3", "ens1f0np0 dcb app dscp 26"

using Value = std::variant<std::uint32_t, std::string, std::vector<std::uint8_t>, std::vector<model::AppEntry>,
                           model::Pfc, model::Ets, model::Buffer, EcnEnable, model::RedParams>;

}  // namespace roce::system
