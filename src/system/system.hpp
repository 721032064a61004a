#pragma once
// The host the tuner works on, behind one narrow interface: the live kernel
// (sources/writer/linux_system.hpp) or the simulator (sim/). Reads are whole objects; writes are
// whole objects, read-modify-write.
#include <chrono>
#include <optional>
#include <string>

#include "model/host.hpp"
#include "system/object.hpp"
#include "util/expected.hpp"

namespace roce::system {

class System {
 public:
  virtual ~System() = default;
  virtual std::string name() const = 0;  // "live", "sim:examples/sim/incast.toml"
  /// A complete Host sample (configuration and counters), as `collect` would give.
  virtual model::Host sample() = 0;
  /// `before` (a sample of this system) with its counters and link state read again, for a sampler
  /// that reads the configuration less often than the counters; nullopt when a whole sample is due
  /// (a netdev came, went, was re-created or changed its MTU or state). By default: none is cheaper.
  virtual std::optional<model::Host> sample_counters(const model::Host& /*before*/) { return std::nullopt; }
  /// The object's current value, read from the system (not from a cached sample).
  virtual Expected<Value> read(const ObjectRef& object) = 0;
  /// Can this object be written, and written back, here? Asked for every object of a plan before
  /// the first write (unsupported driver, no CAP_NET_ADMIN, read-only sysfs...).
  virtual Outcome writable(const ObjectRef& object) = 0;
  virtual Outcome write(const ObjectRef& object, const Value& value) = 0;
  /// Lets time pass: live sleeps; the simulator advances its clock (and its counters).
  virtual void wait(std::chrono::milliseconds duration) = 0;
};

}  // namespace roce::system
