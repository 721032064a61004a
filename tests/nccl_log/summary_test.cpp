// The NCCL log summary: each real sample log and each line format of the research notes (NCCL's
// own format strings and real lines from public threads), gzip'd input, and the bounds.
#include <zlib.h>

#include <unistd.h>
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <string>

#include "nccl_log/reader.hpp"
#include "nccl_log/summarizer.hpp"
#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

using nccl_log::summarize_text;

namespace {

std::string sample(const std::string& name) { return std::string(ROCE_FIXTURES_DIR) + "/samples/" + name; }
std::string fixture(const std::string& name) { return std::string(ROCE_FIXTURES_DIR) + "/nccl/" + name; }

const model::NcclRank& rank_at(const model::NcclLog& log, const std::string& host, std::uint64_t pid) {
  for (const auto& r : log.ranks)
    if (r.host == host && r.pid == pid) return r;
  FAIL("no process " << host << ":" << pid);
  throw std::logic_error("unreachable");
}

void write_gzip(const std::string& path, const std::string& text) {
  gzFile f = gzopen(path.c_str(), "wb");
  REQUIRE(f != nullptr);
  REQUIRE(gzwrite(f, text.data(), static_cast<unsigned>(text.size())) == static_cast<int>(text.size()));
  REQUIRE(gzclose(f) == Z_OK);
}

}  // namespace

TEST_CASE("a 2-node RoCE run at INFO level gives each process its version, devices, OOB, variables and channels") {
  auto log = nccl_log::read_logs({sample("nccl_debug_info_2x2_roce.log")});
  REQUIRE(log.ok());
  REQUIRE(log->ranks.size() == 4);
  CHECK(log->ranks[0].host == "ubuntu2");
  CHECK(log->ranks[3].host == "ubuntu4");
  const auto& r = rank_at(*log, "ubuntu2", 321050);
  CHECK(r.cuda_device == 1);
  CHECK(r.ranks == std::vector<int>{1});
  CHECK(r.nvml_device == 1);  // "cudaDev 1 nvmlDev 1 busId b1000"
  CHECK(r.gpu_bus_id == "b1000");
  CHECK(rank_at(*log, "ubuntu4", 251907).gpu_bus_id == "69000");
  CHECK(r.version == "2.30.4+cuda13.3");
  CHECK(r.network == "IB");
  CHECK(r.net_plugin == "NET/IB");
  CHECK(r.relaxed_ordering);
  REQUIRE(r.devices.size() == 2);
  CHECK(r.devices[1].index == 1);
  CHECK(r.devices[1].name == "mlx5_1");
  CHECK(r.devices[1].port == 1);
  CHECK(r.devices[1].link_layer == "RoCE");
  CHECK(r.oob_interface == "ens16f1");
  CHECK(r.oob_address == "10.153.235.11");
  CHECK(r.env == std::map<std::string, std::string>{
                     {"NCCL_IB_GID_INDEX", "3"}, {"NCCL_IB_HCA", "mlx5_0,mlx5_1"}, {"NCCL_IB_TC", "162"}});
  // Two sends over NCCL's merged device 2, no GPUDirect RDMA ("GDR 0").
  CHECK(r.channels.net == 2);
  CHECK(r.channels.net_gdr == 0);
  CHECK(r.channels.per_net_device == std::map<int, std::uint64_t>{{2, 2}});
  CHECK(r.channels.net_transports == std::vector<std::string>{"IB"});
  CHECK(rank_at(*log, "ubuntu2", 321049).channels.shm == 2);
  CHECK(rank_at(*log, "ubuntu4", 251907).env.at("NCCL_ALGO").empty());
  // The timestamped WARN line, once per process.
  REQUIRE(r.events.size() == 1);
  CHECK(r.events[0].kind == "warning");
  CHECK(r.events[0].where == "ras/client_support.cc:181");
  CHECK(r.events[0].message == "Call to bind failed: Address already in use");
  CHECK(r.events[0].first_line == 89);
  CHECK(r.events[0].first_time == "2026-09-09 11:29:56");
  // The framework's own lines and the plugin loaders' reports are not unknown NCCL lines.
  CHECK(log->other_lines == 17);
  CHECK(log->unknown_lines == 0);
  CHECK(log->nccl_lines + log->other_lines == log->lines);
}

