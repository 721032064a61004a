// Which tc queue serves a priority: the RED qdisc on it and the class to attach one to.
#include <catch2/catch.hpp>

#include "model/qdisc.hpp"

namespace roce::test {

using namespace roce::model;

namespace {

Qdisc qdisc(std::string kind, std::uint32_t handle, std::uint32_t parent) {
  Qdisc q;
  q.kind = std::move(kind);
  q.handle = handle;
  q.parent = parent;
  return q;
}

Qdisc red(std::uint32_t handle, std::uint32_t parent) {
  Qdisc q = qdisc("red", handle, parent);
  q.red = RedParams{};
  return q;
}

}  // namespace

TEST_CASE("under a root ETS the priomap names the band, and band b is class major:b+1") {
  Qdisc ets = qdisc("ets", 0x10000, kTcRoot);
  ets.bands = 8;
  ets.priomap = {7, 6, 5, 4, 3, 2, 1, 0};
  const std::vector<Qdisc> qdiscs = {ets, red(0x150000, 0x10005)};
  const PrioQueue q3 = queue_for_priority(qdiscs, 3);  // band 4 -> class 1:5, where the RED is
  REQUIRE(q3.parent);
  CHECK(*q3.parent == 0x10005);
  REQUIRE(q3.red);
  CHECK(q3.red->handle == 0x150000);
  const PrioQueue q0 = queue_for_priority(qdiscs, 0);  // band 7 -> class 1:8, no RED there
  CHECK(q0.parent == std::optional<std::uint32_t>{0x10008});
  CHECK(q0.red == nullptr);
  CHECK(has_red(qdiscs));
}

TEST_CASE("sch_ets sends a priority beyond the priomap to the last band") {
  Qdisc ets = qdisc("ets", 0x20000, kTcRoot);
  ets.bands = 4;
  ets.priomap = {0, 1};
  CHECK(queue_for_priority({ets}, 6).parent == std::optional<std::uint32_t>{0x20004});
}

TEST_CASE("a root RED serves every priority; without an ETS/PRIO root there is no queue to find") {
  const std::vector<Qdisc> root_red = {red(0x10000, kTcRoot)};
  const PrioQueue q = queue_for_priority(root_red, 5);
  CHECK(q.parent == std::optional<std::uint32_t>{kTcRoot});
  CHECK(q.red == &root_red[0]);
  CHECK_FALSE(queue_for_priority({qdisc("mq", 0, kTcRoot)}, 3).parent);
  CHECK_FALSE(queue_for_priority({}, 3).parent);
  CHECK_FALSE(has_red({qdisc("mq", 0, kTcRoot)}));
}

}  // namespace roce::test
