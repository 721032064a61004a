// What dist/ ships for fleets, run for real: the Slurm HealthCheckProgram against a single-node
// Slurm (munged, slurmctld, slurmd on 127.0.0.1, started once for this executable), the srun
// gathering line, and the node-problem-detector plugin and its configuration, on simulated hosts.
#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <vector>

#include "dist/shell.hpp"
#include "support/slurm.hpp"

namespace roce::test {
namespace {

using Json = nlohmann::json;

const std::string kHealthcheck = kSource + "/dist/slurm/roce-doctor-healthcheck";
const std::string kNpd = kSource + "/dist/kubernetes/roce-doctor-npd";
// A bundle of a VM with no RDMA device (a virtio_net eth0): a node with no RoCE port.
const std::string kVmBundle = std::string(ROCE_FIXTURES_DIR) + "/bundles/vm-virtio-no-rdma.json";

// A copy of examples/sim/MODEL in `dir`, so that the simulator's writes stay there.
std::string sim_copy(const std::string& dir, const std::string& model, const std::string& name) {
  const std::string path = dir + "/" + name + ".toml";
  std::filesystem::copy_file(kSource + "/examples/sim/" + model, path,
                             std::filesystem::copy_options::overwrite_existing);
  return path;
}

// The global option, as one word of a shell command line and as the scripts' ROCE_DOCTOR_ARGS (split at
// blanks: the temporary paths hold none).
std::string sim_args(const std::string& model_path) { return "--host sim:" + model_path; }

constexpr const char* kNode = "rdnode";

// The single-node Slurm of this executable (tests/support/slurm.hpp); null when it cannot run here.
Slurm* single_node_slurm() { return Slurm::get({kNode}); }

// Runs the health check as slurmd would, with roce-doctor's global options `args` (and `check_args`,
// when given, in place of the default --interval 5).
Run healthcheck_with(const std::string& args, const std::string& check_args = "") {
  return shell("ROCE_DOCTOR=" + shell_word(kBin) + " ROCE_DOCTOR_ARGS=" + shell_word(args) +
               (check_args.empty() ? "" : " ROCE_DOCTOR_CHECK_ARGS=" + shell_word(check_args)) +
               " ROCE_DOCTOR_NODE=" + kNode + " ROCE_DOCTOR_HEALTHCHECK_CONF=/nonexistent " + shell_word(kHealthcheck));
}

// Runs the health check on the simulated host `model_path`.
Run healthcheck(const std::string& model_path) { return healthcheck_with(sim_args(model_path)); }

// A copy of the healthy example whose MTU is below RoCE's: MTU-ROCE warns, nothing is critical.
std::string warnings_only_copy(const std::string& dir, const std::string& name) {
  const std::string path = sim_copy(dir, "healthy.toml", name);
  std::string text = slurp(path);
  const auto at = text.find("mtu = 9000");
  if (at != std::string::npos) text.replace(at, 10, "mtu = 1500");
  write_file(path, text);
  return path;
}

// The IDs of the critical findings of `check --json` on the simulated host, comma-separated in rank order.
std::string critical_ids(const std::string& model_path) {
  const Json j = Json::parse(shell(shell_word(kBin) + " " + sim_args(model_path) + " check --json").out);
  std::string ids;
  for (const auto& f : j["findings"])
    if (f["severity"] == "critical" && ids.find(f["id"].get<std::string>()) == std::string::npos)
      ids += (ids.empty() ? "" : ",") + f["id"].get<std::string>();
  return ids;
}

}  // namespace

TEST_CASE("Slurm health check: a critical host is drained naming its checks, resumed once healthy") {
  Slurm* slurm = single_node_slurm();
  if (!slurm) {
    WARN("ROCE-TEST-SKIP: " << Slurm::skip_reason);
    return;
  }
  const std::string bad = sim_copy(slurm->dir(), "ecn-off.toml", "bad");
  const std::string good = sim_copy(slurm->dir(), "healthy.toml", "good");
  const std::string ids = critical_ids(sim_copy(slurm->dir(), "ecn-off.toml", "bad-probe"));
  REQUIRE(ids.find("ECN-NIC") != std::string::npos);

  const auto drained = healthcheck(bad);
  CHECK(drained.exit_code == 2);
  CHECK(slurm->state(kNode) == "drain|roce-doctor: " + ids);

  const auto again = healthcheck(bad);  // still critical: stays drained, same reason
  CHECK(again.exit_code == 2);
  CHECK(slurm->state(kNode) == "drain|roce-doctor: " + ids);

  const auto resumed = healthcheck(good);
  CHECK(resumed.exit_code == 0);
  CHECK(wait_for_output("sinfo -h -N -n rdnode -o %t", "idle", 10));
  CHECK(slurm->state(kNode) == "idle|none");
}

TEST_CASE("Slurm health check: a node an operator drained for another reason is left alone") {
  Slurm* slurm = single_node_slurm();
  if (!slurm) {
    WARN("ROCE-TEST-SKIP: " << Slurm::skip_reason);
    return;
  }
  REQUIRE(shell("scontrol update NodeName=rdnode State=DRAIN Reason='cable swap, ticket 4711'").exit_code == 0);
  REQUIRE(slurm->state(kNode) == "drain|cable swap, ticket 4711");

  const auto critical = healthcheck(sim_copy(slurm->dir(), "ecn-off.toml", "op-bad"));
  CHECK(critical.exit_code == 2);
  CHECK(critical.err.find("drained for another reason") != std::string::npos);
  CHECK(slurm->state(kNode) == "drain|cable swap, ticket 4711");

  const auto healthy = healthcheck(sim_copy(slurm->dir(), "healthy.toml", "op-good"));
  CHECK(healthy.exit_code == 0);
  CHECK(slurm->state(kNode) == "drain|cable swap, ticket 4711");

  REQUIRE(shell("scontrol update NodeName=rdnode State=RESUME").exit_code == 0);
  CHECK(wait_for_output("sinfo -h -N -n rdnode -o %t", "idle", 10));
}

TEST_CASE("Slurm health check: warnings only and a node with no RoCE port are healthy, exit 0") {
  Slurm* slurm = single_node_slurm();
  if (!slurm) {
    WARN("ROCE-TEST-SKIP: " << Slurm::skip_reason);
    return;
  }
  const std::string warned = warnings_only_copy(slurm->dir(), "warned");
  REQUIRE(shell(shell_word(kBin) + " " + sim_args(warned) + " check").exit_code == 1);
  const auto warnings = healthcheck(warned);
  CHECK(warnings.exit_code == 0);  // slurmd logs "health_check failed" for any other status
  CHECK(warnings.err.find("warnings only") != std::string::npos);
  CHECK(slurm->state(kNode) == "idle|none");

  const auto vm = healthcheck_with("", "--from " + kVmBundle);
  INFO(vm.out << vm.err);
  CHECK(vm.exit_code == 0);
  CHECK(slurm->state(kNode) == "idle|none");
}

TEST_CASE("Slurm health check: when roce-doctor cannot judge, the node is not touched") {
  Slurm* slurm = single_node_slurm();
  if (!slurm) {
    WARN("ROCE-TEST-SKIP: " << Slurm::skip_reason);
    return;
  }
  const auto r = healthcheck(slurm->dir() + "/no-such-model.toml");
  CHECK(r.exit_code == 3);
  CHECK(r.err.find("could not judge") != std::string::npos);
  CHECK(slurm->state(kNode) == "idle|none");
}

TEST_CASE("srun --ntasks-per-node=1 gathers one bundle per node into a folder fleet reads") {
  Slurm* slurm = single_node_slurm();
  if (!slurm) {
    WARN("ROCE-TEST-SKIP: " << Slurm::skip_reason);
    return;
  }
  const std::string model = sim_copy(slurm->dir(), "healthy.toml", "gather");
  const std::string out = slurm->dir() + "/gathered";
  std::filesystem::create_directories(out);
  // The documented line, with the simulated host in place of the node's own.
  const auto r = shell("timeout 60 srun -N1 --ntasks-per-node=1 sh -c " +
                       shell_word(shell_word(kBin) + " " + sim_args(model) + " collect --samples 2 --interval 5s -o " +
                                  shell_word(out) + "/\"$SLURMD_NODENAME\".json"));
  REQUIRE(r.exit_code == 0);
  CHECK(std::filesystem::exists(out + "/rdnode.json"));
  const auto fleet = shell(shell_word(kBin) + " fleet --json " + shell_word(out));
  CHECK(fleet.exit_code == 0);
  CHECK(Json::parse(fleet.out)["hosts"]["read"] == 1);
}

TEST_CASE(
    "node-problem-detector plugin: exit 0 healthy or no RoCE port, 1 critical naming the checks, 3 unknown; at most 80 "
    "characters") {
  TempDir dir;
  const auto plugin = [&](const std::string& model_path) {
    return shell("ROCE_DOCTOR=" + shell_word(kBin) + " ROCE_DOCTOR_ARGS=" + shell_word(sim_args(model_path)) + " " +
                 shell_word(kNpd));
  };
  const auto ok = plugin(sim_copy(dir.path(), "healthy.toml", "good"));
  CHECK(ok.exit_code == 0);
  CHECK(ok.out == "ok: no finding\n");

  const std::string bad = sim_copy(dir.path(), "ecn-off.toml", "bad");
  const std::string ids = critical_ids(sim_copy(dir.path(), "ecn-off.toml", "bad-probe"));
  const auto problem = plugin(bad);
  CHECK(problem.exit_code == 1);
  CHECK(problem.out.starts_with("critical: " + ids));
  CHECK(problem.out.size() <= 81);  // 80 and the newline

  const auto vm = shell("ROCE_DOCTOR=" + shell_word(kBin) +
                        " ROCE_DOCTOR_CHECK_ARGS=" + shell_word("--from " + kVmBundle) + " " + shell_word(kNpd));
  CHECK(vm.exit_code == 0);
  CHECK(vm.out == "ok: no RoCE port on this node\n");

  const auto unknown = plugin(dir.path() + "/missing.toml");
  CHECK(unknown.exit_code == 3);
  CHECK(unknown.out.starts_with("unknown: "));
  CHECK(unknown.out.size() <= 81);
}

TEST_CASE(
    "node-problem-detector configuration: a custom plugin whose rule runs the plugin, the same in the DaemonSet") {
  const Json config = Json::parse(slurp(kSource + "/dist/kubernetes/roce-doctor-monitor.json"));
  CHECK(config["plugin"] == "custom");
  CHECK(config["pluginConfig"]["max_output_length"] == 80);
  REQUIRE(config["conditions"].size() == 1);
  REQUIRE(config["rules"].size() == 1);
  const Json& rule = config["rules"][0];
  CHECK(rule["type"] == "permanent");
  CHECK(rule["condition"] == config["conditions"][0]["type"]);
  CHECK(rule["path"].get<std::string>().ends_with("/roce-doctor-npd"));

  // The ConfigMap's copy (the block under "roce-doctor-monitor.json: |") says the same.
  const std::string yaml = slurp(kSource + "/dist/kubernetes/roce-doctor-npd-daemonset.yaml");
  const std::string key = "roce-doctor-monitor.json: |\n";
  const auto start = yaml.find(key);
  REQUIRE(start != std::string::npos);
  const auto end = yaml.find("\n---", start);
  CHECK(Json::parse(yaml.substr(start + key.size(), end - start - key.size())) == config);
  CHECK(yaml.find("hostNetwork: true") != std::string::npos);
  CHECK(yaml.find("mountPath: /sys\n              readOnly: true") != std::string::npos);
  CHECK(yaml.find("drop: [\"ALL\"]") != std::string::npos);
  CHECK(yaml.find("add:") == std::string::npos);
  CHECK(yaml.find("privileged") == std::string::npos);
}

}  // namespace roce::test
