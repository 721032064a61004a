// `tune --rollback` and the journal's prior values: the kept journal survives a later rolled-back
// apply; a rollback does not undo what someone changed since; the prior state is read whole
// (derived buffers) and not taken from a host that moved during the baseline.
#include <catch2/catch.hpp>

#include <sstream>

#include "apply/apply.hpp"
#include "apply/journal.hpp"
#include "apply/lock.hpp"
#include "apply/value_json.hpp"
#include "fake_system.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

using namespace roce;
using namespace roce::apply;
using test::open_file_system;

namespace {

system::Value value_of(system::System& system, system::Knob knob) {
  auto v = system.read({"eth0", knob, 0});
  REQUIRE(v.ok());
  return *v;
}

std::uint8_t pfc_en(system::System& system) {
  return std::get<model::Pfc>(value_of(system, system::Knob::dcb_pfc)).pfc_en;
}

// A file-backed host (so rollback_last can reopen it) on which PFC 0 -> 8 and MTU 1500 -> 4200
// were applied and kept.
struct KeptApply {
  test::TempDir dir;
  std::string file = dir.path() + "/system.json";
  test::FileSystem sys{(test::FileSystem::create(file, test::default_objects(0)), file)};
  std::ostringstream out;
  std::string state = dir.path() + "/state";
  KeptApply() {
    REQUIRE(apply_plan(sys, test::pfc_plan(0, 8), test::apply_options(state), out).outcome == ApplyOutcome::kept);
  }
};

}  // namespace

TEST_CASE("rollback: a later apply that is rolled back leaves the kept apply to roll back") {
  KeptApply kept;
  auto& [dir, file, sys, out, state] = kept;
  CHECK(read_journal(kept_journal_path(state))->state == JournalState::kept);
  // PFC off again makes the drops come back: rolled back, the kept journal stays.
  auto second = test::pfc_plan(8, 0);
  second[1].current = second[1].proposed;  // the MTU is already 4200
  REQUIRE(apply_plan(sys, second, test::apply_options(state), out).outcome == ApplyOutcome::rolled_back);
  CHECK(read_journal(journal_path(state))->state == JournalState::rolled_back);
  CHECK(pfc_en(sys) == 8);

  auto r = rollback_last(open_file_system, state, out);
  INFO(out.str());
  CHECK(r.outcome == ApplyOutcome::rolled_back);
  CHECK(pfc_en(sys) == 0);
  CHECK(std::get<std::uint32_t>(value_of(sys, system::Knob::mtu)) == 1500);
  CHECK(read_journal(kept_journal_path(state))->state == JournalState::rolled_back);
  CHECK(read_journal(journal_path(state))->state == JournalState::rolled_back);
  CHECK(rollback_last(open_file_system, state, out).outcome == ApplyOutcome::nothing_to_do);
}

TEST_CASE("rollback: an object changed since the apply is not undone, unless forced") {
  KeptApply kept;
  auto& [dir, file, sys, out, state] = kept;
  // Someone sets MTU 9000 after the apply (which wrote 4200).
  REQUIRE(sys.write({"eth0", system::Knob::mtu, 0}, system::Value{std::uint32_t{9000}}).ok());
  const std::size_t writes = sys.writes.size();

  auto refused = rollback_last(open_file_system, state, out);
  CHECK(refused.outcome == ApplyOutcome::refused);
  CHECK(refused.reason.find("eth0 mtu holds 9000, the apply wrote 4200") != std::string::npos);
  CHECK(refused.reason.find("--force") != std::string::npos);
  CHECK(pfc_en(sys) == 8);  // nothing restored
  CHECK(read_journal(kept_journal_path(state))->state == JournalState::kept);

  auto forced = rollback_last(open_file_system, state, out, /*force=*/true);
  CHECK(forced.outcome == ApplyOutcome::rolled_back);
  CHECK(pfc_en(sys) == 0);
  CHECK(std::get<std::uint32_t>(value_of(sys, system::Knob::mtu)) == 1500);
  CHECK(sys.writes.size() == writes);  // the other process (open_file_system) wrote, not this one
}

