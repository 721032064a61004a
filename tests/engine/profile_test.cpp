// Profile loading: the shipped profiles, and every error path with its FILE:LINE:COL.
#include <catch2/catch.hpp>

#include "checks/registry.hpp"
#include "profile/load.hpp"
#include "support/paths.hpp"

namespace roce::test {

using namespace roce::profile;

namespace {
const std::string kDir = ROCE_PROFILES_DIR;

roce::Expected<Profile> parse(const std::string& text) {
  return parse_profile(text, "p.toml", roce::checks::threshold_catalog());
}
std::string errors_of(const std::string& text) {
  auto p = parse(text);
  REQUIRE_FALSE(p.ok());
  return p.error().message;
}
int lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')) + 1; }
}  // namespace

TEST_CASE("roce-lossless.toml equals the built-in default profile") {
  auto p = load_profile(kDir + "/roce-lossless.toml", roce::checks::threshold_catalog());
  REQUIRE(p.ok());
  CHECK(p->name == "roce-lossless");
  CHECK(p->file == kDir + "/roce-lossless.toml");
  Profile d = default_profile();
  // The file spells out the PAUSE-STORM defaults; they must be the check's own defaults.
  CHECK(p->threshold("PAUSE-STORM", "warning_fraction", -1) == 0.20);
  CHECK(p->threshold("PAUSE-STORM", "critical_fraction", -1) == 0.50);
  for (const auto& c : roce::checks::all_checks())
    for (const auto& t : c.thresholds)
      if (p->thresholds.count(c.id)) CHECK(p->threshold(c.id, t.key, -1) == t.default_value);
  Profile q = *p;
  q.name = d.name, q.description = d.description, q.file = d.file, q.thresholds = d.thresholds;
  CHECK(q == d);
}

TEST_CASE("the PCP and two-class profiles load with their classes") {
  auto pcp = load_profile(kDir + "/roce-lossless-pcp.toml", roce::checks::threshold_catalog());
  REQUIRE(pcp.ok());
  CHECK(pcp->trust == Trust::pcp);
  REQUIRE(pcp->lossless.size() == 1);
  CHECK(pcp->lossless[0].priority == 3);
  CHECK(pcp->lossless[0].dscp.empty());

  auto two = load_profile(kDir + "/roce-lossless-two-class.toml", roce::checks::threshold_catalog());
  REQUIRE(two.ok());
  REQUIRE(two->lossless.size() == 2);
  CHECK(two->lossless[0] == LosslessClass{3, {3}});
  CHECK(two->lossless[1] == LosslessClass{4, {4}});
  CHECK(two->ecn_priorities == std::vector<int>{3, 4});
  CHECK(two->is_lossless(4));
  CHECK_FALSE(two->is_lossless(6));
}

TEST_CASE("an empty profile is the default under another name") {
  auto p = parse("");
  REQUIRE(p.ok());
  CHECK(p->name == "unnamed");
  CHECK(p->lossless == default_profile().lossless);
  CHECK(p->cnp_dscp == 48);
}

TEST_CASE("optional link keys") {
  auto p = parse("[link]\ncable_length_m = 30\nexpected_speed_gbps = 400\nmin_mtu = 9000\nglobal_pause = true\n");
  REQUIRE(p.ok());
  CHECK(p->cable_length_m == 30u);
  CHECK(p->expected_speed_mbps == 400000u);
  CHECK(p->min_mtu == 9000u);
  CHECK(p->global_pause);
}

TEST_CASE("a TOML syntax error is located") {
  CHECK(errors_of("[qos]\ntrust = \n").rfind("p.toml:2:", 0) == 0);
  CHECK(errors_of("[qos\n").rfind("p.toml:1:", 0) == 0);
}

TEST_CASE("unknown keys are errors with a suggestion, all reported at once") {
  std::string e = errors_of(
      "[qos]\n"
      "trsut = \"dscp\"\n"  // 2:1
      "[[qos.lossless]]\n"
      "priorty = 3\n"  // 4:1
      "priority = 3\n"
      "dscp = [26]\n"
      "[link]\n"
      "min_mut = 4200\n"  // 8:1
      "[colour]\n");      // 9:1
  INFO(e);
  CHECK(e.find("p.toml:2:1: unknown key 'trsut' in [qos]; did you mean 'trust'?") != std::string::npos);
  CHECK(e.find("p.toml:4:1: unknown key 'priorty' in [qos.lossless]; did you mean 'priority'?") != std::string::npos);
  CHECK(e.find("p.toml:8:1: unknown key 'min_mut' in [link]; did you mean 'min_mtu'?") != std::string::npos);
  CHECK(e.find("p.toml:9:2: unknown key 'colour'") != std::string::npos);
  CHECK(e.rfind("p.toml:2:1:", 0) == 0);  // in file order
  CHECK(lines(e) == 4);
}

TEST_CASE("wrong types and ranges are errors") {
  std::string e = errors_of(
      "[qos]\n"
      "trust = \"l3\"\n"  // 2:9
      "[[qos.lossless]]\n"
      "priority = 8\n"                // 4:12
      "dscp = [26, 64, \"x\", 26]\n"  // 5: 64 out of range, "x" not int, 26 twice
      "[cnp]\n"
      "priority = \"6\"\n"  // 7:12
      "strict = 1\n"        // 8:10
      "[ecn]\n"
      "priorities = 3\n"  // 10:14
      "[link]\n"
      "min_mtu = 10\n"           // 12:11
      "cable_length_m = 1000\n"  // 13
      "[profile]\n"
      "name = 5\n");  // 15:8
  INFO(e);
  CHECK(e.find("p.toml:2:9: qos.trust must be \"dscp\" or \"pcp\"") != std::string::npos);
  CHECK(e.find("p.toml:4:12: qos.lossless.priority = 8 is out of range 0..7") != std::string::npos);
  CHECK(e.find("qos.lossless.dscp element = 64 is out of range 0..63") != std::string::npos);
  CHECK(e.find("qos.lossless.dscp element must be an integer") != std::string::npos);
  CHECK(e.find("qos.lossless.dscp lists 26 twice") != std::string::npos);
  CHECK(e.find("p.toml:7:12: cnp.priority must be an integer") != std::string::npos);
  CHECK(e.find("p.toml:8:10: 'strict' must be true or false") != std::string::npos);
  CHECK(e.find("p.toml:10:14: ecn.priorities must be an array of integers") != std::string::npos);
  CHECK(e.find("p.toml:12:11: link.min_mtu = 10 is out of range 68..65535") != std::string::npos);
  CHECK(e.find("link.cable_length_m = 1000 is out of range 1..999") != std::string::npos);
  CHECK(e.find("p.toml:15:8: 'name' must be a string") != std::string::npos);
}

TEST_CASE("tables and arrays of tables must have their shape") {
  CHECK(errors_of("qos = 3\n").find("p.toml:1:7: 'qos' must be a table") != std::string::npos);
  CHECK(errors_of("[qos]\nlossless = 3\n").find("qos.lossless must be an array of tables") != std::string::npos);
  CHECK(errors_of("[[qos.lossless]]\ndscp = [26]\n").find("[[qos.lossless]] needs 'priority'") != std::string::npos);
}

TEST_CASE("cross-key rules") {
  CHECK(errors_of("[[qos.lossless]]\npriority = 3\n").find("needs 'dscp' values when qos.trust = \"dscp\"") !=
        std::string::npos);
  CHECK(errors_of("[qos]\ntrust = \"pcp\"\n[[qos.lossless]]\npriority = 3\ndscp = [26]\n")
            .find("lists 'dscp' but qos.trust = \"pcp\"") != std::string::npos);
  CHECK(errors_of("[[qos.lossless]]\npriority = 3\ndscp = [26]\n[[qos.lossless]]\npriority = 3\ndscp = [27]\n")
            .find("p.toml:4:1: lossless priority 3 is listed twice") != std::string::npos);
  CHECK(errors_of("[[qos.lossless]]\npriority = 3\ndscp = [26]\n[[qos.lossless]]\npriority = 4\ndscp = [26]\n")
            .find("DSCP 26 is mapped to two lossless classes") != std::string::npos);
  CHECK(errors_of("[cnp]\ndscp = 26\n").find("DSCP 26 is both a lossless DSCP and cnp.dscp") != std::string::npos);
  CHECK(errors_of("[cnp]\npriority = 3\n").find("p.toml:1:1: cnp.priority 3 is a lossless priority") !=
        std::string::npos);
  CHECK(errors_of("[qos]\nlossless = []\n").find("no lossless class") != std::string::npos);
}

TEST_CASE("thresholds: known IDs and keys only, numbers only") {
  auto ok = parse("[thresholds.PAUSE-STORM]\nwarning_fraction = 0.3\n[thresholds.DROP-LOSSLESS]\nmax_drops = 10\n");
  REQUIRE(ok.ok());
  CHECK(ok->threshold("PAUSE-STORM", "warning_fraction", 0) == 0.3);
  CHECK(ok->threshold("DROP-LOSSLESS", "max_drops", 0) == 10);
  CHECK(ok->threshold("PAUSE-STORM", "critical_fraction", 0.5) == 0.5);

  std::string e = errors_of(
      "[thresholds.PAUSE-STROM]\n"  // 1:13 unknown ID
      "warning_fraction = 0.3\n"
      "[thresholds.PAUSE-STORM]\n"
      "warning_fracton = 0.3\n"         // 4:1 unknown key
      "critical_fraction = \"half\"\n"  // 5:21 not a number
      "[thresholds.DROP-LOSSLESS]\n"
      "max_drops = -1\n"          // 7:13 negative
      "[thresholds.QOS-TRUST]\n"  // 8:13 no thresholds
      "x = 1\n");
  INFO(e);
  CHECK(e.find("p.toml:1:13: unknown check ID 'PAUSE-STROM' in [thresholds]; did you mean 'PAUSE-STORM'?") !=
        std::string::npos);
  CHECK(e.find("p.toml:4:1: unknown key 'warning_fracton' in [thresholds.PAUSE-STORM]; did you mean "
               "'warning_fraction'?") != std::string::npos);
  CHECK(e.find("p.toml:5:21: thresholds.PAUSE-STORM.critical_fraction must be a number") != std::string::npos);
  CHECK(e.find("p.toml:7:13: thresholds.DROP-LOSSLESS.max_drops must not be negative") != std::string::npos);
  CHECK(e.find("p.toml:8:13: check QOS-TRUST has no thresholds") != std::string::npos);
  CHECK(errors_of("thresholds = 1\n").find("'thresholds' must be a table") != std::string::npos);
  CHECK(errors_of("[thresholds]\nPAUSE-STORM = 1\n").find("thresholds.PAUSE-STORM must be a table") !=
        std::string::npos);
}

TEST_CASE("a missing file is an error naming it") {
  auto p = load_profile(kDir + "/no-such-profile.toml", {});
  REQUIRE_FALSE(p.ok());
  CHECK(p.error().message.find("no-such-profile.toml: cannot open profile") != std::string::npos);
}

}  // namespace roce::test
