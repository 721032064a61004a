// `roce-doctor nccl` end to end: the summary, its JSON, stdin and gzip'd input, exit 3 for a file
// without NCCL lines, the done-when case: status-12 errors judged against a capture with ECN off, and
// failed jobs (bootstrap, QP setup, watchdog, RCCL) never exiting 0.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/run_binary.hpp"

namespace roce::test {
namespace {

std::string log_sample(const std::string& name) { return std::string(ROCE_FIXTURES_DIR) + "/samples/" + name; }

bool has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

}  // namespace

TEST_CASE("nccl: a status-12 log with a capture whose ECN is off names the ECN check as the likely cause") {
  const auto r = run("nccl '" + log_sample("nccl_warn_status12_excerpt.log") + "' --from '" +
                     std::string(ROCE_EXAMPLES_DIR) + "/cx6dx-ecn-off.json' --json");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  const auto doc = nlohmann::json::parse(r.out);
  const nlohmann::json* wc = nullptr;
  for (const auto& f : doc["findings"])
    if (f["id"] == "NCCL-WC-ERROR") wc = &f;
  REQUIRE(wc != nullptr);
  CHECK((*wc)["severity"] == "critical");
  CHECK((*wc)["subject"]["netdev"].is_null());  // about the job, not a port
  REQUIRE(!(*wc)["caused_by"].empty());
  bool ecn = false;
  for (const auto& c : (*wc)["caused_by"]) ecn = ecn || c.get<std::string>().starts_with("ECN-");
  CHECK(ecn);
  // hosts[]: the job's one host, its errors with kind, count and first line.
  REQUIRE(doc["hosts"].size() == 1);
  const auto& h = doc["hosts"][0];
  CHECK(h["host"] == "kp-ddp-worker-0");
  CHECK(h["ranks"][0]["pid"] == 3468);
  CHECK(h["errors"][0]["kind"] == "completion_error");
  CHECK(h["errors"][0]["status"] == 12);
  CHECK(h["errors"][0]["count"] == 3);
  CHECK(h["errors"][0]["first_line"] == 2);
  CHECK(h["gdr"].is_null());
}

TEST_CASE("nccl: the 2-node RoCE log as text and JSON; read from stdin") {
  const auto r = run("nccl - < '" + log_sample("nccl_debug_info_2x2_roce.log") + "'");
  INFO(r.err);
  CHECK(r.exit_code == 0);  // the log's RAS bind warning is not a finding: every NCCL-* check is ok
  CHECK(has(r.out, "NCCL log -: 218 lines, 201 from NCCL, 0 not understood\n"));
  CHECK(has(r.out,
            "\nubuntu2: 2 processes 321049(rank 0) 321050(rank 1)\n  NCCL 2.30.4+cuda13.3\n"
            "  transport IB; devices mlx5_0:1/RoCE mlx5_1:1/RoCE\n  OOB ens16f1 10.153.235.11\n"));
  CHECK(has(r.out, "  NCCL_IB_TC=162\n"));
  const auto j = run("nccl --json '" + log_sample("nccl_debug_info_2x2_roce.log") + "'");
  const auto doc = nlohmann::json::parse(j.out);
  REQUIRE(doc["hosts"].size() == 2);
  CHECK(doc["hosts"][1]["host"] == "ubuntu4");
  CHECK(doc["hosts"][1]["transport"] == "IB");
  CHECK(doc["hosts"][1]["devices"] == nlohmann::json::array({"mlx5_0:1/RoCE", "mlx5_1:1/RoCE"}));
  CHECK(doc["hosts"][1]["gdr"] == false);
  CHECK(doc["hosts"][1]["env"]["NCCL_IB_GID_INDEX"] == "3");
  CHECK(doc["hosts"][1]["ranks"][0]["ranks"] == nlohmann::json::array({2}));
}

TEST_CASE("nccl: a socket fall-back is a finding; a gzip'd log reads the same; --verbose shows unknown lines") {
  const std::string gz = temp_path("fallback.log.gz");
  REQUIRE(std::system(("gzip -c '" + log_sample("nccl_debug_socket_fallback.log") + "' > '" + gz + "'").c_str()) == 0);
  const auto r = run("nccl --verbose '" + gz + "'");
  std::remove(gz.c_str());
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);  // no host given: whether RDMA devices exist is unknown, a warning
  CHECK(has(r.out, "NCCL-SOCKET"));
  CHECK(has(r.out, "transport Socket; devices eno2:192.168.1.105\n"));
}

