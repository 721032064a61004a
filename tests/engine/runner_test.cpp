// The engine itself: rates and resets, skips, selection, cause links, ranking, the catalog text.
#include <catch2/catch.hpp>

#include <set>

#include "checks/registry.hpp"
#include "engine/catalog.hpp"
#include "engine/runner.hpp"
#include "host_builder.hpp"

namespace roce::test {

using namespace roce;
using namespace roce::engine;
using Status = CheckResult::Status;

TEST_CASE("rates are deltas over dt; a decrease is a reset, never a negative rate") {
  testing::Scenario s = testing::healthy_scenario();
  s.now.prio[3].rx_discards = 0;
  s.before.prio[3].rx_discards = 0;
  s.before.rx_discards_phy = 5000;  // cleared by a port re-init, then 120 new drops
  s.now.rx_discards_phy = 120;
  model::Host before = s.build_before(), now = s.build_now();
  REQUIRE(seconds_between(before, now) == Approx(60.0));
  profile::Profile prof;
  Context ctx(now, &before, 60, prof);
  REQUIRE(ctx.ports().size() == 1);
  const PortView& p = ctx.ports()[0];
  CHECK(p.subject().to_string() == "ens1f0np0 (mlx5_0/1)");

  auto bytes = ctx.rate(p, "prio[3].rx_bytes");
  REQUIRE(bytes);
  CHECK(bytes->raw_name == "rx_prio3_bytes");
  CHECK(bytes->delta == 180000000000u);
  CHECK(bytes->per_second == Approx(3e9));
  CHECK_FALSE(bytes->reset);

  auto drops = ctx.rate(p, "port.rx_discards");
  REQUIRE(drops);
  CHECK(drops->reset);
  CHECK(drops->delta == 120u);
  CHECK(drops->per_second == Approx(2.0));
  Evidence e = drops->evidence();
  CHECK(e.name == "rx_discards_phy");
  CHECK(e.reset);
  CHECK(e.from.source == "ethtool");

  // A counter present in one sample only (PFC turned on between them) has no rate.
  CHECK_FALSE(ctx.rate(p, "prio[4].rx_pause_us"));
  // Without an earlier sample there are no rates at all.
  Context single(now, nullptr, 0, prof);
  CHECK_FALSE(single.has_rates());
  CHECK_FALSE(single.rate(single.ports()[0], "prio[3].rx_bytes"));
}

TEST_CASE("pause duration in microseconds becomes a fraction of the window") {
  CHECK(pause_fraction(611207, 60) == Approx(0.0101868));
  CHECK(pause_fraction(30000000, 60) == Approx(0.5));
  CHECK(pause_fraction(90000000, 60) == 1.0);  // clamped: counters sampled slightly apart
  CHECK(pause_fraction(5, 0) == 0.0);
}

TEST_CASE("checks that need rates are skipped with one sample, never ok") {
  testing::Run run(testing::healthy_scenario(), profile::default_profile(), /*with_before=*/false);
  for (const char* id : {"DROP-LOSSLESS", "TRAFFIC-CLASS", "PAUSE-STORM"}) {
    INFO(id);
    CHECK(run.result(id).status == Status::skipped);
    CHECK(run.result(id).skipped_reason == "needs two samples");
  }
  CHECK(run.result("PFC-LOSSLESS").status == Status::ok);
}

TEST_CASE("a check whose input is missing everywhere is skipped with the reason") {
  testing::Scenario s = testing::healthy_scenario();
  s.config = [](model::Host& h) {
    testing::netdev(h).dcb.pfc = model::missing_from_errno<model::Pfc>(EOPNOTSUPP, "DCB_CMD_IEEE_GET pfc",
                                                                       {"dcbnl", "ens1f0np0 DCB_ATTR_IEEE_PFC"});
  };
  testing::Run run(s);
  const auto& r = run.result("PFC-LOSSLESS");
  CHECK(r.status == Status::skipped);
  CHECK(r.skipped_reason == "ens1f0np0: dcb-pfc unsupported (DCB_CMD_IEEE_GET pfc: Operation not supported)");
  CHECK(run.result("BUF-HEADROOM").status == Status::skipped);
}

TEST_CASE("a host without RoCE ports skips everything") {
  model::Host empty;
  profile::Profile prof;
  Context ctx(empty, nullptr, 0, prof);
  for (const auto& r : checks::run_checks(ctx)) {
    INFO(r.id << ": " << r.skipped_reason);
    CHECK(r.status == Status::skipped);
    // A job-log check says what it lacks first: the log, which it could judge without a port.
    const std::string_view lacks = r.id.rfind("NCCL-", 0) == 0 ? "no NCCL log given" : "no RoCE port";
    CHECK(r.skipped_reason.find(lacks) != std::string::npos);
  }
}

TEST_CASE("selection: only/skip, and unknown IDs get a suggestion") {
  auto catalog = checks::all_checks();
  CHECK(validate(catalog, {{"PFC-LOSSLESS"}, {"QOS-TRUST"}}).ok());
  auto bad = validate(catalog, {{"PFC-LOSLESS"}, {"NOPE-NOTHING-LIKE-IT"}});
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message ==
        "unknown check ID 'PFC-LOSLESS'; did you mean PFC-LOSSLESS?\nunknown check ID 'NOPE-NOTHING-LIKE-IT'");
  CHECK(closest_id(catalog, "qos-trust") == "QOS-TRUST");

