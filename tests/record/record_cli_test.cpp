// End to end: `roce-doctor record` on this machine, then `show --from` on what it wrote.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "record/recording.hpp"
#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

namespace {}

TEST_CASE("record --samples 3 --interval 0.1s writes three samples that show --from reads") {
  roce::test::TempDir dir;
  const auto path = dir.path("cli.rec");
  const auto r = run("record --samples 3 --interval 0.1s -o '" + path + "'");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  auto read = roce::record::read_recording(path);
  REQUIRE(read.ok());
  CHECK(read->warnings.empty());
  REQUIRE(read->samples.size() == 3);
  CHECK(read->samples[0].from.source == "live");
  CHECK(read->samples[1].time_unix_ms - read->samples[0].time_unix_ms >= 90);
  CHECK(read->samples[2].monotonic_ns > read->samples[1].monotonic_ns);
  CHECK(r.err.find("3 samples") != std::string::npos);
  const auto bare = run("record --samples 2 --interval 0.1 -o '" + dir.path("bare.rec") + "'");  // seconds
  REQUIRE(bare.exit_code == 0);
  auto bare_read = roce::record::read_recording(dir.path("bare.rec"));
  REQUIRE(bare_read.ok());
  REQUIRE(bare_read->samples.size() == 2);
  CHECK(bare_read->samples[1].time_unix_ms - bare_read->samples[0].time_unix_ms >= 90);

  const auto shown = run("show --from '" + path + "'");
  INFO(shown.err);
  CHECK(shown.exit_code == 0);
  CHECK(shown.out.find("sample 3 of 3") != std::string::npos);
  CHECK(shown.out.find("netdev lo:") != std::string::npos);
}

TEST_CASE("record stops on --duration and on SIGTERM, flushing what it sampled") {
  roce::test::TempDir dir;
  const auto timed = dir.path("timed.rec");
  const auto r = run("record --duration 1s --interval 200ms -o '" + timed + "'");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  auto read = roce::record::read_recording(timed);
  REQUIRE(read.ok());
  CHECK(read->samples.size() >= 3);
  CHECK(read->samples.size() <= 7);

  const auto killed = dir.path("killed.rec");
  const auto said = dir.path("killed.err");
  // Through a shell that signals it after a second: SIGTERM flushes the frame and exits 0. How many
  // samples a second holds depends on the machine's load; that every sample taken is in the file
  // does not.
  const std::string cmd = "sh -c '\"" + std::string(ROCE_DOCTOR_BIN) + "\" record --interval 100ms -o \"" + killed +
                          "\" 2>\"" + said + "\" & pid=$!; sleep 1; kill -TERM $pid; wait $pid'";
  const int status = std::system(cmd.c_str());
  CHECK(WEXITSTATUS(status) == 0);
  auto after_kill = roce::record::read_recording(killed);
  REQUIRE(after_kill.ok());
  CHECK(after_kill->warnings.empty());
  CHECK(after_kill->samples.size() >= 1);
  const std::string summary = slurp(said);
  INFO(summary);
  CHECK(summary.find("recorded " + std::to_string(after_kill->samples.size()) + " sample") != std::string::npos);
}

TEST_CASE("record rejects bad options with the usage exit code") {
  roce::test::TempDir dir;
  CHECK(run("record --interval 0s -o '" + dir.path("x") + "'").exit_code == 3);
  CHECK(run("record --rotate-size 12Q -o '" + dir.path("x") + "'").exit_code == 3);
  CHECK(run("record").exit_code == 3);
  const auto notes = dir.path("notes.txt");
  roce::test::write_file(notes, "not a recording\n");
  const auto r = run("record --samples 1 -o '" + notes + "'");
  CHECK(r.exit_code == 3);
  CHECK(r.err.find("cannot append to " + notes) != std::string::npos);
}

