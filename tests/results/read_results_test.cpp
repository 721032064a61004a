// perftest and nccl-tests outputs, text and JSON, read into model::BandwidthResult.
#include <catch2/catch.hpp>

#include "results/read_results.hpp"
#include "support/files.hpp"
#include "support/paths.hpp"

namespace roce::test {
namespace {

using model::BandwidthTool;

std::string fixture(const std::string& name) { return slurp(std::string(ROCE_FIXTURES_DIR) + "/results/" + name); }

Expected<std::vector<model::BandwidthResult>> read(const std::string& text, const std::string& file = "r.txt") {
  return results::read_results(text, {"file", file});
}

Expected<std::vector<model::BandwidthResult>> read_fixture(const std::string& name) {
  return read(fixture(name), name);
}

}  // namespace

TEST_CASE("perftest: the real ib_send_bw block gives its header and one row in Gb/s") {
  auto r = read_fixture("perftest_send_bw_gbits.txt");
  REQUIRE(r.ok());
  REQUIRE(r->size() == 1);
  const auto& b = r->front();
  CHECK(b.tool == BandwidthTool::perftest);
  CHECK(b.test == "Send BW Test");
  CHECK(b.device == "rocep68s0");
  CHECK(b.link_type == "Ethernet");
  CHECK(b.transport == "IB");
  CHECK(b.connection == "RC");
  CHECK(b.qps == 1u);
  CHECK(b.mtu == 1024u);
  CHECK(b.gid_index == 1u);
  CHECK_FALSE(b.bidirectional);
  CHECK(b.unit == "Gb/sec");
  REQUIRE(b.rows.size() == 1);
  CHECK(b.rows[0].bytes == 65536);
  CHECK(b.rows[0].iterations == 1000u);
  CHECK(b.rows[0].peak == 36.43);
  CHECK(b.rows[0].average == 36.07);
  CHECK(b.rows[0].msg_rate_mpps == 0.068798);
  CHECK(b.rows[0].gbps == 36.07);
  CHECK(b.rows[0].line == 23);
  CHECK(b.from.locator == "perftest_send_bw_gbits.txt:2");
}

TEST_CASE("perftest: a real result cut inside its row is an error at that line, not a number") {
  auto r = read_fixture("perftest_write_bw_truncated.txt");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message.starts_with("perftest_write_bw_truncated.txt:26: truncated result row"));
}

TEST_CASE("perftest: an -a sweep in MiB/sec converts each size to Gb/s and skips a stray line") {
  auto r = read_fixture("perftest_write_bw_sweep_mib.txt");
  REQUIRE(r.ok());
  const auto& b = r->front();
  CHECK(b.test == "RDMA_Write BW Test");
  CHECK(b.device == "mlx5_0");
  CHECK(b.gid_index == 3u);
  CHECK(b.mtu == 4096u);
  CHECK(b.unit == "MiB/sec");
  REQUIRE(b.rows.size() == 6);
  CHECK(b.rows.front().bytes == 2);
  CHECK(b.rows.back().bytes == 8388608);
  // 11050.70 MiB/s = 11050.70 * 2^20 * 8 / 1e9 Gb/s
  CHECK(b.rows.back().gbps == Approx(92.70).epsilon(0.001));
}

TEST_CASE("perftest: MB/sec of older builds is also 2^20 bytes per second") {
  std::string text = fixture("perftest_write_bw_sweep_mib.txt");
  for (std::size_t at; (at = text.find("MiB/sec")) != std::string::npos;) text.replace(at, 7, "MB/sec");
  auto r = read(text);
  REQUIRE(r.ok());
  CHECK(r->front().unit == "MB/sec");
  CHECK(r->front().rows.back().gbps == Approx(92.70).epsilon(0.001));
}

