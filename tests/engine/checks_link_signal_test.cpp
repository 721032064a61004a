// Scenario tests of LINK-SIGNAL (checks/link_signal.cpp).
#include "link_scenarios.hpp"

namespace roce::test {

TEST_CASE("LINK-SIGNAL: the real 100G bad-lane dump (one sample): post-FEC errors and lane 3") {
  auto stats = captures::text::parse_ethtool_s(read_sample("mlx5_ethtool_S_100G_ofed_badlane.txt"));
  REQUIRE(stats.ok());
  model::Host h = cx6dx_host(baseline_counters(), 1000);
  netdev(h).ethtool_stats = Field<model::CounterSet>::of(*stats, {"capture", "ethtool -S p1"});
  HostRun run(h, nullptr, 0);
  const auto& r = run.result("LINK-SIGNAL");
  INFO(describe(r));
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 2);

  const auto& post = r.findings[0];
  CHECK(post.severity == Severity::critical);
  CHECK(post.title ==
        "post-FEC errors: 386 uncorrected symbol errors, 386 CRC errors since the counters were cleared (one sample)");
  CHECK(evidence_names(post) == std::vector<std::string>{"rx_pcs_symbol_err_phy", "rx_crc_errors_phy"});
  CHECK(evidence(post, "rx_crc_errors_phy").value == "386");
  CHECK_THAT(post.explanation, Contains("take two samples"));
  CHECK(post.remediation == std::vector<std::string>{"ethtool -m ens1f0np0", "ethtool -I --show-fec ens1f0np0",
                                                     "mlxlink -d 0000:b1:00.0 -m -c -e"});

  const auto& lane = r.findings[1];
  CHECK(lane.severity == Severity::warning);
  CHECK(lane.title ==
        "lane 3 carries 99.8% of corrected errors (17722623 of 17750739) since the counters were cleared (one sample)");
  CHECK(evidence_names(lane) ==
        std::vector<std::string>{"rx_err_lane_3_phy", "rx_err_lane_0_phy", "rx_err_lane_1_phy", "rx_err_lane_2_phy"});
  CHECK(evidence(lane, "rx_err_lane_0_phy").value == "28116");
  CHECK(evidence(lane, "rx_err_lane_3_phy").from.locator == "phy.lane[3].errors");

  // The dump has no rx_bits_phy: with one sample the BER is not computed, and the note says so.
  REQUIRE(r.notes.size() == 1);
  CHECK_THAT(r.notes[0], Contains("pre-FEC BER not computed: no rx_bits_phy counter"));
}

TEST_CASE("LINK-SIGNAL: pre-FEC BER over the window, bits estimated from the link speed") {
  Scenario s = healthy_scenario();
  s.now.rx_corrected_bits_phy = s.before.rx_corrected_bits_phy + 120000000;  // 1.2e8 / 6e12 bits
  const auto f = only_finding(Run(s).result("LINK-SIGNAL"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.title == "pre-FEC BER 2.0e-05 above 1e-08 in 60 s (rx_bits_phy absent: bits estimated from the link speed)");
  CHECK(evidence(f, "rx_corrected_bits_phy").delta == 120000000u);
  CHECK(evidence(f, "rx bits (estimated)").value == "6.0e+12 = 100000 Mb/s × 60 s");
}

TEST_CASE("LINK-SIGNAL: pre-FEC BER from rx_bits_phy, windowed and cumulative") {
  model::Host before = cx6dx_host(baseline_counters(), 1000000000), now = cx6dx_host(baseline_counters(), 61000000000);
  set_counter(ethtool_stats(before), "rx_bits_phy", 900000000000000);
  set_counter(ethtool_stats(now), "rx_bits_phy", 900000000000000 + 6000000000000);
  set_counter(ethtool_stats(now), "rx_corrected_bits_phy", 18804 + 60000);  // exactly 1e-8: not above
  CHECK(HostRun(now, &before, 60).result("LINK-SIGNAL").status == Status::ok);
  set_counter(ethtool_stats(now), "rx_corrected_bits_phy", 18804 + 120000);
  const auto f = only_finding(HostRun(now, &before, 60).result("LINK-SIGNAL"));
  CHECK(f.title == "pre-FEC BER 2.0e-08 above 1e-08 in 60 s");
  CHECK(evidence(f, "rx_bits_phy").delta == 6000000000000u);

  // One sample: the cumulative values, said so.
  model::Host alone = cx6dx_host(baseline_counters(), 1000000000);
  set_counter(ethtool_stats(alone), "rx_bits_phy", 1000000000000);  // 18804 corrected: 1.9e-8
  const auto c = only_finding(HostRun(alone, nullptr, 0).result("LINK-SIGNAL"));
  CHECK(c.title == "pre-FEC BER 1.9e-08 above 1e-08 since the counters were cleared (one sample)");
  CHECK(HostRun(alone, nullptr, 0).result("LINK-SIGNAL").notes.empty());

  profile::Profile p;
  p.thresholds["LINK-SIGNAL"]["max_pre_fec_ber"] = 1e-7;
  CHECK(HostRun(alone, nullptr, 0, p).result("LINK-SIGNAL").status == Status::ok);
}

TEST_CASE("LINK-SIGNAL: CRC errors in the window are critical") {
  Scenario s = healthy_scenario();
  s.before.rx_crc_errors_phy = 3;  // old ones do not count
  s.now.rx_crc_errors_phy = 15;
  const auto f = only_finding(Run(s).result("LINK-SIGNAL"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.title == "post-FEC errors: 12 CRC errors in 60 s");
  CHECK(evidence(f, "rx_crc_errors_phy").delta == 12u);
}

TEST_CASE("LINK-SIGNAL: one lane dominating over the window, above the minimum count only") {
  model::Host before = cx6dx_host(baseline_counters(), 1000000000), now = cx6dx_host(baseline_counters(), 61000000000);
  auto lanes = [&](std::uint64_t lane2) {
    for (int l = 0; l < 4; ++l) {
      const std::string name = "rx_err_lane_" + std::to_string(l) + "_phy";
      std::uint64_t b = 0;
      for (const auto& [n, v] : ethtool_stats(before).entries)
        if (n == name) b = v;
      set_counter(ethtool_stats(now), name, b + (l == 2 ? lane2 : 10));
    }
  };
  lanes(5000);  // 5030 in total: too few to judge
  CHECK(HostRun(now, &before, 60).result("LINK-SIGNAL").status == Status::ok);
  lanes(50000);
  const auto f = only_finding(HostRun(now, &before, 60).result("LINK-SIGNAL"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.title == "lane 2 carries 99.9% of corrected errors (50000 of 50030) in 60 s");
  CHECK(f.evidence[0].name == "rx_err_lane_2_phy");
  CHECK(f.evidence[0].delta == 50000u);
}

TEST_CASE("LINK-SIGNAL: a port without PHY error counters is skipped") {
  model::Host h = cx6dx_host(baseline_counters(), 1000);
  for (const char* n : {"rx_corrected_bits_phy", "rx_pcs_symbol_err_phy", "rx_crc_errors_phy", "rx_err_lane_0_phy",
                        "rx_err_lane_1_phy", "rx_err_lane_2_phy", "rx_err_lane_3_phy"})
    remove_counter(ethtool_stats(h), n);
  const auto r = HostRun(h, nullptr, 0).result("LINK-SIGNAL");
  CHECK(r.status == Status::skipped);
  CHECK_THAT(r.skipped_reason, Contains("no PHY error counters"));
}

}  // namespace roce::test
