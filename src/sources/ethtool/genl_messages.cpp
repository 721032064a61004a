#include "sources/ethtool/genl_messages.hpp"

#include <libmnl/libmnl.h>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include <cstring>
#include <optional>

#include "sources/ethtool/link_decoders.hpp"

namespace roce::sources::ethtool {
namespace {

// ---- building ----

class MessageBuilder {
 public:
  MessageBuilder(std::uint16_t type, std::uint8_t cmd, std::uint8_t version, std::uint32_t seq)
      : storage_(kWords, 0) {
    nlh_ = mnl_nlmsg_put_header(storage_.data());
    nlh_->nlmsg_type = type;
    nlh_->nlmsg_flags = NLM_F_REQUEST;
    nlh_->nlmsg_seq = seq;
    auto* genl = static_cast<genlmsghdr*>(mnl_nlmsg_put_extra_header(nlh_, sizeof(genlmsghdr)));
    genl->cmd = cmd;
    genl->version = version;
  }
  nlmsghdr* nlh() { return nlh_; }
  Bytes bytes() const {
    const auto* p = reinterpret_cast<const std::uint8_t*>(storage_.data());
    return Bytes(p, p + nlh_->nlmsg_len);
  }

 private:
  static constexpr std::size_t kWords = 128;  // 1 KiB: the largest request is ~60 bytes
  std::vector<std::uint64_t> storage_;
  nlmsghdr* nlh_;
};

// ---- decoding ----

// libmnl casts the buffer to headers: give it an aligned copy of untrusted bytes.
class AlignedCopy {
 public:
  explicit AlignedCopy(ByteView bytes) : storage_((bytes.size() + 7) / 8, 0), size_(bytes.size()) {
    if (size_) std::memcpy(storage_.data(), bytes.data(), size_);
  }
  const std::uint8_t* data() const { return reinterpret_cast<const std::uint8_t*>(storage_.data()); }
  std::size_t size() const { return size_; }

 private:
  std::vector<std::uint64_t> storage_;
  std::size_t size_;
};

struct AttrRange {
  const std::uint8_t* begin;
  std::size_t len;
};

using NameOf = const char* (*)(std::uint16_t type);

std::string describe(NameOf name_of, std::uint16_t type) {
  const char* n = name_of(type);
  return n ? std::string(n) : "attribute type " + std::to_string(type);
}

// Visits every attribute in the range; fails when one does not fit.
template <class Visit>
Outcome walk(AttrRange range, NameOf name_of, Visit&& visit) {
  const std::uint8_t* p = range.begin;
  std::size_t left = range.len;
  while (left > 0) {
    if (left < sizeof(nlattr))
      return fail("attribute header truncated (" + std::to_string(left) + " bytes left)");
    const auto* attr = reinterpret_cast<const nlattr*>(p);
    if (!mnl_attr_ok(attr, static_cast<int>(left)))
      return fail(describe(name_of, mnl_attr_get_type(attr)) + ": attribute truncated (length " +
                  std::to_string(attr->nla_len) + ", " + std::to_string(left) + " bytes left)");
    if (auto r = visit(attr); !r) return r;
    const std::size_t step = MNL_ALIGN(attr->nla_len);
    if (step >= left) break;
    p += step;
    left -= step;
  }
  return done();
}

// mnl_attr_validate with a message that names the attribute.
Outcome validate(const nlattr* attr, mnl_attr_data_type type, NameOf name_of) {
  if (mnl_attr_validate(attr, type) == 0) return done();
  const std::string name = describe(name_of, mnl_attr_get_type(attr));
  const std::size_t len = mnl_attr_get_payload_len(attr);
  std::size_t expected = 0;
  switch (type) {
    case MNL_TYPE_U8: expected = 1; break;
    case MNL_TYPE_U16: expected = 2; break;
    case MNL_TYPE_U32: expected = 4; break;
    case MNL_TYPE_U64: expected = 8; break;
    case MNL_TYPE_NESTED: return fail(name + ": attribute too short (" + std::to_string(len) + " bytes, a nest needs 0 or at least 4)");
    case MNL_TYPE_NUL_STRING: return fail(name + ": string is empty or not NUL-terminated");
    default: return fail(name + ": invalid attribute");
  }
  if (len < expected) return fail(name + ": attribute too short (" + std::to_string(len) + " bytes, expected " +
                                  std::to_string(expected) + ")");
  return fail(name + ": attribute too long (" + std::to_string(len) + " bytes, expected " +
              std::to_string(expected) + ")");
}

AttrRange nested(const nlattr* attr) {
  return {static_cast<const std::uint8_t*>(mnl_attr_get_payload(attr)), mnl_attr_get_payload_len(attr)};
}

const char* nlmsgerr_attr_name(std::uint16_t type) { return type == NLMSGERR_ATTR_MSG ? "NLMSGERR_ATTR_MSG" : nullptr; }

// The extack message of an NLMSG_ERROR, when the kernel included one. Best effort.
std::string extack_message(const nlmsghdr* nlh, const nlmsgerr& err) {
  if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS)) return {};
  std::size_t offset = sizeof(nlmsgerr);
  if (!(nlh->nlmsg_flags & NLM_F_CAPPED) && err.msg.nlmsg_len >= sizeof(nlmsghdr))
    offset += err.msg.nlmsg_len - sizeof(nlmsghdr);
  offset = MNL_ALIGN(offset);
  const std::size_t payload_len = mnl_nlmsg_get_payload_len(nlh);
  if (offset >= payload_len) return {};
  std::string message;
  const auto* payload = static_cast<const std::uint8_t*>(mnl_nlmsg_get_payload(nlh));
  (void)walk({payload + offset, payload_len - offset}, nlmsgerr_attr_name, [&](const nlattr* attr) -> Outcome {
    if (mnl_attr_get_type(attr) == NLMSGERR_ATTR_MSG && validate(attr, MNL_TYPE_NUL_STRING, nlmsgerr_attr_name))
      message = mnl_attr_get_str(attr);
    return done();
  });
  return message;
}

