// make_plan on the example ConnectX-6 Dx hosts (examples/): what each plan proposes, and that
// applying it (apply_change) leaves nothing to plan and none of the configuration findings it targets.
#include <catch2/catch.hpp>

#include "examples/cx6dx_example.hpp"
#include "plan_test_support.hpp"
#include "tune/apply_change.hpp"
#include "tune/headroom.hpp"

using namespace roce;
using tune::Knob;

namespace {

model::Host example(examples::Cx6dx kind) { return examples::cx6dx_sample(kind, 1); }

}  // namespace

TEST_CASE("healthy example: empty plan, no notes") {
  const auto plan = tune::make_plan(example(examples::Cx6dx::healthy), profile::default_profile());
  CHECK(plan.changes.empty());
  CHECK(test::notes_of(plan).empty());
  CHECK(plan.hostname == "gpu-node-03");
}

TEST_CASE("ecn-off example: exactly the NIC ECN enables of priority 3, with the sysfs commands") {
  const auto plan = tune::make_plan(example(examples::Cx6dx::ecn_off), profile::default_profile());
  REQUIRE(plan.changes.size() == 1);
  const auto& c = plan.changes[0];
  CHECK(c.object == tune::ObjectRef{"ens1f0np0", Knob::nic_ecn, 3});
  CHECK(std::get<tune::EcnEnable>(c.current) == tune::EcnEnable{false, false});
  CHECK(std::get<tune::EcnEnable>(c.proposed) == tune::EcnEnable{true, true});
  CHECK_FALSE(c.disruptive);
  CHECK(c.commands == std::vector<std::string>{"echo 1 > /sys/class/net/ens1f0np0/ecn/roce_np/enable/3",
                                              "echo 1 > /sys/class/net/ens1f0np0/ecn/roce_rp/enable/3"});
  REQUIRE(c.fields.size() == 2);
  CHECK(c.fields[0].field == "roce_np/enable/3");
  CHECK(c.fields[0].current == "0");
  CHECK(c.fields[0].proposed == "1");
}

TEST_CASE("trust-pcp example: trust to dscp (vendor sysfs), and the DSCP map the profile needs") {
  const auto host = example(examples::Cx6dx::trust_pcp);
  const auto plan = tune::make_plan(host, profile::default_profile());
  REQUIRE(plan.changes.size() == 2);
  const auto& trust = plan.changes[0];
  CHECK(trust.object.knob == Knob::trust);
  CHECK(std::get<std::string>(trust.current) == "pcp");
  CHECK(std::get<std::string>(trust.proposed) == "dscp");
  CHECK(trust.commands.at(0).starts_with("echo dscp > /sys/class/net/ens1f0np0/qos/trust"));
  const auto& app = plan.changes[1];
  CHECK(app.object.knob == Knob::dcb_app);
  CHECK(app.commands == std::vector<std::string>{"dcb app replace dev ens1f0np0 dscp-prio 26:3 48:6"});
  // Unrelated APP entries are kept: only the two DSCP entries are added.
  const auto& before = std::get<std::vector<model::AppEntry>>(app.current);
  const auto& after = std::get<std::vector<model::AppEntry>>(app.proposed);
  REQUIRE(after.size() == before.size() + 2);
  CHECK(std::equal(before.begin(), before.end(), after.begin()));
  CHECK(after[before.size()] == model::AppEntry{model::kAppSelDscp, 3, 26});
  CHECK(after[before.size() + 1] == model::AppEntry{model::kAppSelDscp, 6, 48});
}

TEST_CASE("headroom-small example: the lossless buffer grows to the mlx5 minimum, in whole cells") {
  const auto host = example(examples::Cx6dx::headroom_small);
  const auto plan = tune::make_plan(host, profile::default_profile());
  REQUIRE(plan.changes.size() == 1);
  const auto& c = plan.changes[0];
  CHECK(c.object.knob == Knob::dcb_buffer);
  const auto& before = std::get<model::Buffer>(c.current);
  const auto& after = std::get<model::Buffer>(c.proposed);
  const std::uint32_t min = tune::mlx5_min_lossless_buffer(100000, 7, 9000);
  CHECK(min == 65424);
  CHECK(before.buffer_size[1] == 32768);
  CHECK(after.buffer_size[1] >= min);
  CHECK(after.buffer_size[1] == 65536);  // 511.125 cells -> 512
  CHECK(after.prio2buffer == before.prio2buffer);
  CHECK(after.buffer_size[0] == before.buffer_size[0]);
  CHECK(c.commands.at(0).starts_with("dcb buffer set dev ens1f0np0 buffer-size 0:130944 1:65536 2:0"));
}

TEST_CASE("every example: after the plan is applied, planning again proposes nothing and the checks agree") {
  const auto profile = profile::default_profile();
  for (const auto& ex : examples::kExamples) {
    INFO(ex.file);
    auto host = example(ex.kind);
    const auto plan = tune::make_plan(host, profile);
    CHECK(!test::planned_findings(host, profile).empty() == !plan.empty());
    tune::apply_changes(host, plan.changes);
    CHECK(tune::make_plan(host, profile).changes.empty());
    CHECK(test::planned_findings(host, profile).empty());
  }
}

TEST_CASE("--dev narrows the plan to one netdev, by netdev or RDMA device name") {
  const auto host = example(examples::Cx6dx::ecn_off);
  CHECK(tune::make_plan(host, profile::default_profile(), {"ens1f0np0"}).changes.size() == 1);
  CHECK(tune::make_plan(host, profile::default_profile(), {"mlx5_0"}).changes.size() == 1);
  CHECK(tune::make_plan(host, profile::default_profile(), {"eth9"}).changes.empty());
}