TEST_CASE("a job that fell back to sockets shows NET/Socket, the interface, and why (libibverbs missing)") {
  auto log = nccl_log::read_logs({sample("nccl_debug_socket_fallback.log")});
  REQUIRE(log.ok());
  CHECK(log->version == "2.7.8+cuda10.1");  // printed bare by that release
  CHECK(log->library == "NCCL");
  REQUIRE(log->ranks.size() == 4);
  const auto& r = rank_at(*log, "tesla-105", 1475);
  CHECK(r.network == "Socket");
  CHECK(r.net_plugin == "NET/Socket");
  REQUIRE(r.devices.size() == 1);
  CHECK(r.devices[0].name == "eno2");
  CHECK(r.devices[0].address == "192.168.1.105");
  CHECK_FALSE(r.devices[0].port.has_value());
  CHECK(r.oob_interface == "eno2");
  // Old channel lines: NET/Socket/0 four times, P2P/IPC twice.
  CHECK(r.channels.net == 4);
  CHECK(r.channels.p2p == 2);
  CHECK(r.channels.net_transports == std::vector<std::string>{"Socket"});
  CHECK(rank_at(*log, "tesla-105", 1477).channels.shm == 2);  // "via direct shared memory"
  REQUIRE(r.events.size() == 1);
  CHECK(r.events[0].kind == "verbs_missing");
  CHECK(r.events[0].where == "misc/ibvwrap.cc:63");
  CHECK(r.events[0].first_line == 5);
}

TEST_CASE("completion errors with status 12 are counted with their first and last line and the local GID") {
  auto log = nccl_log::read_logs({sample("nccl_warn_status12_excerpt.log")});
  REQUIRE(log.ok());
  REQUIRE(log->ranks.size() == 1);
  const auto& r = log->ranks[0];
  CHECK(r.host == "kp-ddp-worker-0");
  CHECK(r.cuda_device == 4);
  const auto& e = r.events.at(0);
  CHECK(e.kind == "completion_error");
  CHECK(e.status == 12);
  CHECK(e.count == 3);
  CHECK(e.first_line == 2);
  CHECK(e.last_line == 12);
  CHECK(e.local_gid == "fd00:1148:9000:5000:4:200:3:ff22");
  CHECK(e.where == "ib_plugin.c:1615");
  // The INFO traces of the failing calls, grouped by place and return code.
  REQUIRE(r.events.size() == 4);
  CHECK(r.events[1].kind == "error_return");
  CHECK(r.events[1].status == 6);
  CHECK(r.events[1].where == "transport/net.cc:1302");
  CHECK(r.events[1].count == 3);
}

TEST_CASE("the device line of the notes: RoCE with [RO] and OOB, IB with SHARP, a rail suffix, a plugin") {
  auto log = summarize_text(
      "dgxh100-4:460770:460842 [0] NCCL INFO NET/IB : Using [0]mlx5_10:1/RoCE [1]mlx5_11:1/RoCE [RO]; OOB "
      "enp220s0np0:11.1.128.136<0>\n"
      "dgxh100-4:460770:460842 [0] NCCL INFO Using network IB\n"
      "node7:11:12 [3] NCCL INFO NET/IB : Using [0]mlx5_1:1/IB/SHARP [1]mlx5_2:1/IB/SHARP [RO]; OOB "
      "ens7:172.27.32.104<0>\n"
      "node8:5:5 [0] NCCL INFO NET/IBext_v8 : Using [0]mlx5_4:1:1/RoCE; OOB bond0:10.0.0.8<0>\n"
      "node8:5:5 [0] NCCL INFO Using network IBext_v8\n");
  REQUIRE(log.ranks.size() == 3);
  const auto& dgx = rank_at(log, "dgxh100-4", 460770);
  CHECK(dgx.network == "IB");
  REQUIRE(dgx.devices.size() == 2);
  CHECK(dgx.devices[0].name == "mlx5_10");
  CHECK(dgx.devices[1].name == "mlx5_11");
  CHECK(dgx.relaxed_ordering);
  CHECK(dgx.oob_interface == "enp220s0np0");
  CHECK(dgx.oob_address == "11.1.128.136");
  const auto& ib = rank_at(log, "node7", 11);
  CHECK(ib.devices[0].link_layer == "IB");
  CHECK(ib.devices[0].flags == std::vector<std::string>{"SHARP"});
  const auto& ext = rank_at(log, "node8", 5);
  CHECK(ext.net_plugin == "NET/IBext_v8");
  CHECK(ext.network == "IBext_v8");
  CHECK(ext.devices[0].port == 1);
  CHECK(ext.devices[0].flags == std::vector<std::string>{"1"});
  CHECK(log.unknown_lines == 0);
}

