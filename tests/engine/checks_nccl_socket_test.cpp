// Scenario tests of NCCL-SOCKET (checks/nccl_socket.cpp).
#include "nccl_scenarios.hpp"

namespace roce::test {

TEST_CASE("NCCL-SOCKET: a job on TCP sockets on a host with RDMA devices is critical, with libibverbs as the cause") {
  LogRun run(
      "gpu-a17:100:100 [0] misc/ibvwrap.cc:63 NCCL WARN Failed to open libibverbs.so[.1]\n"
      "gpu-a17:100:100 [0] NCCL INFO NET/Socket : Using [0]ens1f0np0:172.19.0.60<0>\n"
      "gpu-a17:100:100 [0] NCCL INFO Using network Socket\n"
      "gpu-a17:100:120 [0] NCCL INFO Channel 00 : 1[0] -> 0[0] [receive] via NET/Socket/0\n");
  const auto& f = sole_nccl_finding(run.result("NCCL-SOCKET"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.netdev.empty());
  CHECK(f.title ==
        "1 of 1 NCCL processes used TCP sockets (NET/Socket), not RDMA, although gpu-a17 has RDMA devices (mlx5_0) "
        "(gpu-a17:100 [0])");
  CHECK(f.explanation.find("libibverbs could not be loaded") != std::string::npos);
  CHECK(evidence_names(f) ==
        std::vector<std::string>{"Using network", "NET/Socket device", "misc/ibvwrap.cc:63", "RDMA devices"});
  CHECK(f.evidence[2].from.locator == "job.log:1");
}

TEST_CASE("NCCL-SOCKET: on a host with ACTIVE RDMA ports that NCCL did not find, the job's environment is named") {
  // rccl2171_socket_p2pfail.log's "No device found" with the host renamed.
  LogRun run(
      "gpu-a17:100:100 [0] NCCL INFO NET/IB : No device found.\n"
      "gpu-a17:100:100 [0] NCCL INFO NET/Socket : Using [0]ens1f0np0:172.19.0.60<0>\n"
      "gpu-a17:100:100 [0] NCCL INFO Using network Socket\n"
      "gpu-a17:100:120 [0] NCCL INFO Channel 00 : 1[0] -> 0[0] [receive] via NET/Socket/0\n");
  const auto& f = sole_nccl_finding(run.result("NCCL-SOCKET"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.explanation.find("On gpu-a17 the RDMA ports mlx5_0/1 are ACTIVE: the job ran at a fraction of the speed "
                           "they carry.") != std::string::npos);
  CHECK(f.explanation.find("The log says: NCCL found no RDMA device although gpu-a17 has mlx5_0: the job's "
                           "container or namespace does not see them") != std::string::npos);
  CHECK(f.remediation.back().starts_with("run the job's container with the RDMA devices"));
}

TEST_CASE("NCCL-SOCKET: another host's processes on sockets are a warning (RDMA there unknown)") {
  LogRun run(
      "node9:7:7 [0] NCCL INFO NCCL_IB_DISABLE set by environment to 1.\n"
      "node9:7:7 [0] NCCL INFO Using network Socket\n");
  const auto& f = sole_nccl_finding(run.result("NCCL-SOCKET"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.remediation.front() == "unset NCCL_IB_DISABLE in the job's environment");
}

TEST_CASE("NCCL-SOCKET: a job on one host whose channels all stayed inside it used no network: skipped, saying so") {
  // Lines of a real single-node RCCL job (ROCm/rccl issue thread): sockets picked, P2P/IPC carried it.
  const std::string one_host =
      "9cce34ff6c6c:504930:504930 [0] NCCL INFO Kernel version: 6.5.0-14-generic\n"
      "9cce34ff6c6c:505250:505433 [1] NCCL INFO NET/Socket : Using [0]eth0:172.17.0.2<0>\n"
      "9cce34ff6c6c:505250:505433 [1] NCCL INFO Using network Socket\n"
      "9cce34ff6c6c:505250:505433 [1] NCCL INFO Channel 00/0 : 1[3000] -> 0[83000] via P2P/IPC comm 0x1725baa0 "
      "nRanks 02\n";
  LogRun run(one_host);
  const auto& r = run.result("NCCL-SOCKET");
  CHECK(r.status == Status::skipped);
  CHECK(r.skipped_reason.find("no channel went over the network") != std::string::npos);
  // The same job with one channel over the network is judged.
  LogRun net(one_host +
             "9cce34ff6c6c:505250:505433 [1] NCCL INFO Channel 01/0 : 1[3000] -> 2[3000] [send] via "
             "NET/Socket/0\n");
  CHECK(net.result("NCCL-SOCKET").status == Status::finding);
}

}  // namespace roce::test