  model::Host now = testing::healthy_scenario().build_now();
  profile::Profile prof;
  Context ctx(now, nullptr, 0, prof);
  auto only = checks::run_checks(ctx, {{"PFC-LOSSLESS", "QOS-TRUST"}, {}});
  REQUIRE(only.size() == 2);
  CHECK(only[0].id == "QOS-TRUST");  // catalog order, not selection order
  CHECK(only[1].id == "PFC-LOSSLESS");
  auto skipped = checks::run_checks(ctx, {{}, {"PFC-LOSSLESS"}});
  CHECK(skipped.size() == checks::all_checks().size() - 1);
}

TEST_CASE("ranking: critical before warning, causes before symptoms, findings linked by caused_by") {
  // A small catalog of our own: ROOT (warning) explains SYMPTOM (critical) and OTHER (critical).
  static auto root = [](const Context& ctx, Reporter& r) {
    for (const auto& p : ctx.ports()) {
      r.evaluated();
      Finding f;
      f.severity = Severity::critical;
      f.subject = p.subject();
      r.finding(f);
    }
  };
  static auto symptom = [](const Context& ctx, Reporter& r) {
    for (const auto& p : ctx.ports()) {
      r.evaluated();
      Finding f;
      f.severity = Severity::critical;
      f.subject = p.subject(3);
      r.finding(f);
      f.severity = Severity::warning;
      f.subject = p.subject(0);
      r.finding(f);
    }
  };
  std::vector<CheckInfo> catalog(2);
  catalog[0].id = "SYMPTOM";
  catalog[0].explained_by = {"ROOT"};
  catalog[0].evaluate = +symptom;
  catalog[1].id = "ROOT";
  catalog[1].evaluate = +root;
  model::Host now = testing::healthy_scenario().build_now();
  profile::Profile prof;
  Context ctx(now, nullptr, 0, prof);
  auto results = run_checks(catalog, ctx);
  REQUIRE(results.size() == 2);
  CHECK(results[0].findings[0].caused_by == std::vector<std::string>{"ROOT@ens1f0np0"});
  CHECK(results[0].findings[0].id == "SYMPTOM");
  auto ranked = ranked_findings(catalog, results);
  REQUIRE(ranked.size() == 3);
  CHECK(ranked[0].id == "ROOT");     // critical root cause first, though later in the catalog
  CHECK(ranked[1].id == "SYMPTOM");  // critical symptom
  CHECK(ranked[1].subject.priority == 3);
  CHECK(ranked[2].severity == Severity::warning);
}

