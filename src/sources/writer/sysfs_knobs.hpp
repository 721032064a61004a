#pragma once
// The vendor sysfs knobs of MLNX_OFED mlx5: <root>/class/net/<dev>/qos/trust ("pcp"|"dscp") and
// ecn/roce_np|roce_rp/enable/<prio> ("0"|"1"). Upstream kernels do not have them.
#include <cstdint>
#include <string>

#include "system/object.hpp"
#include "util/expected.hpp"

namespace roce::sources::writer {

class SysfsKnobs {
 public:
  explicit SysfsKnobs(std::string sysfs_root) : root_(std::move(sysfs_root)) {}

  Expected<std::string> read_trust(const std::string& netdev) const;
  Outcome write_trust(const std::string& netdev, const std::string& trust) const;
  Expected<system::EcnEnable> read_ecn(const std::string& netdev, std::uint32_t prio) const;
  Outcome write_ecn(const std::string& netdev, std::uint32_t prio, const system::EcnEnable& ecn) const;

  // The device exists in this sysfs, and every file of the knob exists and can be written.
  Outcome writable_trust(const std::string& netdev) const;
  Outcome writable_ecn(const std::string& netdev, std::uint32_t prio) const;

  std::string trust_path(const std::string& netdev) const;
  std::string ecn_path(const std::string& netdev, const char* point, std::uint32_t prio) const;

 private:
  Outcome device_exists(const std::string& netdev) const;
  std::string root_;
};

}  // namespace roce::sources::writer
