// `roce-doctor nccl` end to end: the summary, its JSON, stdin and gzip'd input, exit 3 for a file
// without NCCL lines, and the done-when case: status-12 errors judged against a capture with ECN off.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

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
