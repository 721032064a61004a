#include "sources/writer/capability.hpp"

#include <cerrno>
#include <cstring>

#include <linux/capability.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace roce::sources::writer {

Expected<CapabilitySet> current_capabilities() {
  __user_cap_header_struct header{};
  header.version = _LINUX_CAPABILITY_VERSION_3;
  header.pid = 0;
  __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3]{};
  if (syscall(SYS_capget, &header, data) != 0) return fail(std::string("capget: ") + std::strerror(errno), {}, errno);
  CapabilitySet caps;
  caps.effective = data[0].effective | (std::uint64_t{data[1].effective} << 32);
  caps.permitted = data[0].permitted | (std::uint64_t{data[1].permitted} << 32);
  return caps;
}

Outcome require_net_admin(const CapabilitySet& caps) {
  if (caps.effective & (std::uint64_t{1} << CAP_NET_ADMIN)) return done();
  const bool can_raise = caps.permitted & (std::uint64_t{1} << CAP_NET_ADMIN);
  return fail("this process lacks CAP_NET_ADMIN, which the kernel requires for network configuration writes",
              can_raise ? "CAP_NET_ADMIN is permitted but not effective; raise it or run as root"
                        : "run as root (sudo) or grant CAP_NET_ADMIN",
              EPERM);
}

}  // namespace roce::sources::writer
