#pragma once
// DCB configuration as the kernel's dcbnl reports it (linux/dcbnl.h), one Field per object so
// that each can be unsupported on its own (bnxt_en has PFC but no buffer object, for instance).
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "model/field.hpp"

namespace roce::model {

constexpr int kPriorities = 8;
template <class T>
using PerPrio = std::array<T, kPriorities>;

struct Pfc {                            // struct ieee_pfc
  std::optional<std::uint8_t> pfc_cap;  // unset: the source did not say (mlnx_qos never prints it)
  std::uint8_t pfc_en = 0;              // bit p set: PFC enabled on priority p
  std::uint8_t mbc = 0;
  std::uint16_t delay = 0;               // mlx5: cable length in metres; IEEE: bit times
  PerPrio<std::uint64_t> requests{};     // PFC frames sent (mlx5: tx_prioN_pause)
  PerPrio<std::uint64_t> indications{};  // PFC frames received (mlx5: rx_prioN_pause)
  bool enabled(int prio) const { return (pfc_en >> prio) & 1; }
  bool operator==(const Pfc&) const = default;
};

enum class Tsa : std::uint8_t { strict = 0, cb_shaper = 1, ets = 2, vendor = 255 };

struct Ets {  // struct ieee_ets
  bool willing = false;
  std::uint8_t ets_cap = 0;
  bool cbs = false;
  PerPrio<std::uint8_t> tc_tx_bw{}, tc_rx_bw{}, tc_tsa{}, prio_tc{}, tc_reco_bw{}, tc_reco_tsa{}, reco_prio_tc{};
  bool operator==(const Ets&) const = default;
};

// Selectors of struct dcb_app.
enum AppSelector : std::uint8_t {
  kAppSelEthertype = 1,
  kAppSelStream = 2,  // TCP/SCTP port
  kAppSelDgram = 3,   // UDP/DCCP port (RoCEv2: 4791)
  kAppSelAny = 4,
  kAppSelDscp = 5,
  kAppSelPcp = 255,  // DCB_APP_SEL_PCP (non-IEEE)
};

struct AppEntry {  // struct dcb_app
  std::uint8_t selector = 0;
  std::uint8_t priority = 0;
  std::uint16_t protocol = 0;  // DSCP value, port, ethertype or PCP
  bool operator==(const AppEntry&) const = default;
};

struct Buffer {  // struct dcbnl_buffer
  PerPrio<std::uint8_t> prio2buffer{};
  std::array<std::uint32_t, 8> buffer_size{};  // bytes
  std::optional<std::uint32_t> total_size;     // bytes; unset: the source did not say
  bool operator==(const Buffer&) const = default;
};

// Bits of the DCBX mode (DCB_CAP_DCBX_*).
enum DcbxMode : std::uint8_t {
  kDcbxHost = 0x01,        // a host LLDP agent (or nobody) negotiates; the host configures
  kDcbxLldManaged = 0x02,  // an agent outside the host (NIC firmware) negotiates and owns DCB
  kDcbxVerCee = 0x04,
  kDcbxVerIeee = 0x08,
  kDcbxStatic = 0x10,
};

struct Dcb {
  Field<std::uint8_t> dcbx;  // DcbxMode bits
  Field<Pfc> pfc;
  Field<Ets> ets;
  Field<std::vector<AppEntry>> app;
  Field<std::vector<std::uint8_t>> apptrust;  // selectors in order of precedence
  Field<Buffer> buffer;
  Field<PerPrio<std::uint64_t>> maxrate;  // per TC, bits per second (0 = unlimited)
  bool operator==(const Dcb&) const = default;
};

}  // namespace roce::model
