// The RTM_NEWLINK and RTM_NEWADDR decoders and the placing of addresses on their devices.
#include "sources/rtnl/link_decoder.hpp"

#include <map>

#include <arpa/inet.h>
#include <linux/if.h>
#include <linux/if_addr.h>
#include <linux/if_link.h>
#include <linux/rtnetlink.h>
#include <sys/socket.h>

#include "sources/netlink/attrs.hpp"

namespace roce::sources::rtnl {

namespace {

using namespace netlink;  // the attribute walker and readers

const char* ifla_name(std::uint16_t type) {
  switch (type) {
    case IFLA_ADDRESS: return "IFLA_ADDRESS";
    case IFLA_IFNAME: return "IFLA_IFNAME";
    case IFLA_MTU: return "IFLA_MTU";
    case IFLA_STATS: return "IFLA_STATS";
    case IFLA_OPERSTATE: return "IFLA_OPERSTATE";
    case IFLA_STATS64: return "IFLA_STATS64";
    case IFLA_CARRIER_CHANGES: return "IFLA_CARRIER_CHANGES";
    default: return nullptr;
  }
}

const char* ifa_name(std::uint16_t type) {
  switch (type) {
    case IFA_ADDRESS: return "IFA_ADDRESS";
    case IFA_LOCAL: return "IFA_LOCAL";
    case IFA_LABEL: return "IFA_LABEL";
    default: return nullptr;
  }
}

// Decodes one attribute into a Field: present, error (bad attribute), or missing — `error` when
// the attribute stream broke off before we could see it, otherwise `unsupported`.
template <class T, class Convert>
model::Field<T> field_from(const AttrList& list, std::uint16_t type, const std::string& ifname,
                           const std::string& missing_cause, Convert convert) {
  const char* name = ifla_name(type);
  model::Provenance from{"rtnetlink", ifname + " " + name};
  if (const Attr* a = list.find(type)) {
    Expected<T> v = convert(a->payload, name);
    if (!v) return model::Field<T>::missing(model::Availability::error, v.error().message, from);
    return model::Field<T>::of(std::move(*v), from);
  }
  if (list.error) return model::Field<T>::missing(model::Availability::error, *list.error, from);
  return model::Field<T>::missing(model::Availability::unsupported, missing_cause, from);
}

std::string hex_address(ByteView b) {
  static const char* digits = "0123456789abcdef";
  std::string s;
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (i) s += ':';
    s += digits[b[i] >> 4];
    s += digits[b[i] & 15];
  }
  return s;
}

// struct rtnl_link_stats64 (IFLA_STATS64) or the older 32-bit struct rtnl_link_stats (IFLA_STATS).
template <class KernelStats>
model::LinkStats64 from_kernel_stats(const KernelStats& s) {
  model::LinkStats64 m;
  m.rx_packets = s.rx_packets;
  m.tx_packets = s.tx_packets;
  m.rx_bytes = s.rx_bytes;
  m.tx_bytes = s.tx_bytes;
  m.rx_errors = s.rx_errors;
  m.tx_errors = s.tx_errors;
  m.rx_dropped = s.rx_dropped;
  m.tx_dropped = s.tx_dropped;
  m.multicast = s.multicast;
  m.collisions = s.collisions;
  m.rx_crc_errors = s.rx_crc_errors;
  m.rx_missed_errors = s.rx_missed_errors;
  m.tx_carrier_errors = s.tx_carrier_errors;
  return m;
}

// The 23 counters every kernel since 2.6.35 sends; later kernels append rx_nohandler and
// rx_otherhost_dropped.
constexpr std::size_t kMinStats64 = 23 * sizeof(std::uint64_t);
constexpr std::size_t kMinStats32 = 23 * sizeof(std::uint32_t);

}  // namespace

std::optional<std::string> operstate_name(std::uint8_t state) {
  switch (state) {
    case IF_OPER_UNKNOWN: return "unknown";
    case IF_OPER_NOTPRESENT: return "notpresent";
    case IF_OPER_DOWN: return "down";
    case IF_OPER_LOWERLAYERDOWN: return "lowerlayerdown";
    case IF_OPER_TESTING: return "testing";
    case IF_OPER_DORMANT: return "dormant";
    case IF_OPER_UP: return "up";
    default: return std::nullopt;
  }
}

