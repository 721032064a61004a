#pragma once
// The bytes a Request will be sent as, with nlmsg_len filled in as transact() fills it (seq and
// NLM_F_ACK are left as the encoder made them: 0 and unset).
#include <cstdint>
#include <cstring>
#include <vector>

#include "sources/rtnl/transport.hpp"

namespace roce::test {

inline std::vector<std::uint8_t> request_bytes(roce::sources::rtnl::Request& req) {
  std::vector<std::uint8_t> b = req.bytes();
  const auto len = static_cast<std::uint32_t>(b.size());
  std::memcpy(b.data(), &len, sizeof len);
  return b;
}

}  // namespace roce::test