Unexpected kernel_error(const nlmsghdr* nlh) {
  if (mnl_nlmsg_get_payload_len(nlh) < sizeof(nlmsgerr))
    return fail("NLMSG_ERROR: truncated (" + std::to_string(mnl_nlmsg_get_payload_len(nlh)) + " bytes)");
  nlmsgerr err;
  std::memcpy(&err, mnl_nlmsg_get_payload(nlh), sizeof err);
  const long long code = -static_cast<long long>(err.error);
  if (code == 0) return fail("the kernel acknowledged the request but sent no reply");
  if (code < 0 || code > 4095) return fail("NLMSG_ERROR: invalid error code " + std::to_string(err.error));
  std::string message = std::strerror(static_cast<int>(code));
  if (auto extack = extack_message(nlh, err); !extack.empty()) message += " (kernel: " + extack + ")";
  return fail(message, {}, static_cast<int>(code));
}

// Finds the reply in the datagram: the genetlink message of `type` and `cmd`, or the kernel's error.
Expected<AttrRange> open_reply(const AlignedCopy& copy, std::uint16_t type, std::uint8_t cmd, const char* cmd_name) {
  if (copy.size() < sizeof(nlmsghdr))
    return fail("netlink reply truncated (" + std::to_string(copy.size()) + " bytes)");
  const auto* nlh = reinterpret_cast<const nlmsghdr*>(copy.data());
  // Not mnl_nlmsg_ok(): it compares nlmsg_len as a signed int, so a length of 2^31 or more passes.
  if (nlh->nlmsg_len < sizeof(nlmsghdr) || nlh->nlmsg_len > copy.size())
    return fail("netlink reply truncated (nlmsg_len " + std::to_string(nlh->nlmsg_len) + ", " +
                std::to_string(copy.size()) + " bytes received)");
  if (nlh->nlmsg_type == NLMSG_ERROR) return kernel_error(nlh);
  if (nlh->nlmsg_type != type)
    return fail("unexpected netlink message type " + std::to_string(nlh->nlmsg_type) + " (expected " +
                std::to_string(type) + ")");
  const std::size_t payload_len = mnl_nlmsg_get_payload_len(nlh);
  if (payload_len < GENL_HDRLEN) return fail(std::string(cmd_name) + ": genetlink header truncated");
  const auto* genl = static_cast<const genlmsghdr*>(mnl_nlmsg_get_payload(nlh));
  if (genl->cmd != cmd)
    return fail("unexpected genetlink command " + std::to_string(genl->cmd) + " (expected " + cmd_name + ")");
  return AttrRange{reinterpret_cast<const std::uint8_t*>(genl) + GENL_HDRLEN, payload_len - GENL_HDRLEN};
}