TEST_CASE("perftest: -b is bidirectional, and a peak that was not measured is absent, not zero") {
  auto r = read_fixture("perftest_write_bw_bidir_duration.txt");
  REQUIRE(r.ok());
  const auto& b = r->front();
  CHECK(b.bidirectional);
  CHECK(b.device == "mlx5_3");
  CHECK(b.qps == 4u);
  REQUIRE(b.rows.size() == 1);
  CHECK_FALSE(b.rows[0].peak.has_value());
  CHECK(b.rows[0].gbps == 431.05);
}

TEST_CASE("perftest: CRLF, spaces for tabs and a header without leading space read the same") {
  std::string text = fixture("perftest_send_bw_gbits.txt");
  std::string crlf;
  for (char c : text) {
    if (c == '\t')
      crlf += "    ";
    else if (c == '\n')
      crlf += "\r\n";
    else
      crlf += c;
  }
  for (std::size_t at; (at = crlf.find("\n Dual-port")) != std::string::npos;) crlf.replace(at, 11, "\nDual-port");
  auto r = read(crlf);
  REQUIRE(r.ok());
  CHECK(r->front().device == "rocep68s0");
  CHECK(r->front().rows.at(0).gbps == 36.07);
}

TEST_CASE("perftest: both sides of one run pasted one after the other are one result; other figures two") {
  const std::string one = fixture("perftest_send_bw_gbits.txt");
  auto r = read(one + one);
  REQUIRE(r.ok());
  REQUIRE(r->size() == 1);
  CHECK(r->front().rows.size() == 1);
  CHECK(r->front().notices.at(0) ==
        "the output of both sides of one run (lines 2 and 25), with the same figures: read once");
  std::string other = one;
  other.replace(other.find("36.07"), 5, "35.90");  // ib_send_bw's receiver counts otherwise: two measurements
  auto two = read(one + other);
  REQUIRE(two.ok());
  CHECK(two->size() == 2);
  CHECK(two->front().notices.empty());
}

TEST_CASE("perftest: a real loopback whose server and client output interleave is one run, each size once") {
  auto r = read_fixture("perftest_write_bw_loopback_interleaved.txt");
  if (!r) FAIL(r.error().message);
  REQUIRE(r->size() == 1);
  const auto& res = r->front();
  CHECK(res.device == "ib0");
  CHECK(res.link_type == "IB");
  CHECK(res.mtu == 4096u);
  CHECK(res.unit == "MB/sec");
  REQUIRE(res.rows.size() == 23);  // 2 B .. 8 MiB; the repeated 8 MiB row after the dashed line is dropped
  CHECK(res.rows.front().bytes == 2);
  CHECK(res.rows.back().bytes == 8388608);
  CHECK(res.rows.back().peak_gbps == Approx(23240.68 * 1048576 * 8 / 1e9));
  REQUIRE(res.notices.size() == 1);
  CHECK(res.notices[0] ==
        "server and client output interleaved (titles at lines 6 and 12): read as one run, each message size once");
}

TEST_CASE("perftest: a real loopback printing one side after the other with the same figures is one run") {
  auto r = read_fixture("perftest_write_bw_loopback_sequential.txt");
  if (!r) FAIL(r.error().message);
  REQUIRE(r->size() == 1);
  REQUIRE(r->front().rows.size() == 1);
  CHECK(r->front().rows[0].average == 24056.72);
  CHECK(r->front().notices.at(0).starts_with("the output of both sides of one run (lines 2 and 24)"));
}

TEST_CASE("perftest: a real bidirectional -a sweep over 4 QPs, server then client, newer header lines") {
  auto r = read_fixture("perftest_write_bw_bidir_sweep_ionic.txt");
  if (!r) FAIL(r.error().message);
  REQUIRE(r->size() == 1);
  const auto& res = r->front();
  CHECK(res.bidirectional);
  CHECK(res.device == "ionic_1");
  CHECK(res.qps == 4u);
  CHECK(res.gid_index == 1u);
  REQUIRE(res.rows.size() == 23);
  CHECK(res.rows.back().gbps == 777.79);
  CHECK(res.rows.back().peak_gbps == 778.53);
  CHECK(res.notices.at(0) == "the output of both sides of one run (lines 11 and 78), with the same figures: read once");
}

