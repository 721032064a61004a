// `roce-doctor check --switch OUTPUT`, each real switch output given on its own with a healthy host:
// read, never refused; judged where the output carries a verdict by itself (XSW-COUNTERS), and the
// cross checks that need the other end of the cable skipped saying so.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>

#include "support/paths.hpp"
#include "support/run_binary.hpp"

namespace roce::test {
namespace {

const std::string kAlone = std::string(ROCE_SOURCE_DIR) + "/tests/fixtures/switch/alone/";
const std::string kHealthyHost = std::string(ROCE_EXAMPLES_DIR) + "/cx6dx-healthy.json";

bool has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

Run check_alone(const std::string& file, const std::string& more = "") {
  return run("check --from '" + kHealthyHost + "' --switch '" + kAlone + file + "' " + more);
}

}  // namespace

TEST_CASE("every switch output given alone is read and the host judged with it, never refused") {
  for (const char* file :
       {"show_pfcwd_stats_stormed_prompt.txt", "show_pfcwd_stats_restored_prompt.txt",
        "show_pfcwd_stats_watchdog_stopped.txt", "show_pfc_counters_tx_grep_excerpt.txt",
        "show_pfc_counters_rx_cached_wide_excerpt.txt", "show_pfc_counters_lossy_pg0.txt",
        "show_pfcwd_config_prompt.txt", "show_queue_counters_all_ports.txt", "show_queue_counters_lossless_drops.txt",
        "show_lldp_table_prompt.txt", "show_lldp_neighbors.txt", "show_lldp_neighbors_excerpt.txt",
        "show_interfaces_counters_errors.txt", "nv_show_qos_roce_prompt.txt", "nv_show_qos_roce_lossy_multi_tc.txt",
        "nv_show_interface_swp16_qos_roce_counters.txt"}) {
    const auto r = check_alone(file);
    INFO(file << "\n" << r.out << r.err);
    CHECK(r.exit_code != 3);
    CHECK(r.exit_code != 4);
    // The cross checks need the host at the other end: skipped, saying why.
    CHECK(has(r.out, "XSW-DSCP-QUEUE: no host port joined to a switch port"));
  }
}

TEST_CASE("a stormed queue in show pfcwd stats alone is critical and names the switch from its prompt") {
  const auto r = check_alone("show_pfcwd_stats_stormed_prompt.txt", "--only XSW-COUNTERS");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  CHECK(has(r.out, "PFC storm now on sonic-10431 Ethernet4 queue 3: stormed, 1 detected, 0 restored"));
  const auto past = check_alone("show_pfcwd_stats_restored_prompt.txt", "--only XSW-COUNTERS");
  CHECK(past.exit_code == 1);
  CHECK(has(past.out, "PFC storms on ixre-egl-board72 Ethernet24 queue 3: operational, 2 detected, 2 restored"));
  const auto named = check_alone("show_pfcwd_stats_stormed_prompt.txt", "--only XSW-COUNTERS --switch-name leaf07");
  CHECK(has(named.out, "PFC storm now on leaf07 Ethernet4 queue 3"));
}

TEST_CASE("queue drops alone: on a lossy queue healthy, on the lossless queue critical") {
  const auto lossy = run("check --from '" + kHealthyHost + "' --switch '" + std::string(ROCE_SOURCE_DIR) +
                         "/tests/fixtures/switch/show_queue_counters_lossy_uc1_drops_excerpt.txt' --only XSW-COUNTERS");
  INFO(lossy.out << lossy.err);
  CHECK(lossy.exit_code == 0);
  const auto lossless = check_alone("show_queue_counters_lossless_drops.txt", "--only XSW-COUNTERS");
  INFO(lossless.out);
  CHECK(lossless.exit_code == 2);
  CHECK(has(lossless.out, "sonic-leaf09 Ethernet196 dropped 6841131615 packets on lossless queue 3 (priority 3)"));
  CHECK(has(lossless.out, "lossless priorities (profile roce-lossless; the switch's pfc_enable unsupported"));
  const auto cumulus = check_alone("nv_show_interface_swp16_qos_roce_counters.txt", "--only XSW-COUNTERS");
  CHECK(cumulus.exit_code == 2);
  CHECK(has(cumulus.out, "switch swp16 dropped 663060754115 packets on lossless queue 3"));
}

TEST_CASE("PFC frames alone: on the lossless priority healthy, on a lossy one a warning") {
  CHECK(check_alone("show_pfc_counters_tx_grep_excerpt.txt", "--only XSW-COUNTERS").exit_code == 0);
  CHECK(check_alone("show_pfc_counters_rx_cached_wide_excerpt.txt", "--only XSW-COUNTERS").exit_code == 0);
  const auto r = check_alone("show_pfc_counters_lossy_pg0.txt", "--only XSW-COUNTERS");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK(has(r.out, "ixre-egl-board71 Ethernet0 sent 52310 PFC frames on priority 0, which should be lossy"));
}

TEST_CASE("outputs with nothing to judge by themselves say so: nothing judged, not healthy") {
  const auto r = check_alone("show_pfcwd_config_prompt.txt", "--only XSW-COUNTERS,XSW-PFCWD");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 5);
  CHECK(has(r.out, "XSW-COUNTERS: str2-7050qx-32s-acs-03: no `show pfcwd stats`, queue drop counters or"));
  CHECK(has(r.out, "XSW-PFCWD: no host port joined to a switch port"));
}