TEST_CASE("a torn tail is said on stderr: by show --from, and by record before it appends") {
  roce::test::TempDir dir;
  const auto path = dir.path("torn.rec");
  REQUIRE(run("record --samples 2 --interval 0.1s -o '" + path + "'").exit_code == 0);
  const auto good_end = std::to_string(std::filesystem::file_size(path));
  REQUIRE(run("record --samples 2 --interval 0.1s -o '" + path + "'").exit_code == 0);
  std::filesystem::resize_file(path, std::stoull(good_end) + 10);
  const std::string torn =
      "roce-doctor: " + path + ": torn frame at byte " + good_end + " ignored (the writer was interrupted?)\n";

  const auto shown = run("show --from '" + path + "'");
  CHECK(shown.exit_code == 0);
  CHECK(shown.err == torn);
  CHECK(shown.out.find("sample 2 of 2") != std::string::npos);

  const auto appended = run("record --samples 1 -o '" + path + "'");
  CHECK(appended.exit_code == 0);
  CHECK(appended.err.find(torn + "roce-doctor: " + path + ": truncated to its last good frame (" + good_end +
                          " bytes) before appending\n") == 0);
}

TEST_CASE("a damaged middle frame: show, check and report read the rest and say the loss; record moves it aside") {
  roce::test::TempDir dir;
  const auto model = dir.path("h.toml");
  std::filesystem::copy_file(std::string(ROCE_SIM_EXAMPLES_DIR) + "/healthy.toml", model);
  const auto path = dir.path("d.rec");
  const std::string host = "--host 'sim:" + model + "' ";
  REQUIRE(run(host + "record --interval 20ms --samples 200 -o '" + path + "'").exit_code == 0);
  auto bytes = slurp(path);
  std::size_t frame = 16;
  for (int k = 0; k < 8; ++k) frame = bytes.find("RFRM", frame + 1);  // the ninth frame
  bytes[frame + 30] ^= 0x01;
  roce::test::write_file(path, bytes);
  auto read = roce::record::read_recording(path);
  REQUIRE(read.ok());
  CHECK(read->samples.size() == 160);  // its 10 and the 30 after it up to the next fresh frame
  const std::string said = "damaged frame at byte " + std::to_string(frame);
  const auto shown = run("show --from '" + path + "'");
  CHECK(shown.exit_code == 0);
  CHECK(shown.out.find("sample 160 of 160") != std::string::npos);
  CHECK(shown.err.find(said) != std::string::npos);
  const auto checked = run("check --from '" + path + "'");
  CHECK(checked.exit_code == 0);
  CHECK(checked.err.find(said) != std::string::npos);
  const auto reported = run("report '" + path + "'");
  CHECK(reported.exit_code == 0);
  CHECK(reported.out.find("samples   160") != std::string::npos);

  const auto again = run(host + "record --interval 20ms --samples 2 -o '" + path + "'");
  INFO(again.err);
  CHECK(again.exit_code == 0);
  CHECK(again.err.find("moved aside to " + path + ".damaged-") != std::string::npos);
  auto fresh = roce::record::read_recording(path);
  REQUIRE(fresh.ok());
  CHECK(fresh->samples.size() == 2);
}

TEST_CASE("a symlink planted as the lock is not followed") {
  roce::test::TempDir dir;
  for (const auto mode : {std::filesystem::perms(0777), std::filesystem::perms(01777)}) {
    const auto folder = dir.path(mode == std::filesystem::perms(0777) ? "open" : "sticky");
    std::filesystem::create_directory(folder);
    std::filesystem::permissions(folder, mode);
    const auto victim = dir.path("victim");
    roce::test::write_file(victim, "precious\n");
    std::filesystem::create_symlink(victim, folder + "/r.rec.lock");
    const auto r = run("record --samples 1 --interval 0.1s -o '" + folder + "/r.rec'");
    CHECK(r.exit_code != 0);
    CHECK(r.err.find("is a symbolic link; not following it") != std::string::npos);
    CHECK(slurp(victim) == "precious\n");
  }
}

TEST_CASE("a recording that holds no sample yet is an input error naming it: show, check, report") {
  roce::test::TempDir dir;
  const auto path = dir.write("new.rec", std::string("\x89RDREC\r\n\x01\0\0\0\0\0\0\0", 16));
  for (const std::string command : {"show --from", "check --from", "report"}) {
    INFO(command);
    const auto r = run(command + " '" + path + "'");
    CHECK(r.exit_code == 3);
    CHECK(r.err == "roce-doctor: " + path + ": the recording holds no samples yet\n");
  }
}

}  // namespace roce::test