TEST_CASE("perftest: interleaved sides whose devices differ keep the first; a cut side is still truncated") {
  std::string text = fixture("perftest_write_bw_loopback_interleaved.txt");
  const auto second_title = text.find("RDMA_Write BW Test", text.find("RDMA_Write BW Test") + 1);
  text.replace(text.find("Device         : ib0", second_title), 20, "Device         : ib1");
  auto r = read(text);
  REQUIRE(r.ok());
  CHECK(r->front().device == "ib0");
  CHECK(r->front().notices.at(0) == "the two sides name devices ib0 and ib1: ib0 is judged");
  // The other side's copy of a size with other figures is kept, and said.
  std::string apart = fixture("perftest_write_bw_loopback_interleaved.txt");
  const auto last = apart.rfind("8388608    2000             23240.68            23240.68");
  apart.replace(apart.find("23240.68", last + 30), 8, "23100.00");
  auto kept = read(apart);
  REQUIRE(kept.ok());
  CHECK(kept->front().rows.size() == 24);
  CHECK(kept->front().notices.at(0).starts_with("the interleaved sides print some message sizes with different"));
  // Two titles but one table header: the first side's output was cut before its table.
  const std::string one = fixture("perftest_send_bw_gbits.txt");
  auto cut = read(one.substr(0, one.find(" Link type")) + one.substr(one.find("\n") + 1));
  REQUIRE_FALSE(cut.ok());
  CHECK(cut.error().message == "r.txt:2: perftest header without a result table: the output is truncated");
}

TEST_CASE("perftest: every prefix of a real output reads or is refused, never crashes") {
  const std::string text = fixture("perftest_write_bw_loopback_interleaved.txt");
  std::size_t read_ok = 0;
  for (std::size_t n = 0; n <= text.size(); n += 7) read_ok += read(text.substr(0, n)).ok() ? 1 : 0;
  CHECK(read_ok > 0);
}

TEST_CASE("perftest: a header with no table, a table with no rows, a latency test are errors") {
  const std::string text = fixture("perftest_send_bw_gbits.txt");
  auto no_table = read(text.substr(0, text.find(" #bytes")));
  REQUIRE_FALSE(no_table.ok());
  CHECK(no_table.error().message == "r.txt:2: perftest header without a result table: the output is truncated");
  auto no_rows = read(text.substr(0, text.find(" 65536")));
  REQUIRE_FALSE(no_rows.ok());
  CHECK(no_rows.error().message == "r.txt:22: perftest result table without rows: the output is truncated");
  auto lat = read("                    RDMA_Write Latency Test\n #bytes #iterations    t_min[usec]\n");
  REQUIRE_FALSE(lat.ok());
  CHECK(lat.error().message.starts_with("r.txt:1: a perftest latency test"));
  auto unit =
      read(" #bytes     #iterations    BW peak[Kb/sec]    BW average[Kb/sec]   MsgRate[Mpps]\n 65536 10 1 1 1\n");
  REQUIRE_FALSE(unit.ok());
  CHECK(unit.error().message.starts_with("r.txt:1: unknown bandwidth unit"));
}

TEST_CASE("perftest: a run that failed after its header is reported with perftest's own error line") {
  auto r = read_fixture("perftest_read_bw_failed.txt");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message ==
        "perftest_read_bw_failed.txt:21: the perftest run failed before a result: 'ethernet_read_keys: Couldn't read "
        "remote address'");
  CHECK(r.error().hint.find("run it again") != std::string::npos);
}