TEST_CASE("channel lines old and new: /GDRDMA, (PCI), /Shared, NET/IBext_vN, P2P/CUMEM, SHM, and ring lines") {
  auto log = summarize_text(
      "h:1:2 [0] NCCL INFO Channel 01 : 2[c7000] -> 0[87000] [receive] via NET/IB/5/GDRDMA\n"
      "h:1:2 [0] NCCL INFO Channel 03/0 : 47[7] -> 39[7] [receive] via NET/IBext_v8/2\n"
      "h:1:2 [0] NCCL INFO Channel 04/0 : 47[7] -> 39[7] [send] via NET/IB/1(PCI)/GDRDMA/Shared\n"
      "h:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM\n"
      "h:1:2 [0] NCCL INFO Channel 00 : 2[0] -> 3[1] via SHM/direct/direct\n"
      "h:1:2 [0] NCCL INFO Channel 00/02 :    0   1   2   3\n");
  const auto& c = log.ranks.at(0).channels;
  CHECK(c.net == 3);
  CHECK(c.net_gdr == 2);
  CHECK(c.p2p == 1);
  CHECK(c.shm == 1);
  CHECK(c.per_net_device == std::map<int, std::uint64_t>{{1, 1}, {2, 1}, {5, 1}});
  CHECK(c.net_transports == std::vector<std::string>{"IB", "IBext_v8"});
  CHECK(log.unknown_lines == 0);
}

TEST_CASE("the environment echo: integers lose NCCL's trailing period, strings keep their text") {
  auto log = summarize_text(
      "h:1:1 [0] NCCL INFO NCCL_IB_ROCE_VERSION_NUM set by environment to 2.\n"
      "h:1:1 [0] NCCL INFO NCCL_IB_ADDR_FAMILY set by environment to AF_INET\n"
      "h:1:1 [0] NCCL INFO NCCL_IB_GID_INDEX set by environment to -1.\n"
      "h:1:1 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to =eth0\n");
  CHECK(log.ranks.at(0).env == std::map<std::string, std::string>{{"NCCL_IB_ADDR_FAMILY", "AF_INET"},
                                                                  {"NCCL_IB_GID_INDEX", "-1"},
                                                                  {"NCCL_IB_ROCE_VERSION_NUM", "2"},
                                                                  {"NCCL_SOCKET_IFNAME", "=eth0"}});
}

