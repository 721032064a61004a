// The ethtool reader: SIOCETHTOOL ioctls, and the ethtool genetlink family for link modes and pause.
#include "sources/ethtool/ethtool_reader.hpp"

#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/netlink.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include "sources/ethtool/genl_messages.hpp"
#include "sources/ethtool/link_decoders.hpp"
#include "sources/ethtool/module_eeprom.hpp"
#include "sources/ethtool/stats_reader.hpp"
#include "sources/netlink/genl.hpp"

namespace roce::sources::ethtool {
namespace {

constexpr const char* kIoctl = "ethtool-ioctl";
constexpr const char* kNetlink = "ethtool-netlink";

model::Provenance at(const char* source, const std::string& ifname, const char* what) {
  return {source, ifname + " " + what};
}

template <class T>
model::Field<T> missing(const Error& e, model::Provenance from) {
  const auto availability = e.sys_errno ? model::availability_from_errno(e.sys_errno) : model::Availability::error;
  std::string cause = from.locator + ": " + e.message;
  if (!e.hint.empty()) cause += " (" + e.hint + ")";
  return model::Field<T>::missing(availability, std::move(cause), std::move(from));
}

template <class T>
model::Field<T> missing_errno(int err, model::Provenance from) {
  return missing<T>(Error{std::strerror(err), {}, err}, std::move(from));
}

}  // namespace

EthtoolReader::EthtoolReader() : EthtoolReader(LinkTransport::automatic) {}
EthtoolReader::EthtoolReader(LinkTransport transport) : transport_(transport) {}

EthtoolReader::~EthtoolReader() {
  if (ioctl_fd_ >= 0) close(ioctl_fd_);
}

int EthtoolReader::ioctl(const std::string& ifname, void* request) {
  if (ifname.empty()) return ENODEV;
  if (ifname.size() >= IFNAMSIZ) return ENAMETOOLONG;
  if (ioctl_fd_ < 0 && ioctl_open_errno_ == 0) {
    // Any socket will do for SIOCETHTOOL; like ethtool(8), fall back when IPv4 is compiled out.
    ioctl_fd_ = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (ioctl_fd_ < 0) ioctl_fd_ = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
    if (ioctl_fd_ < 0) ioctl_open_errno_ = errno;
  }
  if (ioctl_fd_ < 0) return ioctl_open_errno_;
  ifreq ifr{};
  std::memcpy(ifr.ifr_name, ifname.data(), ifname.size());
  ifr.ifr_data = static_cast<char*>(request);
  return ::ioctl(ioctl_fd_, SIOCETHTOOL, &ifr) == 0 ? 0 : errno;
}

netlink::Socket* EthtoolReader::genl() {
  if (transport_ == LinkTransport::ioctl_only) return nullptr;
  if (!genl_tried_) {
    genl_tried_ = true;
    if (auto sock = netlink::Socket::open(netlink::Bus::generic, kReplyTimeout)) {
      if (auto id = netlink::resolve_family(*sock, ETHTOOL_GENL_NAME)) {
        family_ = *id;
        genl_ = std::move(*sock);
      }
    }
  }
  return genl_ ? &*genl_ : nullptr;
}

bool EthtoolReader::uses_netlink() { return genl() != nullptr; }

Expected<model::CounterSet> EthtoolReader::read_stats(const std::string& ifname) {
  return read_stats_via([&](void* request) { return ioctl(ifname, request); });
}

model::Field<model::DriverInfo> EthtoolReader::read_driver(const std::string& ifname) {
  const auto from = at(kIoctl, ifname, "ETHTOOL_GDRVINFO");
  ethtool_drvinfo info{};
  info.cmd = ETHTOOL_GDRVINFO;
  if (int err = ioctl(ifname, &info)) return missing_errno<model::DriverInfo>(err, from);
  return model::Field<model::DriverInfo>::of(decode_drvinfo(info), from);
}

model::Field<model::LinkSettings> EthtoolReader::read_link(const std::string& ifname) {
  return genl() ? read_link_netlink(ifname) : read_link_ioctl(ifname);
}

model::Field<model::LinkSettings> EthtoolReader::read_link_netlink(const std::string& ifname) {
  const auto from = at(kNetlink, ifname, "ETHTOOL_MSG_LINKMODES_GET");
  // Compact bitsets: the link-mode bits as u32 words; verbose ones carry every mode's name.
  auto request = build_ethtool_get(family_, ETHTOOL_MSG_LINKMODES_GET, ifname, ETHTOOL_FLAG_COMPACT_BITSETS);
  auto reply = genl_->ask(request);
  if (!reply) return missing<model::LinkSettings>(reply.error(), from);
  auto link = decode_linkmodes_reply(*reply, family_);
  if (!link) return missing<model::LinkSettings>(link.error(), from);
  return model::Field<model::LinkSettings>::of(std::move(*link), from);
}

model::Field<model::LinkSettings> EthtoolReader::read_link_ioctl(const std::string& ifname) {
  const auto from = at(kIoctl, ifname, "ETHTOOL_GLINKSETTINGS");
  // struct ethtool_link_settings + three bitmaps of at most 127 words (nwords is an s8).
  std::vector<std::uint32_t> buf(sizeof(ethtool_link_settings) / 4 + 3 * 127, 0);
  ethtool_link_settings head{};
  head.cmd = ETHTOOL_GLINKSETTINGS;
  // Handshake: asking with 0 words makes the kernel answer with -(the number it needs).
  std::memcpy(buf.data(), &head, sizeof head);
  if (int err = ioctl(ifname, buf.data())) return missing_errno<model::LinkSettings>(err, from);
  std::memcpy(&head, buf.data(), sizeof head);
  if (head.cmd != ETHTOOL_GLINKSETTINGS || head.link_mode_masks_nwords >= 0)
    return model::Field<model::LinkSettings>::missing(model::Availability::error,
                                                      from.locator + ": unexpected handshake reply", from);
  const auto nwords = static_cast<std::int8_t>(-head.link_mode_masks_nwords);
  head = ethtool_link_settings{};
  head.cmd = ETHTOOL_GLINKSETTINGS;
  head.link_mode_masks_nwords = nwords;
  std::memcpy(buf.data(), &head, sizeof head);
  if (int err = ioctl(ifname, buf.data())) return missing_errno<model::LinkSettings>(err, from);
  std::memcpy(&head, buf.data(), sizeof head);
  if (head.cmd != ETHTOOL_GLINKSETTINGS || head.link_mode_masks_nwords <= 0)
    return model::Field<model::LinkSettings>::missing(model::Availability::error,
                                                      from.locator + ": handshake did not complete", from);
  const std::span<const std::uint32_t> masks(buf.data() + sizeof head / 4, 3 * static_cast<std::size_t>(nwords));
  return model::Field<model::LinkSettings>::of(decode_link_settings(head, masks), from);
}

model::Field<model::PauseParams> EthtoolReader::read_pause(const std::string& ifname) {
  return genl() ? read_pause_netlink(ifname) : read_pause_ioctl(ifname);
}

model::Field<model::PauseParams> EthtoolReader::read_pause_netlink(const std::string& ifname) {
  const auto from = at(kNetlink, ifname, "ETHTOOL_MSG_PAUSE_GET");
  auto ask = [&](std::uint32_t flags) -> Expected<model::PauseParams> {
    auto request = build_ethtool_get(family_, ETHTOOL_MSG_PAUSE_GET, ifname, flags);
    auto reply = genl_->ask(request);
    if (!reply) return fail(std::move(reply.error()));
    return decode_pause_reply(*reply, family_);
  };
  auto pause = ask(ETHTOOL_FLAG_STATS);
  // Kernels before 5.13 refuse the stats flag with EOPNOTSUPP; ask again for the parameters.
  if (!pause && pause.error().sys_errno == EOPNOTSUPP) pause = ask(0);
  if (!pause) return missing<model::PauseParams>(pause.error(), from);
  return model::Field<model::PauseParams>::of(std::move(*pause), from);
}

model::Field<model::PauseParams> EthtoolReader::read_pause_ioctl(const std::string& ifname) {
  const auto from = at(kIoctl, ifname, "ETHTOOL_GPAUSEPARAM");
  ethtool_pauseparam pause{};
  pause.cmd = ETHTOOL_GPAUSEPARAM;
  if (int err = ioctl(ifname, &pause)) return missing_errno<model::PauseParams>(err, from);
  return model::Field<model::PauseParams>::of(decode_pauseparam(pause), from);
}

model::Field<std::uint32_t> EthtoolReader::read_pfc_prevention_tout(const std::string& ifname) {
  const auto from = at(kIoctl, ifname, "ETHTOOL_GTUNABLE PFC_PREVENTION_TOUT");
  // struct ethtool_tunable followed by its u16 value.
  std::vector<std::uint64_t> buf(3, 0);
  ethtool_tunable head{};
  head.cmd = ETHTOOL_GTUNABLE;
  head.id = ETHTOOL_PFC_PREVENTION_TOUT;
  head.type_id = ETHTOOL_TUNABLE_U16;
  head.len = sizeof(std::uint16_t);
  std::memcpy(buf.data(), &head, sizeof head);
  if (int err = ioctl(ifname, buf.data())) return missing_errno<std::uint32_t>(err, from);
  std::uint16_t msec = 0;
  std::memcpy(&msec, reinterpret_cast<const char*>(buf.data()) + sizeof head, sizeof msec);
  return model::Field<std::uint32_t>::of(msec, from);
}

Expected<ByteBuffer> EthtoolReader::read_module_netlink(const std::string& ifname) {
  ByteBuffer eeprom;
  for (std::uint32_t offset : {0u, 128u}) {
    auto request = build_module_eeprom_get(family_, ifname, offset, 128);
    auto reply = genl_->ask(request);
    if (!reply) return fail(std::move(reply.error()));
    auto half = decode_module_eeprom_reply(*reply, family_, 128);
    if (!half) return fail(std::move(half.error()));
    eeprom.insert(eeprom.end(), half->begin(), half->end());
    // An SFP's identity is all in its first 128 bytes.
    if (const auto spec = module_spec(eeprom[0]); spec && module_bytes_needed(*spec) <= eeprom.size()) break;
  }
  return eeprom;
}

Expected<ByteBuffer> EthtoolReader::read_module_ioctl(const std::string& ifname) {
  ethtool_modinfo info{};
  info.cmd = ETHTOOL_GMODULEINFO;
  if (int err = ioctl(ifname, &info)) return fail("ETHTOOL_GMODULEINFO: " + std::string(std::strerror(err)), "", err);
  const std::uint32_t length = std::min<std::uint32_t>(info.eeprom_len, 256);
  std::vector<std::uint8_t> buf(sizeof(ethtool_eeprom) + length, 0);
  ethtool_eeprom head{};
  head.cmd = ETHTOOL_GMODULEEEPROM;
  head.offset = 0;
  head.len = length;
  std::memcpy(buf.data(), &head, sizeof head);
  if (int err = ioctl(ifname, buf.data()))
    return fail("ETHTOOL_GMODULEEEPROM: " + std::string(std::strerror(err)), "", err);
  std::memcpy(&head, buf.data(), sizeof head);
  if (head.len > length) return fail("ETHTOOL_GMODULEEEPROM: the kernel returned more bytes than asked");
  return ByteBuffer(buf.begin() + sizeof head, buf.begin() + static_cast<std::ptrdiff_t>(sizeof head + head.len));
}

model::Field<std::uint32_t> EthtoolReader::read_module_cable(const std::string& ifname) {
  auto from = at(kNetlink, ifname, "ETHTOOL_MSG_MODULE_EEPROM_GET");
  Expected<ByteBuffer> eeprom = fail("not read");
  if (genl()) eeprom = read_module_netlink(ifname);
  // Kernels before 5.13 answer the unknown message with EOPNOTSUPP: ask the ioctls.
  if (!genl() || (!eeprom && eeprom.error().sys_errno == EOPNOTSUPP)) {
    from = at(kIoctl, ifname, "ETHTOOL_GMODULEEEPROM");
    eeprom = read_module_ioctl(ifname);
  }
  if (!eeprom) return missing<std::uint32_t>(eeprom.error(), from);
  auto info = decode_module_eeprom(*eeprom);
  if (!info) return missing<std::uint32_t>(info.error(), from);
  return module_cable_field(*info, from);
}

void EthtoolReader::read(model::NetDev& nd) {
  nd.driver = read_driver(nd.name);
  nd.link = read_link(nd.name);
  nd.pause = read_pause(nd.name);
  nd.pfc_prevention_tout_ms = read_pfc_prevention_tout(nd.name);
  nd.module_cable_m = read_module_cable(nd.name);
  const auto from = at(kIoctl, nd.name, "ETHTOOL_GSTATS");
  if (auto stats = read_stats(nd.name))
    nd.ethtool_stats = model::Field<model::CounterSet>::of(std::move(*stats), from);
  else
    nd.ethtool_stats = missing<model::CounterSet>(stats.error(), from);
}

}  // namespace roce::sources::ethtool
