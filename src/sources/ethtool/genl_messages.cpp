// The ethtool genetlink requests and the decoders of their replies.
#include "sources/ethtool/genl_messages.hpp"

#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>

#include <cstring>
#include <optional>
#include <vector>

#include "sources/ethtool/link_decoders.hpp"
#include "sources/netlink/attrs.hpp"
#include "sources/netlink/genl.hpp"

namespace roce::sources::ethtool {
namespace {

using netlink::Attr;
using netlink::AttrList;
using netlink::AttrNamer;
using netlink::parse_attrs;
using netlink::read_scalar;

const char* linkmodes_attr_name(std::uint16_t type) {
  switch (type) {
    case ETHTOOL_A_LINKMODES_HEADER: return "ETHTOOL_A_LINKMODES_HEADER";
    case ETHTOOL_A_LINKMODES_AUTONEG: return "ETHTOOL_A_LINKMODES_AUTONEG";
    case ETHTOOL_A_LINKMODES_OURS: return "ETHTOOL_A_LINKMODES_OURS";
    case ETHTOOL_A_LINKMODES_PEER: return "ETHTOOL_A_LINKMODES_PEER";
    case ETHTOOL_A_LINKMODES_SPEED: return "ETHTOOL_A_LINKMODES_SPEED";
    case ETHTOOL_A_LINKMODES_DUPLEX: return "ETHTOOL_A_LINKMODES_DUPLEX";
    case ETHTOOL_A_LINKMODES_LANES: return "ETHTOOL_A_LINKMODES_LANES";
    default: return nullptr;
  }
}

const char* bitset_attr_name(std::uint16_t type) {
  switch (type) {
    case ETHTOOL_A_BITSET_NOMASK: return "ETHTOOL_A_BITSET_NOMASK";
    case ETHTOOL_A_BITSET_SIZE: return "ETHTOOL_A_BITSET_SIZE";
    case ETHTOOL_A_BITSET_BITS: return "ETHTOOL_A_BITSET_BITS";
    case ETHTOOL_A_BITSET_VALUE: return "ETHTOOL_A_BITSET_VALUE";
    case ETHTOOL_A_BITSET_MASK: return "ETHTOOL_A_BITSET_MASK";
    default: return nullptr;
  }
}

const char* pause_attr_name(std::uint16_t type) {
  switch (type) {
    case ETHTOOL_A_PAUSE_HEADER: return "ETHTOOL_A_PAUSE_HEADER";
    case ETHTOOL_A_PAUSE_AUTONEG: return "ETHTOOL_A_PAUSE_AUTONEG";
    case ETHTOOL_A_PAUSE_RX: return "ETHTOOL_A_PAUSE_RX";
    case ETHTOOL_A_PAUSE_TX: return "ETHTOOL_A_PAUSE_TX";
    case ETHTOOL_A_PAUSE_STATS: return "ETHTOOL_A_PAUSE_STATS";
    default: return nullptr;
  }
}

const char* pause_stat_attr_name(std::uint16_t type) {
  switch (type) {
    case ETHTOOL_A_PAUSE_STAT_PAD: return "ETHTOOL_A_PAUSE_STAT_PAD";
    case ETHTOOL_A_PAUSE_STAT_TX_FRAMES: return "ETHTOOL_A_PAUSE_STAT_TX_FRAMES";
    case ETHTOOL_A_PAUSE_STAT_RX_FRAMES: return "ETHTOOL_A_PAUSE_STAT_RX_FRAMES";
    default: return nullptr;
  }
}

const char* module_eeprom_attr_name(std::uint16_t type) {
  switch (type) {
    case ETHTOOL_A_MODULE_EEPROM_HEADER: return "ETHTOOL_A_MODULE_EEPROM_HEADER";
    case ETHTOOL_A_MODULE_EEPROM_OFFSET: return "ETHTOOL_A_MODULE_EEPROM_OFFSET";
    case ETHTOOL_A_MODULE_EEPROM_LENGTH: return "ETHTOOL_A_MODULE_EEPROM_LENGTH";
    case ETHTOOL_A_MODULE_EEPROM_PAGE: return "ETHTOOL_A_MODULE_EEPROM_PAGE";
    case ETHTOOL_A_MODULE_EEPROM_BANK: return "ETHTOOL_A_MODULE_EEPROM_BANK";
    case ETHTOOL_A_MODULE_EEPROM_I2C_ADDRESS: return "ETHTOOL_A_MODULE_EEPROM_I2C_ADDRESS";
    case ETHTOOL_A_MODULE_EEPROM_DATA: return "ETHTOOL_A_MODULE_EEPROM_DATA";
    default: return nullptr;
  }
}

// The attributes of one reply: the message of `family` carrying `cmd`, whole.
Expected<AttrList> reply_attrs(ByteView msg, std::uint16_t family, std::uint8_t cmd, const char* cmd_name,
                               AttrNamer namer) {
  auto view = netlink::view_genl_message(msg, family, cmd, cmd_name);
  if (!view) return fail(std::move(view.error()));
  AttrList list = parse_attrs(view->attrs, cmd_name, namer);
  if (list.error) return fail(*list.error);
  return list;
}

// A scalar attribute the reply must carry.
template <class T>
Expected<T> required(const AttrList& list, std::uint16_t type, AttrNamer namer) {
  const char* name = namer(type);
  const Attr* a = list.find(type);
  if (!a) return fail(std::string(name) + ": missing from the reply");
  return read_scalar<T>(a->payload, name);
}

// The words of a compact bitset's VALUE or MASK: ceil(SIZE/32) u32s, as the kernel writes them.
Expected<std::vector<std::uint32_t>> bitset_words(const Attr& a, std::uint32_t bits, const std::string& name) {
  const std::size_t expected = (static_cast<std::size_t>(bits) + 31) / 32 * 4;
  if (a.payload.size() != expected)
    return fail(name + ": " + std::to_string(a.payload.size()) + " bytes, expected " + std::to_string(expected) +
                " for " + std::to_string(bits) + " bits");
  std::vector<std::uint32_t> words(expected / 4);
  if (expected) std::memcpy(words.data(), a.payload.data(), expected);
  return words;
}

// The link-mode speeds of a compact bitset nest (ETHTOOL_A_LINKMODES_OURS or _PEER): its VALUE and,
// unless the nest says NOMASK, its MASK. A verbose bitset (BITS, from a request without
// ETHTOOL_FLAG_COMPACT_BITSETS) is refused.
struct BitsetSpeeds {
  std::vector<std::uint32_t> value;
  std::optional<std::vector<std::uint32_t>> mask;
};
Expected<BitsetSpeeds> decode_mode_bitset(const Attr& nest, const char* nest_name) {
  const std::string where = nest_name;
  const AttrList list = parse_attrs(nest.payload, where, bitset_attr_name);
  if (list.error) return fail(*list.error);
  const Attr* size = list.find(ETHTOOL_A_BITSET_SIZE);
  if (!size) return fail(where + ": ETHTOOL_A_BITSET_SIZE missing");
  auto bits = read_scalar<std::uint32_t>(size->payload, where + ": ETHTOOL_A_BITSET_SIZE");
  if (!bits) return fail(std::move(bits.error()));
  const Attr* value = list.find(ETHTOOL_A_BITSET_VALUE);
  if (!value)
    return fail(where + ": ETHTOOL_A_BITSET_VALUE missing (" +
                (list.find(ETHTOOL_A_BITSET_BITS) ? "a verbose bitset, not compact)" : "no bits)"));
  auto v = bitset_words(*value, *bits, where + ": ETHTOOL_A_BITSET_VALUE");
  if (!v) return fail(std::move(v.error()));
  BitsetSpeeds out{link_mode_speeds(*v), std::nullopt};
  if (const Attr* mask = list.find(ETHTOOL_A_BITSET_MASK); mask && !list.find(ETHTOOL_A_BITSET_NOMASK)) {
    auto m = bitset_words(*mask, *bits, where + ": ETHTOOL_A_BITSET_MASK");
    if (!m) return fail(std::move(m.error()));
    out.mask = link_mode_speeds(*m);
  }
  return out;
}

// A u64 counter of the ETHTOOL_A_PAUSE_STATS nest, when the driver reports it.
Outcome read_counter(const AttrList& stats, std::uint16_t type, std::optional<std::uint64_t>& out) {
  const Attr* a = stats.find(type);
  if (!a) return done();
  auto v = read_scalar<std::uint64_t>(a->payload, std::string("ETHTOOL_A_PAUSE_STATS: ") + pause_stat_attr_name(type));
  if (!v) return fail(std::move(v.error()));
  out = *v;
  return done();
}

}  // namespace

netlink::Request build_ethtool_get(std::uint16_t family, std::uint8_t cmd, const std::string& ifname,
                                   std::uint32_t flags) {
  netlink::Request req = netlink::genl_request(family, cmd, ETHTOOL_GENL_VERSION);
  req.begin_nest(ETHTOOL_A_PAUSE_HEADER);  // attribute 1 in every message
  req.put_string(ETHTOOL_A_HEADER_DEV_NAME, ifname);
  if (flags) req.put_u32(ETHTOOL_A_HEADER_FLAGS, flags);
  req.end_nest();
  return req;
}

Expected<model::LinkSettings> decode_linkmodes_reply(ByteView msg, std::uint16_t family) {
  auto list =
      reply_attrs(msg, family, ETHTOOL_MSG_LINKMODES_GET_REPLY, "ETHTOOL_MSG_LINKMODES_GET_REPLY", linkmodes_attr_name);
  if (!list) return fail(std::move(list.error()));
  auto autoneg = required<std::uint8_t>(*list, ETHTOOL_A_LINKMODES_AUTONEG, linkmodes_attr_name);
  if (!autoneg) return fail(std::move(autoneg.error()));
  auto speed = required<std::uint32_t>(*list, ETHTOOL_A_LINKMODES_SPEED, linkmodes_attr_name);
  if (!speed) return fail(std::move(speed.error()));
  auto duplex = required<std::uint8_t>(*list, ETHTOOL_A_LINKMODES_DUPLEX, linkmodes_attr_name);
  if (!duplex) return fail(std::move(duplex.error()));
  model::LinkSettings link;
  link.autoneg = *autoneg == AUTONEG_ENABLE;
  link.speed_mbps = speed_mbps(*speed);
  link.duplex = duplex_name(*duplex);
  // OURS: VALUE is what the port advertises, MASK what it supports. PEER (only in a reply whose
  // partner bitmap is not empty, NOMASK): what the link partner advertises.
  if (const Attr* a = list->find(ETHTOOL_A_LINKMODES_OURS)) {
    auto ours = decode_mode_bitset(*a, "ETHTOOL_A_LINKMODES_OURS");
    if (!ours) return fail(std::move(ours.error()));
    link.advertised_speeds_mbps = std::move(ours->value);
    link.supported_speeds_mbps = std::move(ours->mask);
  }
  if (const Attr* a = list->find(ETHTOOL_A_LINKMODES_PEER)) {
    auto peer = decode_mode_bitset(*a, "ETHTOOL_A_LINKMODES_PEER");
    if (!peer) return fail(std::move(peer.error()));
    link.peer_advertised_speeds_mbps = std::move(peer->value);
  }
  if (const Attr* a = list->find(ETHTOOL_A_LINKMODES_LANES)) {  // kernels since 5.10
    auto lanes = read_scalar<std::uint32_t>(a->payload, "ETHTOOL_A_LINKMODES_LANES");
    if (!lanes) return fail(std::move(lanes.error()));
    if (*lanes != 0) link.lanes = *lanes;
  }
  return link;
}

Expected<model::PauseParams> decode_pause_reply(ByteView msg, std::uint16_t family) {
  auto list = reply_attrs(msg, family, ETHTOOL_MSG_PAUSE_GET_REPLY, "ETHTOOL_MSG_PAUSE_GET_REPLY", pause_attr_name);
  if (!list) return fail(std::move(list.error()));
  model::PauseParams pause;
  for (auto [type, flag] : {std::pair{ETHTOOL_A_PAUSE_AUTONEG, &pause.autoneg},
                            std::pair{ETHTOOL_A_PAUSE_RX, &pause.rx}, std::pair{ETHTOOL_A_PAUSE_TX, &pause.tx}}) {
    auto v = required<std::uint8_t>(*list, static_cast<std::uint16_t>(type), pause_attr_name);
    if (!v) return fail(std::move(v.error()));
    *flag = *v != 0;
  }
  // ETHTOOL_FLAG_STATS (kernels since 5.13): a nest the kernel opens even when the driver has no
  // counters; ETHTOOL_A_PAUSE_STAT_PAD entries align the u64s that follow.
  if (const Attr* nest = list->find(ETHTOOL_A_PAUSE_STATS)) {
    const AttrList stats = parse_attrs(nest->payload, "ETHTOOL_A_PAUSE_STATS", pause_stat_attr_name);
    if (stats.error) return fail(*stats.error);
    if (auto r = read_counter(stats, ETHTOOL_A_PAUSE_STAT_TX_FRAMES, pause.tx_frames); !r)
      return fail(std::move(r.error()));
    if (auto r = read_counter(stats, ETHTOOL_A_PAUSE_STAT_RX_FRAMES, pause.rx_frames); !r)
      return fail(std::move(r.error()));
  }
  return pause;
}

netlink::Request build_module_eeprom_get(std::uint16_t family, const std::string& ifname, std::uint32_t offset,
                                         std::uint32_t length) {
  netlink::Request req = build_ethtool_get(family, ETHTOOL_MSG_MODULE_EEPROM_GET, ifname, 0);
  req.put_u32(ETHTOOL_A_MODULE_EEPROM_OFFSET, offset);
  req.put_u32(ETHTOOL_A_MODULE_EEPROM_LENGTH, length);
  req.put_u8(ETHTOOL_A_MODULE_EEPROM_PAGE, 0);
  req.put_u8(ETHTOOL_A_MODULE_EEPROM_BANK, 0);
  req.put_u8(ETHTOOL_A_MODULE_EEPROM_I2C_ADDRESS, 0x50);
  return req;
}

Expected<ByteBuffer> decode_module_eeprom_reply(ByteView msg, std::uint16_t family, std::uint32_t length) {
  auto list = reply_attrs(msg, family, ETHTOOL_MSG_MODULE_EEPROM_GET_REPLY, "ETHTOOL_MSG_MODULE_EEPROM_GET_REPLY",
                          module_eeprom_attr_name);
  if (!list) return fail(std::move(list.error()));
  const Attr* data = list->find(ETHTOOL_A_MODULE_EEPROM_DATA);
  if (!data) return fail("ETHTOOL_A_MODULE_EEPROM_DATA: missing from the reply");
  if (data->payload.size() != length)
    return fail("ETHTOOL_A_MODULE_EEPROM_DATA: " + std::to_string(data->payload.size()) + " bytes, expected " +
                std::to_string(length));
  return ByteBuffer(data->payload.begin(), data->payload.end());
}

}  // namespace roce::sources::ethtool