Unexpected missing(const char* attr) { return fail(std::string(attr) + ": missing from the reply"); }

const char* ctrl_attr_name(std::uint16_t type) {
  switch (type) {
    case CTRL_ATTR_FAMILY_ID: return "CTRL_ATTR_FAMILY_ID";
    case CTRL_ATTR_FAMILY_NAME: return "CTRL_ATTR_FAMILY_NAME";
    default: return nullptr;
  }
}

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

// Prefixes errors found inside a nest with the nest's name.
Outcome in_nest(const char* nest, Outcome r) {
  if (r) return r;
  return fail(std::move(r.error()).context(nest));
}

}  // namespace

Bytes build_family_request(std::uint32_t seq) {
  MessageBuilder m(GENL_ID_CTRL, CTRL_CMD_GETFAMILY, 1, seq);
  mnl_attr_put_strz(m.nlh(), CTRL_ATTR_FAMILY_NAME, ETHTOOL_GENL_NAME);
  return m.bytes();
}

Bytes build_ethtool_get(std::uint16_t family, std::uint8_t cmd, const std::string& ifname, std::uint32_t flags,
                        std::uint32_t seq) {
  MessageBuilder m(family, cmd, ETHTOOL_GENL_VERSION, seq);
  nlattr* header = mnl_attr_nest_start(m.nlh(), ETHTOOL_A_PAUSE_HEADER);  // attribute 1 in every message
  mnl_attr_put_strz(m.nlh(), ETHTOOL_A_HEADER_DEV_NAME, ifname.c_str());
  if (flags) mnl_attr_put_u32(m.nlh(), ETHTOOL_A_HEADER_FLAGS, flags);
  mnl_attr_nest_end(m.nlh(), header);
  return m.bytes();
}

Expected<std::uint16_t> decode_family_reply(ByteView datagram) {
  AlignedCopy copy(datagram);
  auto attrs = open_reply(copy, GENL_ID_CTRL, CTRL_CMD_NEWFAMILY, "CTRL_CMD_NEWFAMILY");
  if (!attrs) return fail(std::move(attrs.error()));
  std::optional<std::uint16_t> id;
  auto r = walk(*attrs, ctrl_attr_name, [&](const nlattr* attr) -> Outcome {
    if (mnl_attr_get_type(attr) != CTRL_ATTR_FAMILY_ID) return done();
    if (auto v = validate(attr, MNL_TYPE_U16, ctrl_attr_name); !v) return v;
    id = mnl_attr_get_u16(attr);
    return done();
  });
  if (!r) return fail(std::move(r.error()));
  if (!id) return missing("CTRL_ATTR_FAMILY_ID");
  return *id;
}

Expected<model::LinkSettings> decode_linkmodes_reply(ByteView datagram, std::uint16_t family) {
  AlignedCopy copy(datagram);
  auto attrs = open_reply(copy, family, ETHTOOL_MSG_LINKMODES_GET_REPLY, "ETHTOOL_MSG_LINKMODES_GET_REPLY");
  if (!attrs) return fail(std::move(attrs.error()));
  model::LinkSettings link;
  bool have_autoneg = false, have_speed = false, have_duplex = false;
  auto r = walk(*attrs, linkmodes_attr_name, [&](const nlattr* attr) -> Outcome {
    switch (mnl_attr_get_type(attr)) {
      case ETHTOOL_A_LINKMODES_HEADER:
      case ETHTOOL_A_LINKMODES_OURS:
      case ETHTOOL_A_LINKMODES_PEER:
        return validate(attr, MNL_TYPE_NESTED, linkmodes_attr_name);
      case ETHTOOL_A_LINKMODES_AUTONEG:
        if (auto v = validate(attr, MNL_TYPE_U8, linkmodes_attr_name); !v) return v;
        link.autoneg = mnl_attr_get_u8(attr) == AUTONEG_ENABLE;
        have_autoneg = true;
        return done();
      case ETHTOOL_A_LINKMODES_SPEED:
        if (auto v = validate(attr, MNL_TYPE_U32, linkmodes_attr_name); !v) return v;
        link.speed_mbps = speed_mbps(mnl_attr_get_u32(attr));
        have_speed = true;
        return done();
      case ETHTOOL_A_LINKMODES_DUPLEX:
        if (auto v = validate(attr, MNL_TYPE_U8, linkmodes_attr_name); !v) return v;
        link.duplex = duplex_name(mnl_attr_get_u8(attr));
        have_duplex = true;
        return done();
      case ETHTOOL_A_LINKMODES_LANES:
        if (auto v = validate(attr, MNL_TYPE_U32, linkmodes_attr_name); !v) return v;
        if (std::uint32_t lanes = mnl_attr_get_u32(attr); lanes != 0) link.lanes = lanes;
        return done();
      default:
        return done();  // attributes of newer kernels, and ones we do not use
    }
  });
  if (!r) return fail(std::move(r.error()));
  if (!have_autoneg) return missing("ETHTOOL_A_LINKMODES_AUTONEG");
  if (!have_speed) return missing("ETHTOOL_A_LINKMODES_SPEED");
  if (!have_duplex) return missing("ETHTOOL_A_LINKMODES_DUPLEX");
  return link;
}

