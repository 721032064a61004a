// `check --switch EXPORT...`: the host judged with the switch at the other end of its cable, the
// exports given on the command line or found inside a capture folder.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>

#include "support/paths.hpp"
#include "support/run_binary.hpp"

namespace roce::test {

namespace {

const std::string kSwitch = std::string(ROCE_SOURCE_DIR) + "/tests/fixtures/switch/";
const std::string kHealthyHost = std::string(ROCE_EXAMPLES_DIR) + "/cx6dx-healthy.json";

bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

}  // namespace

TEST_CASE("check --switch with SONiC's default map is critical for DSCP 26 and names both ends") {
  const auto r =
      run("check --from '" + kHealthyHost + "' --switch '" + kSwitch + "sonic_default_azure_config_db.json' '" +
          kSwitch + "lldpctl_json_one_neighbour.json' --only XSW-DSCP-QUEUE");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  CHECK(contains(r.out, "RoCE DSCP 26 of gpu-node-03 ens1f0np0 <-> leaf01 Ethernet0 (host priority 3) lands in TC 1"));
  CHECK(contains(r.out, "sudo config apply-patch roce-fix.json"));
}

TEST_CASE("check --switch with a switch that maps DSCP 26 to lossless TC 3 judges the cable healthy") {
  const auto r = run("check --from '" + kHealthyHost + "' --switch '" + kSwitch +
                     "sonic_roce_dscp26_CONFIG_DB_dump.json' --switch '" + kSwitch +
                     "lldptool_-t_-n_-i_ens1f0np0' --only XSW-DSCP-QUEUE,XSW-PFC-PRIO,XSW-ECN,XSW-PFCWD,XSW-TRUST-MTU");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
}

TEST_CASE("check --switch with a file that is no switch export is an input error naming it") {
  const auto r = run("check --from '" + kHealthyHost + "' --switch '" + kSwitch + "README.md'");
  CHECK(r.exit_code == 3);
  CHECK(contains(r.err, kSwitch + "README.md: not a switch export roce-doctor reads"));
}

TEST_CASE("a capture folder holding the switch's config_db.json and the host's lldpctl output is judged with it") {
  const std::string dir = temp_path("capture-with-switch");
  const std::string fixture = std::string(ROCE_SOURCE_DIR) + "/tests/fixtures/import/folder";
  std::system(("rm -rf '" + dir + "' && cp -r '" + fixture + "' '" + dir + "'").c_str());
  std::system(("cp '" + kSwitch + "sonic_default_azure_config_db.json' '" + dir + "/config_db.json'").c_str());
  // The folder's RoCE netdev is ens1f0.
  std::string lldp = slurp(kSwitch + "lldpctl_json_one_neighbour.json");
  lldp.replace(lldp.find("\"ens1f0np0\""), 11, "\"ens1f0\"");
  write_file(dir + "/lldpctl_-f_json", lldp);
  const auto r = run("check --from '" + dir + "' --only XSW-DSCP-QUEUE");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  CHECK(contains(r.out, "ens1f0 <-> leaf01 Ethernet0"));
  std::system(("rm -rf '" + dir + "'").c_str());
}

TEST_CASE("tune --switch prints the switch side of the plan to paste, and is never applied") {
  const std::string exports =
      " --switch '" + kSwitch + "sonic_default_azure_config_db.json' '" + kSwitch + "lldpctl_json_one_neighbour.json'";
  const auto r = run("tune --from '" + kHealthyHost + "'" + exports);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK(contains(r.out,
                 "Switch side (dry run: roce-doctor never changes a switch; paste on the switch named):\n"
                 "  XSW-DSCP-QUEUE: RoCE DSCP 26 of gpu-node-03 ens1f0np0 <-> leaf01 Ethernet0"));
  CHECK(
      contains(r.out, R"(      on leaf01: echo '[{"op": "add", "path": "/DSCP_TO_TC_MAP/AZURE/26", "value": "3"}]')"));
  const auto healthy = run("tune --from '" + kHealthyHost + "' --switch '" + kSwitch +
                           "sonic_roce_dscp26_flat.json' '" + kSwitch + "lldpctl_json_one_neighbour.json'");
  INFO(healthy.out << healthy.err);
  CHECK(healthy.exit_code == 0);
  CHECK(contains(healthy.out, "  nothing to change on the cables judged\n"));
  const auto apply = run("tune --apply" + exports);
  CHECK(apply.exit_code == 3);
  CHECK(contains(apply.err, "--switch plans the switch side as text to paste on the switch; it is never applied"));
}

}  // namespace roce::test
