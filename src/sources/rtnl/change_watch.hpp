#pragma once
// Whether a link or its DCB configuration changed: a rtnetlink socket subscribed to the link and
// DCB groups (RTNLGRP_LINK: MTU, state, renames, new and removed links; RTNLGRP_DCB: dcbnl sets,
// as `dcb` and lldpad make them). The kernel queues a message for every change; reading them is
// the whole cost, so a sampler can keep its configuration until one arrives.
#include <memory>

namespace roce::sources::rtnl {

class ChangeWatch {
 public:
  /// nullptr when the socket cannot be opened or joined (then every sample reads everything).
  static std::unique_ptr<ChangeWatch> open();
  ~ChangeWatch();
  ChangeWatch(const ChangeWatch&) = delete;
  ChangeWatch& operator=(const ChangeWatch&) = delete;

  /// True when a change (or a lost notification: the queue overflowed) arrived since the last call.
  bool changed();

 private:
  explicit ChangeWatch(int fd) : fd_(fd) {}
  int fd_;
};

}  // namespace roce::sources::rtnl