TEST_CASE("perftest: a table without the BW peak column reads its average by the header") {
  auto r = read_fixture("perftest_read_bw_no_peak.txt");
  REQUIRE(r.ok());
  REQUIRE(r->size() == 1);
  const auto& b = r->front();
  CHECK(b.test == "RDMA_Read BW Test");
  REQUIRE(b.rows.size() == 1);
  CHECK(b.rows[0].bytes == 1048576);
  CHECK(b.rows[0].iterations == 93205u);
  CHECK_FALSE(b.rows[0].peak.has_value());
  CHECK(b.rows[0].average == 23302.26);
  CHECK(b.rows[0].msg_rate_mpps == 0.023302);
  CHECK(b.rows[0].gbps == Approx(23302.26 * 1048576 * 8 / 1e9));
  auto cut = read(" #bytes  #iterations  BW average[MB/sec]  MsgRate[Mpps]\n 1048576  93205  23302.26\n");
  REQUIRE_FALSE(cut.ok());
  CHECK(cut.error().message.starts_with("r.txt:2: truncated result row (3 of 4 columns)"));
}

TEST_CASE("perftest --out_json: header keys, one size, and the unit from the message rate") {
  auto r = read_fixture("perftest_out.json");
  REQUIRE(r.ok());
  const auto& b = r->front();
  CHECK(b.format == "json");
  CHECK(b.test == "RDMA_Write_BW_Test");
  CHECK(b.device == "mlx5_0");
  CHECK(b.gid_index == 3u);
  CHECK(b.mtu == 4096u);
  CHECK(b.link_type == "Ethernet");
  CHECK(b.unit == "Gb/sec");  // 65536 B x 0.184784 Mpps = 96.88 Gb/s
  REQUIRE(b.rows.size() == 1);
  CHECK(b.rows[0].gbps == 96.88);
  CHECK(b.rows[0].peak == 97.12);
}

TEST_CASE("perftest --out_json: MiB/s is recognised, a cut file is located, an inconsistent rate refused") {
  std::string text = fixture("perftest_out.json");
  const std::string gbits = "\"BW_average\": 96.88", mib = "\"BW_average\": 11548.99";  // 96.88e9/8/2^20
  text.replace(text.find(gbits), gbits.size(), mib);
  auto r = read(text);
  REQUIRE(r.ok());
  CHECK(r->front().unit == "MiB/sec");
  CHECK(r->front().rows[0].gbps == Approx(96.88).epsilon(0.001));

  auto cut = read(text.substr(0, text.find("\"MsgRate\"")), "out.json");
  REQUIRE_FALSE(cut.ok());
  CHECK(cut.error().message.starts_with("out.json:28:1: not valid perftest --out_json JSON"));

  std::string odd = fixture("perftest_out.json");
  odd.replace(odd.find("0.184784"), 8, "0.500000");
  auto bad = read(odd, "out.json");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message.find("matches neither Gb/s nor MiB/s") != std::string::npos);
}

TEST_CASE("nccl-tests: a whole run gives ranks, hosts, both sides per size and the summary") {
  auto r = read_fixture("nccl_all_reduce_2x1_nogdr.txt");
  REQUIRE(r.ok());
  REQUIRE(r->size() == 1);
  const auto& b = r->front();
  CHECK(b.tool == BandwidthTool::nccl_tests);
  CHECK(b.test == "all_reduce_perf");
  CHECK(b.unit == "GB/s");
  REQUIRE(b.ranks.size() == 2);
  CHECK(b.ranks[1].host == "gpu-a02");
  CHECK(b.ranks[1].bus_id == "0000:1b:00");
  CHECK(b.ranks[1].name == "NVIDIA H100 80GB HBM3");
  CHECK(model::rank_hosts(b) == std::vector<std::string>{"gpu-a01", "gpu-a02"});
  REQUIRE(b.rows.size() == 4);
  const auto& last = b.rows.back();
  CHECK(last.bytes == 2147483648ull);
  CHECK(last.count == 536870912u);
  CHECK(last.type == "float");
  CHECK(last.redop == "sum");
  CHECK(last.root == "-1");
  CHECK(last.out_of_place->busbw == 15.02);
  CHECK(last.in_place->busbw == 15.01);
  CHECK(last.in_place->wrong == "0");
  CHECK(last.gbps == Approx(15.02 * 8));
  CHECK(b.out_of_bounds == 0u);
  CHECK(b.avg_busbw == 14.8525);
  CHECK(b.footer);
  CHECK(b.from.locator == "nccl_all_reduce_2x1_nogdr.txt:2");
}

