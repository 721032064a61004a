// The bash completion script `roce-doctor completion bash` generates, run in a clean bash on real
// command lines (COMP_WORDS/COMP_CWORD set as bash sets them, COMPREPLY read back); the zsh one
// parsed by zsh.
#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

#include "checks/registry.hpp"
#include "dist/shell.hpp"

namespace roce::test {
namespace {

namespace fs = std::filesystem;

const std::string& bash_script() {
  static TempDir dir;
  static const std::string path = [] {
    const std::string p = dir.path() + "/roce-doctor.bash";
    REQUIRE(shell(shell_word(kBin) + " completion bash > " + shell_word(p)).exit_code == 0);
    return p;
  }();
  return path;
}

// COMPREPLY for the command line `roce-doctor WORDS...` with the cursor at the end of the last word.
std::set<std::string> complete(const std::vector<std::string>& words) {
  std::string array = shell_word(kBin);
  for (const auto& w : words) array += " " + shell_word(w);
  const std::string program = "source " + shell_word(bash_script()) + "; COMP_WORDS=(" + array +
                              "); COMP_CWORD=" + std::to_string(words.size()) +
                              "; _roce_doctor; printf '%s\\n' \"${COMPREPLY[@]}\"";
  const auto r = shell("cd " + shell_word(kSource) + " && bash --norc --noprofile -c " + shell_word(program));
  INFO(r.err);
  CHECK(r.err.empty());
  std::set<std::string> out;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) out.insert(line);
  return out;
}

std::set<std::string> names_in(const std::string& dir, const std::string& extension = "") {
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(dir))
    if (extension.empty() || e.path().extension() == extension)
      names.insert(extension.empty() ? e.path().filename().string() : e.path().stem().string());
  return names;
}

}  // namespace

TEST_CASE("completion: subcommands, without the hidden ones") {
  CHECK(complete({"ch"}) == std::set<std::string>{"check", "checks"});
  const auto all = complete({""});
  CHECK(all == std::set<std::string>{"bw", "check", "checks", "collect", "diff", "estimate", "fleet", "metrics", "nccl",
                                     "record", "report", "serve", "show", "storm", "sweep", "topo", "tune"});
  // A global option's value is not taken for the subcommand.
  CHECK(complete({"--host", "live", "ch"}) == std::set<std::string>{"check", "checks"});
}

TEST_CASE("completion: options of the subcommand, and the global ones after it") {
  CHECK(complete({"check", "--on"}) == std::set<std::string>{"--only"});
  CHECK(complete({"tune", "--tr"}) == std::set<std::string>{"--trial"});
  CHECK(complete({"show", "--sys"}) == std::set<std::string>{"--sysfs-root"});
  CHECK(complete({"--sy"}) == std::set<std::string>{"--sysfs-root"});
  // A flag takes no value: what follows it is an option again.
  CHECK(complete({"tune", "--apply", "--ro"}) == std::set<std::string>{"--rollback"});
}

TEST_CASE("completion: every option --help shows for a subcommand is offered") {
  for (const char* cmd : {"show", "collect", "check", "checks", "record", "diff", "tune", "report", "fleet",
                          "sweep plan", "sweep run", "sweep localize"}) {
    const auto help = shell(shell_word(kBin) + " " + cmd + " --help").out;
    std::vector<std::string> words;
    std::istringstream split(cmd);
    for (std::string w; split >> w;) words.push_back(w);
    words.push_back("-");
    const auto offered = complete(words);
    std::regex option("(^|[ ,])(--?[A-Za-z][A-Za-z0-9-]*)");
    std::istringstream lines(help);
    int seen = 0;
    for (std::string line; std::getline(lines, line);) {
      if (!line.starts_with("  -")) continue;
      const std::string names = line.substr(0, line.find(' ', 2));
      for (std::sregex_iterator m(names.cbegin(), names.cend(), option), end; m != end; ++m) {
        INFO(cmd << " " << (*m)[2].str());
        CHECK(offered.contains((*m)[2].str()));
        ++seen;
      }
    }
    INFO(cmd);
    CHECK(seen >= 2);
  }
}

TEST_CASE("completion: check IDs of the catalog after --only and --skip, also after a comma") {
  std::set<std::string> drops, all;
  for (const auto& c : checks::all_checks()) {
    all.insert(std::string(c.id));
    if (c.id.starts_with("DROP-")) drops.insert(std::string(c.id));
  }
  REQUIRE(drops.size() >= 2);
  CHECK(complete({"check", "--only", "DROP-"}) == drops);
  CHECK(complete({"check", "--skip", ""}) == all);
  std::set<std::string> after_comma;
  for (const auto& d : drops) after_comma.insert("LINK-STATE," + d);
  CHECK(complete({"check", "--only", "LINK-STATE,DROP-"}) == after_comma);
  // --only takes several IDs in a row.
  CHECK(complete({"check", "--only", "LINK-STATE", "DROP-"}) == drops);
  // --only=ID, as bash splits it at '=' (COMP_WORDBREAKS) and unsplit.
  CHECK(complete({"check", "--only", "=", "DROP-"}) == drops);
  std::set<std::string> joined;
  for (const auto& d : drops) joined.insert("--only=" + d);
  CHECK(complete({"check", "--only=DROP-"}) == joined);
}

