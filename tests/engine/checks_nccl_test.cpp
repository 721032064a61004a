// Scenario tests for the checks of a job's NCCL log (NCCL-*), on the healthy ConnectX-6 Dx host
// (gpu-a17, mlx5_0/1 = ens1f0np0, 172.19.0.60 with its RoCE v2 GID at index 3, DSCP 26 -> priority 3).
#include <catch2/catch.hpp>
#include <optional>

#include "nccl_log/summarizer.hpp"
#include "observed_run.hpp"

namespace roce::test {

using namespace roce;
using namespace roce::testing;
using engine::Severity;
using Status = engine::CheckResult::Status;

namespace {

// What a healthy job on gpu-a17 prints: the profile's DSCP 26 as TC 106, the v2 GID index 3.
const std::string kHealthy =
    "gpu-a17:100:100 [0] NCCL INFO NCCL version 2.21.5+cuda12.4\n"
    "gpu-a17:100:100 [0] NCCL INFO NCCL_IB_GID_INDEX set by environment to 3.\n"
    "gpu-a17:100:100 [0] NCCL INFO NCCL_IB_TC set by environment to 106.\n"
    "gpu-a17:100:100 [0] NCCL INFO NCCL_IB_HCA set to mlx5_0\n"
    "gpu-a17:100:100 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [RO]; OOB ens1f0np0:172.19.0.60<0>\n"
    "gpu-a17:100:100 [0] NCCL INFO Using network IB\n"
    "gpu-a17:100:120 [0] NCCL INFO comm 0x55e1 rank 0 nRanks 2 nNodes 2 localRanks 1 localRank 0 MNNVL 0\n"
    "gpu-a17:100:120 [0] NCCL INFO Channel 00/0 : 1[0] -> 0[0] [receive] via NET/IB/0/GDRDMA\n"
    "gpu-a17:100:120 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[0] [send] via NET/IB/0/GDRDMA\n";

const std::string kStatus12 =
    "gpu-a17:100:130 [0] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 172.19.0.61<40000> "
    "with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:172.19.0.60 remoteGids::ffff:172.19.0.61\n";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

struct LogRun {
  model::Host before, now;
  profile::Profile profile = profile::default_profile();
  model::Observations observations;
  std::vector<engine::CheckResult> results;

