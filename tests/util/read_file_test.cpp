// util::read_file: whole files, the size limit, and what is not a regular file (refused without blocking).
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>

#include "util/read_file.hpp"

namespace roce::test {
namespace {

// A folder of the test's own, removed at the end.
struct ScratchDir {
  std::string path;
  ScratchDir() {
    std::string name = (std::filesystem::temp_directory_path() / "read_file_test.XXXXXX").string();
    if (::mkdtemp(name.data())) path = name;
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  std::string file(const std::string& name, const std::string& bytes) const {
    std::ofstream(path + "/" + name, std::ios::binary) << bytes;
    return path + "/" + name;
  }
};

bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

}  // namespace

TEST_CASE("read_file returns a file's bytes whole, NULs and line endings included") {
  ScratchDir dir;
  REQUIRE(!dir.path.empty());
  const std::string bytes = std::string("one\r\ntwo\0three", 14) + std::string(200000, 'x');
  auto read = util::read_file(dir.file("a.txt", bytes));
  REQUIRE(read);
  CHECK(*read == bytes);
  auto empty = util::read_file(dir.file("empty", ""));
  REQUIRE(empty);
  CHECK(empty->empty());
}

TEST_CASE("read_file names the file and keeps errno when it cannot be opened") {
  auto read = util::read_file("/nonexistent/b.json");
  REQUIRE(!read);
  CHECK(read.error().message == "read /nonexistent/b.json: No such file or directory");
  CHECK(read.error().sys_errno == ENOENT);
}

TEST_CASE("read_file names the file as the caller shows it") {
  auto read = util::read_file("/nonexistent/x/commands/ip_a", util::kReadFileLimit, "commands/ip_a");
  REQUIRE(!read);
  CHECK(read.error().message == "read commands/ip_a: No such file or directory");
}

TEST_CASE("read_file refuses a file over the limit and takes one at the limit") {
  ScratchDir dir;
  REQUIRE(!dir.path.empty());
  const std::string path = dir.file("big", std::string(101, 'b'));
  auto over = util::read_file(path, 100);
  REQUIRE(!over);
  CHECK(over.error().message == "read " + path + ": 101 bytes, over the limit of 100");
  CHECK(over.error().sys_errno == EFBIG);
  auto at = util::read_file(path, 101);
  REQUIRE(at);
  CHECK(at->size() == 101);
}

TEST_CASE("read_file holds a file that reports no size to the limit while reading it") {
  // procfs files report size 0 and are read to their end.
  auto whole = util::read_file("/proc/self/cmdline");
  REQUIRE(whole);
  CHECK(!whole->empty());
  auto cut = util::read_file("/proc/self/cmdline", 1);
  REQUIRE(!cut);
  CHECK(contains(cut.error().message, "more than 1 bytes, over the limit of 1"));
}

TEST_CASE("read_file refuses a FIFO at once instead of waiting for a writer") {
  ScratchDir dir;
  REQUIRE(!dir.path.empty());
  const std::string fifo = dir.path + "/fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  auto read = util::read_file(fifo);
  REQUIRE(!read);
  CHECK(read.error().message == "read " + fifo + ": a FIFO, not a regular file");
  CHECK(read.error().sys_errno == EINVAL);
}

TEST_CASE("read_file refuses a directory and a device") {
  ScratchDir dir;
  REQUIRE(!dir.path.empty());
  auto folder = util::read_file(dir.path);
  REQUIRE(!folder);
  CHECK(folder.error().message == "read " + dir.path + ": a directory, not a regular file");
  CHECK(folder.error().sys_errno == EISDIR);
  auto device = util::read_file("/dev/null");
  REQUIRE(!device);
  CHECK(device.error().message == "read /dev/null: a device, not a regular file");
}

TEST_CASE("read_file_head returns the first bytes, or all of a shorter file, and refuses a FIFO") {
  ScratchDir dir;
  REQUIRE(!dir.path.empty());
  const std::string path = dir.file("bundle", std::string("(\xb5/\xfd", 4) + std::string(100000, 'z'));
  auto head = util::read_file_head(path, 4);
  REQUIRE(head);
  CHECK(*head == std::string("(\xb5/\xfd", 4));
  auto all = util::read_file_head(dir.file("short", "{}"), 512);
  REQUIRE(all);
  CHECK(*all == "{}");
  const std::string fifo = dir.path + "/fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  auto refused = util::read_file_head(fifo, 16);
  REQUIRE(!refused);
  CHECK(refused.error().message == "read " + fifo + ": a FIFO, not a regular file");
}

TEST_CASE("read_file with no practical limit reads a file whole") {
  ScratchDir dir;
  REQUIRE(!dir.path.empty());
  const std::string bytes(300000, 'r');
  auto read = util::read_file(dir.file("recording", bytes), std::numeric_limits<std::size_t>::max());
  REQUIRE(read);
  CHECK(*read == bytes);
}

}  // namespace roce::test

namespace roce::test {

TEST_CASE("the input limits come from the environment: sizes with K, M, G; a bad value names its variable") {
  ::setenv("ROCE_DOCTOR_MAX_INPUT_BYTES", "2G", 1);
  ::setenv("ROCE_DOCTOR_MAX_ARCHIVE_ENTRIES", "500", 1);
  ::setenv("ROCE_DOCTOR_MAX_LINE_BYTES", "64k", 1);
  auto limits = util::limits_from_environment();
  REQUIRE(limits.ok());
  CHECK(limits->input_bytes == (std::size_t{2} << 30));
  CHECK(limits->archive_entries == 500);
  CHECK(limits->line_bytes == 65536);
  CHECK(limits->archive_bytes == util::InputLimits{}.archive_bytes);  // unset: the default
  for (const char* bad : {"0", "-1", "12X", "G", "99999999999999999999"}) {
    ::setenv("ROCE_DOCTOR_MAX_LINE_BYTES", bad, 1);
    auto refused = util::limits_from_environment();
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message == std::string("ROCE_DOCTOR_MAX_LINE_BYTES=") + bad + ": not a size");
  }
  ::unsetenv("ROCE_DOCTOR_MAX_INPUT_BYTES");
  ::unsetenv("ROCE_DOCTOR_MAX_ARCHIVE_ENTRIES");
  ::unsetenv("ROCE_DOCTOR_MAX_LINE_BYTES");
}

}  // namespace roce::test
