// The simulator's lock: in this user's runtime folder (never beside the model), safe against a
// folder or link someone else planted there, removed when released; and a model this user cannot
// write simulated in memory, never written.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>

#include "sim/sim_lock.hpp"
#include "sim/sim_system.hpp"
#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

// XDG_RUNTIME_DIR set to a folder of this test's for its lifetime, then as it was.
class RuntimeDir {
 public:
  RuntimeDir() {
    if (const char* old = std::getenv("XDG_RUNTIME_DIR")) old_ = old;
    ::chmod(dir_.path().c_str(), 0700);
    ::setenv("XDG_RUNTIME_DIR", dir_.path().c_str(), 1);
  }
  ~RuntimeDir() {
    if (old_) {
      ::setenv("XDG_RUNTIME_DIR", old_->c_str(), 1);
    } else {
      ::unsetenv("XDG_RUNTIME_DIR");
    }
  }
  std::string path() const { return dir_.path(); }

 private:
  TempDir dir_{"sim-runtime"};
  std::optional<std::string> old_;
};

std::vector<std::string> names_in(const std::string& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::string model_copy(const TempDir& dir, const std::string& name) {
  const std::string to = dir.path() + "/" + name;
  fs::copy_file(std::string(ROCE_SIM_EXAMPLES_DIR) + "/" + name, to);
  return to;
}

}  // namespace

TEST_CASE("sim lock: in the runtime folder, named after the model, gone once released; nothing beside the model") {
  RuntimeDir runtime;
  TempDir models("sim-models");
  const std::string file = model_copy(models, "ecn-off.toml");
  {
    sim::SimLock lock(file);
    REQUIRE(lock.error().empty());
    CHECK(lock.path().starts_with(runtime.path() + "/roce-doctor/ecn-off.toml-"));
    CHECK(lock.path().ends_with(".lock"));
    CHECK(fs::is_regular_file(lock.path()));
    struct stat st {};
    REQUIRE(::stat((runtime.path() + "/roce-doctor").c_str(), &st) == 0);
    CHECK((st.st_mode & 07777) == 0700);
  }
  CHECK(names_in(runtime.path() + "/roce-doctor").empty());

  auto system = sim::SimSystem::open(file);
  REQUIRE(system.ok());
  CHECK_FALSE((*system)->read_only());
  (*system)->sample();
  (*system)->wait(2s);
  REQUIRE((*system)->write({"ens1f0np0", system::Knob::nic_ecn, 3}, system::Value{system::EcnEnable{true, true}}).ok());
  CHECK(names_in(models.path()) == std::vector<std::string>{"ecn-off.toml"});
  CHECK(names_in(runtime.path() + "/roce-doctor").empty());
  CHECK(sim::load_sim_file(file)->clock_ns == 2'000'000'000);
}

TEST_CASE("sim lock: another name of the same file takes the same lock") {
  RuntimeDir runtime;
  TempDir models("sim-models");
  const std::string file = model_copy(models, "healthy.toml");
  fs::create_symlink(file, models.path() + "/other-name.toml");
  sim::SimLock a(file);
  REQUIRE(a.error().empty());
  CHECK(sim::SimLock::path_for(models.path() + "/other-name.toml") == a.path());
}

TEST_CASE("sim lock: a lock folder that is a symlink, or open to others, is refused and nothing is written there") {
  RuntimeDir runtime;
  TempDir models("sim-models"), elsewhere("sim-elsewhere");
  const std::string file = model_copy(models, "healthy.toml");

  SECTION("a symlink to another folder") {
    fs::create_directory_symlink(elsewhere.path(), runtime.path() + "/roce-doctor");
    sim::SimLock lock(file);
    CHECK(lock.error().find("lock folder " + runtime.path() + "/roce-doctor is a symlink or not a folder") !=
          std::string::npos);
    auto system = sim::SimSystem::open(file);
    REQUIRE_FALSE(system.ok());
    CHECK(system.error().message.find("remove it") != std::string::npos);
    CHECK(names_in(elsewhere.path()).empty());
  }
  SECTION("a folder others can write") {
    fs::create_directory(runtime.path() + "/roce-doctor");
    ::chmod((runtime.path() + "/roce-doctor").c_str(), 0777);
    sim::SimLock lock(file);
    CHECK(lock.error().find("with mode 0777, not to this user") != std::string::npos);
    CHECK(names_in(runtime.path() + "/roce-doctor").empty());
  }
  SECTION("a planted link where the lock file goes is not followed") {
    fs::create_directory(runtime.path() + "/roce-doctor");
    ::chmod((runtime.path() + "/roce-doctor").c_str(), 0700);
    const std::string target = elsewhere.path() + "/victim";
    fs::create_symlink(target, sim::SimLock::path_for(file));
    sim::SimLock lock(file);
    CHECK(lock.error().find("Too many levels of symbolic links") != std::string::npos);
    CHECK_FALSE(fs::exists(target));
  }
}

TEST_CASE("sim: a model this user cannot write is simulated in memory; writes are refused with the hint to copy it") {
  if (::geteuid() == 0) {
    WARN("as root every file is writable: tests/dist/install_test.cpp runs this as another user");
    return;
  }
  RuntimeDir runtime;
  TempDir models("sim-models");
  const std::string file = model_copy(models, "ecn-off.toml");
  const std::string before = slurp(file);
  ::chmod(file.c_str(), 0444);
  ::chmod(models.path().c_str(), 0555);
  auto system = sim::SimSystem::open(file);
  REQUIRE(system.ok());
  CHECK((*system)->read_only());
  const auto h0 = (*system)->sample();
  (*system)->wait(5s);
  const auto h1 = (*system)->sample();
  CHECK(h1.monotonic_ns - h0.monotonic_ns == 5'000'000'000);
  const auto refused = (*system)->writable({"ens1f0np0", system::Knob::nic_ecn, 3});
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().message.find("is read-only") != std::string::npos);
  CHECK(refused.error().message.find("copy it") != std::string::npos);
  CHECK_FALSE(
      (*system)->write({"ens1f0np0", system::Knob::nic_ecn, 3}, system::Value{system::EcnEnable{true, true}}).ok());
  CHECK(slurp(file) == before);
  CHECK(names_in(models.path()) == std::vector<std::string>{"ecn-off.toml"});
  ::chmod(models.path().c_str(), 0755);
}

}  // namespace roce::test
