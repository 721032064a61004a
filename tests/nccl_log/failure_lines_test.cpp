// How a failed job reads: NCCL's failed verbs calls (with their errno), socket, plugin and abort
// lines as the process's events, and the failures PyTorch and nccl-tests print as the job's events.
// The lines are real ones from public issues (each names its thread), some with the host renamed.
#include <catch2/catch.hpp>
#include <string>

#include "nccl_log/reader.hpp"
#include "nccl_log/summarizer.hpp"
#include "support/paths.hpp"

namespace roce::test {

using nccl_log::summarize_text;

namespace {

std::string nccl_fixture(const std::string& name) { return std::string(ROCE_FIXTURES_DIR) + "/nccl/" + name; }

const model::NcclEvent* event_of(const model::NcclRank& r, const std::string& kind) {
  for (const auto& e : r.events)
    if (e.kind == kind) return &e;
  return nullptr;
}

}  // namespace

TEST_CASE("a bootstrap abort (nccl-tests #294): each rank's socket WARN and trace, nccl-tests' failure as the job's") {
  auto log = nccl_log::read_logs({nccl_fixture("nccl2183_bootstrap_family_nccltests.log")});
  REQUIRE(log);
  REQUIRE(log->ranks.size() == 9);  // 8 of h100-4, 1 of h100-2
  int failed = 0;
  for (const auto& r : log->ranks) {
    if (r.host != "h100-4") continue;
    const auto* socket = event_of(r, "socket_error");
    if (!socket) continue;  // the threads of a process are one process; each has one WARN
    ++failed;
    CHECK(socket->where == "misc/socket.cc:397");
    CHECK(socket->message.starts_with("Net : connecting to address  with family 33621"));
    const auto* trace = event_of(r, "error_return");
    REQUIRE(trace != nullptr);
    CHECK(trace->where == "bootstrap.cc:256");
    CHECK(trace->status == 3);
  }
  CHECK(failed == 8);
  // nccl-tests' line, once per rank, is one event of the job with its host; " .. h100-4 pid N:
  // Test failure common.cu:893" and the SOURCE header are not.
  REQUIRE(log->job_events.size() == 1);
  const auto& e = log->job_events[0];
  CHECK(e.kind == "job_failed");
  CHECK(e.where == "common.cu:1057");
  CHECK(e.status == 3);  // 'internal error'
  CHECK(e.count == 8);
  CHECK(e.hosts == std::vector<std::string>{"h100-4"});
  CHECK(e.first_line == 46);
  CHECK(e.message == "Test NCCL failure common.cu:1057 'internal error / '");
}

TEST_CASE("failed verbs calls are told apart and carry their errno, printed or from the error text") {
  auto log = nccl_log::read_logs({nccl_fixture("nccl256_modify_qp_einval.log")});
  REQUIRE(log);
  REQUIRE(log->ranks.size() == 1);
  const auto* qp = event_of(log->ranks[0], "qp_transition");
  REQUIRE(qp != nullptr);
  CHECK(qp->status == 22);  // "with error Invalid argument"
  CHECK(qp->where == "misc/ibvwrap.cc:284");
  CHECK(qp->first_line == 8);
  CHECK(event_of(log->ranks[0], "error_return")->where == "transport/net_ib.cc:368");

  auto lines = summarize_text(
      // google cloud's gIB troubleshooting page: NCCL 2.19+ appends the errno
      "a:1:1 [0] misc/ibvwrap.cc:160 NCCL WARN Call to ibv_modify_qp failed with error No data available errno 61\n"
      // github.com/NVIDIA/nccl-tests #185, #227
      "b:1:1 [0] misc/ibvwrap.cc:187 NCCL WARN Call to ibv_modify_qp failed with error Network is unreachable\n"
      "c:1:1 [0] ibvwrap.c:160 NCCL WARN Call to ibv_modify_qp failed with error Connection timed out.\n"
      // github.com/NVIDIA/nccl #1129 (NCCL 2.7.8): no error text
      "d:1:1 [0] misc/ibvwrap.cc:280 NCCL WARN Call to ibv_create_qp failed\n"
      "e:1:1 [0] misc/ibvwrap.cc:218 NCCL WARN Call to ibv_reg_mr failed with error Cannot allocate memory\n"
      "f:1:1 [0] misc/ibvwrap.cc:101 NCCL WARN Call to ibv_open_device failed\n");
  REQUIRE(lines.ranks.size() == 6);
  CHECK(lines.ranks[0].events.at(0).kind == "qp_transition");
  CHECK(lines.ranks[0].events.at(0).status == 61);
  CHECK(lines.ranks[1].events.at(0).status == 101);
  CHECK(lines.ranks[2].events.at(0).status == 110);
  CHECK(lines.ranks[3].events.at(0).kind == "qp_create");
  CHECK(!lines.ranks[3].events.at(0).status);
  CHECK(lines.ranks[4].events.at(0).kind == "mr_register");
  CHECK(lines.ranks[4].events.at(0).status == 12);
  CHECK(lines.ranks[5].events.at(0).kind == "verbs_call");
}

TEST_CASE("NET/IB's connection line gives the GID index and path MTU the process connected with") {
  // github.com/NVIDIA/nccl #1657: NCCL_DEBUG_SUBSYS=NET's line of a queue pair.
  auto log = summarize_text(
      "aigc-maas-instance-leader-0:88:159 [0] NCCL INFO NET/IB: NCCL Dev 0 IbDev 0 Port 1 qpn 1047 mtu 5 "
      "query_ece={supported=1, vendor_id=0x15b3, options=0x0, comp_mask=0x0} GID 0 (80FE/1A8A41FEFF21A75E) "
      "fifoRkey=0x15e6c5 fifoLkey=0x15e6c5\n"
      "aigc-maas-instance-leader-0:88:159 [0] NCCL INFO NET/IB: NCCL Dev 0 IbDev 0 Port 1 qpn 1048 mtu 3 GID 3 "
      "(0/3C0013ACFFFF0000)\n");
  REQUIRE(log.ranks.size() == 1);
  CHECK(log.ranks[0].gid_index_used == 0);  // the first connection's
  CHECK(log.ranks[0].path_mtu == 5);
  CHECK(log.unknown_lines == 0);
}

TEST_CASE("socket, plugin and abort lines; RCCL's full paths; a RAS bind warning stays a warning") {
  auto log = summarize_text(
      // github.com/NVIDIA/nccl #975 (2.18): the bootstrap's connect over a link-local address
      "n1:12251:12400 [5] misc/socket.cc:483 NCCL WARN socketStartConnect: Connect to "
      "fe80::966d:ae03:a2:8cf0%ib1<17943> failed : Software caused connection abort\n"
      "n1:12251:12400 [5] NCCL INFO bootstrap.cc:270 -> 2\n"
      // github.com/NVIDIA/nccl #795 (2.14.3): the proxy's socket, closed by the peer
      "a100:183006:183220 [1] misc/socket.cc:518 NCCL WARN Net : Call to recv from 10.200.84.247<58355> failed : "
      "Broken pipe\n"
      "a100:183006:183220 [1] proxy.cc:1119 NCCL WARN [Proxy Service 9] Failed to execute operation Connect from "
      "rank 9, retcode 6\n"
      // NCCL's own format strings: the network NCCL_NET asks for, an ABORT-level line
      "p:1:1 [0] init.cc:200 NCCL WARN Error: network IB not found.\n"
      "q:1:1 [0] NCCL ABORT comm 0x55e1 rank 0 aborting\n"
      // RCCL prints the build's whole path
      "r:1:1 [0] /opt/rccl/build/hipify/src/misc/socket.cc:397 NCCL WARN unexpected\n"
      // the 2x2 RoCE sample's RAS warning
      "u:1:1 [0] ras/client_support.cc:181 NCCL WARN Call to bind failed: Address already in use\n");
  auto kind = [&](const std::string& host, std::size_t i = 0) {
    for (const auto& r : log.ranks)
      if (r.host == host) return r.events.at(i).kind;
    return std::string("none");
  };
  CHECK(kind("n1") == "socket_error");
  CHECK(kind("n1", 1) == "error_return");
  CHECK(kind("a100") == "socket_error");
  CHECK(kind("a100", 1) == "warning");
  CHECK(kind("p") == "plugin_error");
  CHECK(kind("q") == "aborted");
  CHECK(kind("r") == "socket_error");
  CHECK(kind("u") == "warning");
  CHECK(log.job_events.empty());
}

TEST_CASE("PyTorch's failures in each form are the job's events, with their rank, location and NCCL result") {
  auto log = nccl_log::read_logs({nccl_fixture("pytorch_watchdog_timeout.log")});
  REQUIRE(log);  // no NCCL line at all, but the job's failure: read, not an input error
  CHECK(log->nccl_lines == 0);
  REQUIRE(log->job_events.size() == 1);  // the watchdog's "Exception ... detected by watchdog" lines are not counted
  const auto& t = log->job_events[0];
  CHECK(t.kind == "timeout");
  CHECK(t.where == "ProcessGroupNCCL.cpp:607");
  CHECK(t.count == 2);
  CHECK(t.ranks == std::vector<int>{0, 4});
  CHECK(t.message.starts_with("Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1580, OpType=ALLREDUCE"));

  auto remote = nccl_log::read_logs({nccl_fixture("pytorch_distbackend_remote.log")});
  REQUIRE(remote);
  REQUIRE(remote->job_events.size() == 1);
  CHECK(remote->job_events[0].kind == "job_failed");
  CHECK(remote->job_events[0].where == "ProcessGroupNCCL.cpp:3763");
  CHECK(remote->job_events[0].status == 6);
  CHECK(remote->job_events[0].ranks == std::vector<int>{3});

  auto forms = summarize_text(
      // github.com/OFA-Sys/OFA #271: the older watchdog line
      "[E ProcessGroupNCCL.cpp:737] [Rank 1] Watchdog caught collective operation timeout: "
      "WorkNCCL(SeqNum=469508, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1802212 milliseconds before timing "
      "out.\n"
      // github.com/zai-org/GLM-130B #132
      "RuntimeError: NCCL communicator was aborted on rank 2.  Original reason for failure was: [Rank 2] Watchdog "
      "caught collective operation timeout: WorkNCCL(SeqNum=10, OpType=BROADCAST, Timeout(ms)=1800000) ran for "
      "1805457 milliseconds before timing out.\n"
      // github.com/NVIDIA/nccl #1514, github.com/pytorch/pytorch #111187
      "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1275, "
      "internal error, NCCL version 2.14.3\n"
      "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1331, "
      "unhandled cuda error (run with NCCL_DEBUG=INFO for details)\n"
      // github.com/tatsu-lab/stanford_alpaca #207: the older what() of the exception
      "terminate called after throwing an instance of 'std::runtime_error' what(): NCCL error: remote process "
      "exited or there was a network error, NCCL version 2.14.3 ncclRemoteError: A call failed possibly due to a "
      "network error or a remote process exiting prematurely.\n"
      // github.com/NVIDIA/nccl-tests #41
      "ip-0AB85F07: Test NCCL failure common.cu:775 'internal error'\n");
  const auto& j = forms.job_events;
  REQUIRE(j.size() == 6);
  CHECK(j[0].kind == "timeout");
  CHECK(j[0].where == "ProcessGroupNCCL.cpp:737");
  CHECK(j[0].ranks == std::vector<int>{1});
  CHECK(j[1].kind == "aborted");
  CHECK(j[1].ranks == std::vector<int>{2});
  CHECK(j[1].message.starts_with("NCCL communicator was aborted on rank 2."));
  CHECK(j[2].where == "ProcessGroupNCCL.cpp:1275");
  CHECK(j[2].status == 3);
  CHECK(j[3].status == 1);
  CHECK(j[4].kind == "job_failed");
  CHECK(j[4].status == 6);
  CHECK(j[4].where.empty());
  CHECK(j[5].where == "common.cu:775");
  CHECK(j[5].hosts == std::vector<std::string>{"ip-0AB85F07"});
  CHECK(forms.nccl_lines == 0);
  CHECK(forms.other_lines == 6);
}

}  // namespace roce::test