TEST_CASE("the catalog renders every check with its inputs, keys and thresholds") {
  std::string text = render_catalog(checks::all_checks());
  for (const auto& c : checks::all_checks()) CHECK(text.find(std::string(c.id) + "  [") != std::string::npos);
  CHECK(text.find("thresholds.PAUSE-STORM.warning_fraction = 0.2") != std::string::npos);
  CHECK(text.find("reads: rates ethtool-stats") != std::string::npos);
  CHECK(text.find("PFC-LOSSLESS  [critical]  PFC enabled on the lossless priority") != std::string::npos);
}

TEST_CASE("every check has complete metadata and a unique ID") {
  // The whole catalog of CHECKS.md, in its order (the order `roce-doctor checks` prints), as a table.
  // clang-format off
  const std::vector<std::string_view> catalog{
      "LINK-STATE",      "LINK-SPEED",    "LINK-FLAP",         "LINK-SIGNAL",        "GID-ROCEV2",  "MTU-ROCE",
      "PCIE-LINK",       "QOS-TRUST",     "QOS-DSCP-MAP",      "PFC-LOSSLESS",       "PFC-EXTRA",   "PFC-GLOBAL-PAUSE",
      "PFC-STORM-GUARD", "DCBX-OWNER",    "BUF-MAP",           "BUF-HEADROOM",       "BUF-CABLE",   "ECN-NIC",
      "ECN-RED",         "SB-LOSSLESS",   "DROP-LOSSLESS",     "DROP-HOST",          "PAUSE-STORM", "ECN-IDLE",
      "ECN-CNP",         "TRAFFIC-CLASS", "RETRANS",           "BW-PERFTEST",        "BW-NCCL",     "XSW-DSCP-QUEUE",
      "XSW-PFC-PRIO",    "XSW-ECN",       "XSW-HEADROOM",      "XSW-PAUSE",          "XSW-PFCWD",   "XSW-TRUST-MTU",
      "XSW-COUNTERS",
      "NCCL-SOCKET",     "NCCL-WC-ERROR", "NCCL-WC-FAILED",    "NCCL-GID",           "NCCL-TC",     "NCCL-HCA",
      "NCCL-RAIL",       "NCCL-GDR",      "NCCL-JOB-FAILED",   "TOPO-GDR-DISTANCE",  "TOPO-PCIE-DEGRADED",
      "TOPO-BALANCE"};
  // clang-format on
  std::vector<std::string_view> order;
  std::set<std::string_view> ids;
  for (const auto& c : checks::all_checks()) {
    INFO(c.id);
    order.push_back(c.id);
    CHECK(ids.insert(c.id).second);
    CHECK_FALSE(c.title.empty());
    CHECK(c.doc.size() > 80);
    CHECK_FALSE(c.needs.empty());
    CHECK(c.evaluate != nullptr);
  }
  CHECK(order == catalog);
}

TEST_CASE("a port whose input is missing is a note while the other port is judged") {
  model::Host now = testing::healthy_scenario().build_now();
  testing::add_second_port(now);
  testing::netdev(now, "ens1f1np1").dcb.pfc =
      model::missing_from_errno<model::Pfc>(EPERM, "DCB_CMD_IEEE_GET pfc", {"dcbnl", "ens1f1np1 DCB_ATTR_IEEE_PFC"});
  testing::netdev(now, "ens1f0np0").dcb.pfc->pfc_en = 0;
  profile::Profile prof;
  Context ctx(now, nullptr, 0, prof);
  REQUIRE(ctx.ports().size() == 2);
  CHECK(ctx.ports()[1].subject().to_string() == "ens1f1np1 (mlx5_1/1)");
  auto results = checks::run_checks(ctx, {{"PFC-LOSSLESS", "QOS-TRUST"}, {}});
  CHECK(results[0].status == Status::ok);  // QOS-TRUST: both ports judged
  const auto& pfc = results[1];
  REQUIRE(pfc.status == Status::finding);
  REQUIRE(pfc.findings.size() == 1);
  CHECK(pfc.findings[0].subject.netdev == "ens1f0np0");
  CHECK(pfc.notes ==
        std::vector<std::string>{"ens1f1np1: dcb pfc denied (DCB_CMD_IEEE_GET pfc: Operation not permitted)"});
}

}  // namespace roce::test