TEST_CASE("rollback: a derived buffer the driver re-sized after the apply is restored, not taken as someone's change") {
  KeptApply kept;
  auto& [dir, file, sys, out, state] = kept;
  // What mlx5 does when PFC changes: it re-sizes the lossless buffer itself.
  const system::ObjectRef buffer{"eth0", system::Knob::dcb_buffer, 0};
  const auto prior = value_of(sys, system::Knob::dcb_buffer);
  auto resized = std::get<model::Buffer>(prior);
  resized.buffer_size[1] = 262016;
  REQUIRE(sys.write(buffer, system::Value{resized}).ok());

  auto r = rollback_last(open_file_system, state, out);
  INFO(out.str());
  CHECK(r.outcome == ApplyOutcome::rolled_back);
  CHECK(value_of(sys, system::Knob::dcb_buffer) == prior);
  CHECK(pfc_en(sys) == 0);
}

TEST_CASE("rollback: every object already back at its prior value -> nothing to do, nothing written") {
  KeptApply kept;
  auto& [dir, file, sys, out, state] = kept;
  test::FileSystem::create(file, test::default_objects(0));  // put back by hand
  auto r = rollback_last(open_file_system, state, out);
  CHECK(r.outcome == ApplyOutcome::nothing_to_do);
  CHECK(r.reason.find("already holds its prior value") != std::string::npos);
  CHECK(read_journal(kept_journal_path(state))->state == JournalState::rolled_back);
}

TEST_CASE("rollback: refused while the last apply is unfinished (the next run restores it first)") {
  test::TempDir dir;
  const std::string state = dir.path() + "/state";
  REQUIRE(ensure_state_dir(state).ok());
  Journal j;
  j.system = "file:" + dir.path() + "/system.json";
  j.state = JournalState::writing;
  REQUIRE(write_journal(journal_path(state), j).ok());
  std::ostringstream out;
  auto r = rollback_last(open_file_system, state, out);
  CHECK(r.outcome == ApplyOutcome::refused);
  CHECK(r.reason.find("unfinished (writing)") != std::string::npos);
}

TEST_CASE("apply: the derived buffer object unreadable -> refused before any write; unsupported -> not journaled") {
  test::TempDir dir;
  std::ostringstream out;
  {
    test::MemorySystem sys(test::default_objects(0));
    sys.read_errno["eth0 dcb_buffer"] = EIO;
    auto r = apply_plan(sys, test::pfc_plan(0, 8), test::apply_options(dir.path() + "/a"), out);
    CHECK(r.outcome == ApplyOutcome::refused);
    CHECK(r.reason.find("eth0 dcb_buffer (re-sized by the driver when eth0 dcb_pfc changes) cannot be read") !=
          std::string::npos);
    CHECK(sys.writes.empty());
  }
  {
    test::MemorySystem sys(test::default_objects(0));
    sys.read_errno["eth0 dcb_buffer"] = EOPNOTSUPP;  // a driver without DCB buffers: nothing to re-size
    auto r = apply_plan(sys, test::pfc_plan(0, 8), test::apply_options(dir.path() + "/b"), out);
    CHECK(r.outcome == ApplyOutcome::kept);
    auto journal = read_journal(journal_path(dir.path() + "/b"));
    REQUIRE(journal.ok());
    CHECK(journal->entries.size() == 2);
    for (const auto& e : journal->entries) CHECK(e.object.knob != system::Knob::dcb_buffer);
  }
}

TEST_CASE("apply: an object someone changes during the baseline window -> refused before any write") {
  test::TempDir dir;
  test::MemorySystem sys(test::default_objects(0));
  sys.on_wait = [](test::FakeSystem& s) {
    s.on_wait = nullptr;
    REQUIRE(s.write({"eth0", system::Knob::mtu, 0}, system::Value{std::uint32_t{9000}}).ok());
  };
  std::ostringstream out;
  auto r = apply_plan(sys, test::pfc_plan(0, 8), test::apply_options(dir.path()), out);
  CHECK(r.outcome == ApplyOutcome::refused);
  CHECK(r.reason.find("eth0 mtu changed during the baseline window: it holds 9000, it held 1500") != std::string::npos);
  CHECK(sys.writes.size() == 1);  // the other writer's
  CHECK_FALSE(std::filesystem::exists(journal_path(dir.path())));
}

}  // namespace roce::test