TEST_CASE("the completion error in each NCCL format: status=N, status=NAME(N) with the HCA, and 'with error N'") {
  auto log = summarize_text(
      "a:1:1 [0] NCCL WARN NET/IB : Got completion from peer 10.0.0.2<43210> with status=12 opcode=1 len=0 vendor "
      "err 129 (Send) localGid ::ffff:10.0.0.1 remoteGids::ffff:10.0.0.2\n"
      "b:2:2 [1] transport/net_ib.cc:1696 NCCL WARN NET/IB: Got completion from peer 10.0.0.1<5000> with "
      "status=IBV_WC_RETRY_EXC_ERR(12) opcode=IBV_WC_RDMA_WRITE(1) vendor_err=129  localGid ::ffff:10.0.0.2 "
      "remoteGids::ffff:10.0.0.1 hca mlx5_2\n"
      "c:3:3 [0] NCCL WARN NET/IB : Got completion from peer 10.0.0.9<1> with error 13, opcode 0, len 0, vendor err "
      "136\n");
  const auto& a = rank_at(log, "a", 1).events.at(0);
  CHECK(a.kind == "completion_error");
  CHECK(a.status == 12);
  CHECK(a.local_gid == "::ffff:10.0.0.1");
  const auto& b = rank_at(log, "b", 2).events.at(0);
  CHECK(b.status == 12);
  CHECK(b.hca == "mlx5_2");
  CHECK(b.where == "transport/net_ib.cc:1696");
  CHECK(rank_at(log, "c", 3).events.at(0).status == 13);
}

TEST_CASE("warnings are told apart: QP transition, GID table change, timeouts, others") {
  auto log = summarize_text(
      "h:1:1 [0] NCCL WARN Call to ibv_modify_qp failed with error Connection timed out\n"
      "h:1:1 [0] NCCL WARN NET/IB : GID table changed\n"
      "h:1:1 [0] NCCL WARN Timeout waiting for connection\n"
      "h:1:1 [0] NCCL WARN Something else\n"
      "h:1:1 [0] NCCL WARN Something else\n");
  const auto& e = log.ranks.at(0).events;
  REQUIRE(e.size() == 4);
  CHECK(e[0].kind == "qp_transition");
  CHECK(e[1].kind == "gid_table_changed");
  CHECK(e[2].kind == "timeout");
  CHECK(e[3].kind == "warning");
  CHECK(e[3].count == 2);
  CHECK(e[3].last_line == 5);
}

TEST_CASE("launcher labels and ISO timestamps before the prefix; framework lines and unknown NCCL lines are counted") {
  auto log = summarize_text(
      "0: node1:100:100 [0] NCCL INFO Using network IB\n"
      "2024-05-01T10:00:00.123Z node1:100:101 [0] NCCL WARN NET/IB : GID table changed\n"
      "Epoch 1: loss 0.5\n"
      "node1:100:100 [0] NCCL INFO Some line no rule reads\n");
  REQUIRE(log.ranks.size() == 1);
  CHECK(log.ranks[0].network == "IB");
  CHECK(log.ranks[0].events.at(0).first_time == "2024-05-01T10:00:00.123Z");
  CHECK(log.other_lines == 1);
  CHECK(log.unknown_lines == 1);
  CHECK(log.unknown_examples == std::vector<std::string>{"-:4: node1:100:100 [0] NCCL INFO Some line no rule reads"});
}

TEST_CASE("memory stays bounded: distinct warning kinds beyond the limit are counted, not kept") {
  nccl_log::Summarizer s;
  s.begin_source("x");
  for (int i = 0; i < 100; ++i) s.add_line("h:1:1 [0] f.cc:" + std::to_string(i) + " NCCL WARN boom");
  for (int i = 0; i < 50; ++i) s.add_line("h:1:1 [0] NCCL INFO Some line no rule reads " + std::to_string(i));
  auto log = s.finish();
  CHECK(log.ranks.at(0).events.size() == nccl_log::kMaxEventsPerRank);
  CHECK(log.events_dropped == 100 - nccl_log::kMaxEventsPerRank);
  CHECK(log.unknown_lines == 50);
  CHECK(log.unknown_examples.size() == nccl_log::kMaxUnknownExamples);
}

TEST_CASE("a gzip'd log reads the same as the plain one; a cut-off gzip stream is an error naming the line") {
  const std::string text = slurp(sample("nccl_warn_status12_excerpt.log"));
  const TempDir tmp("nccl");
  const std::string gz = tmp.path("job.log.gz");
  write_gzip(gz, text);
  auto log = nccl_log::read_logs({gz});
  REQUIRE(log.ok());
  auto plain = summarize_text(text, gz);
  CHECK(log->ranks == plain.ranks);
  CHECK(log->lines == plain.lines);

  const std::string whole = slurp(gz);
  {
    std::FILE* f = std::fopen(gz.c_str(), "wb");
    std::fwrite(whole.data(), 1, whole.size() / 2, f);
    std::fclose(f);
  }
  auto cut = nccl_log::read_logs({gz});
  REQUIRE_FALSE(cut.ok());
  CHECK(cut.error().message.find(gz + ": gzip stream ends early after line") == 0);
}

