// Every command that reads a file, given every kind of bad input (README "Limits"), under a memory
// limit and a timeout: each ends with a located error (exit 3 or 4, naming the input) within them,
// never a signal, a hang, or garbage judged as a host. A good input in another form (CRLF line ends,
// a name that is not UTF-8) runs as the original does. One table of commands, one of inputs: a new
// command or a new input is one line.
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "support/files.hpp"
#include "support/run_binary.hpp"
#include "support/sanitizer.hpp"

namespace roce::test {
namespace {

namespace fs = std::filesystem;

// The caps are lowered so that each bomb is small to make and quick to refuse: every bomb holds
// three times the cap or more, and the memory limit is far above what the caps let a reader hold.
const std::string kCaps =
    "ROCE_DOCTOR_MAX_INPUT_BYTES=16M ROCE_DOCTOR_MAX_ARCHIVE_BYTES=16M ROCE_DOCTOR_MAX_ARCHIVE_ENTRIES=20000";
constexpr const char* kMemoryLimit = "prlimit --as=1073741824";  // 1 GiB of address space
constexpr const char* kTimeout = "timeout -k 5 30";
constexpr const char* kUnprivileged = "setpriv --reuid=65534 --regid=65534 --clear-groups";

const std::string kBundle = std::string(ROCE_SOURCE_DIR) + "/examples/cx6dx-ecn-off.json";

// What a run of a command on an input must do.
enum class Expect {
  refused,    // exit 3 or 4, its output naming the input
  same,       // exit code and stdout of the good input it was made from (its path aside)
  accepted,   // the exit code of the good input: the command reads this input as valid
  tolerated,  // the exit code of the good input, or an error (3, 4) naming the input
};

// A command that reads a file: `args` with {} where the input goes, and a good input it reads.
struct Command {
  std::string name;
  std::string args;
  std::string good;     // a file or folder
  bool text = true;     // the good input is text (CRLF and non-UTF-8 copies of it apply)
  bool writes = false;  // the command writes its input: each run gets its own copy
  std::vector<std::pair<std::string, Expect>> except = {};  // input name -> what it must do instead
  std::vector<std::string> volatile_lines = {};             // output lines starting so differ between runs
};

// A bad input: `make` writes it at the path it is given.
struct BadInput {
  std::string name;
  std::string file;
  std::function<void(const std::string& path)> make;
};

void sh(const std::string& command) {
  const Run r = shell(command);
  INFO(command << "\n" << r.out << r.err);
  REQUIRE(r.exit_code == 0);
}

std::string in_dir_of(const std::string& path, const std::string& command) {
  return "cd " + shell_word(fs::path(path).parent_path().string()) + " && " + command;
}

// `bytes` bytes from a fixed seed: the same random input at every run.
std::string random_bytes(std::size_t bytes, std::uint32_t seed) {
  std::mt19937 gen(seed);
  std::string out(bytes, '\0');
  for (char& c : out) c = static_cast<char>(gen() & 0xff);
  return out;
}

// `open` `depth` times, then `close` as many.
std::string nested(const std::string& open, const std::string& close, std::size_t depth) {
  std::string out;
  out.reserve((open.size() + close.size()) * depth);
  for (std::size_t i = 0; i < depth; ++i) out += open;
  for (std::size_t i = 0; i < depth; ++i) out += close;
  return out;
}

std::vector<BadInput> bad_inputs() {
  const auto with = [](std::string content) {
    return [content = std::move(content)](const std::string& p) { write_file(p, content); };
  };
  const auto random = random_bytes(64 << 10, 1);
  const std::string recording_header("\x89RDREC\r\n\x01\0\0\0\0\0\0\0", 16);
  return {
      {"empty file", "empty", with("")},
      {"random bytes", "random.bin", with(random)},
      {"8 GB sparse file", "sparse",
       [](const std::string& p) {
         write_file(p, "");
         fs::resize_file(p, std::uintmax_t{8} << 30);
       }},
      {"10 MB line", "line.txt", with(std::string(10 << 20, 'a') + "\n")},
      // Valid, and nested 100,000 deep: a reader that copies, dumps or walks it recursively
      // overflows the stack (two members: an ordered object copies them as it grows).
      {"deep JSON", "deep.json",
       with("{\"a\": " + nested("[", "]", 100000) + ", \"b\": " + nested("[", "]", 100000) + "}")},
      {"deep XML", "deep.xml", with("<?xml version=\"1.0\"?>\n<system>" + nested("<a>", "</a>", 100000) + "</system>")},
      {"deep TOML", "deep.toml", with("a = " + nested("[", "]", 100000) + "\n")},
      {"zstd bomb", "bomb.json.zst",
       [](const std::string& p) {
         sh(in_dir_of(p, "(printf '{'; head -c 50331648 /dev/zero) | zstd -q -1 -c > " + shell_word(p)));
       }},
      {"gzip bomb", "bomb.log.gz",  // gzip members one after the other read as one stream
       [](const std::string& p) {
         sh(in_dir_of(p, "head -c 16777216 /dev/zero | gzip -1 > m && cat m m m > " + shell_word(p) + " && rm m"));
       }},
      {"tar bomb", "bomb.tar.gz",
       [](const std::string& p) {
         sh(in_dir_of(p, "truncate -s 48M big && tar -cf - big | gzip -1 > " + shell_word(p) + " && rm big"));
       }},
      {"archive of 200k members", "many.tar.gz",
       [](const std::string& p) {
         sh(in_dir_of(
             p, "touch f && yes f | head -n 200000 > list && tar -czf " + shell_word(p) + " -T list && rm f list"));
       }},
      {"archive with an absolute member", "absolute.tar.gz",
       [](const std::string& p) {
         sh(in_dir_of(p, "echo x > f && tar -czPf " + shell_word(p) + " \"$PWD/f\" && rm f"));
       }},
      {"archive with a ../ member", "dotdot.tar.gz",
       [](const std::string& p) {
         sh(in_dir_of(p, "echo x > f && mkdir d && (cd d && tar -czPf " + shell_word(p) + " ../f) && rm -r f d"));
       }},
      {"symbolic link loop", "loop", [](const std::string& p) { fs::create_symlink("loop", p); }},
      {"FIFO", "pipe", [](const std::string& p) { sh("mkfifo " + shell_word(p)); }},
      {"empty folder", "folder", [](const std::string& p) { fs::create_directory(p); }},
      // Random bytes behind each kind's magic or name: they reach the parser of that kind.
      {"random JSON", "bundle.json", with("{" + random)},
      {"random zstd frame", "bundle.json.zst", with("\x28\xb5\x2f\xfd" + random)},
      {"random gzip", "capture.tar.gz", with("\x1f\x8b" + random)},
      {"random tar", "capture.tar", with(random.substr(0, 257) + "ustar" + random)},
      {"random recording", "host.rec", with(recording_header + random)},
      {"random command output", "ethtool_-S_eth0", with(random)},
      {"random SONiC dump", "sonic_dump_leaf01_20260101_000000.tar.gz", with(random)},
      {"random config_db.json", "config_db.json", with(random)},
      {"random topology", "topo.xml", with(random)},
  };
}

// The variants made from a command's good input.
enum class Variant { crlf, non_utf8_name, non_utf8_content, unreadable };

struct VariantRow {
  std::string name;
  Variant variant;
  Expect expect;
};

const std::vector<VariantRow> kVariants = {
    {"CRLF copy", Variant::crlf, Expect::same},
    {"name not UTF-8", Variant::non_utf8_name, Expect::same},
    {"content not UTF-8", Variant::non_utf8_content, Expect::tolerated},
    {"unreadable", Variant::unreadable, Expect::refused},
};

// Appends a line that is not UTF-8 (Latin-1, then bytes no encoding has) to every file at `path`.
void add_non_utf8_line(const std::string& path) {
  const std::string line =
      "# gpu-n\xf6"
      "de \xff\xfe\xc0\n";
  if (fs::is_regular_file(fs::symlink_status(path))) return write_file(path, slurp(path) + line);
  for (const auto& entry : fs::recursive_directory_iterator(path))
    if (!entry.is_symlink() && entry.is_regular_file())
      write_file(entry.path().string(), slurp(entry.path().string()) + line);
}

bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

// `out` with the input's path as INPUT and without the lines that start with one of `dropped`.
std::string comparable(const std::string& out, const std::string& path, const std::vector<std::string>& dropped) {
  std::string kept;
  std::size_t start = 0;
  for (std::size_t eol; start < out.size(); start = eol + 1) {
    eol = out.find('\n', start);
    if (eol == std::string::npos) eol = out.size();
    const std::string line = out.substr(start, eol - start);
    if (std::none_of(dropped.begin(), dropped.end(), [&](const std::string& d) { return line.rfind(d, 0) == 0; }))
      kept += line + "\n";
  }
  return replaced(kept, path, "INPUT");
}

// Does the output name the input: its path, as is or with each byte that is not UTF-8 shown as
// U+FFFD (JSON and escaped output)?
bool names(const Run& r, const std::string& path) {
  std::string shown;
  for (unsigned char c : path) shown += c < 0x80 ? std::string(1, static_cast<char>(c)) : std::string("\xef\xbf\xbd");
  const std::string all = r.out + r.err;
  return contains(all, path) || contains(all, shown);
}

// What is wrong with run `r` of `command` on the input at `path` that must do `expect` ("" when
// nothing); `good` is its run on the good input at `good_path`.
std::string judged(const Command& command, const Run& r, const std::string& path, Expect expect, const Run& good,
                   const std::string& good_path) {
  const int code = r.exit_code;
  if (code == 124 || code == 137) return "timed out";
  if (code < 0 || code > 5) return "exit " + std::to_string(code) + " (a signal, or a crash)";
  switch (expect) {
    case Expect::refused:
      if (code < 3) return "exit " + std::to_string(code) + ": judged as valid";
      if (!names(r, path)) return "exit " + std::to_string(code) + " without naming the input";
      return "";
    case Expect::same:
      if (code != good.exit_code)
        return "exit " + std::to_string(code) + ", the original's " + std::to_string(good.exit_code);
      if (comparable(r.out, path, command.volatile_lines) != comparable(good.out, good_path, command.volatile_lines))
        return "output differs from the original's";
      return "";
    case Expect::accepted:
      if (code != good.exit_code)
        return "exit " + std::to_string(code) + ", the good input's " + std::to_string(good.exit_code);
      return "";
    case Expect::tolerated:
      if (code != good.exit_code && (code < 3 || !names(r, path)))
        return "exit " + std::to_string(code) + ", neither the good input's " + std::to_string(good.exit_code) +
               " nor an error naming the input";
      return "";
  }
  return "";
}

// The matrix's folders: bad inputs made once, copies per command, a TMPDIR whose leftovers show.
class Matrix {
 public:
  Matrix() {
    ::chmod(dir_.path().c_str(), 0755);  // the unprivileged runs go through it
    fs::create_directories(tmp());
    fs::permissions(tmp(), fs::perms::all | fs::perms::sticky_bit);
    for (const auto& input : bad_inputs()) {
      const std::string path = dir_.mkdir("bad/" + slot(bad_.size())) + "/" + input.file;
      input.make(path);
      bad_.push_back({input.name, path});
    }
  }
  const std::vector<std::pair<std::string, std::string>>& bad() const { return bad_; }
  std::string tmp() const { return dir_.path("tmp"); }
  std::string path(const std::string& relative) const { return dir_.path(relative); }