TEST_CASE("completion: profile names of the shipped profiles after --profile") {
  const auto shipped = names_in(kSource + "/profiles", ".toml");
  REQUIRE(shipped.size() >= 3);
  CHECK(complete({"check", "--profile", ""}) == shipped);
  CHECK(complete({"tune", "--profile", "roce-lossless-p"}) == std::set<std::string>{"roce-lossless-pcp"});
  CHECK(complete({"report", "--profile", "profiles/roce-lossless-t"}) ==
        std::set<std::string>{"profiles/roce-lossless-two-class.toml"});
}

TEST_CASE("completion: device names after --dev, from the sysfs tree the command line reads") {
  const std::string root = kSource + "/tests/fixtures/sysfs/cx6dx";
  std::set<std::string> devices = names_in(root + "/class/net");
  for (const auto& d : names_in(root + "/class/infiniband")) devices.insert(d);
  REQUIRE(devices.contains("mlx5_0"));
  CHECK(complete({"--sysfs-root", root, "show", "--dev", ""}) == devices);
  CHECK(complete({"show", "--sysfs-root=" + root, "--dev", "ml"}) == std::set<std::string>{"mlx5_0"});
}

TEST_CASE("completion: device names after --dev under --host sim:FILE, from the simulated host") {
  const std::set<std::string> simulated{"ens1f0np0", "mlx5_0"};  // examples/sim/healthy.toml's port
  const std::string model = kSource + "/examples/sim/healthy.toml";
  const std::string before = slurp(model);
  CHECK(complete({"--host", "sim:" + model, "show", "--dev", ""}) == simulated);
  CHECK(complete({"check", "--host=sim:" + model, "--dev", "en"}) == std::set<std::string>{"ens1f0np0"});
  // "sim:FILE" as bash splits it at ':', relative to the working directory.
  CHECK(complete({"--host", "sim", ":", "examples/sim/healthy.toml", "tune", "--dev", ""}) == simulated);
  // A host that cannot be opened offers nothing, and says nothing.
  CHECK(complete({"--host", "sim:/nonexistent.toml", "show", "--dev", ""}).empty());
  CHECK(slurp(model) == before);  // completing never advances the model
}

TEST_CASE("completion: files for captures and positionals, hosts for --host") {
  CHECK(complete({"check", "--from", "examples/cx6dx-h"}) ==
        std::set<std::string>{"examples/cx6dx-healthy.json", "examples/cx6dx-headroom-small.json"});
  CHECK(complete({"diff", "examples/cx6dx-e"}) == std::set<std::string>{"examples/cx6dx-ecn-off.json"});
  CHECK(complete({"--host", ""}) == std::set<std::string>{"live", "sim:"});
  // "sim:FILE" as bash splits it at ':'.
  CHECK(complete({"--host", "sim", ":", "examples/sim/he"}) == std::set<std::string>{"examples/sim/healthy.toml"});
}

TEST_CASE("completion: nested subcommands, their options and their values") {
  CHECK(complete({"sweep", ""}) == std::set<std::string>{"plan", "run", "localize"});  // not the hidden step
  CHECK(complete({"sweep", "pl"}) == std::set<std::string>{"plan"});
  CHECK(complete({"--host", "live", "sweep", "l"}) == std::set<std::string>{"localize"});
  // A nested subcommand is one only under its command.
  CHECK(complete({"pl"}).empty());
  CHECK(complete({"check", "plan", "--ho"}) == std::set<std::string>{"--host"});

  // Its own options, and the global ones after it.
  CHECK(complete({"sweep", "plan", "--ho"}) ==
        std::set<std::string>{"--host", "--hostfile", "--hosts", "--hosts-per-leaf"});
  CHECK(complete({"sweep", "-"}) == std::set<std::string>{"--help", "-h", "--version", "--sysfs-root", "--host"});
  CHECK(complete({"sweep", "run", "--no-adaptive", "--re"}) == std::set<std::string>{"--replay"});

  // Their values: paths, folders, profiles, the words a type name lists.
  std::set<std::string> folders;
  for (const auto& e : fs::directory_iterator(kSource + "/examples"))
    if (e.is_directory()) folders.insert("examples/" + e.path().filename().string());
  REQUIRE(!folders.empty());
  CHECK(complete({"sweep", "localize", "examples/"}) == folders);
  CHECK(complete({"sweep", "run", "plan.json", "-o", "examples/"}) == folders);
  CHECK(complete({"sweep", "run", "examples/cx6dx-e"}) == std::set<std::string>{"examples/cx6dx-ecn-off.json"});
  CHECK(complete({"sweep", "plan", "--hostfile", "examples/cx6dx-e"}) ==
        std::set<std::string>{"examples/cx6dx-ecn-off.json"});
  CHECK(complete({"sweep", "localize", "--profile", "roce-lossless-p"}) == std::set<std::string>{"roce-lossless-pcp"});
  CHECK(complete({"sweep", "run", "plan.json", "--runner", ""}) == std::set<std::string>{"slurm", "template"});
  CHECK(complete({"sweep", "run", "plan.json", "--runner=t"}) == std::set<std::string>{"--runner=template"});
  CHECK(complete({"sweep", "plan", "--test", "w"}) == std::set<std::string>{"write"});
  CHECK(complete({"bw", "--test", ""}) == std::set<std::string>{"write", "read", "send"});
}

