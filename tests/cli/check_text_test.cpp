// The check views as pure functions: runs the catalog on the example hosts in-process and renders.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "checks/registry.hpp"
#include "engine/context.hpp"
#include "examples/cx6dx_example.hpp"
#include "report/check_json.hpp"
#include "report/check_text.hpp"

namespace roce::test {
namespace {

struct Judged {
  model::Host before, now;
  profile::Profile profile = profile::default_profile();
  report::CheckRun run;
};

// `judged` must outlive nothing: the Context is local and the run keeps copies.
void judge(Judged& j, examples::Cx6dx kind) {
  j.before = examples::cx6dx_sample(kind, 0);
  j.now = examples::cx6dx_sample(kind, 1);
  const double dt = engine::seconds_between(j.before, j.now);
  const engine::Context ctx(j.now, &j.before, dt, j.profile);
  j.run.hostname = j.now.hostname;
  j.run.hardware = report::describe_hardware(j.now);
  j.run.origin = "from bundle x.json";
  j.run.profile = "roce-lossless (built-in)";
  j.run.interval_s = dt;
  for (const auto& p : ctx.ports()) j.run.ports.push_back(p.subject().to_string());
  j.run.results = checks::run_checks(ctx);
  j.run.ranked = engine::ranked_findings(checks::all_checks(), j.run.results);
}

}  // namespace

TEST_CASE("the verdict line counts findings and names the host, the NIC and the origin") {
  Judged ecn_off, healthy;
  judge(ecn_off, examples::Cx6dx::ecn_off);
  judge(healthy, examples::Cx6dx::healthy);
  CHECK(report::verdict_line(ecn_off.run) ==
        "roce-doctor: 2 critical on host gpu-node-07 (ConnectX-6 Dx mlx5_0, from bundle x.json)");
  CHECK(report::verdict_line(healthy.run) ==
        "roce-doctor: healthy on host gpu-node-03 (ConnectX-6 Dx mlx5_0, from bundle x.json)");
  report::CheckRun none;
  none.hostname = "vm";
  none.origin = "live, configuration only";
  none.has_rdma = false;
  engine::Finding mtu;
  mtu.id = "MTU-ROCE";
  mtu.severity = engine::Severity::warning;
  none.ranked = {mtu, mtu};
  CHECK(report::verdict_line(none) == "roce-doctor: 2 warnings on host vm (no RDMA device, live, configuration only)");
  none.hostname = "";
  CHECK(report::verdict_line(none) ==
        "roce-doctor: 2 warnings on an unnamed host (no RDMA device, live, configuration only)");
  none.ports = {"ens1f0np0"};  // a RoCE NIC whose RDMA driver is not loaded
  const auto text = report::render_check_text(none, report::Style{false});
  CHECK(text.find("\nno RDMA device on this host: the netdevs of RoCE NICs and switches are judged") !=
        std::string::npos);
  none.ports.clear();
  none.ranked.clear();
  const auto nothing = report::render_check_text(none, report::Style{false});
  CHECK(nothing.find("\nno RDMA device on this host and no netdev of a RoCE NIC or switch: nothing here is a RoCE "
                     "port\n") != std::string::npos);
}

TEST_CASE("a run where every check, or most, were skipped is not called healthy") {
  report::CheckRun run;
  run.hostname = "gpu-node-07";
  run.origin = "from bundle x";
  run.has_rdma = false;
  engine::CheckResult skipped;
  skipped.id = "PFC-LOSSLESS";
  skipped.status = engine::CheckResult::Status::skipped;
  run.results = {skipped, skipped};
  CHECK(report::verdict_line(run) ==
        "roce-doctor: nothing judged (all 2 checks skipped) on host gpu-node-07 (no RDMA device, from bundle x)");
  run.results[1].status = engine::CheckResult::Status::ok;
  CHECK(report::verdict_line(run) == "roce-doctor: healthy on host gpu-node-07 (no RDMA device, from bundle x)");
  run.results.push_back(skipped);  // 1 of 3 judged: too little to call the host healthy
  CHECK(report::verdict_line(run) ==
        "roce-doctor: no finding, but only 1 of 3 checks judged on host gpu-node-07 (no RDMA device, from bundle x)");
}

TEST_CASE("a finding renders severity, ID, subject, title, evidence with rates and provenance, fix and cause") {
  Judged j;
  judge(j, examples::Cx6dx::ecn_off);
  const auto text = report::render_check_text(j.run, report::Style{false});
  CHECK(text.find("\nCRITICAL ECN-NIC  ens1f0np0 (mlx5_0/1) prio 3\n"
                  "  DCQCN notification and reaction points disabled on priority 3\n"
                  "    ecn/roce_np/enable/3 = 0  [sysfs /sys/class/net/ens1f0np0/ecn/roce_np/enable/3]\n") !=
        std::string::npos);
  CHECK(text.find("    rx_prio3_pause_duration = 236118771  Δ 8004000, 133400/s  [ethtool prio[3].rx_pause_us]\n") !=
        std::string::npos);
  CHECK(text.find("  fix:\n    echo 1 > /sys/class/net/ens1f0np0/ecn/roce_np/enable/3\n") != std::string::npos);
  CHECK(text.find("  caused by: ECN-NIC@ens1f0np0\n") != std::string::npos);
  CHECK(text.find("\n23 checks ok, 2 with findings, 24 skipped:\n  ECN-RED: ens1f0np0: host NIC") != std::string::npos);
  // ECN-NIC (the cause) is listed before ECN-IDLE.
  CHECK(text.find("CRITICAL ECN-NIC") < text.find("CRITICAL ECN-IDLE"));
  CHECK(text.find("\033[") == std::string::npos);
  CHECK(report::render_check_text(j.run, report::Style{true}).find("\033[31mCRITICAL\033[0m") != std::string::npos);
  // Every line fits a terminal except evidence, commands and the skip reasons, which are not wrapped.
  for (std::size_t start = 0, end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
    const std::string line = text.substr(start, end - start);
    if (line.rfind("  ", 0) == 0 && line.rfind("    ", 0) != 0 && line.find(": ") == std::string::npos) {
      INFO(line);
      CHECK(line.size() <= 100);
    }
  }
}

TEST_CASE("wrap_paragraph wraps at word boundaries with the indent on every line") {
  CHECK(report::wrap_paragraph("aaa bbb ccc ddd", "  ", 10) == "  aaa bbb\n  ccc ddd\n");
  CHECK(report::wrap_paragraph("", "  ", 10) == "");
  CHECK(report::wrap_paragraph("averyveryverylongword x", "  ", 10) == "  averyveryverylongword\n  x\n");
  CHECK(report::wrap_hanging("ID: one two three", "  ", "      ", 12) == "  ID: one\n      two\n      three\n");
}

TEST_CASE("the JSON view has schema_version and stable snake_case keys; absent values are null") {
  Judged j;
  judge(j, examples::Cx6dx::headroom_small);
  const auto doc = nlohmann::json::parse(report::render_check_json(j.run));
  CHECK(doc.at("schema_version") == 1);
  std::vector<std::string> top;
  for (auto it = doc.begin(); it != doc.end(); ++it) top.push_back(it.key());
  CHECK(top == std::vector<std::string>{"findings", "host", "results", "schema_version", "verdict"});  // sorted by json
  CHECK(doc.at("verdict") ==
        nlohmann::json{{"status", "critical"}, {"critical", 2}, {"warning", 1}, {"info", 0}, {"exit_code", 2}});
  CHECK(doc.at("host").at("hardware") == "ConnectX-6 Dx mlx5_0");
  CHECK(doc.at("host").at("interval_s") == 60.0);
  const auto& f = doc.at("findings").at(0);
  CHECK(f.at("id") == "BUF-HEADROOM");
  CHECK(f.at("subject").at("buffer") == 1);
  CHECK(f.at("subject").at("priority").is_null());
  CHECK(f.at("evidence").at(0).at("name") == "dcb buffer buffer-size[1]");
  CHECK(f.at("evidence").at(0).at("delta").is_null());
  CHECK(f.at("remediation").at(1) == "dcb buffer set dev ens1f0np0 buffer-size 1:65424");
  const auto& drop = doc.at("findings").at(1);
  CHECK(drop.at("id") == "DROP-LOSSLESS");
  CHECK(drop.at("evidence").at(0).at("delta") == 38400);
  CHECK(drop.at("evidence").at(0).at("per_second") == 640.0);
  CHECK(drop.at("caused_by") == nlohmann::json::array({"BUF-HEADROOM@ens1f0np0"}));
  REQUIRE(doc.at("results").size() == checks::all_checks().size());
  const auto& red = doc.at("results").at(18);
  CHECK(red.at("id") == "ECN-RED");
  CHECK(red.at("status") == "skipped");
  CHECK(red.at("skipped_reason").get<std::string>().find("host NIC") != std::string::npos);
  CHECK(doc.at("results").at(0).at("skipped_reason").is_null());
}

}  // namespace roce::test
