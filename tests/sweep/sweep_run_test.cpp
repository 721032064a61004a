// `sweep run` for real: a plan run through real srun job steps on a Slurm of four nodes (four
// `slurmd -N` on this machine: Debian's slurmd runs several) with the replay runner, and through a
// local command template; then `sweep localize` on the folder each leaves.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "support/files.hpp"
#include "support/run_binary.hpp"
#include "support/slurm.hpp"
#include "support/temp_dir.hpp"
#include "sweep/plan_file.hpp"

namespace roce::test {
namespace {

using Json = nlohmann::json;

// Four hosts (PREFIX1..4) of two rails, two hosts under each pair of rail leaves, two spines. The
// second NIC port of host 2 trained at half its speed; the first NIC of host 3 passes next to
// nothing over PCIe, so that each of its tests hangs as perftest hangs on a dead link. No busy
// hosts: in a fabric this small one busy host's result would weigh as much as the fault's.
std::string fabric_model(const std::string& prefix) {
  return "seed = 29\n[fabric]\nhosts = \"" + prefix +
         "[1-4]\"\nrails = 2\nline_gbps = 400\nhosts_per_leaf = 2\nspines = 2\n[physics]\nbusy_host = 0\n"
         "[[fault]]\nclass = \"nic\"\nhost = \"" +
         prefix + "2\"\ndevice = \"mlx5_1\"\nshare = 0.5\n[[fault]]\nclass = \"pcie\"\nhost = \"" + prefix +
         "3\"\ndevice = \"mlx5_0\"\nshare = 0.001\n";
}

std::string plan_args(const std::string& hosts, const std::string& plan) {
  return "sweep plan --hosts " + shell_word(hosts) +
         " --rails 2 --hosts-per-leaf 2 --spines 2 --duration 1s --timeout 3s -o " + shell_word(plan);
}

struct StepTimes {
  std::string name;
  std::vector<std::string> nodes;
  long long start = 0, end = 0;
};

// rNN/steps/times.tsv of every round in `dir`.
std::map<int, std::vector<StepTimes>> step_times(const std::string& dir) {
  std::map<int, std::vector<StepTimes>> rounds;
  for (int r = 1; std::filesystem::exists(dir + "/r" + (r < 10 ? "0" : "") + std::to_string(r)); ++r) {
    std::istringstream in(slurp(dir + "/r" + (r < 10 ? "0" : "") + std::to_string(r) + "/steps/times.tsv"));
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
      std::istringstream fields(line);
      StepTimes t;
      std::string nodes, start, end;
      std::getline(fields, t.name, '\t');
      std::getline(fields, nodes, '\t');
      std::getline(fields, start, '\t');
      std::getline(fields, end, '\t');
      std::istringstream list(nodes);
      for (std::string n; std::getline(list, n, ',');) t.nodes.push_back(n);
      t.start = std::stoll(start);
      t.end = std::stoll(end);
      rounds[r].push_back(t);
    }
  }
  return rounds;
}

// The rows of pairs.csv (no field of these folders holds a comma or a quote but detail, the last).
std::vector<std::vector<std::string>> manifest_rows(const std::string& dir) {
  std::istringstream in(slurp(dir + "/pairs.csv"));
  std::vector<std::vector<std::string>> rows;
  std::string line;
  std::getline(in, line);
  CHECK(line == "file,client,client_dev,server,server_dev,round,test,status,detail");
  while (std::getline(in, line)) {
    std::vector<std::string> fields;
    std::istringstream f(line);
    for (std::string field; fields.size() < 8 && std::getline(f, field, ',');) fields.push_back(field);
    std::string rest;
    std::getline(f, rest);
    fields.push_back(rest);
    rows.push_back(fields);
  }
  return rows;
}

// Every test of the folder's plan has one row; each measured row's file is a result `bw` reads.
void check_folder_complete(const std::string& dir) {
  const Json plan = Json::parse(slurp(dir + "/sweep-plan.json"));
  std::set<std::string> planned;
  for (const auto& round : plan["rounds"])
    for (const auto& t : round["tests"]) planned.insert(std::to_string(t["id"].get<int>()));
  std::set<std::string> recorded;
  for (const auto& row : manifest_rows(dir)) {
    REQUIRE(row.size() == 9);
    CHECK(recorded.insert(row[6]).second);
    if (row[7] == "measured") {
      const auto bw = run("bw --json --line-rate 400G " + shell_word(dir + "/" + row[0]));
      INFO(row[0] << ": " << bw.err);
      CHECK(bw.exit_code <= 2);
    }
  }
  CHECK(recorded == planned);
}

// The suspects `sweep localize --json` names, comma-separated in its order.
std::string blamed(const std::string& dir) {
  const auto r = run("sweep localize --json " + shell_word(dir));
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  const Json j = Json::parse(r.out);
  std::string names;
  for (const auto& s : j["suspects"]) names += (names.empty() ? "" : ",") + s["name"].get<std::string>();
  return names;
}

}  // namespace

