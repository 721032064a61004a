// `cmake --install` of this build tree into a temporary DESTDIR (prefix /usr), then the installed
// program run from there: its profiles, examples, man pages, completion and units.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cctype>
#include <filesystem>
#include <map>
#include <set>

#include "dist/shell.hpp"

namespace roce::test {
namespace {

namespace fs = std::filesystem;

// One DESTDIR install shared by every test case of this run.
const std::string& destdir() {
  static TempDir dir;
  static const bool installed = [] {
    const auto r =
        shell("DESTDIR=" + shell_word(dir.path()) + " cmake --install " + shell_word(kBuild) + " --prefix /usr");
    INFO(r.out << r.err);
    return r.exit_code == 0;
  }();
  REQUIRE(installed);
  return dir.path();
}

std::string installed(const std::string& path) { return destdir() + path; }

Run run_installed(const std::string& args) { return shell(shell_word(installed("/usr/bin/roce-doctor")) + " " + args); }

std::vector<fs::path> files_in(const std::string& dir, const std::string& extension_prefix) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension().string().starts_with(extension_prefix)) out.push_back(e.path());
  return out;
}

}  // namespace

TEST_CASE("install: the program, every profile, man page, unit, example and both completion scripts land in place") {
  CHECK(fs::is_regular_file(installed("/usr/bin/roce-doctor")));
  CHECK((fs::status(installed("/usr/bin/roce-doctor")).permissions() & fs::perms::others_exec) != fs::perms::none);
  for (const auto& p : files_in(kSource + "/profiles", ".toml"))
    CHECK(fs::is_regular_file(installed("/usr/share/roce-doctor/profiles/" + p.filename().string())));
  const auto pages = files_in(kSource + "/man", ".");
  int man_pages = 0;
  for (const auto& p : pages) {
    const std::string section = p.extension().string().substr(1);
    if (section.size() != 1 || !std::isdigit(static_cast<unsigned char>(section[0]))) continue;  // make_man_checks.cpp
    ++man_pages;
    CHECK(fs::is_regular_file(installed("/usr/share/man/man" + section + "/" + p.filename().string() + ".gz")));
  }
  CHECK(man_pages == 4);
  for (const auto& u : files_in(kSource + "/dist", ".service"))
    CHECK(fs::is_regular_file(installed("/usr/lib/systemd/system/" + u.filename().string())));
  for (const auto& e : files_in(kSource + "/examples", ".json"))
    CHECK(fs::is_regular_file(installed("/usr/share/doc/roce-doctor/examples/" + e.filename().string())));
  for (const auto& e : files_in(kSource + "/examples/sim", ".toml"))
    CHECK(fs::is_regular_file(installed("/usr/share/doc/roce-doctor/examples/sim/" + e.filename().string())));
  CHECK(fs::is_regular_file(installed("/usr/share/bash-completion/completions/roce-doctor")));
  CHECK(fs::is_regular_file(installed("/usr/share/zsh/vendor-completions/_roce-doctor")));
  CHECK(fs::is_regular_file(installed("/usr/share/doc/roce-doctor/copyright")));
}

TEST_CASE("install: --profile NAME finds the installed data dir, never the source tree") {
  const std::string example = installed("/usr/share/doc/roce-doctor/examples/cx6dx-healthy.json");
  const auto r = run_installed("check --from " + shell_word(example) + " --profile roce-lossless-pcp");
  INFO(r.out << r.err);
  // The healthy example trusts DSCP: against the PCP profile that is critical.
  CHECK(r.exit_code == 2);
  CHECK(r.out.find("profile roce-lossless-pcp (" + installed("/usr/share/roce-doctor/profiles/roce-lossless-pcp.toml") +
                   ")") != std::string::npos);

  const auto unknown = run_installed("check --from " + shell_word(example) + " --profile no-such-profile");
  INFO(unknown.err);
  CHECK(unknown.exit_code == 3);
  CHECK(unknown.err.find(installed("/usr/share/roce-doctor/profiles")) != std::string::npos);
  CHECK(unknown.err.find(kSource + "/profiles") == std::string::npos);
  CHECK(unknown.err.find("known profiles: roce-lossless, roce-lossless-pcp, roce-lossless-two-class") !=
        std::string::npos);
}

TEST_CASE("install: check --from the installed examples gives the verdicts examples/README.md states") {
  const std::string dir = installed("/usr/share/doc/roce-doctor/examples/");
  const auto healthy = run_installed("check --from " + shell_word(dir + "cx6dx-healthy.json"));
  INFO(healthy.out << healthy.err);
  CHECK(healthy.exit_code == 0);
  const auto ecn_off = run_installed("check --from " + shell_word(dir + "cx6dx-ecn-off.json"));
  INFO(ecn_off.out << ecn_off.err);
  CHECK(ecn_off.exit_code == 2);
  CHECK(ecn_off.out.find("ECN-NIC") != std::string::npos);
}