  explicit LogRun(const std::string& log, const std::function<void(model::Host&)>& edit = {},
                  Scenario s = healthy_scenario(), std::optional<model::Topology> topology = std::nullopt)
      : before(s.build_before()), now(s.build_now()) {
    if (edit) edit(before), edit(now);
    if (!log.empty()) observations.nccl_logs.push_back(nccl_log::summarize_text(log, "job.log"));
    observations.topology = std::move(topology);
    engine::Context ctx(now, &before, s.dt_seconds, profile, &observations);
    results = checks::run_checks(ctx);
  }
  const engine::CheckResult& result(std::string_view id) const {
    for (const auto& r : results)
      if (r.id == id) return r;
    FAIL("no result for " << id);
    throw std::logic_error("unreachable");
  }
  bool has_result(std::string_view id) const {
    return std::any_of(results.begin(), results.end(), [&](const auto& r) { return r.id == id; });
  }
};

const engine::Finding& sole_nccl_finding(const engine::CheckResult& r) {
  INFO(r.id << " " << engine::to_string(r.status) << " " << r.skipped_reason);
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  return r.findings[0];
}

const std::vector<const char*> kNcclChecks = {"NCCL-SOCKET", "NCCL-WC-ERROR", "NCCL-WC-FAILED", "NCCL-GID",
                                              "NCCL-TC",     "NCCL-HCA",      "NCCL-RAIL",      "NCCL-GDR"};

}  // namespace

TEST_CASE("NCCL checks: without a job log they are skipped, saying so; a healthy job's log is ok on every one") {
  LogRun none("");
  for (const char* id : kNcclChecks) {
    REQUIRE(none.has_result(id));
    CHECK(none.result(id).status == Status::skipped);
    CHECK(none.result(id).skipped_reason.find("no NCCL log given") != std::string::npos);
  }
  LogRun healthy(kHealthy);
  for (const char* id : kNcclChecks) {
    INFO(id << ": " << healthy.result(id).skipped_reason);
    CHECK(healthy.result(id).status == Status::ok);
  }
}

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

TEST_CASE("NCCL-WC-ERROR: status 12 is critical and names the port of its local GID") {
  LogRun run(kHealthy + kStatus12 + kStatus12);
  const auto& f = sole_nccl_finding(run.result("NCCL-WC-ERROR"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.netdev == "ens1f0np0");
  CHECK(f.title ==
        "packets were lost on the lossless path: 2 with status 12 (retry exceeded) in the NCCL log on ens1f0np0 "
        "(mlx5_0) (gpu-a17:100 rank 0)");
  REQUIRE(f.evidence.size() == 1);
  CHECK(f.evidence[0].value == "2x, first job.log:10, last job.log:11, localGid ::ffff:172.19.0.60");
}

TEST_CASE("NCCL-WC-ERROR: with ECN off on the host, the ECN check is ranked as the likely cause") {
  // The log of another host's process (the peer's view): a finding about the job, explained by
  // the causes on every port of the judged host.
  const std::string peer = replaced(replaced(kStatus12, "gpu-a17", "gpu-a18"), "::ffff:172.19.0.60", "::ffff:10.9.9.9");
  LogRun run(kHealthy + peer, [](model::Host& h) { *netdev(h).ecn->np[3] = false; });
  REQUIRE(run.result("ECN-NIC").status == Status::finding);
  const auto& f = sole_nccl_finding(run.result("NCCL-WC-ERROR"));
  CHECK(f.subject.netdev.empty());
  CHECK(f.caused_by == std::vector<std::string>{"ECN-NIC@ens1f0np0"});
  // With a healthy host nothing is linked.
  CHECK(sole_nccl_finding(LogRun(kHealthy + peer).result("NCCL-WC-ERROR")).caused_by.empty());
}

TEST_CASE("NCCL-WC-ERROR: the HCA the newer format names picks the port; status 13 counts, others do not") {
  LogRun run(kHealthy +
             "gpu-a17:100:130 [0] NCCL WARN NET/IB: Got completion from peer 172.19.0.61<1> with "
             "status=IBV_WC_RNR_RETRY_EXC_ERR(13) opcode=IBV_WC_SEND(0) vendor_err=135 hca mlx5_0\n"
             "gpu-a17:100:130 [0] NCCL WARN NET/IB : Got completion from peer 172.19.0.61<1> with status=5 opcode=0\n");
  const auto& f = sole_nccl_finding(run.result("NCCL-WC-ERROR"));
  CHECK(f.subject.netdev == "ens1f0np0");
  CHECK(f.title.find("1 with status 13 (RNR retry exceeded)") != std::string::npos);
}

TEST_CASE("NCCL-GID: an index of a link-local, RoCE v1 or empty entry is critical with the v2 indexes") {
  auto gid = [](const std::string& index) {
    return LogRun(replaced(kHealthy, "GID_INDEX set by environment to 3.", "GID_INDEX set by environment to " + index));
  };
  LogRun v1_run = gid("2.");
  const auto& v1 = sole_nccl_finding(v1_run.result("NCCL-GID"));
  CHECK(v1.severity == Severity::critical);
  CHECK(v1.subject.netdev == "ens1f0np0");
  CHECK(v1.title ==
        "NCCL_IB_GID_INDEX=2 on mlx5_0/1 is IB/RoCE v1, not RoCE v2; RoCE v2 GIDs of its addresses: 3 "
        "(0000:0000:0000:0000:0000:ffff:ac13:003c)");
  CHECK(sole_nccl_finding(gid("1.").result("NCCL-GID")).title.find("is the link-local GID fe80:") != std::string::npos);
  CHECK(sole_nccl_finding(gid("9.").result("NCCL-GID")).title.find("9 on mlx5_0/1 is not populated") !=
        std::string::npos);
  CHECK(gid("-1.").result("NCCL-GID").status == Status::skipped);
}

TEST_CASE("NCCL-GID: skipped when the log has no process of the judged host") {
  std::string other = kHealthy;
  for (auto at = other.find("gpu-a17"); at != std::string::npos; at = other.find("gpu-a17"))
    other.replace(at, 7, "node3");
  LogRun run(other);
  const auto& r = run.result("NCCL-GID");
  CHECK(r.status == Status::skipped);
  CHECK(r.skipped_reason == "gpu-a17: the NCCL log has no process on host gpu-a17 (its hosts: node3)");
}

TEST_CASE("NCCL-TC: TC 162 is DSCP 40, which the host maps to priority 5, not the lossless 3") {
  LogRun run(replaced(kHealthy, "to 106.", "to 162."));
  const auto& f = sole_nccl_finding(run.result("NCCL-TC"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.priority == 5);
  CHECK(f.title ==
        "NCCL_IB_TC=162 is DSCP 40, which ens1f0np0 maps to priority 5, without PFC; the lossless priority is 3 "
        "(DSCP 26)");
  CHECK(f.remediation.front() == "export NCCL_IB_TC=104   # DSCP 26, priority 3");
  // TC 105 (DSCP 26 with ECT(1)) is the lossless class too.
  CHECK(LogRun(replaced(kHealthy, "to 106.", "to 105.")).result("NCCL-TC").status == Status::ok);
}

TEST_CASE("NCCL-HCA: a device that is not on the host is critical; a named port that is down is a warning") {
  LogRun absent_run(replaced(kHealthy, "set to mlx5_0", "set to mlx5_4"));
  const auto& absent = sole_nccl_finding(absent_run.result("NCCL-HCA"));
  CHECK(absent.severity == Severity::critical);
  CHECK(absent.subject.netdev.empty());
  CHECK(absent.title == "NCCL_IB_HCA=mlx5_4 names mlx5_4, which is not on gpu-a17 (RDMA devices: mlx5_0)");
  LogRun down(kHealthy, [](model::Host& h) { rdma_port(h).state = model::Field<model::PortState>::of({1, "DOWN"}); });
  const auto& f = sole_nccl_finding(down.result("NCCL-HCA"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.netdev == "ens1f0np0");
  CHECK(f.title == "NCCL_IB_HCA names mlx5_0/1, which is DOWN");
  CHECK(LogRun(replaced(kHealthy, "set to mlx5_0", "set to ^mlx5_9")).result("NCCL-HCA").status == Status::skipped);
}

TEST_CASE("NCCL-RAIL: the card's second port, active, carries nothing while mlx5_0 carries the job") {
  LogRun run(kHealthy, [](model::Host& h) { add_second_port(h); });
  const auto& f = sole_nccl_finding(run.result("NCCL-RAIL"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.netdev == "ens1f1np1");
  CHECK(f.title == "rail mlx5_1/1 (ens1f1np1) is active but carries none of the job's traffic; mlx5_0 carry it");
}

TEST_CASE("NCCL-GDR: NCCL_NET_GDR_LEVEL=LOC forbids GPUDirect RDMA") {
  std::string log = kHealthy + "gpu-a17:100:100 [0] NCCL INFO NCCL_NET_GDR_LEVEL set by environment to LOC\n";
  for (auto at = log.find("/GDRDMA"); at != std::string::npos; at = log.find("/GDRDMA")) log.erase(at, 7);
  LogRun run(log);
  const auto& f = sole_nccl_finding(run.result("NCCL-GDR"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.netdev.empty());
  CHECK(f.title ==
        "NCCL_NET_GDR_LEVEL=LOC forbids GPUDirect RDMA in 1 process (gpu-a17:100 rank 0); 2 of 2 NET "
        "connections without GDRDMA");
}

// gpu-a17 as `nvidia-smi topo -m` and sysfs would show it: GPU0 far from mlx5_0, GPU3 (0000:18:00.0)
// below the same PCIe switch at `gpu3_mlx5_0`.
model::Topology gpu_a17_topology(model::PciDistance gpu3_mlx5_0) {
  model::Topology t;
  t.gpus = {{.name = "GPU0", .pci_address = "0000:07:00.0"}, {.name = "GPU3", .pci_address = "0000:18:00.0"}};
  t.nics = {{.name = "mlx5_0", .pci_address = "0000:1a:00.0"}};
  t.pairs = {{"GPU0", "mlx5_0", model::PciDistance::sys}, {"GPU3", "mlx5_0", gpu3_mlx5_0}};
  t.from = {"sysfs", "/sys"};
  return t;
}

// The process's GPU is CUDA device 0 of its own (CUDA_VISIBLE_DEVICES) but NVML's GPU3 at 18:00.0.
const std::string kInitRank =
    "gpu-a17:100:100 [0] NCCL INFO ncclCommInitRank comm 0x55e1 rank 0 nranks 2 cudaDev 0 nvmlDev 3 busId 18000 "
    "commId 0x7d2a - Init COMPLETE\n";

std::string without_gdr(std::string log) {
  for (auto at = log.find("/GDRDMA"); at != std::string::npos; at = log.find("/GDRDMA")) log.erase(at, 7);
  return log;
}

TEST_CASE("NCCL-GDR: GDRDMA on every NET channel with the GPU and NIC within PXB is ok") {
  LogRun run(kHealthy + kInitRank, {}, healthy_scenario(), gpu_a17_topology(model::PciDistance::pxb));
  CHECK(run.result("NCCL-GDR").status == Status::ok);
  CHECK(run.result("NCCL-GDR").findings.empty());
}

TEST_CASE("NCCL-GDR: no GDRDMA although the process's GPU (by busId, not its CUDA index) and its NIC are PXB apart") {
  LogRun run(without_gdr(kHealthy + kInitRank), {}, healthy_scenario(), gpu_a17_topology(model::PciDistance::pxb));
  const auto& f = sole_nccl_finding(run.result("NCCL-GDR"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.netdev.empty());
  CHECK(f.title ==
        "no GPUDirect RDMA in 1 process (gpu-a17:100 rank 0) although GPU3 and mlx5_0 are PXB apart; 2 NET "
        "connections without GDRDMA");
  CHECK(evidence_names(f) == std::vector<std::string>{"NET connections with /GDRDMA", "GPU3 - mlx5_0"});
  CHECK(f.evidence[1].from.source == "sysfs");
  CHECK(f.explanation.find("within the GDR level PXB (NCCL's default)") != std::string::npos);
  CHECK(f.explanation.find("nvidia-peermem") != std::string::npos);
  // Without the topology nothing says GDR was possible.
  CHECK(LogRun(without_gdr(kHealthy + kInitRank)).result("NCCL-GDR").status == Status::ok);
}

TEST_CASE("NCCL-GDR: beyond the GDR level no GDRDMA is expected, unless NCCL_NET_GDR_LEVEL reaches that far") {
  const std::string log = without_gdr(kHealthy + kInitRank);
  LogRun far(log, {}, healthy_scenario(), gpu_a17_topology(model::PciDistance::sys));
  CHECK(far.result("NCCL-GDR").status == Status::ok);
  const std::string sys = log + "gpu-a17:100:100 [0] NCCL INFO NCCL_NET_GDR_LEVEL set by environment to SYS\n";
  LogRun allowed(sys, {}, healthy_scenario(), gpu_a17_topology(model::PciDistance::sys));
  const auto& f = sole_nccl_finding(allowed.result("NCCL-GDR"));
  CHECK(f.title.find("GPU3 and mlx5_0 are SYS apart") != std::string::npos);
  CHECK(f.explanation.find("within the GDR level SYS (NCCL_NET_GDR_LEVEL)") != std::string::npos);
}

TEST_CASE("NCCL-GDR: a process whose GPU the topology does not have is skipped, saying so") {
  const std::string log = replaced(without_gdr(kHealthy + kInitRank), "busId 18000", "busId 3b000");
  LogRun run(log, {}, healthy_scenario(), gpu_a17_topology(model::PciDistance::pxb));
  const auto& r = run.result("NCCL-GDR");
  CHECK(r.findings.empty());
  CHECK(r.status == Status::ok);
  REQUIRE(r.notes.size() == 1);
  CHECK_THAT(r.notes[0], Catch::Contains("gpu-a17:100 rank 0") &&
                             Catch::Contains("its GPU (busId 3b000) is not in the topology (/sys)"));
}

TEST_CASE(
    "NCCL-GDR: NCCL 2.27's device line gives the NIC's PCI address, which finds it in a topology naming it NIC0") {
  const std::string log =
      kInitRank +
      "gpu-a17:100:100 [0] NCCL INFO NET/IB: [0] mlx5_0:uverbs0:1/RoCE provider=Mlx5 speed=100000 context=0x55 "
      "pciPath=/sys/devices/pci0000:17/0000:17:00.0/0000:18:00.0/0000:1a:00.0 ar=0\n"
      "gpu-a17:100:100 [0] NCCL INFO NET/IB : Made virtual device [0] name=mlx5_0 speed=100000 ndevs=1\n"
      "gpu-a17:100:100 [0] NCCL INFO Using network IB\n"
      "gpu-a17:100:120 [0] NCCL INFO Channel 00/0 : 1[0] -> 0[0] [receive] via NET/IB/0\n"
      "gpu-a17:100:120 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[0] [send] via NET/IB/0\n";
  // nvidia-smi's layout names NICs NIC0..; this one's second function (port 2) is the same card.
  model::Topology t = gpu_a17_topology(model::PciDistance::pxb);
  t.nics = {{.name = "NIC0", .pci_address = "0000:1a:00.1"}};
  t.pairs = {{"GPU0", "NIC0", model::PciDistance::sys}, {"GPU3", "NIC0", model::PciDistance::pxb}};
  LogRun run(log, {}, healthy_scenario(), t);
  const auto& f = sole_nccl_finding(run.result("NCCL-GDR"));
  CHECK(f.title ==
        "no GPUDirect RDMA in 1 process (gpu-a17:100 rank 0) although GPU3 and NIC0 are PXB apart; 2 NET "
        "connections without GDRDMA");
  // NCCL-RAIL reads "via NET/IB/0" as virtual device 0, mlx5_0: the rail in use.
  CHECK(run.result("NCCL-RAIL").status == Status::ok);
}

// The WARN line of a real NCCL 2.27.5 job that hung (tests/fixtures/nccl/nccl227_warn_status4.log), moved to gpu-a17.
const std::string kStatus4 =
    "[2026-03-03 12:11:38] gpu-a17:100:130 [0] transport/net_ib.cc:2453 NCCL WARN NET/IB: Got completion from peer "
    "10.99.91.63<51161> with status=4 opcode=32614 len=32614 vendor err 81 (Send) localGid ::ffff:10.99.92.59 "
    "remoteGids::ffff:10.99.91.63 hca mlx5_0\n";

TEST_CASE("NCCL-WC-FAILED: status 4 is critical on the HCA's port, named IBV_WC_LOC_PROT_ERR, with no lossless cause") {
  // ECN off on the host: a cause of status 12, never of status 4.
  LogRun run(kHealthy + kStatus4, [](model::Host& h) { *netdev(h).ecn->np[3] = false; });
  REQUIRE(run.result("ECN-NIC").status == Status::finding);
  const auto& f = sole_nccl_finding(run.result("NCCL-WC-FAILED"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.netdev == "ens1f0np0");
  CHECK(f.title ==
        "work completions failed: 1 with status 4 (IBV_WC_LOC_PROT_ERR) in the NCCL log on ens1f0np0 (mlx5_0) "
        "(gpu-a17:100 rank 0); not a loss on the lossless path");
  CHECK(f.caused_by.empty());
  CHECK(f.explanation.find("not a packet lost on the network") != std::string::npos);
  REQUIRE(f.evidence.size() == 1);
  CHECK(f.evidence[0].from.locator == "job.log:10");
  CHECK(f.evidence[0].value.find("vendor err 81") != std::string::npos);
  // Status 12 stays NCCL-WC-ERROR's; this check has nothing to say about it.
  LogRun loss(kHealthy + kStatus12);
  CHECK(loss.result("NCCL-WC-FAILED").status == Status::ok);
  CHECK(loss.result("NCCL-WC-ERROR").status == Status::finding);
}

TEST_CASE("NCCL-WC-FAILED: another host's error names its HCA; flush errors only count when nothing else failed") {
  const std::string peer = replaced(kStatus4, "gpu-a17", "gpu-a18");
  const std::string flush =
      "gpu-a18:7:9 [0] NCCL WARN NET/IB: Got completion from peer 10.0.0.1<1> with status=IBV_WC_WR_FLUSH_ERR(5) "
      "opcode=IBV_WC_SEND(0) vendor_err=249 hca mlx5_3\n";
  LogRun run(kHealthy + peer + flush);
  const auto& f = sole_nccl_finding(run.result("NCCL-WC-FAILED"));
  CHECK(f.subject.netdev.empty());
  CHECK(f.title.find("1 with status 4 (IBV_WC_LOC_PROT_ERR) in the NCCL log on mlx5_0 (gpu-a18:100 [0])") !=
        std::string::npos);
  // The same flush errors after a retry-exceeded error: the loss explains them, nothing more to say.
  CHECK(LogRun(kHealthy + kStatus12 + flush).result("NCCL-WC-FAILED").status == Status::ok);
  // Alone, they are still a failed job, whose first error the log does not hold.
  LogRun flush_only(kHealthy + flush);
  const auto& alone = sole_nccl_finding(flush_only.result("NCCL-WC-FAILED"));
  CHECK(alone.title.find("status 5 (IBV_WC_WR_FLUSH_ERR)") != std::string::npos);
  CHECK(alone.explanation.find("the error that put it there is not in the log") != std::string::npos);
}

}  // namespace roce::test
