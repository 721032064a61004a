// Scenario tests of BUF-MAP (checks/buf_map.cpp).
#include "qos_config_scenarios.hpp"

namespace roce::test {

TEST_CASE("BUF-MAP: lossy priorities share the lossless buffer") {
  // Priorities 3 (PFC) and 0, 4 (lossy) all on buffer 1.
  Run run(configured([](model::Host& h) { netdev(h).dcb.buffer->prio2buffer = {1, 0, 0, 1, 1, 0, 0, 0}; }));
  const auto& f = only_finding(run, "BUF-MAP");
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.buffer == 1);
  CHECK(f.title == "lossless buffer 1 (PFC priority 3) is shared with lossy priority 0,4");
  REQUIRE(find_evidence(f, "dcb buffer prio-buffer"));
  CHECK(find_evidence(f, "dcb buffer prio-buffer")->value == "0:1 1:0 2:0 3:1 4:1 5:0 6:0 7:0");
  CHECK(find_evidence(f, "dcb pfc prio-pfc")->value == "0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off");
  CHECK(find_evidence(f, "dcb buffer buffer-size[1]")->value == "156928");
  CHECK(f.remediation.front() == "dcb buffer set dev ens1f0np0 prio-buffer 0:0 1:0 2:0 3:1 4:0 5:0 6:0 7:0");
}

TEST_CASE("BUF-MAP: the lossless priority on the default buffer with everything else") {
  // Firmware default: every priority on buffer 0, PFC on 3: buffer 0 is lossless and shared.
  Run run(configured([](model::Host& h) { netdev(h).dcb.buffer->prio2buffer = {}; }));
  const auto& f = only_finding(run, "BUF-MAP");
  CHECK(f.subject.buffer == 0);
  CHECK(f.title == "lossless buffer 0 (PFC priority 3) is shared with lossy priority 0,1,2,4,5,6,7");
  // Buffer 1 is the first one without PFC: the lossy priorities move there.
  CHECK(f.remediation.front() == "dcb buffer set dev ens1f0np0 prio-buffer 0:1 1:1 2:1 3:0 4:1 5:1 6:1 7:1");
}

TEST_CASE("BUF-MAP: a lossless buffer of size 0 gets mlx5's minimum; extra PFC makes a shared buffer lossless") {
  Run run(configured([](model::Host& h) {
    auto& nd = netdev(h);
    nd.dcb.buffer->buffer_size[1] = 0;
    nd.dcb.pfc->pfc_en = (1 << 3) | (1 << 0);  // PFC on 0 too: buffer 0 (0,1,2,4..7) becomes lossless
  }));
  const auto& r = run.result("BUF-MAP");
  INFO(run.describe());
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 2);
  const engine::Finding* shared = nullptr;
  const engine::Finding* empty = nullptr;
  for (const auto& f : r.findings) (f.subject.buffer == 0 ? shared : empty) = &f;
  REQUIRE(shared);
  REQUIRE(empty);
  CHECK(empty->title == "lossless buffer 1 (PFC priority 3) has size 0");
  // 100G, 7 m (PFC delay), MTU 4200: 43024 + 9216 + 128.
  CHECK(empty->remediation.front() == "dcb buffer set dev ens1f0np0 buffer-size 1:52368");
  CHECK(shared->title == "lossless buffer 0 (PFC priority 0) is shared with lossy priority 1,2,4,5,6,7");
  CHECK(shared->remediation.front() == "dcb buffer set dev ens1f0np0 prio-buffer 0:0 1:2 2:2 3:1 4:2 5:2 6:2 7:2");
}

TEST_CASE("BUF-MAP: skipped without the buffer object (bnxt_en, ice)") {
  Run run(configured([](model::Host& h) {
    netdev(h).dcb.buffer = model::missing_from_errno<model::Buffer>(EOPNOTSUPP, "DCB_ATTR_DCB_BUFFER");
  }));
  const auto& r = run.result("BUF-MAP");
  CHECK(r.status == Status::skipped);
  CHECK(contains(r.skipped_reason, "dcb-buffer unsupported"));
}

}  // namespace roce::test
