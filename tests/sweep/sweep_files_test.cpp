// A sweep's files: the plan read back equal and strictly (the JSON path of a bad value), host files,
// pairs.csv written and read (a bad row a note, the rest read), a step's report lines, the command
// lines that place a step on its nodes.
#include <catch2/catch.hpp>

#include "fabric/build.hpp"
#include "support/temp_dir.hpp"
#include "sweep/launch.hpp"
#include "sweep/manifest.hpp"
#include "sweep/plan_make.hpp"
#include "sweep/results_folder.hpp"
#include "sweep/steps.hpp"

namespace roce::test {

using namespace roce::sweep;

namespace {

Plan small_plan() {
  fabric::Design d;
  d.rails = 2;
  d.hosts_per_leaf = 2;
  d.spines = 2;
  auto made = make_plan(*fabric::build_fabric({"n1", "n2", "n3", "n4", "n5"}, d), TestSettings{});
  REQUIRE(made);
  return made->plan;
}

// The plan's JSON with `from` replaced by `to` (once), read back.
Expected<Plan> edited(const Plan& plan, const std::string& from, const std::string& to) {
  std::string text = plan_to_json(plan);
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  return plan_from_json(text, "p.json");
}

}  // namespace

TEST_CASE("a plan is read back equal to what was written, unpaired NICs and adaptive rounds included") {
  Plan plan = small_plan();
  CHECK(!plan.unpaired.empty());  // five hosts: one without a partner in the coverage
  plan.rounds.push_back(fit_round({{0, 0, 3, 7}}, 100, "adaptive"));
  auto back = plan_from_json(plan_to_json(plan), "p.json");
  REQUIRE(back);
  CHECK(*back == plan);
  CHECK(find_test(*back, 100)->flow == 7);
  CHECK(round_of_test(*back, 100) == static_cast<int>(plan.rounds.size()));
}

TEST_CASE("a plan with a bad value fails naming the file and the JSON path of the value") {
  const Plan plan = small_plan();
  const auto error_of = [&](const std::string& from, const std::string& to) {
    auto p = edited(plan, from, to);
    REQUIRE(!p);
    return p.error().message;
  };
  CHECK(error_of("\"qps\":1", "\"qps\":0") == "p.json: $.settings.qps: 0 is out of range (1 to 65536)");
  CHECK(error_of("\"test\":\"write\"", "\"test\":\"rdma\"") ==
        "p.json: $.settings.test: \"rdma\" is not write, read or send");
  CHECK(error_of("\"client_dev\":\"mlx5_0\"", "\"client_dev\":\"mlx5_9\"") ==
        "p.json: $.rounds[0].tests[0].client_dev: \"n1 mlx5_9\" is not a NIC of $.fabric.hosts");
  CHECK(error_of("\"flow\":1}", "\"flow\":1,\"extra\":2}") == "p.json: $.rounds[0].tests[0]: unknown key \"extra\"");
  CHECK(error_of("\"line_gbps\":400.0", "\"line_gbps\":\"400G\"") ==
        "p.json: $.fabric.hosts[0].rails[0].line_gbps: expected a number, found string");
  CHECK(error_of("\"leaf\":\"leaf-su1-r0\",\"leaf_port\"", "\"leaf\":\"leaf-x\",\"leaf_port\"") ==
        "p.json: $.fabric.hosts[0].rails[0].leaf: \"leaf-x\" is not in $.fabric.leaves");
  CHECK(error_of("\"schema_version\": 1", "\"schema_version\": 2") ==
        "p.json: $.schema_version: version 2 (this roce-doctor reads 1)");
  CHECK(error_of("\"id\":2,", "\"id\":1,").find("test 1 is listed twice") != std::string::npos);
  CHECK(!plan_from_json("{\"format\": ", "p.json"));
  CHECK(!plan_from_json("[1,2]", "p.json"));
}

TEST_CASE("a plan read back keeps no NIC in two tests of a round") {
  Plan plan = small_plan();
  fabric::Test again = plan.rounds[1].tests[0];
  again.id = 999;
  plan.rounds[1].tests.push_back(again);
  auto back = plan_from_json(plan_to_json(plan), "p.json");
  REQUIRE(!back);
  CHECK(back.error().message == "p.json: $.rounds[1].tests[" + std::to_string(plan.rounds[1].tests.size() - 1) +
                                    "]: a NIC of this test is in another test of its round");
}

TEST_CASE("hosts without an RDMA NIC are left out of a plan with a note; no NIC at all fails") {
  fabric::Fabric f = *fabric::build_fabric({"a", "b", "c"}, {});
  f.hosts[1].rails.clear();
  auto made = make_plan(f, {});
  REQUIRE(made);
  CHECK(made->notes == std::vector<std::string>{"host b: no RDMA NIC to test, left out of the plan"});
  CHECK(made->plan.fabric.hosts.size() == 2);
  for (auto& h : f.hosts) h.rails.clear();
  CHECK(!make_plan(f, {}));
}

TEST_CASE("a host file: first word of each line, MPI slots, comments, blank lines and CRLF; the rest is located") {
  auto hosts = hostfile_hosts("# rack 1\r\ngpu001 slots=8\r\n\r\n  gpu002   # spare\r\ngpu003\n", "hosts.txt");
  REQUIRE(hosts);
  CHECK(*hosts == std::vector<std::string>{"gpu001", "gpu002", "gpu003"});
  auto twice = hostfile_hosts("a\nb\na\n", "hosts.txt");
  REQUIRE(!twice);
  CHECK(twice.error().message == "hosts.txt:3: host a is listed twice (first at line 1)");
  CHECK(!hostfile_hosts("# nothing\n\n", "hosts.txt"));
  CHECK(hostfile_hosts("gpu$(x)\n", "hosts.txt").error().message.starts_with("hosts.txt:1: "));
  CHECK(*hostfile_hosts("gpu004:8\ngpu005 slots=8 max_slots=16\n", "hosts.txt") ==
        std::vector<std::string>{"gpu004", "gpu005"});
  CHECK(hostfile_hosts("a = [[1]]\n", "hosts.txt").error().message ==
        "hosts.txt:1: \"=\" after the host name is not a host file option");
  CHECK(hostfile_hosts("ok\ngpu1:x\n", "hosts.txt").error().message.starts_with("hosts.txt:2: "));
}

TEST_CASE("pairs.csv is read back as written; quoted fields, CRLF and a bad row in the middle") {
  ManifestRow row{"r01/t0001-a.txt", "a", "mlx5_0", "b", "mlx5_0", 1, 1, "failed", "exit 4: \"refused\", twice"};
  std::string text = manifest_header() + manifest_line(row);
  text += "short,row\r\n";
  text += "x.txt,c,mlx5_1,d,mlx5_1,,,,\n";
  auto m = parse_manifest(text, "pairs.csv");
  REQUIRE(m);
  REQUIRE(m->rows.size() == 2);
  row.line = 2;
  CHECK(m->rows[0] == row);
  CHECK(m->rows[1].file == "x.txt");
  CHECK(!m->rows[1].round);
  CHECK(m->notes == std::vector<std::string>{"pairs.csv:3: 2 fields, expected at least 5 (the header is "
                                             "file,client,client_dev,server,server_dev; one row per result file)"});
  auto no_header = parse_manifest("file,client,server\n", "pairs.csv");
  REQUIRE(!no_header);
  CHECK(no_header.error().message == "pairs.csv:1: the header has no column \"client_dev\"");
}

TEST_CASE("a results folder of a user: rows naming unknown NICs, missing files and non-results are notes") {
  const TempDir dir("sweep-folder", {{"pairs.csv",
                                      "server,server_dev,client,client_dev,file\n"
                                      "b,mlx5_0,a,mlx5_0,gone.txt\n"
                                      "a,mlx5_0,b,mlx5_0,junk.txt\n"},
                                     {"junk.txt", "hello\n"}});
  auto folder = read_results_folder(dir.path(), {.fabric = std::nullopt, .line_gbps = 100});
  REQUIRE(folder);
  REQUIRE(folder->observations.size() == 2);
  CHECK(folder->observations[0].status == Status::missing);
  CHECK(folder->observations[1].status == Status::failed);
  CHECK(folder->observations[0].expected_gbps == 100);
  REQUIRE(folder->notes.size() == 2);
  CHECK(folder->notes[0] == dir.path("pairs.csv") + ":2: gone.txt: no such file");
  CHECK(folder->notes[1].starts_with(dir.path("pairs.csv") + ":3: junk.txt: not a result"));
  CHECK(!read_results_folder(dir.path("nothing-here")));
}

TEST_CASE("a step's report lines: the client's word wins over the server's, whatever srun put before it") {
  std::string out = step_report_line(7, {Side::server, Status::timeout, "killed after 3 s"});
  out += "0: " + step_report_line(7, {Side::client, Status::measured, ""});
  out += step_report_line(8, {Side::server, Status::failed, "bw --run exited with code 4"});
  out += "sweep-step: test x client measured\n";
  const auto reports = read_step_reports(out);
  REQUIRE(reports.size() == 2);
  CHECK(reports.at(7) == StepReport{Side::client, Status::measured, ""});
  CHECK(reports.at(8) == StepReport{Side::server, Status::failed, "bw --run exited with code 4"});
}

TEST_CASE("a round's steps: one per host pair with all its rails; srun and template command lines") {
  const Plan plan = small_plan();
  const auto steps = steps_of(plan, plan.rounds[1]);
  for (const auto& s : steps) {
    CHECK(s.nodes.size() == 2);
    CHECK(s.tests.size() == 2);  // both rails of the pair
  }
  Launch l;
  l.self = "/usr/bin/roce-doctor";
  l.plan_path = "/shared/out/sweep-plan.json";
  l.out_dir = "/shared/out";
  const auto srun = launch_commands(l, steps[0]);
  REQUIRE(srun.size() == 1);
  CHECK(shell_join(srun[0]).starts_with("srun --nodes=2 --ntasks=2 --ntasks-per-node=1 --nodelist=" +
                                        steps[0].nodes[0] + "," + steps[0].nodes[1] + " --exact"));
  CHECK(shell_join(srun[0]).ends_with("/usr/bin/roce-doctor sweep step /shared/out/sweep-plan.json " +
                                      id_list(steps[0].tests) + " --out /shared/out"));
  l.runner = RunnerKind::command_template;
  l.command_template = "ssh {host} {command}";
  const auto ssh = launch_commands(l, steps[0]);
  REQUIRE(ssh.size() == 2);
  CHECK(ssh[1][2] == "ssh " + steps[0].nodes[1] + " /usr/bin/roce-doctor sweep step /shared/out/sweep-plan.json " +
                         id_list(steps[0].tests) + " --out /shared/out --node " + steps[0].nodes[1]);
  CHECK(shell_join({"a b", "it's", "plain-1.0"}) == "'a b' 'it'\\''s' plain-1.0");
  CHECK(!check_template("ssh {host}"));
  CHECK(*parse_id_list("7,8, 9") == std::vector<std::uint32_t>{7, 8, 9});
  CHECK(!parse_id_list("7,,9"));
}

}  // namespace roce::test