TEST_CASE("sweep run through srun: steps of a round run at once, no node twice, a hung test killed and recorded") {
  Slurm* slurm = Slurm::get({"rd1", "rd2", "rd3", "rd4"});
  if (!slurm) {
    WARN("ROCE-TEST-SKIP: " << Slurm::skip_reason);
    return;
  }
  const TempDir dir("sweep-slurm");
  const std::string model = dir.write("fabric.toml", fabric_model("rd"));
  const std::string plan = dir.path("plan.json"), out = dir.path("out");
  REQUIRE(run(plan_args("rd[1-4]", plan)).exit_code == 0);

  // Outside an allocation: the salloc line to use, and nothing run.
  const auto outside =
      run("sweep run " + shell_word(plan) + " -o " + shell_word(out) + " --replay " + shell_word(model),
          "env -u SLURM_JOB_ID");
  CHECK(outside.exit_code == 3);
  CHECK(outside.err.find("salloc -w rd[1-4] --ntasks-per-node=1") != std::string::npos);
  CHECK(!std::filesystem::exists(out));

  const auto r = run("sweep run " + shell_word(plan) + " -o " + shell_word(out) + " --replay " + shell_word(model),
                     "timeout 120 salloc --quiet -N4 --ntasks-per-node=1");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 1);  // a test timed out
  CHECK(r.out.find("timed out") != std::string::npos);

  // rd3 mlx5_0 hangs: its loopback in round 1 was killed at the plan's timeout and recorded.
  bool hung_recorded = false;
  for (const auto& row : manifest_rows(out))
    if (row[1] == "rd3" && row[2] == "mlx5_0" && row[3] == "rd3" && row[5] == "1")
      hung_recorded = row[7] == "timeout" && row[8] == "killed after 3 s";
  CHECK(hung_recorded);
  check_folder_complete(out);

  const auto times = step_times(out);
  REQUIRE(times.size() >= 3);
  // Round 1 (every NIC alone): one step per node; rd3's hangs until its timeout while the other
  // three run and end, their results written on their nodes within its window.
  const auto& first = times.at(1);
  REQUIRE(first.size() == 4);
  const StepTimes* hung = nullptr;
  for (const auto& s : first)
    if (s.name == "rd3") hung = &s;
  REQUIRE(hung);
  CHECK(hung->end - hung->start >= 3000);
  for (const auto& s : first) {
    if (&s == hung) continue;
    CHECK(s.start < hung->end);
    CHECK(s.end <= hung->end);
    const std::string id = s.name == "rd1" ? "1" : s.name == "rd2" ? "3" : "7";
    const auto written =
        std::filesystem::last_write_time(out + "/r01/t000" + id + "-" + s.name + "-mlx5_0-" + s.name + "-mlx5_0.txt");
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::file_clock::to_sys(written).time_since_epoch())
                        .count();
    CHECK(ms >= hung->start);
    CHECK(ms <= hung->end);
  }
  // No node in two steps at once, in any round.
  for (const auto& [round, steps] : times)
    for (std::size_t i = 0; i < steps.size(); ++i)
      for (std::size_t j = i + 1; j < steps.size(); ++j) {
        bool shared = false;
        for (const auto& n : steps[i].nodes)
          for (const auto& m : steps[j].nodes) shared = shared || n == m;
        if (shared) {
          INFO("round " << round << ": " << steps[i].name << " and " << steps[j].name);
          CHECK((steps[i].end <= steps[j].start || steps[j].end <= steps[i].start));
        }
      }

  CHECK(blamed(out) == "rd3 mlx5_0 PCIe,rd2 mlx5_1 NIC port");
}

