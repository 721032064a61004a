// libFuzzer target for the pure sysfs decoders (port state, rate, GID text, counter value, netdev
// speed, vendor flags, PCI names). Every input must decode or be rejected with a message that
// quotes it; nothing may crash.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "sources/sysfs/sysfs_decode.hpp"

using namespace roce::sources::sysfs;

namespace {

template <class E>
void require_message_on_failure(const E& result) {
  if (!result.ok() && result.error().message.find("expected ") != 0) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);

  require_message_on_failure(decode_unsigned(text));
  require_message_on_failure(decode_u32(text));
  require_message_on_failure(decode_code_and_name(text));
  require_message_on_failure(decode_netdev_speed(text));
  require_message_on_failure(decode_enable_flag(text));
  require_message_on_failure(decode_trust(text));

  auto rate = decode_rate(text);
  require_message_on_failure(rate);
  if (rate && (rate->gbps < 0 || rate->width == 0)) std::abort();

  auto gid = decode_gid(text);
  require_message_on_failure(gid);
  if (gid) (void)is_zero_gid(*gid);

  (void)is_pci_address(text);
  (void)quote_for_message(text);
  return 0;
}
