#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "apply/apply.hpp"
#include "apply/journal.hpp"
#include "apply/lock.hpp"
#include "fake_system.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

using namespace roce;
using namespace roce::apply;
using test::MemorySystem;

namespace {}  // namespace

TEST_CASE("apply: a dry run writes nothing and creates no state") {
  test::TempDir dir;
  MemorySystem sys(test::default_objects(0));
  auto o = test::apply_options(dir.path() + "/state");
  o.dry_run = true;
  std::ostringstream out;
  auto r = apply_plan(sys, test::pfc_plan(0, 8), o, out);
  CHECK(r.outcome == ApplyOutcome::dry_run);
  CHECK(sys.writes.empty());
  CHECK(r.changed.size() == 2);
  CHECK_FALSE(std::filesystem::exists(dir.path() + "/state"));
}

TEST_CASE("apply: writes only the diff, keeps a change that stops the drops, journal says kept") {
  test::TempDir dir;
  MemorySystem sys(test::default_objects(0));
  auto plan = test::pfc_plan(0, 8);
  plan[1].proposed = plan[1].current;  // MTU unchanged: not written
  std::ostringstream out;
  auto r = apply_plan(sys, plan, test::apply_options(dir.path()), out);
  INFO(out.str());
  CHECK(r.outcome == ApplyOutcome::kept);
  REQUIRE(sys.writes.size() == 1);
  CHECK(sys.writes[0].first.knob == system::Knob::dcb_pfc);
  auto journal = read_journal(journal_path(dir.path()));
  REQUIRE(journal.ok());
  CHECK(journal->state == JournalState::kept);
  // The derived buffer object is journaled (first, so restored last) though not written.
  REQUIRE(journal->entries.size() == 2);
  CHECK(journal->entries[0].derived);
  CHECK(journal->entries[0].object.knob == system::Knob::dcb_buffer);
  CHECK(out.str().find("kept") != std::string::npos);
  std::ifstream log(dir.path() + "/tune.log");
  std::string text((std::istreambuf_iterator<char>(log)), {});
  CHECK(text.find("wrote eth0 dcb_pfc") != std::string::npos);
}

TEST_CASE("apply: refused before any write when tune.log cannot be appended to") {
  test::TempDir dir;
  std::filesystem::create_directory(dir.path() + "/tune.log");
  MemorySystem sys(test::default_objects(0));
  std::ostringstream out;
  auto r = apply_plan(sys, test::pfc_plan(0, 8), test::apply_options(dir.path()), out);
  INFO(out.str());
  CHECK(r.outcome == ApplyOutcome::refused);
  CHECK(r.reason.find("the tune log " + dir.path() + "/tune.log is a directory") == 0);
  CHECK(sys.writes.empty());
  CHECK_FALSE(std::filesystem::exists(journal_path(dir.path())));
}

TEST_CASE("apply: a change that makes drops appear is rolled back to the prior state") {
  test::TempDir dir;
  const auto before = test::default_objects(8);
  MemorySystem sys(before);
  std::ostringstream out;
  auto r = apply_plan(sys, test::pfc_plan(8, 0), test::apply_options(dir.path()), out);
  INFO(out.str());
  CHECK(r.outcome == ApplyOutcome::rolled_back);
  REQUIRE(r.decision);
  CHECK(r.decision->verdict == Verdict::rollback);
  CHECK(sys.objects() == before);
  CHECK(read_journal(journal_path(dir.path()))->state == JournalState::rolled_back);
}

