#pragma once
// system::System over a model file (--host sim:FILE.toml). Every call takes an exclusive lock
// (sim_lock.hpp: in this user's runtime folder, never beside the file), re-reads the file, and a
// change (write, wait) is saved atomically (temporary file, fsync, rename), so two processes can
// share a file and a killed one leaves a consistent file. A read-only model (under /usr, such as the
// package's examples, or not writable by this user) is read once and simulated in memory: the clock
// advances, nothing is locked or written, and writes are refused with a hint to copy it.
#include <chrono>
#include <memory>
#include <string>

#include "sim/sim_model.hpp"
#include "system/system.hpp"

namespace roce::sim {

/// Reads, parses and writes model files, under the lock.
Expected<SimModel> load_sim_file(const std::string& file);
Outcome save_sim_file(const std::string& file, const SimModel& model);  // tmp + fsync + rename

class SimSystem : public system::System {
 public:
  /// Fails (with FILE:LINE:COL) when the file cannot be read or parsed.
  static Expected<std::unique_ptr<SimSystem>> open(const std::string& file);

  std::string name() const override { return "sim:" + file_; }
  model::Host sample() override;
  Expected<system::Value> read(const system::ObjectRef& object) override;
  Outcome writable(const system::ObjectRef& object) override;
  Outcome write(const system::ObjectRef& object, const system::Value& value) override;
  void wait(std::chrono::milliseconds duration) override;

  /// The model as last read (for tests and the CLI's messages).
  const SimModel& model() const { return last_; }
  /// Simulated in memory, never written (see above).
  bool read_only() const { return read_only_; }

 private:
  SimSystem(std::string file, SimModel model, bool read_only)
      : file_(std::move(file)), last_(std::move(model)), read_only_(read_only) {}
  Outcome read_only_refusal() const;
  std::string file_;
  SimModel last_;
  bool read_only_ = false;
};

}  // namespace roce::sim
