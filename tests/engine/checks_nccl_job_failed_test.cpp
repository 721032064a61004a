// Scenario tests of NCCL-JOB-FAILED (checks/nccl_job_failed.cpp). The failure lines are real ones
// from public issues with the host renamed to the scenario's gpu-a17 (process 100, thread 120).
#include "nccl_scenarios.hpp"

namespace roce::test {
namespace {

// github.com/NVIDIA/nccl #302: ibv_modify_qp rejects the QP's attributes, and NCCL's trace of it.
const std::string kModifyQpEinval =
    "gpu-a17:100:120 [0] misc/ibvwrap.cc:284 NCCL WARN Call to ibv_modify_qp failed with error Invalid argument\n"
    "gpu-a17:100:120 [0] NCCL INFO transport/net_ib.cc:368 -> 2\n"
    "gpu-a17:100:120 [0] NCCL INFO transport/net.cc:190 -> 2\n"
    "gpu-a17:100:120 [0] NCCL INFO init.cc:732 -> 2\n";

// github.com/NVIDIA/nccl-tests #294: the bootstrap reads an address of family 33621.
const std::string kBootstrapFamily =
    "gpu-a17:100:120 [0] misc/socket.cc:397 NCCL WARN Net : connecting to address  with family 33621 is neither "
    "AF_INET(2) nor AF_INET6(10)\n"
    "gpu-a17:100:120 [0] NCCL INFO bootstrap.cc:256 -> 3\n"
    "gpu-a17:100:120 [0] NCCL INFO init.cc:516 -> 3\n"
    "gpu-a17:100:100 [0] NCCL INFO group.cc:106 -> 3\n"
    "gpu-a17: Test NCCL failure common.cu:1057 'internal error / '\n";

bool has_text(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

}  // namespace

TEST_CASE("NCCL-JOB-FAILED: an ibv_modify_qp EINVAL is critical QP setup, the host's GID index named as its cause") {
  LogRun run(replaced(kHealthy, "GID_INDEX set by environment to 3.", "GID_INDEX set by environment to 2.") +
             kModifyQpEinval);
  const auto& f = sole_nccl_finding(run.result("NCCL-JOB-FAILED"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.netdev == "ens1f0np0");  // the one port the process listed
  CHECK(f.title ==
        "the job failed in QP setup: ibv_modify_qp failed with EINVAL (errno 22), first at job.log:10; 1 NCCL process "
        "(1 on gpu-a17: gpu-a17:100 rank 0), error returns up to init.cc:732 -> 2 (ncclSystemError)");
  CHECK(has_text(f.explanation,
                 "On gpu-a17: NCCL_IB_GID_INDEX=2 is not the RoCE v2 GID of an IPv4 address of "
                 "mlx5_0/1 (ens1f0np0) (those are 3 (172.19.0.60))."));
  REQUIRE(!f.remediation.empty());
  CHECK(f.remediation[0] == "export NCCL_IB_GID_INDEX=3   # the RoCE v2 GID of 172.19.0.60 on mlx5_0/1 (ens1f0np0)");
  CHECK(f.evidence[0].from.locator == "job.log:10");
  CHECK(f.evidence[1].value == "init.cc:732 -> 2 (ncclSystemError)");
  // NCCL-GID's finding on the same port is its likely cause.
  CHECK(std::find(f.caused_by.begin(), f.caused_by.end(), "NCCL-GID@ens1f0np0") != f.caused_by.end());

  // The right index: still a failed job, and the host's capture shows none of the causes it knows.
  LogRun right(kHealthy + kModifyQpEinval);
  const auto& g = sole_nccl_finding(right.result("NCCL-JOB-FAILED"));
  CHECK(has_text(g.explanation, "On gpu-a17 the capture shows none of these causes"));
  CHECK(g.remediation[0] == "show_gids mlx5_0; ibv_devinfo -d mlx5_0 | grep -E 'state|active_mtu'");
}

TEST_CASE("NCCL-JOB-FAILED: NCCL before 2.21 without NCCL_IB_GID_INDEX uses index 0, which is named") {
  std::string log = replaced(kHealthy, "NCCL version 2.21.5+cuda12.4", "NCCL version 2.18.3+cuda12.2");
  log = replaced(log, "gpu-a17:100:100 [0] NCCL INFO NCCL_IB_GID_INDEX set by environment to 3.\n", "");
  LogRun run(log + kModifyQpEinval);
  const auto& f = sole_nccl_finding(run.result("NCCL-JOB-FAILED"));
  CHECK(has_text(f.explanation, "NCCL 2.18 uses GID index 0 unless NCCL_IB_GID_INDEX is set"));
  CHECK(f.remediation[0].starts_with("export NCCL_IB_GID_INDEX=3"));
}

TEST_CASE("NCCL-JOB-FAILED: without NCCL_IB_GID_INDEX, the GID index and path MTU NCCL connected with are judged") {
  std::string log =
      replaced(kHealthy, "gpu-a17:100:100 [0] NCCL INFO NCCL_IB_GID_INDEX set by environment to 3.\n", "");
  // github.com/NVIDIA/nccl #1657's connection line on the scenario's host: GID 0 (fe80::, RoCE v1), mtu 5.
  log +=
      "gpu-a17:100:120 [0] NCCL INFO NET/IB: NCCL Dev 0 IbDev 0 Port 1 qpn 1047 mtu 5 query_ece={supported=1, "
      "vendor_id=0x15b3, options=0x0, comp_mask=0x0} GID 0 (80FE/1A8A41FEFF21A75E) fifoRkey=0x15e6c5 "
      "fifoLkey=0x15e6c5\n";
  LogRun run(log + kModifyQpEinval, [](model::Host& h) { *rdma_port(h).active_mtu = 1024; });
  const auto& f = sole_nccl_finding(run.result("NCCL-JOB-FAILED"));
  CHECK(has_text(f.explanation, "the GID index NCCL used, 0, is not the RoCE v2 GID of an IPv4 address of mlx5_0/1"));
  CHECK(has_text(f.explanation, "NCCL set a path MTU of 4096 bytes, above the 1024 bytes mlx5_0/1 (ens1f0np0) runs"));
  CHECK(f.remediation[0].starts_with("export NCCL_IB_GID_INDEX=3"));
}

TEST_CASE("NCCL-JOB-FAILED: a healthy log, or a warning without a trace, is no failure") {
  CHECK(LogRun(kHealthy).result("NCCL-JOB-FAILED").status == Status::ok);
  // The 2x2 RoCE sample's RAS warning, and libibverbs missing before a socket fall-back.
  LogRun warned(kHealthy +
                "gpu-a17:100:100 [0] ras/client_support.cc:181 NCCL WARN Call to bind failed: Address already in use\n"
                "gpu-a17:100:100 [0] misc/ibvwrap.cc:63 NCCL WARN Failed to open libibverbs.so[.1]\n");
  CHECK(warned.result("NCCL-JOB-FAILED").status == Status::ok);
  // The same warning followed by NCCL's trace of a failing call is a failure.
  LogRun traced(kHealthy +
                "gpu-a17:100:100 [0] ras/client_support.cc:181 NCCL WARN Call to bind failed: Address already in use\n"
                "gpu-a17:100:100 [0] NCCL INFO init.cc:1089 -> 2\n");
  const auto& f = sole_nccl_finding(traced.result("NCCL-JOB-FAILED"));
  CHECK(f.title.starts_with("the job failed on a system error (ncclSystemError): \"Call to bind failed"));
}

TEST_CASE("NCCL-JOB-FAILED: a bootstrap failure names NCCL_SOCKET_IFNAME and the interface to use on the host") {
  LogRun run(kHealthy + "gpu-a17:100:100 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to ib0\n" +
             kBootstrapFamily);
  const auto& f = sole_nccl_finding(run.result("NCCL-JOB-FAILED"));
  CHECK(f.title.starts_with(
      "the job failed in the bootstrap (the OOB socket connections between ranks): \"Net : connecting to address  "
      "with family 33621 is neither AF_INET(2) nor AF_INET6(10)\", first at job.log:11; 1 NCCL process"));
  CHECK(has_text(f.explanation, "On gpu-a17: NCCL_SOCKET_IFNAME=ib0 matches no interface of gpu-a17."));
  CHECK(f.remediation.at(1) == "export NCCL_SOCKET_IFNAME=ens1f0np0");
  CHECK(f.subject.netdev.empty());
  // nccl-tests' report of it is evidence of the same finding, not a finding of its own.
  CHECK(std::any_of(f.evidence.begin(), f.evidence.end(),
                    [](const engine::Evidence& e) { return e.name == "common.cu:1057"; }));
}

TEST_CASE("NCCL-JOB-FAILED: another host's failure is the job's, without this host's causes") {
  std::string peer = kModifyQpEinval;
  for (auto at = peer.find("gpu-a17"); at != std::string::npos; at = peer.find("gpu-a17")) peer.replace(at, 7, "a18");
  LogRun run(kHealthy + peer);
  const auto& f = sole_nccl_finding(run.result("NCCL-JOB-FAILED"));
  CHECK(has_text(f.title, "1 NCCL process (1 on a18: a18:100 [0])"));
  CHECK(f.subject.netdev.empty());
  CHECK(!has_text(f.explanation, "On gpu-a17"));
  CHECK(f.remediation.at(0) == "show_gids; ibv_devinfo -v | grep -E 'state|active_mtu'");
}

TEST_CASE("NCCL-JOB-FAILED: failures only the framework printed give one finding per class") {
  // github.com/hiyouga/LlamaFactory #7396, github.com/NVIDIA/nccl #1928
  LogRun run(kHealthy +
             "[rank0]:[E321 02:07:08.408271257 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog caught collective "
             "operation timeout: WorkNCCL(SeqNum=1580, OpType=ALLREDUCE, NumelIn=466119168, NumelOut=466119168, "
             "Timeout(ms)=600000) ran for 600060 milliseconds before timing out.\n"
             "[rank3]: torch.distributed.DistBackendError: NCCL error in: "
             "/opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3763, remote process exited or "
             "there was a network error, NCCL version 2.28.8\n");
  const auto& r = run.result("NCCL-JOB-FAILED");
  REQUIRE(r.findings.size() == 2);
  CHECK(r.findings[0].title.starts_with(
      "the job failed on a timeout: \"Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1580"));
  CHECK(r.findings[0].evidence.at(0).name == "ProcessGroupNCCL.cpp:607");
  CHECK(has_text(r.findings[0].evidence.at(0).value, ", ranks 0;"));
  CHECK(r.findings[1].title.starts_with("the job failed on a remote error (ncclRemoteError): \"NCCL error in:"));
  CHECK(r.findings[1].severity == Severity::critical);
  REQUIRE(r.findings[1].evidence.size() == 1);
  CHECK(r.findings[1].evidence[0].name == "ProcessGroupNCCL.cpp:3763");
}

TEST_CASE("NCCL-JOB-FAILED: a failed completion is the job's failure, explained by NCCL-WC-ERROR") {
  LogRun run(kHealthy + kStatus12 + "gpu-a17:100:130 [0] NCCL INFO transport/net.cc:1302 -> 6\n" +
             "gpu-a17:100:130 [0] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]\n");
  const auto& f = sole_nccl_finding(run.result("NCCL-JOB-FAILED"));
  CHECK(f.title.starts_with("the job failed on a failed work completion: \"NET/IB : Got completion from peer"));
  CHECK(has_text(f.title, "error returns up to proxy.cc:878 -> 6 (ncclRemoteError)"));
  CHECK(std::find(f.caused_by.begin(), f.caused_by.end(), "NCCL-WC-ERROR@ens1f0np0") != f.caused_by.end());
}

}  // namespace roce::test