TEST_CASE("install: the fleet hooks land where their configurations name them, and run the installed program") {
  const std::string lib = installed("/usr/lib/roce-doctor/");
  for (const auto* program : {"roce-doctor-healthcheck", "roce-doctor-npd"}) {
    INFO(program);
    REQUIRE(fs::is_regular_file(lib + program));
    CHECK((fs::status(lib + program).permissions() & fs::perms::others_exec) != fs::perms::none);
  }
  CHECK(
      slurp(lib + "roce-doctor-healthcheck").find("HealthCheckProgram=/usr/lib/roce-doctor/roce-doctor-healthcheck") !=
      std::string::npos);
  const std::string share = installed("/usr/share/roce-doctor/");
  for (const auto* config : {"kubernetes/roce-doctor-monitor.json", "kubernetes/roce-doctor-npd-daemonset.yaml"}) {
    INFO(config);
    CHECK(slurp(share + config).find("\"path\": \"/usr/lib/roce-doctor/roce-doctor-npd\"") != std::string::npos);
  }
  CHECK(slurp(share + "prometheus/roce-doctor.rules.yml") == slurp(kSource + "/dist/prometheus/roce-doctor.rules.yml"));
  CHECK(fs::is_regular_file(share + "prometheus/roce-doctor.rules.test.yml"));
  CHECK(fs::is_regular_file(share + "grafana/roce-doctor.json"));

  // The installed NPD plugin, given the installed program and example, answers in NPD's protocol.
  const auto npd = shell("ROCE_DOCTOR=" + shell_word(installed("/usr/bin/roce-doctor")) + " ROCE_DOCTOR_CHECK_ARGS=" +
                         shell_word("--from " + installed("/usr/share/doc/roce-doctor/examples/cx6dx-ecn-off.json")) +
                         " " + shell_word(lib + "roce-doctor-npd"));
  INFO(npd.out << npd.err);
  CHECK(npd.exit_code == 1);
  CHECK(npd.out.starts_with("critical: ECN-NIC"));
}

TEST_CASE("install: man -l renders every installed page without a warning") {
  REQUIRE(have_tool("man"));
  int rendered = 0;
  for (const auto& section : {"5", "7", "8"}) {
    for (const auto& page : files_in(installed("/usr/share/man/man") + section, ".gz")) {
      const auto r = shell("LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l " + shell_word(page.string()));
      INFO(page << "\n" << r.err);
      CHECK(r.exit_code == 0);
      CHECK(r.err.empty());
      CHECK(r.out.size() > 1000);
      ++rendered;
    }
  }
  CHECK(rendered == 4);
}

TEST_CASE("install: the installed bash completion completes profile names from the installed data dir") {
  const std::string script = installed("/usr/share/bash-completion/completions/roce-doctor");
  const std::string program =
      "source " + shell_word(script) + "; COMP_WORDS=(" + shell_word(installed("/usr/bin/roce-doctor")) +
      " tune --profile roce-lossless-p); COMP_CWORD=3; _roce_doctor; printf '%s\\n' \"${COMPREPLY[@]}\"";
  const auto r = shell("bash --norc --noprofile -c " + shell_word(program));
  INFO(r.err);
  CHECK(r.out == "roce-lossless-pcp\n");
}

TEST_CASE("install: units run this install's program: /usr/bin with prefix /usr, the prefix's bin/ otherwise") {
  for (const auto& u : files_in(installed("/usr/lib/systemd/system"), ".service"))
    CHECK(slurp(u.string()).find("ExecStart=/usr/bin/roce-doctor ") != std::string::npos);

  TempDir prefix;
  const auto r = shell("cmake --install " + shell_word(kBuild) + " --prefix " + shell_word(prefix.path()));
  REQUIRE(r.exit_code == 0);
  const std::string units = prefix.path() + "/lib/systemd/system";
  for (const auto& u : files_in(units, ".service"))
    CHECK(slurp(u.string()).find("ExecStart=" + prefix.path() + "/bin/roce-doctor ") != std::string::npos);

  // systemd's own check of each unit, with its program and man pages where the unit names them.
  REQUIRE(have_tool("systemd-analyze"));
  for (const auto& u : files_in(units, ".service")) {
    const auto verify = shell("MANPATH=" + shell_word(prefix.path() + "/share/man") + " systemd-analyze verify " +
                              shell_word(u.string()));
    INFO(u << "\n" << verify.out << verify.err);
    CHECK(verify.exit_code == 0);
    CHECK(verify.out.empty());
    CHECK(verify.err.empty());
  }
}

