#pragma once
// Bounds-checked reading of netlink messages and their attributes (TLVs, NLA_ALIGNed), for every
// bus and family. Everything here is pure: it reads a byte view and never trusts a length it has
// not checked. Structs are copied out with memcpy, so unaligned buffers are fine.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <linux/netlink.h>

#include "util/bytes.hpp"
#include "util/expected.hpp"

namespace roce::sources::netlink {

/// Netlink pads messages and attributes to 4 bytes (NLMSG_ALIGNTO, NLA_ALIGNTO).
constexpr std::size_t align4(std::size_t n) { return (n + 3) & ~std::size_t{3}; }

/// Names an attribute type for messages ("DCB_ATTR_IEEE_PFC"); nullptr when unknown.
using AttrNamer = const char* (*)(std::uint16_t type);

/// One attribute of a stream.
struct Attr {
  std::uint16_t type = 0;  ///< without NLA_F_NESTED / NLA_F_NET_BYTEORDER
  ByteView payload;
  std::size_t offset = 0;  ///< of the attribute header within the stream, for messages
};

/// The attributes of one stream. A garbled stream (an attribute that overruns it, trailing bytes
/// too short for a header) keeps the attributes before the damage and says what went wrong.
struct AttrList {
  std::vector<Attr> attrs;
  std::optional<std::string>
      error;  ///< "DCB_ATTR_IEEE: DCB_ATTR_IEEE_PFC at offset 64: length 140 overruns the 80 bytes left"

  /// The first attribute of this type, or nullptr.
  const Attr* find(std::uint16_t type) const {
    for (const auto& a : attrs)
      if (a.type == type) return &a;
    return nullptr;
  }
};

/// Splits an attribute stream (a message's attributes, a nest's payload); `where` and `namer` name
/// the damage in the error.
AttrList parse_attrs(ByteView stream, std::string_view where, AttrNamer namer = nullptr);

/// "DCB_ATTR_IEEE_PFC" or "attribute 42".
std::string attr_name(std::uint16_t type, AttrNamer namer);

/// A struct carried in an attribute. A payload shorter than `min_size` (default: the whole struct)
/// is an error naming the attribute ("DCB_ATTR_IEEE_PFC: 12 bytes, expected 136"). A longer one is a
/// newer kernel's extended struct and its known prefix is read; a shorter one that still reaches
/// min_size is an older kernel's struct and the fields it lacks read as zero.
template <class T>
Expected<T> read_struct(ByteView payload, std::string_view name, std::size_t min_size = sizeof(T)) {
  if (payload.size() < min_size)
    return fail(std::string(name) + ": " + std::to_string(payload.size()) + " bytes, expected " +
                (min_size == sizeof(T) ? "" : "at least ") + std::to_string(min_size));
  T value;
  std::memset(&value, 0, sizeof value);
  std::memcpy(&value, payload.data(), payload.size() < sizeof(T) ? payload.size() : sizeof(T));
  return value;
}

/// A scalar attribute (u8/u16/u32/u64): the size must match exactly.
template <class T>
Expected<T> read_scalar(ByteView payload, std::string_view name) {
  if (payload.size() != sizeof(T))
    return fail(std::string(name) + ": " + std::to_string(payload.size()) + " bytes, expected " +
                std::to_string(sizeof(T)));
  T value;
  std::memcpy(&value, payload.data(), sizeof(T));
  return value;
}

/// A string attribute, up to its first NUL (a missing NUL is tolerated).
std::string read_string(ByteView payload);

/// One netlink message, checked: its header fits, nlmsg_len fits the bytes, the family header
/// (ifinfomsg, tcmsg, dcbmsg, genlmsghdr, ...) fits; `attrs` is the attribute stream after it.
struct MessageView {
  nlmsghdr header{};
  ByteView family_header;
  ByteView attrs;
};
Expected<MessageView> view_message(ByteView msg, std::uint16_t expected_type, std::size_t family_header_size,
                                   std::string_view what);

/// Splits a receive buffer into messages. Fails if a header or an nlmsg_len does not fit.
Expected<std::vector<ByteView>> split_messages(ByteView buffer);

}  // namespace roce::sources::netlink