TEST_CASE("apply: with no trial window (--trial 0) the writes that read back are kept without waiting") {
  test::TempDir dir;
  const auto before = test::default_objects(8);
  MemorySystem sys(before);
  int waits = 0;
  sys.on_wait = [&waits](test::FakeSystem&) { ++waits; };
  auto o = test::apply_options(dir.path());
  o.trial = std::chrono::milliseconds(0);
  std::ostringstream out;
  // The same change a trial rolls back (drops appear): without a window nothing is measured.
  auto r = apply_plan(sys, test::pfc_plan(8, 0), o, out);
  INFO(out.str());
  CHECK(r.outcome == ApplyOutcome::kept);
  CHECK_FALSE(r.decision);
  CHECK(waits == 0);
  CHECK(sys.objects() != before);
  CHECK(r.reason.find("no trial window") != std::string::npos);
  auto kept = read_journal(kept_journal_path(dir.path()));
  REQUIRE(kept.ok());
  CHECK(kept->state == JournalState::kept);
}

TEST_CASE("apply: with no trial window a write that does not read back still restores the prior state") {
  test::TempDir dir;
  const auto before = test::default_objects(0);
  MemorySystem sys(before);
  sys.fault_at_write = 0;
  sys.fault = test::WriteFault::write_other_value;
  auto o = test::apply_options(dir.path());
  o.trial = std::chrono::milliseconds(0);
  std::ostringstream out;
  auto r = apply_plan(sys, test::pfc_plan(0, 8), o, out);
  INFO(out.str());
  CHECK(r.outcome == ApplyOutcome::rolled_back);
  CHECK(sys.objects() == before);
  CHECK(read_journal(journal_path(dir.path()))->state == JournalState::rolled_back);
}

TEST_CASE("apply: the writer fails at write k for every k -> the state reads back as journaled") {
  for (auto fault :
       {test::WriteFault::fail, test::WriteFault::fail_after_applying, test::WriteFault::write_other_value}) {
    for (int k = 0; k < 2; ++k) {
      test::TempDir dir;
      const auto before = test::default_objects(0);
      MemorySystem sys(before);
      sys.fault_at_write = k;
      sys.fault = fault;
      std::ostringstream out;
      auto r = apply_plan(sys, test::pfc_plan(0, 8), test::apply_options(dir.path()), out);
      INFO("fault " << static_cast<int>(fault) << " at write " << k << "\n" << out.str());
      CHECK(r.outcome == ApplyOutcome::rolled_back);
      CHECK(sys.objects() == before);
      auto journal = read_journal(journal_path(dir.path()));
      REQUIRE(journal.ok());
      CHECK(journal->state == JournalState::rolled_back);
      for (const auto& e : journal->entries) CHECK(*sys.read(e.object) == e.prior);
    }
  }
}

TEST_CASE("apply: an object that cannot be written is refused before any write") {
  test::TempDir dir;
  MemorySystem sys(test::default_objects(0));
  sys.not_writable.insert("eth0 mtu");
  std::ostringstream out;
  auto r = apply_plan(sys, test::pfc_plan(0, 8), test::apply_options(dir.path()), out);
  CHECK(r.outcome == ApplyOutcome::refused);
  CHECK(r.reason.find("eth0 mtu cannot be written") != std::string::npos);
  CHECK(sys.writes.empty());
  CHECK_FALSE(std::filesystem::exists(journal_path(dir.path())));
}

TEST_CASE("apply: an object that cannot be read is refused") {
  test::TempDir dir;
  auto objects = test::default_objects(0);
  objects.erase(objects.begin());  // no MTU object
  MemorySystem sys(objects);
  std::ostringstream out;
  auto r = apply_plan(sys, test::pfc_plan(0, 8), test::apply_options(dir.path()), out);
  CHECK(r.outcome == ApplyOutcome::refused);
  CHECK(r.reason.find("cannot be read back") != std::string::npos);
  CHECK(sys.writes.empty());
}