TEST_CASE("nccl-tests: real rows without header or summary are read; the real header alone is truncated") {
  auto rows = read_fixture("nccl_all_reduce_rows.txt");
  REQUIRE(rows.ok());
  const auto& b = rows->front();
  REQUIRE(b.rows.size() == 11);
  CHECK_FALSE(b.footer);
  CHECK(b.rows.back().bytes == 33554432);
  CHECK(b.rows.back().in_place->busbw == 300.52);
  CHECK(b.rows.back().gbps == Approx(300.52 * 8));

  auto header = read_fixture("nccl_all_reduce_header_only.txt");
  REQUIRE_FALSE(header.ok());
  CHECK(header.error().message ==
        "nccl_all_reduce_header_only.txt:5: nccl-tests output without result rows: the output is truncated");
}

TEST_CASE("a row whose size has more digits than 64 bits hold is an error at its line, never a crash") {
  // Found by fuzz_results from the real OCI fixture: the first row's size grown to 30 digits.
  std::string nccl = fixture("nccl_all_reduce_2x8_a100_oci.txt");
  const auto size_at = nccl.find(" 10737418240    2684354560");
  REQUIRE(size_at != std::string::npos);
  nccl.replace(size_at + 1, 11, std::string(30, '1'));
  auto n = read(nccl, "oci.txt");
  REQUIRE_FALSE(n.ok());
  CHECK_THAT(n.error().message, Catch::Contains("nccl-tests row with an unreadable size"));

  std::string perftest = fixture("perftest_send_bw_gbits.txt");
  const auto row_at = perftest.find(" 65536 ");
  REQUIRE(row_at != std::string::npos);
  perftest.replace(row_at + 1, 5, std::string(30, '9'));
  auto p = read(perftest, "send.txt");  // not a row (too long a number): the table has none
  REQUIRE_FALSE(p.ok());
  CHECK_THAT(p.error().message, Catch::StartsWith("send.txt:"));
}

TEST_CASE("nccl-tests: the old layout (error column, no root), alltoall's empty redop, launcher prefixes") {
  const std::string old =
      "#       size         count      type   redop     time   algbw   busbw  error     time   algbw   busbw  error\n"
      "   134217728      33554432     float     sum    10230   13.12   24.60  2e-07    10198   13.16   24.68  2e-07\n"
      " Out of bounds values : 2 FAILED\n"
      " Avg bus bandwidth    : 24.64 \n";
  auto a = read(old);
  REQUIRE(a.ok());
  CHECK(a->front().rows[0].redop == "sum");
  CHECK(a->front().rows[0].root.empty());
  CHECK(a->front().rows[0].out_of_place->wrong == "2e-07");
  CHECK(a->front().out_of_bounds == 2u);

  const std::string alltoall =
      "[1,0]<stdout>:#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   "
      "algbw   busbw  #wrong\n"
      "[1,0]<stdout>:   268435456       4194304     float              -1    11839   22.67   21.26       0    11840   "
      "22.67   21.25     N/A\n"
      " 0: bad-node:1234:1234 [0] NCCL INFO comm 0x55 rank 0 nranks 16\n"
      "[1,0]<stdout>:# Avg bus bandwidth    : 21.255 \n";
  auto t = read(alltoall);
  REQUIRE(t.ok());
  REQUIRE(t->front().rows.size() == 1);
  CHECK(t->front().rows[0].redop.empty());
  CHECK(t->front().rows[0].root == "-1");
  CHECK(t->front().rows[0].in_place->wrong == "N/A");
  CHECK(t->front().avg_busbw == 21.255);
}

