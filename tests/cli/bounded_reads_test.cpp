// Every input is bounded (README "Limits"): compression bombs, archives of too many members or
// bytes, a log line without an end, and FIFOs given as files end promptly with exit 3 and a message
// naming the input, the limit and the variable that raises it. Each input is made here, small: the
// limits are lowered through their environment variables, which is also what is tested of them.
#include <catch2/catch.hpp>

#include <string>

#include "support/run_binary.hpp"
#include "support/sanitizer.hpp"

namespace roce::test {
namespace {

bool bounded_says(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

const std::string kBoundedExample = std::string(ROCE_SOURCE_DIR) + "/examples/cx6dx-ecn-off.json";
const std::string kBoundedNcclLog =
    std::string(ROCE_SOURCE_DIR) + "/tests/fixtures/samples/nccl_debug_info_2x2_roce.log";

// Runs `sh_setup` in `dir` first (making the input), then roce-doctor with `env` and `args`, under
// a 20 s timeout so that a read that blocks fails the test instead of hanging it.
Run bounded_run_in(const TempDir& dir, const std::string& sh_setup, const std::string& env, const std::string& args) {
  const auto made = shell("cd " + shell_word(dir.path("")) + " && " + sh_setup);
  REQUIRE(made.exit_code == 0);
  return shell("cd " + shell_word(dir.path("")) + " && " + env + " timeout 20 " + shell_word(ROCE_DOCTOR_BIN) + " " +
               args);
}

}  // namespace

TEST_CASE("a zstd bomb stops at the input limit while decompressed: exit 3, the limit named") {
  const TempDir dir("bomb");
  const auto r = bounded_run_in(
      dir, "(printf '{'; head -c 67108864 /dev/zero | tr '\\0' ' ') | zstd -q -c > bomb.json.zst",
      // ASan reserves more address space than any --as limit allows: the cap alone then.
      kAddressSanitizer ? "ROCE_DOCTOR_MAX_INPUT_BYTES=16M" : "ROCE_DOCTOR_MAX_INPUT_BYTES=16M prlimit --as=400000000",
      "check --from bomb.json.zst");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(bounded_says(r.err, "bundle bomb.json.zst: zstd: decompresses to more than 16777216 bytes, over the limit"));
  CHECK(bounded_says(r.err, "set ROCE_DOCTOR_MAX_INPUT_BYTES to a larger value (now 16777216)"));
}

TEST_CASE("memory running out while reading ends with exit 4 naming the file, never an abort") {
  if (kAddressSanitizer) {
    WARN("ROCE-TEST-SKIP: an address-space limit does not apply under AddressSanitizer");
    return;
  }
  const TempDir dir("oom");
  // The input limit raised past what the address-space limit lets the process hold.
  const auto r = bounded_run_in(dir, "head -c 734003200 /dev/zero | zstd -q -1 -c > big.json.zst",
                                "ROCE_DOCTOR_MAX_INPUT_BYTES=2G prlimit --as=600000000", "check --from big.json.zst");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 4);
  CHECK(bounded_says(r.err, "roce-doctor: out of memory while reading bundle big.json.zst running"));
}

TEST_CASE("a gzip bomb given to nccl stops at the input limit: exit 3, where it stopped") {
  const TempDir dir("gzbomb");
  const auto r = bounded_run_in(dir, "head -c 67108864 /dev/zero | gzip -1 > job.log.gz",
                                "ROCE_DOCTOR_MAX_INPUT_BYTES=16M", "nccl job.log.gz");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(bounded_says(r.err, "job.log.gz: more than 16777216 bytes (after line 1), over the limit"));
}

TEST_CASE("a bad limit is refused before the command runs: exit 3 naming the variable") {
  const auto r = run("check --from '" + kBoundedExample + "'", "ROCE_DOCTOR_MAX_ARCHIVE_ENTRIES=lots");
  CHECK(r.exit_code == 3);
  CHECK(bounded_says(r.err, "ROCE_DOCTOR_MAX_ARCHIVE_ENTRIES=lots: not a size"));
}

TEST_CASE("an archive of too many members or too many bytes is refused while tar reads it, nothing kept") {
  const TempDir dir("tarbomb");
  SECTION("members") {
    const auto r = bounded_run_in(dir,
                                  "mkdir -p many/sos_commands && cd many/sos_commands && seq 1 500 | xargs touch && cd "
                                  "../.. && tar -cf many.tar many",
                                  "ROCE_DOCTOR_MAX_ARCHIVE_ENTRIES=100 TMPDIR=" + shell_word(dir.path("")),
                                  "check --from many.tar");
    INFO(r.out << r.err);
    CHECK(r.exit_code == 3);
    CHECK(bounded_says(r.err, "many.tar: more than 100 members, over the limit"));
    CHECK(bounded_says(r.err, "ROCE_DOCTOR_MAX_ARCHIVE_ENTRIES"));
  }
  SECTION("bytes") {
    const auto r = bounded_run_in(
        dir, "mkdir -p big/sos_commands && head -c 33554432 /dev/zero > big/sos_commands/z && tar -czf big.tar.gz big",
        "ROCE_DOCTOR_MAX_ARCHIVE_BYTES=4M TMPDIR=" + shell_word(dir.path("")), "check --from big.tar.gz");
    INFO(r.out << r.err);
    CHECK(r.exit_code == 3);
    CHECK(bounded_says(r.err, "big.tar.gz: more than 4194304 bytes once extracted, over the limit"));
  }
  // The temporary extraction directory is gone (TMPDIR was the test's own folder).
  CHECK(shell("ls -d " + shell_word(dir.path("")) + "/roce-doctor-import.* 2>/dev/null").out.empty());
}

TEST_CASE("a FIFO given as a file is refused at once, never opened for reading: exit 3 naming it") {
  const TempDir dir("fifo");
  const std::string make = "mkfifo pipe";
  SECTION("bw") {
    const auto r = bounded_run_in(dir, make, "", "bw pipe");
    CHECK(r.exit_code == 3);
    CHECK(bounded_says(r.err, "read pipe: a FIFO, not a regular file"));
  }
  SECTION("topo --from") {
    const auto r = bounded_run_in(dir, make, "", "topo --from pipe");
    CHECK(r.exit_code == 3);
    CHECK(bounded_says(r.err, "pipe: a FIFO, not a regular file or directory"));
  }
  SECTION("report") {
    const auto r = bounded_run_in(dir, make, "", "report pipe");
    CHECK(r.exit_code == 3);
    CHECK(bounded_says(r.err, "pipe: a FIFO, not a regular file or directory"));
  }
  SECTION("check --switch") {
    const auto r = bounded_run_in(dir, make, "", "check --from '" + kBoundedExample + "' --switch pipe");
    CHECK(r.exit_code == 3);
    CHECK(bounded_says(r.err, "read pipe: a FIFO, not a regular file"));
  }
  SECTION("nccl refuses a device; a FIFO without a writer reads as empty, never waits") {
    const auto dev = bounded_run_in(dir, "true", "", "nccl /dev/zero");
    CHECK(dev.exit_code == 3);
    CHECK(bounded_says(dev.err, "/dev/zero: a device, not a regular file or a pipe"));
    const auto fifo = bounded_run_in(dir, make, "", "nccl pipe");
    CHECK(fifo.exit_code == 3);
    CHECK(bounded_says(fifo.err, "pipe: no NCCL line in 0 lines"));
  }
}

TEST_CASE("nccl on a log with one 100 MB line reads it cut, within a memory bound, and says where") {
  if (kAddressSanitizer) {
    WARN("ROCE-TEST-SKIP: an address-space limit does not apply under AddressSanitizer");
    return;
  }
  const TempDir dir("longline");
  const std::string log = shell_word(kBoundedNcclLog);
  const auto r = bounded_run_in(
      dir,
      "(head -n 20 " + log + "; head -c 100000000 /dev/zero | tr '\\0' a; echo; tail -n +21 " + log + ") > job.log",
      "prlimit --as=160000000", "nccl --verbose job.log");
  INFO(r.err);
  CHECK(r.exit_code == 0);
  CHECK(bounded_says(r.out, "job.log:21: a line longer than 1048576 bytes, read cut to that length (1 such line;"));
  CHECK(bounded_says(r.out, "ubuntu2"));  // the lines after it were read
}

}  // namespace roce::test