TEST_CASE("apply: DCBX owned by an agent is refused unless forced") {
  test::TempDir dir;
  std::ostringstream out;
  SECTION("LLD_MANAGED") {
    MemorySystem sys(test::default_objects(0));
    sys.dcbx = 0x2 | 0x8;
    auto r = apply_plan(sys, test::pfc_plan(0, 8), test::apply_options(dir.path()), out);
    CHECK(r.outcome == ApplyOutcome::refused);
    CHECK(r.reason.find("LLD_MANAGED") != std::string::npos);
    CHECK(sys.writes.empty());
    auto o = test::apply_options(dir.path());
    o.force = true;
    CHECK(apply_plan(sys, test::pfc_plan(0, 8), o, out).outcome == ApplyOutcome::kept);
  }
  SECTION("lldpad running, as the host's sample found it") {
    MemorySystem sys(test::default_objects(0));
    sys.lldp_agents = {"lldpad (pid 812)"};
    auto r = apply_plan(sys, test::pfc_plan(0, 8), test::apply_options(dir.path() + "/state"), out);
    CHECK(r.outcome == ApplyOutcome::refused);
    CHECK(r.reason.find("lldpad (pid 812)") != std::string::npos);
    CHECK(sys.writes.empty());
  }
}

TEST_CASE("apply: a disruptive change needs --yes or a confirmation") {
  test::TempDir dir;
  MemorySystem sys(test::default_objects(0));
  auto o = test::apply_options(dir.path());
  o.yes = false;
  std::ostringstream out;
  auto r = apply_plan(sys, test::pfc_plan(0, 8), o, out);
  CHECK(r.outcome == ApplyOutcome::refused);
  CHECK(r.reason.find("--yes") != std::string::npos);
  std::string asked;
  o.confirm = [&](std::string_view prompt) {
    asked = prompt;
    return false;
  };
  CHECK(apply_plan(sys, test::pfc_plan(0, 8), o, out).outcome == ApplyOutcome::refused);
  CHECK(asked.find("eth0 dcb_pfc") != std::string::npos);
  CHECK(sys.writes.empty());
  o.confirm = [](std::string_view) { return true; };
  CHECK(apply_plan(sys, test::pfc_plan(0, 8), o, out).outcome == ApplyOutcome::kept);
}

TEST_CASE("apply: a stale plan is refused") {
  test::TempDir dir;
  MemorySystem sys(test::default_objects(8));
  std::ostringstream out;
  auto r = apply_plan(sys, test::pfc_plan(0, 8), test::apply_options(dir.path()), out);
  CHECK(r.outcome == ApplyOutcome::refused);
  CHECK(r.reason.find("changed since the plan") != std::string::npos);
}

TEST_CASE("apply: a second apply at the same time is refused, naming the holder") {
  test::TempDir dir;
  auto held = ApplyLock::acquire(dir.path());
  REQUIRE(held.ok());
  MemorySystem sys(test::default_objects(0));
  std::ostringstream out;
  auto r = apply_plan(sys, test::pfc_plan(0, 8), test::apply_options(dir.path()), out);
  CHECK(r.outcome == ApplyOutcome::refused);
  CHECK(r.reason.find("pid " + std::to_string(::getpid())) != std::string::npos);
  CHECK(r.reason.find("since 20") != std::string::npos);
  CHECK(sys.writes.empty());
}

TEST_CASE("apply: a corrupt journal refuses the apply and fails recovery; never read as empty") {
  test::TempDir dir;
  std::ofstream(journal_path(dir.path())) << "roce-doctor-journal 1 crc32=00000000 bytes=2\n{}";
  MemorySystem sys(test::default_objects(0));
  std::ostringstream out;
  auto r = apply_plan(sys, test::pfc_plan(0, 8), test::apply_options(dir.path()), out);
  CHECK(r.outcome == ApplyOutcome::refused);
  CHECK(r.reason.find("corrupt") != std::string::npos);
  CHECK(sys.writes.empty());
  auto rec = recover_unfinished(
      [](const std::string&) -> Expected<std::unique_ptr<system::System>> { return fail("x"); }, dir.path(), out);
  REQUIRE_FALSE(rec.ok());
  CHECK(rec.error().message.find("corrupt") != std::string::npos);
}

}  // namespace roce::test