TEST_CASE("nccl-tests: a real old-layout run on one node and a real 2 x 8 run give their ranks and figures") {
  auto old = read_fixture("nccl_all_reduce_1x8_old_layout.txt");
  if (!old) FAIL(old.error().message);
  REQUIRE(old->size() == 1);
  CHECK(old->front().rows.size() == 34);
  CHECK(old->front().ranks.size() == 8);
  CHECK(model::rank_hosts(old->front()) == std::vector<std::string>{"localhost"});
  CHECK(old->front().ranks[0].name == "A100-SXM4-40GB");
  CHECK(old->front().rows.back().in_place->busbw == 235.03);
  CHECK(old->front().avg_busbw == 68.4048);

  auto gather = read_fixture("nccl_all_gather_1x8_old_layout.txt");
  if (!gather) FAIL(gather.error().message);
  REQUIRE(gather->front().rows.size() == 34);
  CHECK(gather->front().rows.back().redop.empty());
  CHECK(gather->front().rows.back().out_of_place->busbw == 223.39);
  CHECK(gather->front().rows.back().in_place->busbw == 230.07);

  auto oci = read_fixture("nccl_all_reduce_2x8_a100_oci.txt");
  if (!oci) FAIL(oci.error().message);
  const auto& r = oci->front();
  CHECK(r.ranks.size() == 16);
  CHECK(model::rank_hosts(r) == std::vector<std::string>{"inst-d5ige-comp", "inst-swgen-comp"});
  CHECK(r.ranks[8].bus_id == "0x0f");
  REQUIRE(r.rows.size() == 1);
  CHECK(r.rows[0].bytes == 10737418240ull);
  CHECK(r.rows[0].out_of_place->busbw == 222.88);
  CHECK(r.avg_busbw == 220.921);
}

TEST_CASE("nccl-tests: two collectives in one file are two results; a cut row is located") {
  const std::string run = fixture("nccl_all_reduce_2x1_nogdr.txt");
  std::string second = run;
  for (std::size_t at; (at = second.find("all_reduce_perf")) != std::string::npos;)
    second.replace(at, 15, "all_gather_perf");
  auto r = read(run + second);
  REQUIRE(r.ok());
  REQUIRE(r->size() == 2);
  CHECK(r->at(1).test == "all_gather_perf");
  CHECK(r->at(1).ranks.size() == 2);
  CHECK(r->at(1).rows.size() == 4);

  auto cut = read(run.substr(0, run.find("   18411")));
  REQUIRE_FALSE(cut.ok());
  CHECK(cut.error().message.starts_with("r.txt:13: truncated nccl-tests row"));
}

TEST_CASE("nccl-tests -J: devices, rows with both sides, summary; the collective from args[0]") {
  auto r = read_fixture("nccl_all_reduce_2x8.json");
  REQUIRE(r.ok());
  const auto& b = r->front();
  CHECK(b.format == "json");
  CHECK(b.test == "all_reduce_perf");
  CHECK(b.ranks.size() == 16);
  CHECK(model::rank_hosts(b).size() == 2);
  REQUIRE(b.rows.size() == 2);
  CHECK(b.rows[1].root == "-1");
  CHECK(b.rows[1].out_of_place->busbw == Approx(231.12));
  CHECK(b.rows[1].gbps == Approx(231.12 * 8));
  CHECK(b.out_of_bounds == 0u);
  CHECK(b.avg_busbw == Approx(230.265));

  const std::string whole = fixture("nccl_all_reduce_2x8.json");
  auto cut = read(whole.substr(0, whole.find("\"out_of_bounds\"")), "n.json");
  REQUIRE_FALSE(cut.ok());
  CHECK(cut.error().message.starts_with("n.json:1:" + std::to_string(whole.find("\"out_of_bounds\"") + 1) +
                                        ": not valid"));
}

TEST_CASE("unknown text and empty input are errors naming the file") {
  auto r = read("hello\nworld\n", "x.log");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message == "x.log: not perftest or nccl-tests output");
  CHECK_FALSE(read("").ok());
  CHECK_FALSE(read("{\"a\": 1}").ok());
  CHECK(results::looks_like_results(fixture("nccl_all_reduce_rows.txt")));
  CHECK_FALSE(results::looks_like_results("eth0: flags=4163<UP>  mtu 1500\n"));
}

}  // namespace roce::test
