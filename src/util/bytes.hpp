#pragma once
// The two names for raw bytes: a view of bytes someone else owns, and a buffer that owns them.
#include <cstdint>
#include <span>
#include <vector>

namespace roce {

/// Bytes read, not owned: a received datagram, one netlink message, an attribute's payload.
using ByteView = std::span<const std::uint8_t>;
/// Bytes owned: a request under construction, a copy of a reply kept past the receive buffer.
using ByteBuffer = std::vector<std::uint8_t>;

}  // namespace roce
