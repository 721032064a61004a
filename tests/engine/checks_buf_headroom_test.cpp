// Scenario tests of BUF-HEADROOM (checks/buf_headroom.cpp).
#include "physics/headroom.hpp"
#include "scenario_prelude.hpp"

namespace roce::test {

TEST_CASE("BUF-HEADROOM: healthy buffer 1 holds the mlx5 minimum for 100G, 7 m, MTU 4200") {
  // 216*7/100 = 15: (301+15)*100 + 272*42 = 31600 + 11424 = 43024; + 9216 + 128 = 52368 < 156928.
  REQUIRE(physics::mlx5_min_lossless_buffer(100000, 7, 4200) == 52368u);
  CHECK(Run(healthy_scenario()).result("BUF-HEADROOM").status == Status::ok);
}

TEST_CASE("BUF-HEADROOM: a lossless buffer below the minimum is critical") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { netdev(h).dcb.buffer->buffer_size[1] = 40960; };
  Run run(s);
  const auto& r = run.result("BUF-HEADROOM");
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  const auto& f = r.findings[0];
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.buffer == 1);
  CHECK(f.title == "lossless buffer 1 is 40960 B (40.0 KiB), needs 52368 B (51.1 KiB)");
  REQUIRE(find_evidence(f, "dcb pfc delay (mlx5 cable length)"));
  CHECK(find_evidence(f, "dcb pfc delay (mlx5 cable length)")->value == "7 m");
  CHECK(find_evidence(f, "link speed")->value == "100000 Mb/s");
  CHECK(find_evidence(f, "dcb buffer buffer-size[1]")->from.locator == "ens1f0np0 DCB_ATTR_DCB_BUFFER");
  CHECK(f.remediation[0] == "dcb pfc set dev ens1f0np0 delay <cable metres>");
  CHECK(f.remediation[1] == "dcb buffer set dev ens1f0np0 buffer-size 1:52368");
}

TEST_CASE("BUF-HEADROOM: without the MTU a buffer too small at RoCE's smallest MTU is still critical") {
  // The smallest netdev MTU RoCE runs on: 256-byte RoCE MTU + 80 B of headers.
  const std::uint32_t floor = physics::mlx5_min_lossless_buffer(100000, 7, 336);
  REQUIRE(floor == 41857u);
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    netdev(h).mtu = model::Field<std::uint32_t>::missing(model::Availability::absent, "not in this capture");
    rdma_port(h).active_mtu = model::Field<std::uint32_t>::missing(model::Availability::absent, "not in this capture");
  };
  CHECK(Run(s).result("BUF-HEADROOM").status == Status::ok);  // 156928 B holds it at any MTU
  s.config = [](model::Host& h) {
    netdev(h).mtu = model::Field<std::uint32_t>::missing(model::Availability::absent, "not in this capture");
    netdev(h).dcb.buffer->buffer_size[1] = 16384;
  };
  Run run(s);
  const auto& r = run.result("BUF-HEADROOM");
  REQUIRE(r.findings.size() == 1);
  const auto& f = r.findings[0];
  CHECK(f.severity == Severity::critical);
  CHECK(f.title ==
        "lossless buffer 1 is 16384 B (16.0 KiB), needs at least 41857 B (40.9 KiB) (MTU unknown: the "
        "smallest RoCE MTU assumed)");
  REQUIRE(find_evidence(f, "mtu"));
  CHECK(find_evidence(f, "mtu")->value ==
        "336 (unknown: absent (not in this capture); the smallest RoCE runs on, 256-byte RoCE MTU + 80 B of headers)");
}

TEST_CASE("BUF-HEADROOM: the real cable from the profile raises the requirement") {
  profile::Profile p = profile::default_profile();
  p.cable_length_m = 100;  // at 100 m: 216 -> (301+216)*100 + 11424 = 63124; + 9344 = 72468
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { netdev(h).dcb.buffer->buffer_size[1] = 65536; };
  Run run(s, p);
  const auto& r = run.result("BUF-HEADROOM");
  REQUIRE(r.status == Status::finding);
  CHECK(r.findings[0].title.find("needs 72468 B") != std::string::npos);
  CHECK(find_evidence(r.findings[0], "profile link.cable_length_m")->value == "100 m");
  // With the default 7 m the same buffer is enough.
  CHECK(Run(s).result("BUF-HEADROOM").status == Status::ok);
}

TEST_CASE("BUF-HEADROOM: a buffer that no PFC priority maps to is not judged as lossless") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { netdev(h).dcb.buffer->buffer_size[0] = 4096; };  // lossy buffer 0
  CHECK(Run(s).result("BUF-HEADROOM").status == Status::ok);
}

TEST_CASE("BUF-HEADROOM: skipped when the driver has no buffer object") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    netdev(h).dcb.buffer = model::missing_from_errno<model::Buffer>(EOPNOTSUPP, "DCB_ATTR_DCB_BUFFER");
  };
  const auto r = Run(s).result("BUF-HEADROOM");
  CHECK(r.status == Status::skipped);
  CHECK(r.skipped_reason.find("dcb-buffer unsupported") != std::string::npos);
}

}  // namespace roce::test
