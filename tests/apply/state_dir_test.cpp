// The state directory and its files may sit in a shared /tmp: nothing in them is trusted or
// followed unless it is ours.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "apply/journal.hpp"
#include "apply/lock.hpp"
#include "apply/log.hpp"
#include "support/files.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

using namespace roce;
using namespace roce::apply;
using test::slurp;

namespace {

void put(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

std::string make_dir(const std::string& path, mode_t mode) {
  REQUIRE(::mkdir(path.c_str(), 0700) == 0);
  REQUIRE(::chmod(path.c_str(), mode) == 0);  // not subject to the umask
  return path;
}

Journal small_journal() {
  Journal j;
  j.system = "file:/nonexistent";
  j.state = JournalState::writing;
  j.applier_pid = 4242;
  j.applier_command = "roce-doctor tune --apply";
  j.started_unix_ms = 1'790'000'000'000;
  j.deadline_unix_ms = 1'790'000'060'000;
  j.entries.push_back({{"eth0", system::Knob::mtu, 0}, std::uint32_t{1500}, std::uint32_t{4200}, false});
  return j;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("state dir: a missing one is created 0700 and the lock taken") {
  test::TempDir tmp;
  const std::string dir = tmp.path() + "/state";
  auto lock = ApplyLock::acquire(dir);
  REQUIRE(lock.ok());
  struct stat st {};
  REQUIRE(::lstat(dir.c_str(), &st) == 0);
  CHECK((st.st_mode & 07777) == 0700);
}

TEST_CASE("state dir: a symlink is refused, naming it") {
  test::TempDir tmp;
  const std::string real = make_dir(tmp.path() + "/real", 0700);
  const std::string link = tmp.path() + "/state";
  REQUIRE(::symlink(real.c_str(), link.c_str()) == 0);
  auto lock = ApplyLock::acquire(link);
  REQUIRE_FALSE(lock.ok());
  INFO(lock.error().message);
  CHECK(contains(lock.error().message, link));
  CHECK(contains(lock.error().message, "symlink"));
  CHECK_FALSE(lock.error().hint.empty());
  CHECK(lock.error().sys_errno != EWOULDBLOCK);
  CHECK_FALSE(std::filesystem::exists(real + "/lock"));
}

TEST_CASE("state dir: writable by group or others is refused") {
  test::TempDir tmp;
  for (mode_t mode : {mode_t{0770}, mode_t{0702}, mode_t{01777}}) {
    const std::string dir = tmp.path() + "/state" + std::to_string(mode);
    make_dir(dir, mode);
    auto lock = ApplyLock::acquire(dir);
    REQUIRE_FALSE(lock.ok());
    INFO(lock.error().message);
    CHECK(contains(lock.error().message, dir));
    CHECK(contains(lock.error().message, "writable by group or others"));
    CHECK(contains(lock.error().hint, "chmod go-w"));
    CHECK_FALSE(std::filesystem::exists(dir + "/lock"));
  }
  make_dir(tmp.path() + "/readable", 0755);
  CHECK(check_state_dir(tmp.path() + "/readable").ok());
}

TEST_CASE("state dir: a parent writable by others is refused, naming the parent, and nothing is made in it") {
  test::TempDir tmp;
  const std::string parent = make_dir(tmp.path() + "/shared", 0757);
  const std::string dir = parent + "/state";
  auto lock = ApplyLock::acquire(dir);
  REQUIRE_FALSE(lock.ok());
  INFO(lock.error().message);
  CHECK(lock.error().message ==
        "state directory " + dir + ": its parent " + parent + " is writable by group or others (mode 0757); refused");
  CHECK(contains(lock.error().hint, "chmod go-w " + parent));
  CHECK(lock.error().sys_errno == EACCES);
  CHECK_FALSE(std::filesystem::exists(dir));

  // The same two levels up, and for a state directory that already exists (its own mode is fine).
  const std::string deep = make_dir(make_dir(parent + "/a", 0700) + "/b", 0700);
  auto checked = check_state_dir(deep);
  REQUIRE_FALSE(checked.ok());
  CHECK(contains(checked.error().message, "its parent " + parent + " is writable"));

  REQUIRE(::chmod(parent.c_str(), 0755) == 0);
  CHECK(check_state_dir(deep).ok());
}

TEST_CASE("state dir: a world-writable parent with the sticky bit, like /tmp, is accepted") {
  test::TempDir tmp;
  const std::string parent = make_dir(tmp.path() + "/sticky", 01777);
  auto lock = ApplyLock::acquire(parent + "/state");
  INFO((lock ? std::string() : lock.error().message));
  CHECK(lock.ok());
}

TEST_CASE("state dir: a parent that is a symlink is refused, naming the link and the real path") {
  test::TempDir tmp;
  const std::string real = make_dir(tmp.path() + "/real", 0700);
  const std::string link = tmp.path() + "/link";
  REQUIRE(::symlink(real.c_str(), link.c_str()) == 0);
  auto lock = ApplyLock::acquire(link + "/state");
  REQUIRE_FALSE(lock.ok());
  INFO(lock.error().message);
  CHECK(lock.error().message == "state directory " + link + "/state: its parent " + link + " is a symlink; refused");
  CHECK(lock.error().hint == "give the path without symlinks: " + real + "/state");
  CHECK(lock.error().sys_errno == ELOOP);
  CHECK_FALSE(std::filesystem::exists(real + "/state"));  // nothing made through the link

  make_dir(real + "/state", 0700);
  auto checked = check_state_dir(link + "/state/");
  REQUIRE_FALSE(checked.ok());
  CHECK(contains(checked.error().message, "its parent " + link + " is a symlink"));
  CHECK(check_state_dir(real + "/state").ok());
}

TEST_CASE("state dir: a relative path has its parents checked from the working directory") {
  test::TempDir tmp;
  const std::string parent = make_dir(tmp.path() + "/open", 0777);
  make_dir(parent + "/state", 0700);
  const auto cwd = std::filesystem::current_path();
  std::filesystem::current_path(parent);
  auto checked = check_state_dir("state");
  std::filesystem::current_path(cwd);
  REQUIRE_FALSE(checked.ok());
  CHECK(contains(checked.error().message, "its parent " + parent + " is writable by group or others (mode 0777)"));
}

TEST_CASE("state dir: not a directory is refused") {
  test::TempDir tmp;
  put(tmp.path() + "/state", "x");
  auto checked = check_state_dir(tmp.path() + "/state");
  REQUIRE_FALSE(checked.ok());
  CHECK(contains(checked.error().message, "not a directory"));
}

TEST_CASE("state dir: owned by another user is refused") {
  if (::geteuid() != 0) {
    WARN("not root: cannot chown a directory to another user");
    return;
  }
  test::TempDir tmp;
  const std::string dir = make_dir(tmp.path() + "/state", 0700);
  REQUIRE(::chown(dir.c_str(), 65534, 65534) == 0);
  auto lock = ApplyLock::acquire(dir);
  REQUIRE_FALSE(lock.ok());
  INFO(lock.error().message);
  CHECK(contains(lock.error().message, dir));
  CHECK(contains(lock.error().message, "owned by uid 65534"));
}

TEST_CASE("state dir: a parent owned by another user is refused") {
  if (::geteuid() != 0) {
    WARN("not root: cannot chown a directory to another user");
    return;
  }
  test::TempDir tmp;
  const std::string parent = make_dir(tmp.path() + "/theirs", 0755);
  REQUIRE(::chown(parent.c_str(), 65534, 65534) == 0);
  auto lock = ApplyLock::acquire(parent + "/state");
  REQUIRE_FALSE(lock.ok());
  INFO(lock.error().message);
  CHECK(contains(lock.error().message, "its parent " + parent + " is owned by uid 65534"));
  CHECK(lock.error().sys_errno == EPERM);
}

TEST_CASE("state dir: a lock file that is a symlink is refused and its target untouched") {
  test::TempDir tmp;
  const std::string dir = make_dir(tmp.path() + "/state", 0700);
  put(tmp.path() + "/victim", "precious\n");
  REQUIRE(::symlink((tmp.path() + "/victim").c_str(), (dir + "/lock").c_str()) == 0);
  auto lock = ApplyLock::acquire(dir);
  REQUIRE_FALSE(lock.ok());
  CHECK(contains(lock.error().message, dir + "/lock"));
  CHECK(contains(lock.error().message, "symlink"));
  CHECK(slurp(tmp.path() + "/victim") == "precious\n");
}

TEST_CASE("journal: a journal.tmp planted as a symlink is replaced, its target untouched") {
  test::TempDir tmp;
  const std::string dir = make_dir(tmp.path() + "/state", 0700);
  put(tmp.path() + "/victim", "precious\n");
  REQUIRE(::symlink((tmp.path() + "/victim").c_str(), (dir + "/journal.tmp").c_str()) == 0);
  const Journal j = small_journal();
  auto written = write_journal(dir + "/journal", j);
  INFO((written.ok() ? "" : written.error().message));
  REQUIRE(written.ok());
  CHECK(slurp(tmp.path() + "/victim") == "precious\n");
  CHECK_FALSE(std::filesystem::is_symlink(dir + "/journal"));
  CHECK_FALSE(std::filesystem::exists(dir + "/journal.tmp"));
  auto back = read_journal(dir + "/journal");
  REQUIRE(back.ok());
  CHECK(*back == j);
}

TEST_CASE("journal: a stale journal.tmp from a crashed write is replaced") {
  test::TempDir tmp;
  const std::string dir = make_dir(tmp.path() + "/state", 0700);
  put(dir + "/journal.tmp", "roce-doctor-journal 1 crc32=0000");
  REQUIRE(write_journal(dir + "/journal", small_journal()).ok());
  CHECK(read_journal(dir + "/journal").ok());
}

TEST_CASE("journal: a journal that is a symlink is refused with a clear message") {
  test::TempDir tmp;
  const std::string dir = make_dir(tmp.path() + "/state", 0700);
  const std::string elsewhere = make_dir(tmp.path() + "/elsewhere", 0700);
  REQUIRE(write_journal(elsewhere + "/journal", small_journal()).ok());
  REQUIRE(::symlink((elsewhere + "/journal").c_str(), (dir + "/journal").c_str()) == 0);
  auto r = read_journal(dir + "/journal");
  REQUIRE_FALSE(r.ok());
  INFO(r.error().message);
  CHECK(contains(r.error().message, "journal " + dir + "/journal is a symlink"));
  CHECK(r.error().sys_errno != ENOENT);
}

TEST_CASE("journal: a FIFO or a directory in the journal's place is refused, without blocking") {
  test::TempDir tmp;
  const std::string dir = make_dir(tmp.path() + "/state", 0700);
  REQUIRE(::mkfifo((dir + "/journal").c_str(), 0600) == 0);
  auto fifo = read_journal(dir + "/journal");
  REQUIRE_FALSE(fifo.ok());
  CHECK(contains(fifo.error().message, "not a regular file"));
  make_dir(dir + "/journal2", 0700);
  auto directory = read_journal(dir + "/journal2");
  REQUIRE_FALSE(directory.ok());
  CHECK(contains(directory.error().message, "not a regular file"));
}

TEST_CASE("journal: one owned by another user is refused") {
  if (::geteuid() != 0) {
    WARN("not root: cannot chown a file to another user");
    return;
  }
  test::TempDir tmp;
  const std::string dir = make_dir(tmp.path() + "/state", 0700);
  REQUIRE(write_journal(dir + "/journal", small_journal()).ok());
  REQUIRE(::chown((dir + "/journal").c_str(), 65534, 65534) == 0);
  auto r = read_journal(dir + "/journal");
  REQUIRE_FALSE(r.ok());
  CHECK(contains(r.error().message, dir + "/journal"));
  CHECK(contains(r.error().message, "owned by uid 65534"));
}

TEST_CASE("journal: a missing journal is still ENOENT") {
  test::TempDir tmp;
  auto r = read_journal(tmp.path() + "/journal");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().sys_errno == ENOENT);
}

TEST_CASE("tune.log: a symlink in its place is not followed, an untrusted directory not written") {
  test::TempDir tmp;
  const std::string dir = make_dir(tmp.path() + "/state", 0700);
  put(tmp.path() + "/victim", "precious\n");
  REQUIRE(::symlink((tmp.path() + "/victim").c_str(), (dir + "/tune.log").c_str()) == 0);
  std::ostringstream out;
  ApplyLog log(dir, out);
  log.line("hello");
  log.line("again");
  // Every line reaches the stream; that the file misses them is said once.
  CHECK(out.str() == "hello\nwarning: the tune log " + dir +
                         "/tune.log is a symlink; refused: this line and later ones may be missing from it\nagain\n");
  CHECK(slurp(tmp.path() + "/victim") == "precious\n");

  const std::string shared = make_dir(tmp.path() + "/shared", 0777);
  ApplyLog(shared, out).line("refused");
  CHECK_FALSE(std::filesystem::exists(shared + "/tune.log"));

  const std::string other = make_dir(tmp.path() + "/other", 0700);
  ApplyLog(other, out).line("appended");
  ApplyLog(other, out).line("twice");
  const std::string text = slurp(other + "/tune.log");
  CHECK(contains(text, "] appended\n"));
  CHECK(contains(text, "] twice\n"));
}

TEST_CASE("tune.log: an apply checks it can be appended to before it writes anything") {
  test::TempDir tmp;
  const std::string fresh = tmp.path() + "/fresh";
  REQUIRE(check_log_writable(fresh));  // the state directory is made, the log created
  CHECK(std::filesystem::is_regular_file(fresh + "/tune.log"));

  const std::string folder = make_dir(tmp.path() + "/folder", 0700);
  make_dir(folder + "/tune.log", 0700);
  auto in_folder = check_log_writable(folder);
  REQUIRE_FALSE(in_folder);
  CHECK(in_folder.error().message ==
        "the tune log " + folder + "/tune.log is a directory, so the steps of a change could not be logged");
  CHECK(in_folder.error().hint == "nothing was written: make " + folder +
                                      "/tune.log a file this user can append to, or give another --state-dir");
  CHECK(in_folder.error().sys_errno == EISDIR);

  const std::string linked = make_dir(tmp.path() + "/linked", 0700);
  REQUIRE(::symlink((tmp.path() + "/elsewhere").c_str(), (linked + "/tune.log").c_str()) == 0);
  auto through_link = check_log_writable(linked);
  REQUIRE_FALSE(through_link);
  CHECK(contains(through_link.error().message, "/tune.log is a symlink; refused"));
  CHECK_FALSE(std::filesystem::exists(tmp.path() + "/elsewhere"));
}

}  // namespace roce::test
