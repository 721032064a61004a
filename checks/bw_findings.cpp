// One finding per bandwidth result that falls short of what the host's NICs can carry.
#include "checks/bw_findings.hpp"

#include <algorithm>

#include "engine/runner.hpp"

namespace roce::checks {
namespace {

std::string size_text(std::uint64_t bytes) {
  if (bytes >= (1ull << 30) && bytes % (1ull << 30) == 0) return std::to_string(bytes >> 30) + " GiB";
  if (bytes >= (1ull << 20) && bytes % (1ull << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= (1ull << 10) && bytes % (1ull << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " B";
}

std::string row_place(const model::BandwidthResult& res, const model::BandwidthRow& row) {
  return row.line ? res.from.locator.substr(0, res.from.locator.rfind(':')) + ":" + std::to_string(row.line)
                  : res.from.locator;
}

engine::Evidence row_evidence(const model::BandwidthResult& res, const model::BandwidthRow& row) {
  std::string value;
  if (res.tool == model::BandwidthTool::perftest) {
    value = bw_number(*row.average) + " " + res.unit + " average at " + size_text(row.bytes);
    if (res.unit != "Gb/sec") value += " (" + bw_number(row.gbps) + " Gb/s)";
  } else {
    value = "busbw " + bw_number(row.gbps / 8) + " GB/s at " + size_text(row.bytes);
  }
  const std::string tool = res.test.empty() ? model::to_string(res.tool) : res.test;
  return {tool, value, std::nullopt, std::nullopt, false, {model::to_string(res.tool), row_place(res, row)}};
}

}  // namespace

std::string bandwidth_label(const model::BandwidthResult& result) {
  return (result.test.empty() ? std::string(model::to_string(result.tool)) : result.test) + " (" + result.from.locator +
         ")";
}

std::vector<engine::Threshold> bandwidth_thresholds(double min_message_bytes) {
  return {{"pass_ratio", kBwPassRatio, "share of the expected bandwidth a result must reach"},
          {"critical_ratio", kBwCriticalRatio, "share below which a result is critical (at most pass_ratio)"},
          {"min_message_bytes", min_message_bytes, "smallest message size whose rows count"}};
}

void report_bandwidth(const engine::Context& ctx, engine::Reporter& r, model::BandwidthTool tool) {
  for (const auto& res : ctx.observations().bandwidth) {
    if (res.tool != tool) continue;
    const std::string name = bandwidth_label(res);
    const auto j = judge_bandwidth(ctx, res);
    if (j.verdict == BwVerdict::unjudged) {
      r.skip(name, j.unjudged_reason);
      continue;
    }
    r.evaluated();
    if (j.verdict == BwVerdict::ok) continue;
    const bool perftest = tool == model::BandwidthTool::perftest;
    const std::string measured =
        perftest ? bw_number(j.measured_gbps) + " Gb/s" : bw_number(j.measured_gbps / 8) + " GB/s busbw";
    const std::string expected =
        perftest ? bw_number(j.expected_gbps) + " Gb/s" : bw_number(j.expected_gbps / 8) + " GB/s";
    engine::Finding f{
        .severity = j.verdict == BwVerdict::critical ? engine::Severity::critical : engine::Severity::warning,
        .subject = j.port ? j.port->subject() : engine::Subject{},
        .title = name + ": " + measured + " at " + size_text(j.row->bytes) + ", " +
                 std::to_string(static_cast<int>(j.ratio * 100 + 0.5)) + "% of the expected " + expected,
        .evidence = {row_evidence(res, *j.row),
                     {"expected", j.basis, std::nullopt, std::nullopt, false, {"roce-doctor", "bw_judge"}}},
        .explanation =
            perftest
                ? "One NIC moves less than its line rate allows: operators and NVIDIA expect 90-98% of line rate "
                  "from ib_write_bw on a healthy RoCE port. The host findings listed as causes (ECN, PFC, buffers, "
                  "drops, link, PCIe, MTU, traffic class, retransmissions) are the usual reasons; without any, look "
                  "at the peer, the switch path and CPU/NUMA placement of the test."
                : "The collective's bus bandwidth stays below what the node's NICs carry together: with one NIC per "
                  "GPU a ring all_reduce over RoCE reaches 92-96% of the NICs' aggregate. The host findings listed as "
                  "causes are the usual reasons; without any, check GPUDirect RDMA (NCCL_NET_GDR_LEVEL, the GPU-NIC "
                  "topology), the NCCL algorithm (compare with NCCL_ALGO=Ring) and the other nodes.",
        .remediation = {"roce-doctor check"},
    };
    if (perftest) {
      const std::string dev = j.port               ? (j.port->device ? j.port->device->name : j.port->name())
                              : res.device.empty() ? std::string("<RDMA device>")
                                                   : res.device;
      f.remediation.push_back("ib_write_bw -d " + dev + " -x <RoCE v2 GID index> --report_gbits -s 65536 -D 10 <peer>");
    } else {
      f.remediation.push_back("NCCL_ALGO=Ring " + (res.test.empty() ? std::string("all_reduce_perf") : res.test) +
                              " -b 1G -e 4G -f 2");
    }
    r.finding(std::move(f));
  }
}

std::vector<JudgedBandwidth> judge_bandwidth_results(const engine::Context& ctx,
                                                     const std::vector<engine::Finding>& ranked) {
  std::vector<JudgedBandwidth> judged;
  for (const auto& r : ctx.observations().bandwidth) {
    JudgedBandwidth j{judge_bandwidth(ctx, r), {}, nullptr};
    // The result's finding is the one of its check whose title starts with the result's label.
    const std::string label = bandwidth_label(r) + ":";
    for (const auto& f : ranked)
      if ((f.id == kBwPerftestId || f.id == kBwNcclId) && f.title.starts_with(label)) {
        j.causes = engine::causes_of(ranked, f);
        j.finding = &f;
        break;
      }
    judged.push_back(std::move(j));
  }
  return judged;
}

engine::Verdict bandwidth_verdict(const std::vector<JudgedBandwidth>& judged, engine::Verdict host) {
  const bool none = std::all_of(judged.begin(), judged.end(),
                                [](const JudgedBandwidth& j) { return j.judgement.verdict == BwVerdict::unjudged; });
  if (host.critical == 0 && host.warning == 0 && none) host.judged = false;
  for (const auto& j : judged) {
    if (j.finding) continue;
    if (j.judgement.verdict == BwVerdict::critical) host.add(engine::Severity::critical);
    if (j.judgement.verdict == BwVerdict::warning) host.add(engine::Severity::warning);
    if (j.judgement.verdict != BwVerdict::unjudged) host.judged = true;
  }
  return host;
}

}  // namespace roce::checks