TEST_CASE("nccl: NCCL 2.27's device lines show the devices; RCCL's version is shown as RCCL") {
  const std::string dir = std::string(ROCE_FIXTURES_DIR) + "/nccl/";
  const auto r = run("nccl --json '" + dir + "nccl227_device_lines.log'");
  INFO(r.out << r.err);
  const auto doc = nlohmann::json::parse(r.out);
  REQUIRE(doc["hosts"].size() == 1);
  CHECK(doc["hosts"][0]["devices"] ==
        nlohmann::json::array({"mlx5_5:1/RoCE", "mlx5_0", "mlx5_2:1/RoCE", "mlx5_0:1/RoCE"}));
  const auto rccl = run("nccl '" + dir + "rccl2171_socket_p2pfail.log'");
  CHECK(
      has(rccl.out, "\n9cce34ff6c6c: 2 processes 504930(rank 0) 505250(rank 1)\n  RCCL 2.17.1+hip5.7 HEAD:cbbb3d8\n"));
  const auto rccl_json = nlohmann::json::parse(run("nccl --json '" + dir + "rccl2171_socket_p2pfail.log'").out);
  CHECK(rccl_json["hosts"][0]["ranks"][0]["library"] == "RCCL");
}

TEST_CASE("nccl: a file without NCCL lines is exit 3, as a JSON error object with --json") {
  const std::string path = temp_path("no-nccl.log");
  write_file(path, "Epoch 1: loss 0.5\n");
  const auto r = run("nccl --json '" + path + "'");
  std::remove(path.c_str());
  CHECK(r.exit_code == 3);
  const auto doc = nlohmann::json::parse(r.out);
  CHECK(doc["error"]["message"] == path + ": no NCCL line in 1 line");
  CHECK(doc["error"]["exit_code"] == 3);
}

}  // namespace roce::test

namespace roce::test {

TEST_CASE("check --from a capture folder that holds the job's NCCL log judges the log with the host") {
  const std::string dir = temp_path("sos-with-nccl");
  const std::string copy = "cp -r '" + std::string(ROCE_FIXTURES_DIR) +
                           "/import/sosreport-gpu-node-07-2026-11-29-abcdef' '" + dir + "' && cp '" +
                           log_sample("nccl_warn_status12_excerpt.log") + "' '" + dir + "/job-nccl.log'";
  REQUIRE(std::system(copy.c_str()) == 0);
  const auto r = run("check --json --from '" + dir + "'");
  REQUIRE(std::system(("rm -rf '" + dir + "'").c_str()) == 0);
  INFO(r.out << r.err);
  const auto doc = nlohmann::json::parse(r.out);
  bool found = false;
  for (const auto& f : doc["findings"])
    if (f["id"] == "NCCL-WC-ERROR") {
      found = true;
      CHECK(f["evidence"][0]["locator"] == "job-nccl.log:2");
    }
  CHECK(found);
  CHECK(r.exit_code == 2);
}

}  // namespace roce::test

