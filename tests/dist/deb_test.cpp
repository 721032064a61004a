// The .deb that `cpack -G DEB` makes from this build tree (its binary, not a rebuild): control
// fields, Depends computed from what the binary really links, contents, and lintian's verdict.
#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <sstream>

#include "dist/deb_package.hpp"
#include "dist/shell.hpp"
#include "support/paths.hpp"

namespace roce::test {
namespace {

namespace fs = std::filesystem;

const std::string& deb() { return built_deb(); }

std::string field(const std::string& name) {
  auto r = shell("dpkg-deb -f " + shell_word(deb()) + " " + name);
  while (!r.out.empty() && r.out.back() == '\n') r.out.pop_back();
  return r.out;
}

}  // namespace

TEST_CASE("deb: the package has its name, version, maintainer, section, priority and description") {
  REQUIRE(fs::is_regular_file(deb()));
  CHECK(field("Package") == "roce-doctor");
  CHECK(field("Version") == ROCE_VERSION);
  CHECK(field("Section") == "net");
  CHECK(field("Priority") == "optional");
  CHECK(std::regex_search(field("Maintainer"), std::regex("^.+ <[^@ ]+@[^@ ]+>$")));
  const std::string description = field("Description");
  CHECK(description.starts_with("diagnose and tune RoCEv2 lossless networks\n "));
  CHECK(shell("dpkg-deb -I " + shell_word(deb())).out.find("md5sums") != std::string::npos);
}

TEST_CASE("deb: Depends names the package of every shared library the binary links") {
  const std::string depends = field("Depends");
  INFO("Depends: " << depends);
  // Each DT_NEEDED of the installed binary, and the Debian package that holds it on this system.
  const auto needed = shell("readelf -d " + shell_word(kBuild + "/src/cli/roce-doctor") +
                            " | sed -n 's/.*Shared library: \\[\\(.*\\)\\]/\\1/p'");
  REQUIRE(needed.exit_code == 0);
  std::istringstream libs(needed.out);
  int checked = 0;
  for (std::string lib; std::getline(libs, lib);) {
    // In this architecture's library folder (libm.so.6 is also in libc6-i386's).
    const auto owner = shell("dpkg -S \"*/$(dpkg-architecture -qDEB_HOST_MULTIARCH)/\"" + shell_word(lib) +
                             " | head -1 | cut -d: -f1");
    INFO(lib << " belongs to " << owner.out);
    REQUIRE(!owner.out.empty());
    const std::string package = owner.out.substr(0, owner.out.find('\n'));
    // "libstdc++6 (>= 11)": the name, then a version or the next entry.
    const auto at = depends.find(package);
    CHECK(at != std::string::npos);
    if (at != std::string::npos) {
      CHECK((at == 0 || depends.compare(at - 2, 2, ", ") == 0));
      const std::string after = depends.substr(at + package.size(), 2);
      CHECK((after.empty() || after == " (" || after.starts_with(",")));
    }
    ++checked;
  }
  // What the project links on purpose, by name, so a change of library shows here.
  for (const char* lib : {"libibverbs1", "libmnl0", "libzstd1", "libfmt9", "libtomlplusplus3", "libmicrohttpd12",
                          "libtinyxml2-9", "zlib1g", "libcurl3-gnutls"})
    CHECK(depends.find(lib) != std::string::npos);
  CHECK(checked >= 5);
}

TEST_CASE("deb: the program, units, man pages, completion, profiles and Debian's doc files are inside") {
  const std::string contents = shell("dpkg-deb -c " + shell_word(deb())).out;
  for (const char* path :
       {"./usr/bin/roce-doctor", "./usr/lib/systemd/system/roce-doctor-record.service",
        "./usr/lib/systemd/system/roce-doctor-tune.service", "./usr/share/man/man8/roce-doctor.8.gz",
        "./usr/share/man/man5/roce-doctor-bundle.5.gz", "./usr/share/man/man5/roce-doctor-recording.5.gz",
        "./usr/share/man/man7/roce-doctor-checks.7.gz", "./usr/share/bash-completion/completions/roce-doctor",
        "./usr/share/zsh/vendor-completions/_roce-doctor", "./usr/share/roce-doctor/profiles/roce-lossless-pcp.toml",
        "./usr/share/doc/roce-doctor/copyright", "./usr/share/doc/roce-doctor/changelog.gz",
        "./usr/share/doc/roce-doctor/examples/cx6dx-healthy.json"}) {
    INFO(path);
    CHECK(contents.find(std::string(path) + "\n") != std::string::npos);
  }
  CHECK(contents.find("root/root") != std::string::npos);
  // The units run the packaged program, not a path of the machine that built the package.
  for (const char* unit : {"roce-doctor-record.service", "roce-doctor-tune.service", "roce-doctor-serve.service"}) {
    const auto text =
        shell("dpkg-deb --fsys-tarfile " + shell_word(deb()) + " | tar -xOf - ./usr/lib/systemd/system/" + unit);
    INFO(unit << "\n" << text.out);
    CHECK(text.out.find("\nExecStart=/usr/bin/roce-doctor ") != std::string::npos);
  }
}

TEST_CASE("deb: dist/debian/changelog's newest entry is this version") {
  const std::string changelog = slurp(std::string(ROCE_SOURCE_DIR) + "/dist/debian/changelog");
  CHECK(changelog.starts_with("roce-doctor (" ROCE_VERSION ") "));
}

TEST_CASE("deb: lintian finds no error and no warning") {
  if (!have_tool("lintian")) {
    WARN("ROCE-TEST-SKIP: lintian is not installed (scripts/test installs it)");
    return;
  }
  const auto r = shell("lintian --fail-on error,warning " + shell_word(deb()));
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("E: ") == std::string::npos);
  CHECK(r.out.find("W: ") == std::string::npos);
}

}  // namespace roce::test
