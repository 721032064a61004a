// The .deb's maintainer scripts (dist/debian/): the package installed, enabled, upgraded, removed
// and purged by the real dpkg into a dpkg root of its own (dpkg --root, scripts run chrootless with
// DPKG_ROOT as Debian's bootstrap tools run them; that root has no systemd and no systemctl), then
// the scripts' "systemd runs" branch in a mount namespace whose /run/systemd/system exists, with
// systemctl and deb-systemd-invoke replaced by programs that log their arguments.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "dist/deb_package.hpp"
#include "dist/shell.hpp"

namespace roce::test {
namespace {

namespace fs = std::filesystem;

const char* const kUnits[] = {"roce-doctor-record.service", "roce-doctor-serve.service", "roce-doctor-tune.service"};

// An empty dpkg database under a temporary root; dpkg acts on it alone.
class DpkgRoot {
 public:
  DpkgRoot() {
    fs::create_directories(root() + "/var/lib/dpkg/info");
    fs::create_directories(root() + "/var/lib/dpkg/updates");
    std::ofstream(root() + "/var/lib/dpkg/status").flush();
  }
  const std::string& root() const { return dir_.path(); }
  // The libraries of Depends are the build host's, not this root's: --force-depends.
  Run dpkg(const std::string& args) const {
    return shell("dpkg --root=" + shell_word(root()) + " --force-script-chrootless --force-depends " + args);
  }
  // Every symlink under ROOT/etc/systemd, as a path relative to ROOT.
  std::vector<std::string> links() const {
    std::vector<std::string> out;
    if (!fs::exists(root() + "/etc/systemd")) return out;
    for (const auto& e : fs::recursive_directory_iterator(root() + "/etc/systemd"))
      if (e.is_symlink()) out.push_back(e.path().string().substr(root().size()));
    return out;
  }