Expected<model::PauseParams> decode_pause_reply(ByteView datagram, std::uint16_t family) {
  AlignedCopy copy(datagram);
  auto attrs = open_reply(copy, family, ETHTOOL_MSG_PAUSE_GET_REPLY, "ETHTOOL_MSG_PAUSE_GET_REPLY");
  if (!attrs) return fail(std::move(attrs.error()));
  model::PauseParams pause;
  bool have_autoneg = false, have_rx = false, have_tx = false;
  auto read_flag = [](const nlattr* attr, bool& out, bool& seen) -> Outcome {
    if (auto v = validate(attr, MNL_TYPE_U8, pause_attr_name); !v) return v;
    out = mnl_attr_get_u8(attr) != 0;
    seen = true;
    return done();
  };
  auto read_stats = [&](const nlattr* nest) -> Outcome {
    if (auto v = validate(nest, MNL_TYPE_NESTED, pause_attr_name); !v) return v;
    return in_nest("ETHTOOL_A_PAUSE_STATS", walk(nested(nest), pause_stat_attr_name, [&](const nlattr* attr) -> Outcome {
      switch (mnl_attr_get_type(attr)) {
        case ETHTOOL_A_PAUSE_STAT_TX_FRAMES:
          if (auto v = validate(attr, MNL_TYPE_U64, pause_stat_attr_name); !v) return v;
          pause.tx_frames = mnl_attr_get_u64(attr);
          return done();
        case ETHTOOL_A_PAUSE_STAT_RX_FRAMES:
          if (auto v = validate(attr, MNL_TYPE_U64, pause_stat_attr_name); !v) return v;
          pause.rx_frames = mnl_attr_get_u64(attr);
          return done();
        default:
          return done();  // ETHTOOL_A_PAUSE_STAT_PAD aligns the u64 that follows; newer counters
      }
    }));
  };
  auto r = walk(*attrs, pause_attr_name, [&](const nlattr* attr) -> Outcome {
    switch (mnl_attr_get_type(attr)) {
      case ETHTOOL_A_PAUSE_HEADER: return validate(attr, MNL_TYPE_NESTED, pause_attr_name);
      case ETHTOOL_A_PAUSE_AUTONEG: return read_flag(attr, pause.autoneg, have_autoneg);
      case ETHTOOL_A_PAUSE_RX: return read_flag(attr, pause.rx, have_rx);
      case ETHTOOL_A_PAUSE_TX: return read_flag(attr, pause.tx, have_tx);
      case ETHTOOL_A_PAUSE_STATS: return read_stats(attr);
      default: return done();
    }
  });
  if (!r) return fail(std::move(r.error()));
  if (!have_autoneg) return missing("ETHTOOL_A_PAUSE_AUTONEG");
  if (!have_rx) return missing("ETHTOOL_A_PAUSE_RX");
  if (!have_tx) return missing("ETHTOOL_A_PAUSE_TX");
  return pause;
}

}  // namespace roce::sources::ethtool
