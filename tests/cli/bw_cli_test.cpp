// roce-doctor bw and estimate end to end: result files judged on a capture, likely causes, JSON,
// results found inside a capture folder, exit codes.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>

#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/run_binary.hpp"

namespace roce::test {
namespace {

using Json = nlohmann::json;

std::string bw_example(const std::string& name) { return std::string(ROCE_EXAMPLES_DIR) + "/" + name; }
std::string bw_fixture(const std::string& name) { return std::string(ROCE_FIXTURES_DIR) + "/results/" + name; }

// A perftest result on mlx5_0 at `gbps` Gb/s, 64 KiB messages.
std::string bw_perftest_text(const std::string& gbps) {
  return "                    RDMA_Write BW Test\n"
         " Dual-port       : OFF\t\tDevice         : mlx5_0\n"
         " Number of qps   : 1\t\tTransport type : IB\n"
         " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n"
         " 65536      5000             " +
         gbps + "              " + gbps + "  \t\t   0.105\n";
}

}  // namespace

TEST_CASE("bw: ECN off in the capture and a 55 Gb/s perftest: critical, ECN checks as likely causes") {
  const std::string file = temp_path("low.txt");
  write_file(file, bw_perftest_text("55.10"));
  const auto r = run("bw --from '" + bw_example("cx6dx-ecn-off.json") + "' '" + file + "'");
  CHECK(r.exit_code == 2);
  CHECK(r.out.find("measured  55.1 Gb/s at 65536 B") != std::string::npos);
  CHECK(r.out.find("expected  100 Gb/s (line rate of ens1f0np0 (mlx5_0/1): 100 Gb/s)") != std::string::npos);
  CHECK(r.out.find("verdict   critical") != std::string::npos);
  CHECK(r.out.find("    ECN-NIC [") != std::string::npos);

  const auto j = run("bw --json --from '" + bw_example("cx6dx-ecn-off.json") + "' '" + file + "'");
  CHECK(j.exit_code == 2);
  const Json doc = Json::parse(j.out);
  const auto& res = doc["results"].at(0);
  CHECK(res["tool"] == "perftest");
  CHECK(res["measured_gbps"] == Approx(55.1));
  CHECK(res["expected_gbps"] == 100.0);
  CHECK(res["ratio"] == Approx(0.551));
  CHECK(res["verdict"] == "critical");
  const auto causes = res["likely_causes"].get<std::vector<std::string>>();
  CHECK(std::find(causes.begin(), causes.end(), "ECN-NIC") != causes.end());
  std::remove(file.c_str());
}

TEST_CASE("bw: results inside a capture folder are judged by check --from too") {
  namespace fs = std::filesystem;
  const fs::path dir = temp_path("capture-with-results");
  fs::remove_all(dir);
  fs::copy(std::string(ROCE_FIXTURES_DIR) + "/import/folder", dir, fs::copy_options::recursive);
  fs::create_directories(dir / "perf");
  write_file((dir / "perf" / "ib_write_bw.log").string(), bw_perftest_text("40.00"));
  const auto r = run("check --json --from '" + dir.string() + "'");
  const Json doc = Json::parse(r.out);
  // The fixture folder's host names its RDMA device otherwise: the result is found and read (its
  // provenance is the path inside the capture) and BW-PERFTEST says why it cannot judge it there.
  bool seen = false;
  for (const auto& res : doc["results"])
    if (res["id"] == "BW-PERFTEST") {
      seen = true;
      CHECK(res["skipped_reason"].get<std::string>().find("(perf/ib_write_bw.log:1): device mlx5_0") !=
            std::string::npos);
    }
  CHECK(seen);
  fs::remove_all(dir);
}

TEST_CASE("bw: a truncated result file is an input error naming file and line; JSON errors are objects") {
  const auto r = run("bw --from '" + bw_example("cx6dx-ecn-off.json") + "' '" +
                     bw_fixture("perftest_write_bw_truncated.txt") + "'");
  CHECK(r.exit_code == 3);
  CHECK(r.err.find("perftest_write_bw_truncated.txt:26: truncated result row") != std::string::npos);
  const auto j = run("bw --json --from '" + bw_example("cx6dx-ecn-off.json") + "' '" +
                     bw_fixture("perftest_write_bw_truncated.txt") + "'");
  CHECK(j.exit_code == 3);
  CHECK(Json::parse(j.out)["error"]["exit_code"] == 3);
}

TEST_CASE("bw: an nccl-tests run on one node is shown as not judged, with the reason") {
  const auto r = run("bw --json --from '" + bw_example("cx6dx-ecn-off.json") + "' '" +
                     bw_fixture("nccl_all_reduce_rows.txt") + "'");
  const Json doc = Json::parse(r.out);
  CHECK(doc["results"].at(0)["verdict"] == "unjudged");
  CHECK(doc["results"].at(0)["measured_gbps"].is_null());
}

TEST_CASE("bw: on a healthy host, results none of which can be judged are exit 5, never healthy") {
  const auto r =
      run("bw --from '" + bw_example("cx6dx-healthy.json") + "' '" + bw_fixture("nccl_all_reduce_rows.txt") + "'");
  CHECK(r.exit_code == 5);
  CHECK(r.out.find("no result could be judged") != std::string::npos);
  const auto j = run("bw --json --from '" + bw_example("cx6dx-healthy.json") + "' '" +
                     bw_fixture("nccl_all_reduce_rows.txt") + "'");
  CHECK(j.exit_code == 5);
  const Json doc = Json::parse(j.out);
  CHECK(doc["verdict"]["status"] == "nothing-judged");
  CHECK(doc["verdict"]["exit_code"] == 5);
}

TEST_CASE("bw: a result far above what the host's ports carry was not measured over them: not judged") {
  const std::string file = temp_path("too-fast.txt");
  write_file(file, bw_perftest_text("194.33"));  // a 200G port's figure against this 100G capture
  const auto r = run("bw --json --from '" + bw_example("cx6dx-healthy.json") + "' '" + file + "'");
  CHECK(r.exit_code == 5);
  const Json doc = Json::parse(r.out);
  const auto& res = doc["results"].at(0);
  CHECK(res["verdict"] == "unjudged");
  CHECK(res["reason"].get<std::string>().starts_with("measured 194 Gb/s is 194% of what these ports carry"));
  write_file(file, bw_perftest_text("104.00"));  // within measurement noise of 100G: judged, ok
  const auto ok = run("bw --json --from '" + bw_example("cx6dx-healthy.json") + "' '" + file + "'");
  CHECK(ok.exit_code == 0);
  CHECK(Json::parse(ok.out)["results"].at(0)["verdict"] == "ok");
  std::remove(file.c_str());
}

TEST_CASE("bw: a result that cannot be judged still gives its headline figure and its header, text and JSON") {
  const auto r = run("bw --from '" + bw_example("cx6dx-healthy.json") + "' '" +
                     bw_fixture("nccl_all_reduce_2x8_a100_oci.txt") + "'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 5);
  CHECK(r.out.find("  header    16 ranks on 2 nodes (8 per node), NVIDIA A100-SXM4-40GB\n") != std::string::npos);
  CHECK(r.out.find("  figure    peak busbw 222.88 GB/s at 10737418240 B\n") != std::string::npos);
  CHECK(r.out.find("busbw 222.88 GB/s out-of-place, 218.96 GB/s in-place at 10737418240 B") != std::string::npos);
  CHECK(r.out.find("Avg bus bandwidth 220.921 GB/s") != std::string::npos);
  const auto j = run("bw --json --from '" + bw_example("cx6dx-healthy.json") + "' '" +
                     bw_fixture("nccl_all_reduce_2x8_a100_oci.txt") + "'");
  const Json doc = Json::parse(j.out);
  const auto& res = doc["results"].at(0);
  CHECK(res["verdict"] == "unjudged");
  CHECK(res["measured_gbps"] == Approx(222.88 * 8));
  CHECK(res["expected_gbps"].is_null());
  CHECK(res["figure"]["peak_busbw"] == 222.88);
  CHECK(res["figure"]["busbw_in_place"] == 218.96);
  CHECK(res["figure"]["avg_busbw"] == 220.921);
  CHECK(res["header"]["nodes"] == 2);
  CHECK(res["header"]["gpus_per_node"] == 8);
  CHECK(res["header"]["gpu_models"].at(0) == "NVIDIA A100-SXM4-40GB");

  const auto p = run("bw --json --from '" + bw_example("cx6dx-healthy.json") + "' '" +
                     bw_fixture("perftest_write_bw_loopback_interleaved.txt") + "'");
  // all_gather's in-place side is the faster one here: the peak is its, the largest size shows both.
  const auto g = run("bw --json --line-rate 8x200G '" + bw_fixture("nccl_all_gather_1x8_old_layout.txt") + "'");
  const Json gather_doc = Json::parse(g.out);
  const auto& gather = gather_doc["results"].at(0)["figure"];
  CHECK(gather["peak_busbw"] == 230.07);
  CHECK(gather["busbw_out_of_place"] == 223.39);
  CHECK(gather["avg_busbw"] == 58.2651);
  CHECK(gather_doc["results"].at(0)["reason"].get<std::string>().starts_with("the run stayed on one node"));

  const Json perf_doc = Json::parse(p.out);
  const auto& perf = perf_doc["results"].at(0);
  CHECK(perf["header"]["device"] == "ib0");
  CHECK(perf["header"]["link_type"] == "IB");
  CHECK(perf["figure"]["message_bytes"] == 8388608);
  CHECK(perf["figure"]["average_gbps"] == Approx(23240.68 * 1048576 * 8 / 1e9));
  CHECK(perf["notices"].at(0).get<std::string>().starts_with("server and client output interleaved"));
  CHECK(perf["reason"].get<std::string>().find("give the NICs' rate with bw --line-rate") != std::string::npos);
}

TEST_CASE("bw --line-rate judges results without their host: nccl-tests per node, perftest per NIC") {
  // Two nodes x 1 H100 at 15 GB/s busbw against one 400G NIC per node: 30%, critical; no host read.
  const auto r = run("bw --line-rate 400G '" + bw_fixture("nccl_all_reduce_2x1_nogdr.txt") + "'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  CHECK(r.out.find("expected  50 GB/s busbw (--line-rate 400G: 1 NIC x 400 Gb/s for 1 GPU per node: 50 GB/s busbw)") !=
        std::string::npos);
  CHECK(r.out.find("verdict   critical") != std::string::npos);
  CHECK(r.out.find("likely causes:") == std::string::npos);  // no host: no host finding is a cause
  CHECK(r.out.find("judged against the stated line rate alone") != std::string::npos);
  const auto j = run("bw --json --line-rate 8x400G '" + bw_fixture("nccl_all_reduce_2x8_a100_oci.txt") + "'");
  CHECK(j.exit_code == 2);
  const Json doc = Json::parse(j.out);
  CHECK(doc["host_read"] == false);
  const auto& res = doc["results"].at(0);
  CHECK(res["line_rate"] == "8x400G");
  CHECK(res["expected_gbps"] == 3200.0);  // min(8 NICs, 8 GPUs) x 400 Gb/s
  CHECK(res["ratio"] == Approx(222.88 * 8 / 3200));
  // perftest against one NIC: the interleaved loopback at 195 Gb/s of 200G is ok.
  const auto p = run("bw --line-rate 200Gb/s '" + bw_fixture("perftest_write_bw_loopback_interleaved.txt") + "'");
  CHECK(p.exit_code == 0);
  CHECK(p.out.find("expected  200 Gb/s (--line-rate 200Gb/s: 200 Gb/s)") != std::string::npos);
  // With --from, the stated rate replaces the capture's 100G port and the host's findings stay causes.
  const std::string file = temp_path("at-190.txt");
  write_file(file, bw_perftest_text("190.00"));
  const auto from = run("bw --line-rate 200G --from '" + bw_example("cx6dx-healthy.json") + "' '" + file + "'");
  CHECK(from.exit_code == 0);
  CHECK(from.out.find("expected  200 Gb/s (--line-rate 200G: 200 Gb/s)") != std::string::npos);
  std::remove(file.c_str());
}

TEST_CASE("bw --line-rate: a form it cannot read is an input error with a hint") {
  for (const std::string bad : {"400GB", "400GB/s", "x400G", "0x400G", "8x", "fast", "400M", "4000G", "65x100G"}) {
    const auto r = run("bw --line-rate '" + bad + "' '" + bw_fixture("nccl_all_reduce_2x1_nogdr.txt") + "'");
    INFO(bad << ": " << r.err);
    CHECK(r.exit_code == 3);
    CHECK(r.err.find("--line-rate " + bad + ": ") != std::string::npos);
    CHECK(r.err.find("400G, 200Gb/s, 8x400G") != std::string::npos);
  }
  for (const std::string good : {"400", "400g", "8X400G", "8 x 400 Gbps", "2x200GbE", "200G"}) {
    const auto r = run("bw --line-rate '" + good + "' '" + bw_fixture("nccl_all_reduce_2x1_nogdr.txt") + "'");
    INFO(good << ": " << r.out << r.err);
    CHECK(r.exit_code == 2);
  }
}

// The stand-in perftest (tests/bwrun/fake_perftest.sh) as ib_write_bw in a directory of its own:
// the prefix that puts it first on PATH, with the mode it plays.
struct PerftestStandIn {
  std::filesystem::path dir = temp_path("perftest-bin");
  PerftestStandIn() {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    std::filesystem::copy_file(std::string(ROCE_SOURCE_DIR) + "/tests/bwrun/fake_perftest.sh", dir / "ib_write_bw");
    std::filesystem::permissions(dir / "ib_write_bw", std::filesystem::perms::owner_all);
  }
  ~PerftestStandIn() { std::filesystem::remove_all(dir); }
  std::string log() const { return (dir / "argv.log").string(); }
  std::string prefix(const std::string& mode) const {
    return "PATH='" + dir.string() + "':\"$PATH\" ROCE_FAKE_PERFTEST_MODE=" + mode + " ROCE_FAKE_PERFTEST_LOG='" +
           log() + "' ROCE_FAKE_PERFTEST_JSON='" + bw_fixture("perftest_out.json") + "'";
  }
};

// A copy of the simulated host whose ECN is off (the simulator leaves its lock file beside it).
std::string sim_ecn_off() {
  const std::string copy = temp_path("ecn-off.toml");
  std::filesystem::copy_file(std::string(ROCE_SIM_EXAMPLES_DIR) + "/ecn-off.toml", copy,
                             std::filesystem::copy_options::overwrite_existing);
  return "--host 'sim:" + copy + "' ";
}

TEST_CASE("bw --run: perftest runs with this host's flags and its result is judged as bw FILE judges it") {
  PerftestStandIn perftest;
  // The stand-in prints 36.07 Gb/s on the simulated 100G port whose ECN is off.
  const auto r = run(sim_ecn_off() + "bw --run --duration 5 --size 64KiB", perftest.prefix("text"));
  CHECK(r.exit_code == 2);
  CHECK(
      r.out.starts_with("perftest loopback run on ens1f0np0 (mlx5_0/1, 172.19.0.10, RoCE v2 GID index 1)\n"
                        "  server  ib_write_bw -d mlx5_0 -i 1 -x 1 --tclass=104 -s 65536 -D 5 -q 1 -F --report_gbits\n"
                        "  client  ib_write_bw -d mlx5_0 -i 1 -x 1 --tclass=104 -s 65536 -D 5 -q 1 -F --report_gbits "
                        "--out_json --out_json_file="));
  CHECK(r.out.find("RDMA_Write BW Test (ib_write_bw.out:2)\n  header    ") != std::string::npos);
  CHECK(r.out.find("\n  measured  36.1 Gb/s at 65536 B") != std::string::npos);
  CHECK(r.out.find("verdict   critical") != std::string::npos);
  CHECK(r.out.find("    ECN-NIC [") != std::string::npos);
  const std::string argv = slurp(perftest.log());
  CHECK(argv.find("ib_write_bw -d mlx5_0 -i 1 -x 1 --tclass=104 -s 65536 -D 5 -q 1 -F --report_gbits\n") == 0);

  // The --out_json file, when perftest writes it, is the result; --json carries the command lines.
  const auto j = run(sim_ecn_off() + "bw --run --json", perftest.prefix("json"));
  const Json doc = Json::parse(j.out);
  CHECK(doc["run"]["mode"] == "loopback");
  CHECK(doc["run"]["gid_index"] == 1);
  CHECK(doc["run"]["tclass"] == 104);
  CHECK(doc["run"]["client_command"].get<std::string>().ends_with(" 172.19.0.10"));
  CHECK(doc["results"].at(0)["format"] == "json");
  CHECK(doc["results"].at(0)["measured_gbps"] == Approx(96.88));
  CHECK(doc["results"].at(0)["verdict"] == "ok");
}

TEST_CASE("bw --run: a failed, cut-short or impossible run is a runtime error, never a number") {
  PerftestStandIn perftest;
  const auto failed = run(sim_ecn_off() + "bw --run", perftest.prefix("fail"));
  CHECK(failed.exit_code == 4);
  CHECK(failed.err.find("perftest client `ib_write_bw -d mlx5_0") != std::string::npos);
  CHECK(failed.err.find("exited with code 1; its stderr ends:\n  Couldn't connect to 172.19.0.10:18515") !=
        std::string::npos);

  const auto partial = run(sim_ecn_off() + "bw --run --json", perftest.prefix("partial"));
  CHECK(partial.exit_code == 4);
  CHECK(Json::parse(partial.out)["error"]["message"].get<std::string>().starts_with(
      "perftest ended without a complete result: ib_write_bw.out:21: perftest result table without rows"));

  const auto missing = run(sim_ecn_off() + "bw --run", "PATH=/nonexistent");
  CHECK(missing.exit_code == 4);
  CHECK(missing.err.find("perftest is not installed: no ib_write_bw in PATH") != std::string::npos);
  CHECK(missing.err.find("apt-get install perftest") != std::string::npos);

  CHECK(run(sim_ecn_off() + "bw --run --test atomic").exit_code == 3);
  CHECK(run(sim_ecn_off() + "bw --run --peer a --server").exit_code == 3);
  CHECK(run(sim_ecn_off() + "bw").exit_code == 3);
}

TEST_CASE("estimate: 2 GB over 400G is 40 ms; --within gives the rate; JSON carries seconds") {
  const auto r = run("estimate --size 2GB --rate 400G");
  CHECK(r.exit_code == 0);
  CHECK(r.out == "2GB at rate 400 Gb/s: 40 ms\n");
  const auto j = run("estimate --size 2GB --rate 400G --json");
  CHECK(Json::parse(j.out)["seconds"] == Approx(0.04));
  const auto w = run("estimate --size 2GB --within 50ms --json");
  CHECK(Json::parse(w.out)["rate_gbps_needed"] == Approx(320));
  const auto c = run("estimate --size 2GB --busbw 45 --collective all_reduce --ranks 16 --json");
  CHECK(Json::parse(c.out)["seconds"] == Approx(2e9 * 1.875 / 45e9));
  const auto bad = run("estimate --size 2GB --rate 400G --collective all_reduce");
  CHECK(bad.exit_code == 3);
  CHECK(bad.err.find("needs --ranks") != std::string::npos);
}

}  // namespace roce::test