Expected<model::NetDev> decode_link_message(ByteView msg) {
  auto view = netlink::view_message(msg, RTM_NEWLINK, sizeof(ifinfomsg), "RTM_NEWLINK");
  if (!view) return fail(std::move(view.error()));
  ifinfomsg ifi;
  std::memcpy(&ifi, view->family_header.data(), sizeof ifi);
  const std::string where = "RTM_NEWLINK ifindex " + std::to_string(ifi.ifi_index);
  const AttrList list = parse_attrs(view->attrs, where, ifla_name);

  const Attr* name = list.find(IFLA_IFNAME);
  if (!name) return fail(list.error ? *list.error : where + ": no IFLA_IFNAME");
  model::NetDev nd;
  nd.name = read_string(name->payload);
  if (nd.name.empty()) return fail(where + ": empty IFLA_IFNAME");

  nd.ifindex =
      model::Field<std::uint32_t>::of(static_cast<std::uint32_t>(ifi.ifi_index), {"rtnetlink", nd.name + " ifinfomsg"});
  nd.mtu = field_from<std::uint32_t>(list, IFLA_MTU, nd.name, "kernel did not report IFLA_MTU",
                                     [](ByteView p, const char* n) { return read_scalar<std::uint32_t>(p, n); });
  nd.operstate = field_from<std::string>(list, IFLA_OPERSTATE, nd.name, "kernel did not report IFLA_OPERSTATE",
                                         [](ByteView p, const char* n) -> Expected<std::string> {
                                           auto v = read_scalar<std::uint8_t>(p, n);
                                           if (!v) return fail(std::move(v.error()));
                                           if (auto s = operstate_name(*v)) return *s;
                                           return fail(std::string(n) + ": unknown operstate " + std::to_string(*v));
                                         });
  nd.mac = field_from<std::string>(list, IFLA_ADDRESS, nd.name, "device has no link-layer address (no IFLA_ADDRESS)",
                                   [](ByteView p, const char* n) -> Expected<std::string> {
                                     if (p.empty()) return fail(std::string(n) + ": 0 bytes");
                                     return hex_address(p);
                                   });
  nd.carrier_changes = field_from<std::uint64_t>(list, IFLA_CARRIER_CHANGES, nd.name,
                                                 "kernel did not report IFLA_CARRIER_CHANGES (before 4.4)",
                                                 [](ByteView p, const char* n) -> Expected<std::uint64_t> {
                                                   auto v = read_scalar<std::uint32_t>(p, n);
                                                   if (!v) return fail(std::move(v.error()));
                                                   return std::uint64_t{*v};
                                                 });
  if (list.find(IFLA_STATS64) || !list.find(IFLA_STATS)) {
    nd.stats = field_from<model::LinkStats64>(list, IFLA_STATS64, nd.name,
                                              "kernel reported neither IFLA_STATS64 nor IFLA_STATS",
                                              [](ByteView p, const char* n) -> Expected<model::LinkStats64> {
                                                auto s = read_struct<rtnl_link_stats64>(p, n, kMinStats64);
                                                if (!s) return fail(std::move(s.error()));
                                                return from_kernel_stats(*s);
                                              });
  } else {
    nd.stats = field_from<model::LinkStats64>(list, IFLA_STATS, nd.name, "",
                                              [](ByteView p, const char* n) -> Expected<model::LinkStats64> {
                                                auto s = read_struct<rtnl_link_stats>(p, n, kMinStats32);
                                                if (!s) return fail(std::move(s.error()));
                                                return from_kernel_stats(*s);
                                              });
  }
  return nd;
}

std::optional<std::uint32_t> address_message_ifindex(ByteView msg) {
  auto view = netlink::view_message(msg, RTM_NEWADDR, sizeof(ifaddrmsg), "RTM_NEWADDR");
  if (!view) return std::nullopt;
  ifaddrmsg ifa;
  std::memcpy(&ifa, view->family_header.data(), sizeof ifa);
  return ifa.ifa_index;
}

Expected<std::optional<AddressEntry>> decode_address_message(ByteView msg) {
  auto view = netlink::view_message(msg, RTM_NEWADDR, sizeof(ifaddrmsg), "RTM_NEWADDR");
  if (!view) return fail(std::move(view.error()));
  ifaddrmsg ifa;
  std::memcpy(&ifa, view->family_header.data(), sizeof ifa);
  if (ifa.ifa_family != AF_INET && ifa.ifa_family != AF_INET6) return std::optional<AddressEntry>{};
  const std::string where = "RTM_NEWADDR ifindex " + std::to_string(ifa.ifa_index);
  const AttrList list = parse_attrs(view->attrs, where, ifa_name);
  if (list.error) return fail(*list.error);
  const Attr* a = list.find(IFA_LOCAL);
  if (!a) a = list.find(IFA_ADDRESS);
  if (!a) return fail(where + ": neither IFA_LOCAL nor IFA_ADDRESS");
  const std::size_t want = ifa.ifa_family == AF_INET ? 4 : 16;
  const std::string name = where + " " + ifa_name(a->type);
  if (a->payload.size() != want)
    return fail(name + ": " + std::to_string(a->payload.size()) + " bytes, expected " + std::to_string(want));
  unsigned char raw[16] = {};
  std::memcpy(raw, a->payload.data(), want);
  char text[INET6_ADDRSTRLEN] = {};
  if (!inet_ntop(ifa.ifa_family, raw, text, sizeof text)) return fail(name + ": cannot format the address");
  return std::optional<AddressEntry>{
      AddressEntry{ifa.ifa_index, std::string(text) + "/" + std::to_string(ifa.ifa_prefixlen)}};
}

}  // namespace roce::sources::rtnl

namespace roce::sources::rtnl {

void assign_addresses(std::vector<model::NetDev>& netdevs, const std::vector<ByteBuffer>& messages) {
  std::map<std::uint32_t, std::vector<std::string>> found;
  std::map<std::uint32_t, std::string> errors;  // the first per device
  for (const auto& m : messages) {
    auto entry = decode_address_message(m);
    if (!entry) {
      if (auto idx = address_message_ifindex(m)) errors.emplace(*idx, entry.error().message);
    } else if (*entry) {
      found[(*entry)->ifindex].push_back((*entry)->address);
    }
  }
  for (auto& nd : netdevs) {
    if (!nd.ifindex.ok()) continue;
    const model::Provenance from{"rtnetlink", nd.name + " RTM_GETADDR"};
    if (auto e = errors.find(*nd.ifindex); e != errors.end())
      nd.addresses = model::Field<std::vector<std::string>>::missing(model::Availability::error, e->second, from);
    else
      nd.addresses = model::Field<std::vector<std::string>>::of(found[*nd.ifindex], from);
  }
}

}  // namespace roce::sources::rtnl