namespace {

// Every file under a folder with its bytes, to see that a run wrote nothing there.
std::map<std::string, std::string> tree_of(const std::string& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    out[e.path().string()] = e.is_regular_file() ? slurp(e.path().string()) : "";
  return out;
}

}  // namespace

TEST_CASE("install: a simulated host run on an installed example writes nothing there, as root or as another user") {
  const std::string examples = installed("/usr/share/doc/roce-doctor/examples/sim");
  const std::string model = examples + "/ecn-off.toml";
  const auto before = tree_of(examples);
  TempDir runtime;
  const std::string env = "XDG_RUNTIME_DIR=" + shell_word(runtime.path()) + " ";

  // The examples README's verdict, from the installed copy: simulated in memory.
  const auto checked = shell(env + shell_word(installed("/usr/bin/roce-doctor")) + " --host sim:" + shell_word(model) +
                             " check --interval 2");
  INFO(checked.out << checked.err);
  CHECK(checked.exit_code == 2);
  CHECK(checked.out.find("ECN-NIC") != std::string::npos);
  CHECK(tree_of(examples) == before);

  // A change to it is refused before any write, with the way to run on a copy.
  TempDir state;
  const auto applied = shell(env + shell_word(installed("/usr/bin/roce-doctor")) + " --host sim:" + shell_word(model) +
                             " tune --apply --yes --state-dir " + shell_word(state.path() + "/state"));
  INFO(applied.out << applied.err);
  CHECK(applied.exit_code == 3);
  CHECK(applied.out.find("is read-only (an installed example, or not writable by this user)") != std::string::npos);
  CHECK(applied.out.find("copy it and run on the copy (cp " + model + " host.toml;") != std::string::npos);
  CHECK(tree_of(examples) == before);

  // Another user, who cannot write the examples (root owns them, as dpkg installs them), with the
  // build tree's program (for which this install's examples are no package's: only the file
  // permissions make the model read-only).
  if (::geteuid() != 0 || !have_tool("setpriv")) {
    WARN("not root: no other user to run as");
    return;
  }
  // The user must reach the install: its folders are opened to all for this case.
  for (fs::path p = examples; p.string().size() >= destdir().size(); p = p.parent_path())
    fs::permissions(p, fs::perms::others_read | fs::perms::others_exec, fs::perm_options::add);
  const auto as_nobody = shell("cd / && setpriv --reuid=65534 --regid=65534 --clear-groups env -u XDG_RUNTIME_DIR " +
                               shell_word(kBin) + " --host sim:" + shell_word(model) + " check --interval 2");
  INFO(as_nobody.out << as_nobody.err);
  CHECK(as_nobody.exit_code == 2);
  CHECK(as_nobody.err.find("Permission denied") == std::string::npos);
  CHECK(tree_of(examples) == before);
}

TEST_CASE("install: from a tree that lacks a built file it names the file and package-files, which builds it") {
  destdir();  // the shared install first: this case takes a file away from the build tree for a while
  const std::string page = kBuild + "/man/roce-doctor.8.gz", aside = kBuild + "/man/roce-doctor.8.gz.aside";
  fs::rename(page, aside);
  struct PutBack {
    std::string page, aside;
    ~PutBack() {
      std::error_code ec;
      if (!fs::exists(page)) fs::rename(aside, page, ec);
      fs::remove(aside, ec);
    }
  } put_back{page, aside};
  TempDir prefix;
  const auto refused = shell("cmake --install " + shell_word(kBuild) + " --prefix " + shell_word(prefix.path()));
  INFO(refused.out << refused.err);
  CHECK(refused.exit_code != 0);
  // CMake wraps the message: compared with its line breaks and indents as single spaces.
  std::string said;
  for (char c : refused.err)
    if (!std::isspace(static_cast<unsigned char>(c)) || (!said.empty() && said.back() != ' '))
      said += std::isspace(static_cast<unsigned char>(c)) ? ' ' : c;
  CHECK(said.find(page + " is not built: first run cmake --build " + kBuild + " --target package-files") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(prefix.path() + "/bin/roce-doctor"));  // checked before anything is installed

  const auto built = shell("cmake --build " + shell_word(kBuild) + " --target package-files");
  INFO(built.out << built.err);
  REQUIRE(built.exit_code == 0);
  CHECK(fs::is_regular_file(page));
  const auto installed_again =
      shell("cmake --install " + shell_word(kBuild) + " --prefix " + shell_word(prefix.path()));
  INFO(installed_again.err);
  CHECK(installed_again.exit_code == 0);
  CHECK(fs::is_regular_file(prefix.path() + "/share/man/man8/roce-doctor.8.gz"));
}

}  // namespace roce::test