namespace roce::test {
namespace {

std::string nccl_fixture_path(const std::string& name) { return std::string(ROCE_FIXTURES_DIR) + "/nccl/" + name; }

const nlohmann::json* finding_of(const nlohmann::json& doc, const std::string& id) {
  for (const auto& f : doc["findings"])
    if (f["id"] == id) return &f;
  return nullptr;
}

// The fixture's lines after its SOURCE line, with `from` renamed `to` (a process of the capture's host).
std::string renamed_log(const std::string& fixture, const std::string& from, const std::string& to) {
  std::string text = slurp(nccl_fixture_path(fixture));
  text = text.substr(text.find('\n') + 1);
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

}  // namespace

TEST_CASE("nccl: a job that failed is never healthy: the bootstrap abort, the QP EINVAL and the watchdog exit 2") {
  const auto bootstrap = run("nccl --json '" + nccl_fixture_path("nccl2183_bootstrap_family_nccltests.log") + "'");
  INFO(bootstrap.out << bootstrap.err);
  CHECK(bootstrap.exit_code == 2);
  const auto doc = nlohmann::json::parse(bootstrap.out);
  const auto* f = finding_of(doc, "NCCL-JOB-FAILED");
  REQUIRE(f != nullptr);
  CHECK((*f)["severity"] == "critical");
  CHECK((*f)["title"].get<std::string>().starts_with(
      "the job failed in the bootstrap (the OOB socket connections between ranks): \"Net : connecting to address  "
      "with family 33621 is neither AF_INET(2) nor AF_INET6(10)\""));
  CHECK((*f)["title"].get<std::string>().find("8 NCCL processes (8 on h100-4: ") != std::string::npos);
  CHECK(doc["nccl"]["job_errors"][0]["where"] == "common.cu:1057");
  CHECK(doc["nccl"]["job_errors"][0]["count"] == 8);

  const auto qp = run("nccl '" + nccl_fixture_path("nccl256_modify_qp_einval.log") + "'");
  CHECK(qp.exit_code == 2);
  CHECK(qp.out.find("the job failed in QP setup: ibv_modify_qp failed with EINVAL (errno 22)") != std::string::npos);

  // A framework's output alone (no NCCL_DEBUG): judged, not "no NCCL line".
  const auto watchdog = run("nccl '" + nccl_fixture_path("pytorch_watchdog_timeout.log") + "'");
  CHECK(watchdog.exit_code == 2);
  CHECK(watchdog.out.find("failures the framework or the test reported:\n  timeout at ProcessGroupNCCL.cpp:607: 2x") !=
        std::string::npos);
  CHECK(run("nccl '" + nccl_fixture_path("pytorch_distbackend_remote.log") + "'").exit_code == 2);
  // RCCL's CUDA failure and its trace.
  const auto rccl = run("nccl '" + nccl_fixture_path("rccl2171_socket_p2pfail.log") + "'");
  CHECK(rccl.exit_code == 2);
  CHECK(rccl.out.find("the job failed on a CUDA error (ncclUnhandledCudaError)") != std::string::npos);
}

TEST_CASE("nccl --from: the QP EINVAL of an NCCL before 2.21 names the capture's RoCE v2 GID index to use") {
  const std::string path = temp_path("qp-einval.log");
  write_file(path,
             "NCCL version 2.18.3+cuda12.2\n"
             "gpu-node-03:5330:5330 [3] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [RO]; OOB "
             "ens1f0np0:172.19.0.60<0>\n" +
                 renamed_log("nccl256_modify_qp_einval.log", "crow-ib-new-nccl-256-info-19", "gpu-node-03"));
  const auto r = run("nccl --json '" + path + "' --from '" + std::string(ROCE_EXAMPLES_DIR) + "/cx6dx-healthy.json'");
  std::remove(path.c_str());
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  const auto doc = nlohmann::json::parse(r.out);
  const auto* f = finding_of(doc, "NCCL-JOB-FAILED");
  REQUIRE(f != nullptr);
  CHECK((*f)["subject"]["netdev"] == "ens1f0np0");
  CHECK((*f)["explanation"].get<std::string>().find(
            "On gpu-node-03: NCCL 2.18 uses GID index 0 unless NCCL_IB_GID_INDEX is set, and index 0 of mlx5_0/1 "
            "(ens1f0np0) is not a RoCE v2 GID of an IPv4 address (those are 3 (172.19.0.60)).") != std::string::npos);
  CHECK((*f)["remediation"][0] ==
        "export NCCL_IB_GID_INDEX=3   # the RoCE v2 GID of 172.19.0.60 on mlx5_0/1 (ens1f0np0)");
}

TEST_CASE("nccl --from: a socket fall-back on the capture's host with RDMA devices is critical, a warning without") {
  const std::string path = temp_path("fallback-here.log");
  write_file(path, renamed_log("../samples/nccl_debug_socket_fallback.log", "tesla-105", "gpu-node-03"));
  const auto here =
      run("nccl --json '" + path + "' --from '" + std::string(ROCE_EXAMPLES_DIR) + "/cx6dx-healthy.json'");
  const auto alone = run("nccl --json '" + path + "'");
  std::remove(path.c_str());
  INFO(here.out << here.err);
  CHECK(here.exit_code == 2);
  const auto here_doc = nlohmann::json::parse(here.out), alone_doc = nlohmann::json::parse(alone.out);
  const auto* f = finding_of(here_doc, "NCCL-SOCKET");
  REQUIRE(f != nullptr);
  CHECK((*f)["severity"] == "critical");
  CHECK(alone.exit_code == 1);
  const auto* g = finding_of(alone_doc, "NCCL-SOCKET");
  REQUIRE(g != nullptr);
  CHECK((*g)["severity"] == "warning");
}

}  // namespace roce::test