TEST_CASE("completion: the zsh script parses, loads and completes in zsh") {
  if (!have_tool("zsh")) {
    WARN("ROCE-TEST-SKIP: zsh is not installed (scripts/test installs it)");
    return;
  }
  TempDir dir;
  const std::string script = dir.path() + "/_roce-doctor";
  REQUIRE(shell(shell_word(kBin) + " completion zsh > " + shell_word(script)).exit_code == 0);
  CHECK(slurp(script).starts_with("#compdef roce-doctor\n"));
  const auto parsed = shell("zsh -n " + shell_word(script));
  INFO(parsed.err);
  CHECK(parsed.exit_code == 0);

  // Completion as zsh's completion system does it on a terminal (zpty), with the script found in
  // fpath as an installed one is, and this build's program first in PATH.
  const auto complete_zsh = [&](const std::string& line) {
    const auto r = shell("PATH=" + shell_word(fs::path(kBin).parent_path().string()) + ":$PATH timeout 60 zsh -f " +
                         shell_word(kSource + "/tests/dist/zsh_capture.zsh") + " " + shell_word(line) + " " +
                         shell_word(dir.path()));
    INFO(line << "\n" << r.err);
    CHECK(r.exit_code == 0);
    std::set<std::string> out;
    std::istringstream lines(r.out);
    for (std::string l; std::getline(lines, l);) out.insert(l);
    return out;
  };
  CHECK(complete_zsh("roce-doctor ch") == std::set<std::string>{"check", "checks"});
  CHECK(complete_zsh("roce-doctor check --on") == std::set<std::string>{"--only"});
  CHECK(complete_zsh("roce-doctor check --only LINK-STATE,DROP-") ==
        std::set<std::string>{"DROP-HOST", "DROP-LOSSLESS"});
  CHECK(complete_zsh("roce-doctor tune --profile roce-lossless-") ==
        std::set<std::string>{"roce-lossless-pcp", "roce-lossless-two-class"});
  CHECK(complete_zsh("roce-doctor --sysfs-root " + kSource + "/tests/fixtures/sysfs/cx6dx show --dev ml") ==
        std::set<std::string>{"mlx5_0"});
  CHECK(complete_zsh("roce-doctor --host sim:" + kSource + "/examples/sim/healthy.toml show --dev ") ==
        std::set<std::string>{"ens1f0np0", "mlx5_0"});
  CHECK(complete_zsh("roce-doctor sweep ") == std::set<std::string>{"plan", "run", "localize"});
  CHECK(complete_zsh("roce-doctor sweep plan --ho") ==
        std::set<std::string>{"--host", "--hostfile", "--hosts", "--hosts-per-leaf"});
  CHECK(complete_zsh("roce-doctor sweep run plan.json --runner ") == std::set<std::string>{"slurm", "template"});
  CHECK(complete_zsh("roce-doctor sweep localize --profile roce-lossless-") ==
        std::set<std::string>{"roce-lossless-pcp", "roce-lossless-two-class"});
  // A folder, not a file, for sweep localize's DIR (zsh offers the path's parts too).
  const auto folders = complete_zsh("roce-doctor sweep localize " + kSource + "/examples/");
  CHECK(folders.contains("sim"));
  CHECK(!folders.contains("cx6dx-healthy.json"));

  // Sourced after compinit (the build-tree way) it registers itself.
  const auto loaded = shell("zsh -f -c " + shell_word("autoload -U compinit && compinit -u -D && source " +
                                                      shell_word(script) + " && print ${_comps[roce-doctor]}"));
  INFO(loaded.out << loaded.err);
  CHECK(loaded.out == "_roce-doctor\n");
}

}  // namespace roce::test