TEST_CASE("a file without any NCCL line is an input error; a missing file names itself") {
  const TempDir tmp("nccl");
  const std::string plain = tmp.path("job.txt");
  {
    std::FILE* f = std::fopen(plain.c_str(), "wb");
    std::fputs("Epoch 1: loss 0.5\nEpoch 2: loss 0.4\n", f);
    std::fclose(f);
  }
  auto none = nccl_log::read_logs({plain});
  REQUIRE_FALSE(none.ok());
  CHECK(none.error().message == plain + ": no NCCL line in 2 lines");
  CHECK(none.error().hint.find("NCCL_DEBUG=INFO") != std::string::npos);
  auto missing = nccl_log::read_logs({plain + ".nope"});
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().message == plain + ".nope: No such file or directory");
}

TEST_CASE("logs read together add up; a line split across the last chunk without newline is still read") {
  nccl_log::Summarizer s;
  REQUIRE(nccl_log::read_into(sample("nccl_debug_socket_fallback.log"), s).ok());
  REQUIRE(nccl_log::read_into(sample("nccl_warn_status12_excerpt.log"), s).ok());
  auto log = s.finish();
  CHECK(log.ranks.size() == 5);
  CHECK(log.sources.size() == 2);
  auto last = summarize_text("h:1:1 [0] NCCL INFO Using network IB");
  CHECK(last.ranks.at(0).network == "IB");
}

TEST_CASE("NCCL 2.27's own device lines give each process its devices, speed, NIC PCI address and virtual device") {
  auto log = nccl_log::read_logs({fixture("nccl227_device_lines.log")});
  REQUIRE(log.ok());
  const auto& r = rank_at(*log, "tpgds-aihub0007", 177790);
  CHECK(r.net_plugin == "NET/IB");
  REQUIRE(r.devices.size() == 1);
  const auto& d = r.devices[0];
  CHECK(d.name == "mlx5_2");
  CHECK(d.port == 1);
  CHECK(d.link_layer == "RoCE");
  CHECK(d.index == 2);
  CHECK(d.speed_mbps == 400000);
  CHECK(d.pci_address == "0000:3b:00.0");  // the last element of pciPath
  CHECK(d.virtual_index == 2);             // "Made virtual device [2] name=mlx5_2": the N of via NET/IB/N
  CHECK(d.virtual_name == "mlx5_2");
  // A device line without a virtual device line (the fragment ends there): no virtual index.
  const auto& five = rank_at(*log, "tpgds-aihub0007", 177787).devices.at(0);
  CHECK(five.name == "mlx5_5");
  CHECK(five.index == 5);
  CHECK(five.pci_address == "0000:5c:00.0");
  CHECK_FALSE(five.virtual_index.has_value());
  // Only the virtual device line of a process: the device by name, its port unknown.
  const auto& only_virtual = rank_at(*log, "tpgds-aihub0007", 177788).devices.at(0);
  CHECK(only_virtual.name == "mlx5_0");
  CHECK_FALSE(only_virtual.port.has_value());
  CHECK(only_virtual.virtual_index == 0);
  CHECK(rank_at(*log, "tpgds-aihub0007", 177793).devices.at(0).pci_address == "0000:19:00.0");
  // The device lines are NCCL's own: not unknown (the 4 unknown ones are "Call to mlx5dv_... failed").
  CHECK(log->unknown_lines == 4);
}

