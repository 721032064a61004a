#pragma once
// system::System for the live kernel: reads and writes one object at a time through rtnetlink
// (link MTU, tc RED), dcbnl (PFC, ETS, APP table, apptrust, buffer) and the vendor sysfs (trust,
// ECN enable). Writes are read-modify-write: the object is fetched, the fields the knob owns are
// replaced, the whole object is written back. Every failure names the device, the object, the
// request, the errno and the kernel's extended-ACK message.
#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "sources/linux_host.hpp"
#include "sources/rtnl/change_watch.hpp"
#include "sources/writer/sysfs_knobs.hpp"
#include "system/system.hpp"

namespace roce::sources::writer {

struct LinuxSystemOptions {
  std::string sysfs_root_flag;  // empty: $ROCE_DOCTOR_SYSFS_ROOT, else /sys (vendor sysfs knobs)
  std::chrono::milliseconds reply_timeout{2000};
  CollectOptions collect;  // for sample()
};

class LinuxSystem final : public system::System {
 public:
  explicit LinuxSystem(LinuxSystemOptions options = {});

  std::string name() const override { return "live"; }
  model::Host sample() override;
  std::optional<model::Host> sample_counters(const model::Host& before) override;
  Expected<system::Value> read(const system::ObjectRef& object) override;
  // Refuses, before anything is written: a missing device, no CAP_NET_ADMIN (netlink knobs), a
  // driver without dcbnl or without this DCB object, a sysfs file absent or read-only, no RED
  // qdisc at that parent.
  Outcome writable(const system::ObjectRef& object) override;
  /// Dispatches to the knob's writer; every failure names the object.
  Outcome write(const system::ObjectRef& object, const system::Value& value) override;
  void wait(std::chrono::milliseconds duration) override;

 private:
  // One writer per knob, each read-modify-write like iproute2's `dcb pfc set`: the object is read
  // from the kernel, the fields the knob owns are replaced, the whole object is written back.
  Outcome write_mtu(const system::ObjectRef& object, const system::Value& value);
  Outcome write_pfc(const system::ObjectRef& object, const system::Value& value);
  Outcome write_ets(const system::ObjectRef& object, const system::Value& value);
  Outcome write_buffer(const system::ObjectRef& object, const system::Value& value);
  Outcome write_app(const system::ObjectRef& object, const system::Value& value);
  Outcome write_apptrust(const system::ObjectRef& object, const system::Value& value);
  Outcome write_red(const system::ObjectRef& object, const system::Value& value);
  Outcome write_trust(const system::ObjectRef& object, const system::Value& value);
  Outcome write_nic_ecn(const system::ObjectRef& object, const system::Value& value);

  LinuxSystemOptions options_;
  std::optional<std::unique_ptr<rtnl::ChangeWatch>> changes_;  // opened at the first counters-only sample
  SysfsKnobs sysfs_;
};

// Defaults of the RED idle-damping table when the link speed is unknown: tc's own (10 Mbit/s)
// and the average packet of the mlxsw example in formats.md 5.3.
constexpr std::uint64_t kRedDefaultRateBytesPerSec = 10'000'000 / 8;
constexpr std::uint32_t kRedAvpkt = 1000;

}  // namespace roce::sources::writer