TEST_CASE("Cumulus `nv show qos roce` alone applies to the port the host's LLDP names on the switch") {
  const std::string lldp = temp_path("lldpctl_swp16.json");
  std::string text = slurp(std::string(ROCE_SOURCE_DIR) + "/tests/fixtures/switch/lldpctl_json_cumulus_swp16.json");
  text.replace(text.find("ens1f1np1"), 9, "ens1f0np0");  // the example host's RoCE netdev
  write_file(lldp, text);
  const auto r = run("check --from '" + kHealthyHost + "' --switch '" + kAlone + "nv_show_qos_roce_prompt.txt' '" +
                     lldp + "' --switch-name leaf02 --only XSW-DSCP-QUEUE,XSW-PFC-PRIO,XSW-TRUST-MTU,XSW-PFCWD");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(has(r.out, "3 checks ok, 1 skipped:"));
  CHECK(has(r.out, "XSW-PFCWD: ens1f0np0: leaf02 swp16 PFC watchdog absent"));
  // Without --switch-name the prompt's "switch" is another switch than the host's neighbour leaf02.
  const auto unnamed = run("check --from '" + kHealthyHost + "' --switch '" + kAlone +
                           "nv_show_qos_roce_prompt.txt' '" + lldp + "' --only XSW-DSCP-QUEUE");
  CHECK(unnamed.exit_code == 5);
}

TEST_CASE("a switch of CLI outputs alone joined to the host: what only CONFIG_DB says is skipped, not judged") {
  // `show lldp table` naming the example host's MAC on Ethernet8, with `show pfcwd stats` of that port.
  const std::string dir = temp_path("leaf21");
  std::system(("rm -rf '" + dir + "' && mkdir -p '" + dir + "'").c_str());
  write_file(dir + "/show_lldp_table",
             "admin@leaf21:~$ show lldp table\n"
             "LocalPort    RemoteDevice    RemotePortID       Capability    RemotePortDescr\n"
             "-----------  --------------  -----------------  ------------  -----------------\n"
             "Ethernet8                    0c:42:a1:5d:4d:b8\n");
  write_file(dir + "/show_pfcwd_stats",
             "      QUEUE    STATUS    STORM DETECTED/RESTORED    TX OK/DROP    RX OK/DROP    TX LAST OK/DROP    RX "
             "LAST OK/DROP\n"
             "-----------  --------  -------------------------  ------------  ------------  -----------------  "
             "-----------------\n"
             "Ethernet8:3   stormed                        1/0    0/41507426           0/0         0/41507426          "
             "      0/0\n");
  const auto r = run("check --from '" + kHealthyHost + "' --switch '" + dir + "'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  // XSW-PAUSE names the host NIC for the storm on the joined port; XSW-COUNTERS leaves it to it.
  CHECK(has(r.out, "PFC storm now from gpu-node-03 ens1f0np0: leaf21 Ethernet8 queue 3 stormed"));
  CHECK_FALSE(has(r.out, "PFC storm now on leaf21 Ethernet8"));
  CHECK(has(r.out, "XSW-DSCP-QUEUE: ens1f0np0: leaf21 Ethernet8 DSCP_TO_TC_MAP unsupported"));
  CHECK(has(r.out, "no CONFIG_DB export of the switch"));
  CHECK(has(r.out, "XSW-PFCWD: ens1f0np0: leaf21 Ethernet8 pfc_enable unknown"));
  CHECK(has(r.out, "XSW-TRUST-MTU: ens1f0np0: leaf21 Ethernet8 trust and MTU unknown"));
  std::system(("rm -rf '" + dir + "'").c_str());
}

}  // namespace roce::test
