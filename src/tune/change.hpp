#pragma once
/// What the tuner changes: one object of the host's lossless configuration (an MTU, a PFC object,
/// a DSCP map...), its value now and the value proposed. Plans (plan.hpp) are lists of Changes;
/// a System (system.hpp) reads and writes objects whole, read-modify-write, like `dcb ... set`.
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "model/dcb.hpp"
#include "model/qdisc.hpp"

namespace roce::tune {

enum class Knob {
  mtu,           // std::uint32_t: netdev MTU (rtnetlink IFLA_MTU)
  trust,         // std::string "dscp" | "pcp": vendor sysfs qos/trust (MLNX_OFED mlx5)
  dcb_apptrust,  // std::vector<std::uint8_t>: dcbnl APP trust table (selectors, kAppSel*)
  dcb_app,       // std::vector<model::AppEntry>: the whole dcbnl APP table (writer adds/deletes the difference)
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

struct ObjectRef {
  std::string netdev;
  Knob knob = Knob::mtu;
  std::uint32_t index = 0;  // priority (nic_ecn), qdisc parent handle (red); 0 otherwise
  bool operator==(const ObjectRef&) const = default;
};
std::string to_string(const ObjectRef& object);  // "ens1f0np0 dcb pfc", "ens1f0np0 ecn prio 3"

using Value = std::variant<std::uint32_t, std::string, std::vector<std::uint8_t>, std::vector<model::AppEntry>,
                           model::Pfc, model::Ets, model::Buffer, EcnEnable, model::RedParams>;

/// One line of the diff a person reads: "pfc_en: 0x00 -> 0x08".
struct FieldChange {
  std::string field;     // "pfc_en", "buffer_size[0]", "dscp 26"
  std::string current;   // as text
  std::string proposed;  // as text
  std::string reason;    // why, citing the profile or the formula
  bool operator==(const FieldChange&) const = default;
};

struct Change {
  ObjectRef object;
  Value current;
  Value proposed;
  std::vector<FieldChange> fields;
  bool disruptive = false;            // e.g. mlx5 flaps the link when the PFC mask changes
  std::vector<std::string> commands;  // what a person could run instead (dcb/tc/ip/sysfs)
  bool operator==(const Change&) const = default;
};

}  // namespace roce::tune