 private:
  TempDir dir_;
};

// What a maintainer script printed that is not dpkg's own report of the forced Depends.
bool script_complained(const Run& r) {
  return r.err.find("deb-systemd-helper") != std::string::npos || r.err.find("subprocess") != std::string::npos;
}

// The same package with another version (a real upgrade: prerm upgrade, postinst configure OLD).
std::string repacked(const std::string& deb, const std::string& version, const std::string& dir) {
  const std::string tree = dir + "/tree", out = dir + "/roce-doctor_" + version + ".deb";
  const auto r =
      shell("dpkg-deb -R " + shell_word(deb) + " " + shell_word(tree) +
            " && sed -i 's/^Version: .*/Version: " + version + "/' " + shell_word(tree + "/DEBIAN/control") +
            " && dpkg-deb -b --root-owner-group " + shell_word(tree) + " " + shell_word(out) + " >/dev/null");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  return out;
}

const std::string kServeLink = "/etc/systemd/system/multi-user.target.wants/roce-doctor-serve.service";

}  // namespace

TEST_CASE("deb lifecycle: installed, enabled, upgraded, removed and purged, the units leave no enable link behind") {
  REQUIRE(have_tool("systemctl"));
  DpkgRoot root;
  const std::string& deb = built_deb();

  // Installed: nothing enabled, every unit's links recorded for purge (postinst update-state).
  const auto installed = root.dpkg("-i " + shell_word(deb));
  INFO(installed.out << installed.err);
  REQUIRE(installed.exit_code == 0);
  CHECK_FALSE(script_complained(installed));
  CHECK(root.links().empty());
  for (const char* unit : kUnits) {
    INFO(unit);
    CHECK(fs::is_regular_file(root.root() + "/usr/lib/systemd/system/" + unit));
    CHECK(fs::is_regular_file(root.root() + "/var/lib/systemd/deb-systemd-helper-enabled/" + unit + ".dsh-also"));
  }

  // The admin enables the Prometheus endpoint (offline, as in an image build).
  const auto enabled = shell("systemctl --root=" + shell_word(root.root()) + " enable roce-doctor-serve.service");
  INFO(enabled.err);
  REQUIRE(enabled.exit_code == 0);
  REQUIRE(root.links() == std::vector<std::string>{kServeLink});

  // Upgraded: the admin's choice is kept, nothing else gets enabled.
  TempDir work;
  const auto upgraded = root.dpkg("-i " + shell_word(repacked(deb, ROCE_VERSION ".1", work.path())));
  INFO(upgraded.out << upgraded.err);
  REQUIRE(upgraded.exit_code == 0);
  CHECK_FALSE(script_complained(upgraded));
  CHECK(upgraded.out.find("Unpacking roce-doctor (" ROCE_VERSION ".1) over (" ROCE_VERSION ")") != std::string::npos);
  CHECK(root.links() == std::vector<std::string>{kServeLink});

  // Removed: the units are gone; the enablement stays as configuration (Debian's postrm), so a
  // reinstall finds the service enabled again.
  const auto removed = root.dpkg("-r roce-doctor");
  INFO(removed.out << removed.err);
  REQUIRE(removed.exit_code == 0);
  CHECK_FALSE(script_complained(removed));
  CHECK_FALSE(fs::exists(root.root() + "/usr/lib/systemd/system/roce-doctor-serve.service"));
  CHECK(root.links() == std::vector<std::string>{kServeLink});

  // Purged: every link postinst recorded is deleted, and deb-systemd-helper's state with it.
  const auto purged = root.dpkg("-P roce-doctor");
  INFO(purged.out << purged.err);
  REQUIRE(purged.exit_code == 0);
  CHECK_FALSE(script_complained(purged));
  CHECK(root.links().empty());
  const std::string state = root.root() + "/var/lib/systemd/deb-systemd-helper-enabled";
  CHECK((!fs::exists(state) || fs::is_empty(state)));
  CHECK(root.dpkg("-s roce-doctor").exit_code != 0);
}

TEST_CASE("deb lifecycle: a unit the admin enabled after install, then the package purged, leaves no link") {
  DpkgRoot root;
  REQUIRE(root.dpkg("-i " + shell_word(built_deb())).exit_code == 0);
  // Enabled by hand, without systemctl: the link systemctl would make.
  const std::string wants = root.root() + "/etc/systemd/system/multi-user.target.wants";
  fs::create_directories(wants);
  fs::create_symlink("/usr/lib/systemd/system/roce-doctor-record.service", wants + "/roce-doctor-record.service");
  const auto purged = root.dpkg("-P roce-doctor");
  INFO(purged.out << purged.err);
  REQUIRE(purged.exit_code == 0);
  CHECK(root.links().empty());
}

TEST_CASE("deb lifecycle: a reinstall after remove keeps the enablement; one the admin undid stays undone") {
  REQUIRE(have_tool("systemctl"));
  DpkgRoot root;
  const std::string& deb = built_deb();
  REQUIRE(root.dpkg("-i " + shell_word(deb)).exit_code == 0);
  REQUIRE(shell("systemctl --root=" + shell_word(root.root()) + " enable roce-doctor-serve.service").exit_code == 0);
  REQUIRE(root.dpkg("-r roce-doctor").exit_code == 0);
  REQUIRE(root.dpkg("-i " + shell_word(deb)).exit_code == 0);
  CHECK(root.links() == std::vector<std::string>{kServeLink});

  REQUIRE(shell("systemctl --root=" + shell_word(root.root()) + " disable roce-doctor-serve.service").exit_code == 0);
  REQUIRE(root.dpkg("-i " + shell_word(deb)).exit_code == 0);
  CHECK(root.links().empty());
}

// The branch taken where systemd runs: /run/systemd/system exists in a private mount namespace,
// and systemctl / deb-systemd-invoke are stand-ins that log their arguments.
TEST_CASE("deb scripts where systemd runs: daemon-reload, daemons restarted on upgrade, all stopped on remove",
          "[systemd]") {
  if (shell("unshare -m true").exit_code != 0) {
    WARN("ROCE-TEST-SKIP: no mount namespace here (unshare -m needs root)");
    return;
  }
  TempDir dir;
  const std::string scripts = dir.path() + "/scripts", bin = dir.path() + "/bin", log = dir.path() + "/calls";
  REQUIRE(shell("mkdir -p " + shell_word(scripts) + " && dpkg-deb -e " + shell_word(built_deb()) + " " +
                shell_word(scripts))
              .exit_code == 0);
  fs::create_directories(bin);
  for (const char* tool : {"systemctl", "deb-systemd-invoke", "deb-systemd-helper"}) {
    std::ofstream(bin + "/" + tool) << "#!/bin/sh\necho \"" << tool << " $*\" >> " << shell_word(log) << "\n";
    fs::permissions(bin + "/" + tool, fs::perms::owner_all);
  }
  // Runs one script with these arguments as dpkg would (DPKG_ROOT empty) and returns the calls.
  auto calls = [&](const std::string& script, const std::string& args, const std::string& env = "") {
    fs::remove(log);
    const std::string program = "mount -t tmpfs tmpfs /run && mkdir -p /run/systemd/system && " + env +
                                " PATH=" + shell_word(bin) + ":/usr/bin:/bin sh -e " +
                                shell_word(scripts + "/" + script) + " " + args;
    const auto r = shell("unshare -m sh -c " + shell_word(program));
    INFO(script << " " << args << "\n" << r.err);
    CHECK(r.exit_code == 0);
    std::string out = fs::exists(log) ? slurp(log) : "";
    // deb-systemd-helper's calls are the enable state (tested on the real helper above).
    std::string kept;
    for (std::size_t at = 0; at < out.size();) {
      const auto end = out.find('\n', at);
      const std::string line = out.substr(at, end - at + 1);
      if (!line.starts_with("deb-systemd-helper ")) kept += line;
      at = end + 1;
    }
    return kept;
  };
  const std::string daemons = "roce-doctor-record.service roce-doctor-serve.service";
  CHECK(calls("postinst", "configure") == "systemctl --system daemon-reload\n");
  CHECK(calls("postinst", "configure " ROCE_VERSION) ==
        "systemctl --system daemon-reload\ndeb-systemd-invoke try-restart " + daemons + "\n");
  CHECK(calls("prerm", "remove") == "deb-systemd-invoke stop " + daemons + " roce-doctor-tune.service\n");
  CHECK(calls("prerm", "upgrade " ROCE_VERSION ".1").empty());
  CHECK(calls("postrm", "remove") == "systemctl --system daemon-reload\n");
  CHECK(calls("postrm", "purge").empty());
  // Into another root (DPKG_ROOT) the running systemd is not that root's: no reload, no start/stop.
  CHECK(calls("postinst", "configure " ROCE_VERSION, "DPKG_ROOT=/target").empty());
  CHECK(calls("prerm", "remove", "DPKG_ROOT=/target").empty());
}

}  // namespace roce::test