  // A fresh folder for the copies of one command's inputs.
  std::string fresh_folder() { return dir_.mkdir("runs/" + slot(runs_++)); }

  // The runs of roce-doctor, in TMPDIR, under the caps, the memory limit and the timeout.
  Run run(const std::string& args, bool unprivileged) const {
    std::string prefix = "env TMPDIR=" + shell_word(tmp()) + " " + kCaps + " " + kTimeout + " ";
    if (!kAddressSanitizer) prefix += std::string(kMemoryLimit) + " ";
    if (unprivileged) prefix = std::string(kUnprivileged) + " " + prefix;
    return roce::test::run(args + " </dev/null", prefix);
  }

 private:
  static std::string slot(std::size_t n) { return (n < 10 ? "0" : "") + std::to_string(n); }
  TempDir dir_{"reliability"};
  std::vector<std::pair<std::string, std::string>> bad_;  // name, path
  std::size_t runs_ = 0;
};

// A copy of `from` at `to` (sparse files stay sparse, FIFOs and links stay what they are).
void copy(const std::string& from, const std::string& to) {
  sh("cp -a --sparse=always " + shell_word(from) + " " + shell_word(to));
}

// The input made from `good` as `variant` says, in its own folder under `folder`; its path.
std::string make_variant(Variant variant, const std::string& good, const std::string& folder) {
  const std::string base = fs::path(good).filename().string();
  switch (variant) {
    case Variant::crlf: copy_with_crlf(good, folder + "/crlf/ab-" + base); return folder + "/crlf/ab-" + base;
    case Variant::non_utf8_name: {
      const std::string to = folder + "/name/\xff\xfe-" + base;  // as long as "ab-"
      fs::create_directories(folder + "/name");
      copy(good, to);
      return to;
    }
    case Variant::non_utf8_content: {
      const std::string to = folder + "/utf8/ab-" + base;
      fs::create_directories(folder + "/utf8");
      copy(good, to);
      add_non_utf8_line(to);
      return to;
    }
    case Variant::unreadable: {
      const std::string to = folder + "/none/ab-" + base;
      fs::create_directories(folder + "/none");
      copy(good, to);
      fs::permissions(to, fs::perms::none);
      return to;
    }
  }
  return good;
}

std::string with_input(const std::string& args, const std::string& path) {
  return replaced(args, "{}", shell_word(path));
}

}  // namespace

TEST_CASE("every reading command refuses every bad input with a located error, within memory and time") {
  Matrix matrix;
  // Runs as root refuse nothing for want of permission: the unreadable case runs unprivileged.
  const bool root = ::geteuid() == 0;
  const bool can_drop = !root || shell("command -v setpriv >/dev/null").exit_code == 0;
  if (!can_drop) WARN("ROCE-TEST-SKIP: unreadable inputs: running as root without setpriv");

  const std::string fixtures = ROCE_FIXTURES_DIR;
  const std::string sim_model = std::string(ROCE_SIM_EXAMPLES_DIR) + "/ecn-off.toml";
  const std::string sim = matrix.path("sim.toml");  // the simulator writes its clock back: a copy
  copy(sim_model, sim);
  const std::string recording = matrix.path("good.rec");
  REQUIRE(matrix
              .run("record --host sim:" + shell_word(sim) + " -o " + shell_word(recording) +
                       " --samples 2 --interval 100ms",
                   false)
              .exit_code == 0);
  const std::string web_config = matrix.path("web.yml");
  write_file(web_config,
             "# roce-doctor serve\nbasic_auth_users:\n  prometheus: "
             "$2y$10$X0h1gDsPszWURQaxFh.zoubFi6DXncSjhoQNJgRrnGs7EsimhC7zG\n");
  // A sweep's plan, hosts and results folder, from a small simulated fabric (sweep run --replay).
  const std::string hostfile = matrix.path("hosts.txt");
  write_file(hostfile, "# the sweep's hosts\nh1\nh2\nh3\nh4\n");
  const std::string fabric_sim = matrix.path("fabric.toml");
  write_file(fabric_sim,
             "seed = 1\n[fabric]\nhosts = \"h[1-4]\"\nrails = 1\nline_gbps = 100\nhosts_per_leaf = 0\nspines = 0\n");
  const std::string plan = matrix.path("plan.json"), results = matrix.path("results");
  REQUIRE(
      matrix
          .run("sweep plan --hostfile " + shell_word(hostfile) + " --rails 1 --line-rate 100G -o " + shell_word(plan),
               false)
          .exit_code == 0);
  REQUIRE(matrix
              .run("sweep run " + shell_word(plan) + " -o " + shell_word(results) +
                       " --no-adaptive --runner template --template '{command}' --replay " + shell_word(fabric_sim),
                   false)
              .exit_code == 0);
  const std::string capture = fixtures + "/import/folder";
  const std::string bundle = shell_word(kBundle);
  const std::string sim_arg = "--host sim:" + shell_word(sim);

  const std::vector<Command> commands = {
      {.name = "check --from", .args = "check --from {}", .good = capture},
      {.name = "show --from", .args = "show --from {}", .good = capture},
      {.name = "tune --from", .args = "tune --from {}", .good = capture},
      {.name = "metrics --from",
       .args = "metrics --from {}",
       .good = capture,
       .volatile_lines = {"roce_doctor_sweep_duration_seconds ", "roce_doctor_last_check_timestamp_seconds "}},
      {.name = "diff A", .args = "diff {} " + bundle, .good = capture},
      {.name = "diff B", .args = "diff " + bundle + " {}", .good = capture},
      {.name = "fleet", .args = "fleet {}", .good = capture},
      {.name = "report", .args = "report {}", .good = recording, .text = false},
      {.name = "bw", .args = "bw --line-rate 400G {}", .good = fixtures + "/results/perftest_send_bw_gbits.txt"},
      {.name = "topo --from", .args = "topo --from {}", .good = fixtures + "/topology/nvidia_smi_topo_nccl933.txt"},
      {.name = "nccl", .args = "nccl {}", .good = fixtures + "/samples/nccl_debug_info_2x2_roce.log"},
      {.name = "check --switch",
       .args = "check --from " + bundle + " --switch {}",
       .good = fixtures + "/switch/sonic_roce_dscp26_flat.json"},
      // Every key of a profile is optional (profiles/README.md): an empty one is roce-lossless.
      {.name = "--profile",
       .args = "check --from " + bundle + " --profile {}",
       .good = std::string(ROCE_PROFILES_DIR) + "/roce-lossless.toml",
       .except = {{"empty file", Expect::accepted}}},
      {.name = "--host sim:", .args = "show --host sim:{}", .good = sim_model, .writes = true},
      {.name = "--sysfs-root",
       .args = "show --sysfs-root {}",
       .good = fixtures + "/sysfs/cx7",
       .volatile_lines = {"host "}},  // the time it was read
      {.name = "topo --sysfs-root", .args = "topo --sysfs-root {}", .good = fixtures + "/topology/hgx"},
      // An empty file is a new recording; a torn tail (random frames after a good header) is cut
      // off with a warning naming the file, as after a crash (man/roce-doctor-recording.5).
      {.name = "record -o",
       .args = "record " + sim_arg + " -o {} --samples 1 --interval 100ms",
       .good = recording,
       .text = false,
       .writes = true,
       .except = {{"empty file", Expect::accepted}, {"random recording", Expect::accepted}}},
      {.name = "sweep plan --hostfile",
       .args = "sweep plan --hostfile {} --rails 1 --line-rate 100G",
       .good = hostfile},
      {.name = "sweep localize", .args = "sweep localize {}", .good = results},
      // The listen address is not this host's: a configuration that is read ends in exit 4 there.
      // An empty configuration is valid (no TLS, no users), as for the exporter-toolkit.
      {.name = "serve --web.config.file",
       .args = "serve " + sim_arg + " --listen 192.0.2.1:9 --web.config.file {}",
       .good = web_config,
       .except = {{"empty file", Expect::accepted}}},
  };

  std::vector<std::string> problems;  // "command on input: what went wrong", stderr
  for (const auto& command : commands) {
    const std::string folder = matrix.fresh_folder();
    const std::string good = folder + "/good/ab-" + fs::path(command.good).filename().string();
    fs::create_directories(folder + "/good");
    copy(command.good, good);
    const Run good_run = matrix.run(with_input(command.args, good), false);
    INFO(command.name << " on its good input: exit " << good_run.exit_code << "\n" << good_run.err.substr(0, 2000));
    REQUIRE(good_run.exit_code >= 0);
    REQUIRE(good_run.exit_code <= 5);

    const auto check_cell = [&](const std::string& input, std::string path, Expect expect, bool unprivileged) {
      for (const auto& [name, instead] : command.except)
        if (name == input) expect = instead;
      if (command.writes) {  // as long as the good input's path: "good" and "mine"
        fs::create_directories(folder + "/mine");
        const std::string own = folder + "/mine/" + fs::path(path).filename().string();
        copy(path, own);
        path = own;
      }
      const Run r = matrix.run(with_input(command.args, path), unprivileged);
      std::string problem = judged(command, r, path, expect, good_run, good);
      for (const auto& left : fs::directory_iterator(matrix.tmp())) {
        problem += (problem.empty() ? "" : "; ") + std::string("left in TMPDIR: ") + left.path().filename().string();
        fs::remove_all(left.path());
      }
      if (!problem.empty())
        problems.push_back(command.name + " on " + input + ": " + problem + "\n    " + path + "\n    " +
                           replaced(r.err.substr(0, 600), "\n", "\n    "));
      if (command.writes) fs::remove_all(path);
    };
    for (const auto& [name, path] : matrix.bad()) check_cell(name, path, Expect::refused, false);
    for (const auto& variant : kVariants) {
      if (!command.text && (variant.variant == Variant::crlf || variant.variant == Variant::non_utf8_content)) continue;
      if (variant.variant == Variant::unreadable && !can_drop) continue;
      const std::string path = make_variant(variant.variant, command.good, folder);
      check_cell(variant.name, path, variant.expect, variant.variant == Variant::unreadable && root);
    }
  }
  std::string all;
  for (const auto& p : problems) all += p + "\n";
  INFO(problems.size() << " problems:\n" << all);
  CHECK(problems.empty());
}

}  // namespace roce::test
