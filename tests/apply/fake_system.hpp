#pragma once
// Fake tune::Systems for the apply tests. A tiny host model: one mlx5 port "eth0" whose priority 3
// drops 100 packets/s unless PFC is enabled on it. MemorySystem keeps its objects in memory and
// records every write; FileSystem keeps them in a JSON file so another process (the helper, its
// watchdog) can reopen it by name ("file:PATH"). Writes can be made to fail at the k-th call.
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "apply/apply.hpp"
#include "system/system.hpp"

namespace roce::test {

enum class WriteFault { none, fail, fail_after_applying, write_other_value };

class FakeSystem : public system::System {
 public:
  model::Host sample() override;
  Expected<system::Value> read(const system::ObjectRef& object) override;
  Outcome writable(const system::ObjectRef& object) override;
  Outcome write(const system::ObjectRef& object, const system::Value& value) override;
  void wait(std::chrono::milliseconds duration) override;

  std::vector<std::pair<system::ObjectRef, system::Value>> writes;  // every write() call, in order
  std::set<std::string> not_writable;                               // describe(object)
  int fault_at_write = -1;                                          // 0-based write() call
  WriteFault fault = WriteFault::none;
  std::uint8_t dcbx = 0x8 | 0x4 | 0x1;  // HOST | VER_CEE | VER_IEEE
  std::vector<std::string> lldp_agents;  // what the sample says runs: "lldpad (pid 812)"
  bool link_up = true;
  std::map<std::string, int> read_errno;     // describe(object) -> the errno its read fails with
  std::function<void(FakeSystem&)> on_wait;  // runs at every wait(): someone else changing the host

 protected:
  using Objects = std::vector<std::pair<system::ObjectRef, system::Value>>;
  virtual Objects load() = 0;
  virtual void store(const Objects& objects) = 0;

 private:
  std::int64_t clock_ns_ = 1'000'000'000;
  std::uint64_t drops_ = 0, pause_us_ = 0;
};

class MemorySystem : public FakeSystem {
 public:
  explicit MemorySystem(Objects objects) : objects_(std::move(objects)) {}
  std::string name() const override { return "memory"; }
  Objects objects() const { return objects_; }

 protected:
  Objects load() override { return objects_; }
  void store(const Objects& objects) override { objects_ = objects; }

 private:
  Objects objects_;
};

class FileSystem : public FakeSystem {
 public:
  explicit FileSystem(std::string path) : path_(std::move(path)) {}
  std::string name() const override { return "file:" + path_; }
  static void create(const std::string& path, const Objects& objects);

 protected:
  Objects load() override;
  void store(const Objects& objects) override;

 private:
  std::string path_;
};

/// Reopens a FileSystem by its name ("file:PATH"), as a watchdog or a later run would.
Expected<std::unique_ptr<system::System>> open_file_system(const std::string& spec);

/// Apply options for tests: state in `state_dir`, disruptive changes accepted, no agent to find.
apply::ApplyOptions apply_options(const std::string& state_dir);

/// The objects of the test host: eth0 MTU 1500, PFC off, buffer, ECN on prio 3.
std::vector<std::pair<system::ObjectRef, system::Value>> default_objects(std::uint8_t pfc_en = 0);
/// A plan: eth0 PFC `from` -> `to` (disruptive) and MTU 1500 -> 4200.
std::vector<tune::Change> pfc_plan(std::uint8_t from, std::uint8_t to);

}  // namespace roce::test