TEST_CASE("NCCL's format strings: a merged virtual device names both NICs; a later Using list keeps what they said") {
  // net_ib's "NET/IB: [%d] %s:%s:%d/%s provider=%s speed=%d context=%p pciPath=%s ar=%d oooRqSize=%d" and
  // "NET/IB : Made virtual device [%d] name=%s speed=%d ndevs=%d", in the order NCCL prints them.
  const auto log = summarize_text(
      "h:1:1 [0] NCCL INFO NET/IB: [0] mlx5_0:uverbs0:1/RoCE provider=Mlx5 speed=200000 context=0x1 "
      "pciPath=/sys/devices/pci0000:15/0000:15:01.0/0000:19:00.0 ar=0 oooRqSize=0\n"
      "h:1:1 [0] NCCL INFO NET/IB: [1] mlx5_1:uverbs1:1/RoCE provider=Mlx5 speed=200000 context=0x2 "
      "pciPath=/sys/devices/pci0000:15/0000:15:01.0/0000:19:00.0 ar=0 oooRqSize=0\n"
      "h:1:1 [0] NCCL INFO NET/IB : Made virtual device [2] name=mlx5_0+mlx5_1 speed=400000 ndevs=2\n"
      "h:1:1 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [1]mlx5_1:1/RoCE [RO]; OOB eth0:10.0.0.1<0>\n"
      "h:1:9 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[0] [send] via NET/IB/2/GDRDMA\n");
  REQUIRE(log.ranks.size() == 1);
  const auto& r = log.ranks[0];
  REQUIRE(r.devices.size() == 2);
  for (const auto& d : r.devices) {
    INFO(d.name);
    CHECK(d.virtual_index == 2);
    CHECK(d.virtual_name == "mlx5_0+mlx5_1");
    CHECK(d.speed_mbps == 200000);
    CHECK(d.pci_address == "0000:19:00.0");
  }
  CHECK(r.devices[1].index == 1);
  CHECK(r.channels.per_net_device == std::map<int, std::uint64_t>{{2, 1}});
  CHECK(log.unknown_lines == 0);
  // A line that is not one of these formats stays unread, never half read.
  const auto odd = summarize_text("h:1:1 [0] NCCL INFO NET/IB: [x] mlx5_0:uverbs0:1/RoCE provider=Mlx5\n");
  CHECK(odd.ranks.at(0).devices.empty());
}

TEST_CASE("RCCL's version line, bare as RCCL prints it or after the prefix, is the version, said to be RCCL") {
  auto log = nccl_log::read_logs({fixture("rccl2171_socket_p2pfail.log")});
  REQUIRE(log.ok());
  CHECK(log->version == "2.17.1+hip5.7 HEAD:cbbb3d8");
  CHECK(log->library == "RCCL");
  CHECK(log->ranks.size() == 2);
  const auto prefixed = summarize_text("h:1:1 [0] NCCL INFO RCCL version 2.20.5+hip6.1 HEAD:b1b4ba5\n");
  CHECK(prefixed.ranks.at(0).version == "2.20.5+hip6.1 HEAD:b1b4ba5");
  CHECK(prefixed.ranks.at(0).library == "RCCL");
  // Prose that mentions an RCCL version is not the version line.
  CHECK(summarize_text("we upgraded to RCCL version 2.18 yesterday\nh:1:1 [0] NCCL INFO x\n").version.empty());
}

TEST_CASE("a completion error of NCCL 2.27 with status 4 is read with its HCA, local GID and timestamp") {
  auto log = nccl_log::read_logs({fixture("nccl227_warn_status4.log")});
  REQUIRE(log.ok());
  const auto& r = rank_at(*log, "tpgds-aihub0007", 185303);
  const auto e = std::find_if(r.events.begin(), r.events.end(),
                              [](const model::NcclEvent& x) { return x.kind == "completion_error"; });
  REQUIRE(e != r.events.end());
  CHECK(e->status == 4);
  CHECK(e->hca == "mlx5_1");
  CHECK(e->local_gid == "::ffff:10.99.92.59");
  CHECK(e->where == "transport/net_ib.cc:2453");
  CHECK(e->first_time == "2026-03-03 12:11:38");
  CHECK(e->first_line == 32);
}

}  // namespace roce::test