TEST_CASE("sweep run through a local command template: every test recorded, a launcher that hangs killed") {
  const TempDir dir("sweep-template");
  const std::string model = dir.write("fabric.toml", fabric_model("h"));
  const std::string plan = dir.path("plan.json"), out = dir.path("out");
  REQUIRE(run(plan_args("h[1-4]", plan)).exit_code == 0);

  const auto bad = run("sweep run " + shell_word(plan) + " -o " + shell_word(out) + " --runner template --template " +
                       shell_word("ssh {host}"));
  CHECK(bad.exit_code == 3);
  CHECK(bad.err.find("has no {command}") != std::string::npos);

  // h4's command never starts: the launcher is killed at the timeout and its grace, and every test
  // h4 is the client of is recorded as timed out (a replayed client needs no server: tests h4 only
  // serves are measured by their clients).
  const std::string tmpl = "case {host} in h4) sleep 600 ;; *) {command} ;; esac";
  const auto r =
      run("sweep run " + shell_word(plan) + " -o " + shell_word(out) + " --no-adaptive --runner template --template " +
          shell_word(tmpl) + " --replay " + shell_word(model));
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  check_folder_complete(out);
  std::size_t measured = 0, h4_timeouts = 0, h4_tests = 0;
  for (const auto& row : manifest_rows(out)) {
    measured += row[7] == "measured";
    if (row[1] == "h4") {
      ++h4_tests;
      h4_timeouts += row[7] == "timeout" && row[8].find("did not end within 3 s") != std::string::npos;
    }
  }
  CHECK(h4_tests > 0);
  CHECK(h4_timeouts == h4_tests);
  CHECK(measured > 0);
}

TEST_CASE("a node in two tests of one round is in one step at a time") {
  const TempDir dir("sweep-busy");
  const std::string model = dir.write("fabric.toml", fabric_model("h"));
  const std::string plan_path = dir.path("plan.json"), out = dir.path("out");
  REQUIRE(run(plan_args("h[1-4]", plan_path)).exit_code == 0);
  // One round of h1's two NICs with two other hosts: two steps that share h1.
  auto plan = sweep::read_plan(plan_path);
  REQUIRE(plan);
  const fabric::HostRails rails(plan->fabric);
  plan->rounds = {sweep::fit_round({{0, *rails.of(0, 0), *rails.of(1, 0), 0}, {0, *rails.of(0, 1), *rails.of(2, 1), 0}},
                                   1, "h1 with two hosts")};
  REQUIRE(sweep::write_plan(plan_path, *plan));
  const auto r = run("sweep run " + shell_word(plan_path) + " -o " + shell_word(out) +
                     " --no-adaptive --runner template --template " + shell_word("sleep 1; {command}") + " --replay " +
                     shell_word(model));
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  const auto steps = step_times(out).at(1);
  REQUIRE(steps.size() == 2);
  CHECK((steps[0].end <= steps[1].start || steps[1].end <= steps[0].start));
}

TEST_CASE("sweep localize reads a user's folder: five columns, a missing file and a non-result are notes") {
  const TempDir dir("sweep-user", {{"pairs.csv",
                                    "file,client,client_dev,server,server_dev\r\n"
                                    "a.txt,n1,mlx5_0,n2,mlx5_0\r\n"
                                    "gone.txt,n2,mlx5_0,n1,mlx5_0\r\n"
                                    "junk.txt,n1,mlx5_0,n1,mlx5_0\r\n"},
                                   {"junk.txt", "not a perftest output\n"}});
  std::filesystem::copy_file(std::string(ROCE_FIXTURES_DIR) + "/results/perftest_write_bw_sweep_mib.txt",
                             dir.path("a.txt"));
  const auto r = run("sweep localize --json --line-rate 100G " + shell_word(dir.path()));
  INFO(r.out << r.err);
  const Json j = Json::parse(r.out);
  const std::string notes = j["notes"].dump();
  CHECK(notes.find("pairs.csv:3: gone.txt: no such file") != std::string::npos);
  CHECK(notes.find("pairs.csv:4: junk.txt: not a result") != std::string::npos);
  CHECK(j["notes"].size() >= 2);
}

}  // namespace roce::test
