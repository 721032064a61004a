// make_plan on the example ConnectX-6 Dx hosts (examples/): what each plan proposes, and that
// applying it (apply_change) leaves nothing to plan and none of the configuration findings it targets.
#include <catch2/catch.hpp>

#include "examples/cx6dx_example.hpp"
#include "physics/headroom.hpp"
#include "plan_test_support.hpp"
#include "tune/apply_change.hpp"

namespace roce::test {

using namespace roce;
using system::Knob;

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
  CHECK(c.object == system::ObjectRef{"ens1f0np0", Knob::nic_ecn, 3});
  CHECK(std::get<system::EcnEnable>(c.current) == system::EcnEnable{false, false});
  CHECK(std::get<system::EcnEnable>(c.proposed) == system::EcnEnable{true, true});
  CHECK_FALSE(c.disruptive);
  CHECK(c.commands == std::vector<std::string>{"echo 1 > /sys/class/net/ens1f0np0/ecn/roce_np/enable/3",
                                               "echo 1 > /sys/class/net/ens1f0np0/ecn/roce_rp/enable/3"});
  REQUIRE(c.fields.size() == 2);
  CHECK(c.fields[0].field == "roce_np/enable/3");
  CHECK(c.fields[0].current == "0");
  CHECK(c.fields[0].proposed == "1");
}

TEST_CASE("trust-pcp example: the DSCP map the profile needs, one object per DSCP, then trust to dscp") {
  const auto host = example(examples::Cx6dx::trust_pcp);
  const auto plan = tune::make_plan(host, profile::default_profile());
  REQUIRE(plan.changes.size() == 3);
  // The APP entries first: on mlx5 a rollback then restores PCP trust before the entries.
  const auto& rocev2 = plan.changes[0];
  CHECK(rocev2.object == system::ObjectRef{"ens1f0np0", Knob::dcb_app, system::app_key(model::kAppSelDscp, 26)});
  CHECK(system::to_string(rocev2.object) == "ens1f0np0 dcb app dscp 26");
  CHECK(std::get<std::vector<model::AppEntry>>(rocev2.current).empty());
  CHECK(std::get<std::vector<model::AppEntry>>(rocev2.proposed) ==
        std::vector<model::AppEntry>{{model::kAppSelDscp, 3, 26}});
  CHECK(rocev2.commands == std::vector<std::string>{"dcb app replace dev ens1f0np0 dscp-prio 26:3 48:6"});
  const auto& cnp = plan.changes[1];
  CHECK(cnp.object.index == system::app_key(model::kAppSelDscp, 48));
  CHECK(std::get<std::vector<model::AppEntry>>(cnp.proposed) ==
        std::vector<model::AppEntry>{{model::kAppSelDscp, 6, 48}});
  CHECK(cnp.commands.empty());  // the first change's command covers it
  const auto& trust = plan.changes[2];
  CHECK(trust.object.knob == Knob::trust);
  CHECK(std::get<std::string>(trust.current) == "pcp");
  CHECK(std::get<std::string>(trust.proposed) == "dscp");
  CHECK(trust.commands.at(0).starts_with("echo dscp > /sys/class/net/ens1f0np0/qos/trust"));
  // Applied to the model, unrelated APP entries are kept: only the two DSCP entries are added.
  auto after = host;
  tune::apply_changes(after, plan.changes);
  const auto table_of = [](const model::Host& h) {
    for (const auto& nd : h.netdevs)
      if (nd.name == "ens1f0np0") return *nd.dcb.app;
    FAIL("no ens1f0np0");
    return std::vector<model::AppEntry>{};
  };
  const auto table_before = table_of(host);
  const auto table_after = table_of(after);
  REQUIRE(table_after.size() == table_before.size() + 2);
  CHECK(std::equal(table_before.begin(), table_before.end(), table_after.begin()));
}

TEST_CASE("headroom-small example: the lossless buffer grows to the mlx5 minimum, in whole cells") {
  const auto host = example(examples::Cx6dx::headroom_small);
  const auto plan = tune::make_plan(host, profile::default_profile());
  REQUIRE(plan.changes.size() == 1);
  const auto& c = plan.changes[0];
  CHECK(c.object.knob == Knob::dcb_buffer);
  const auto& before = std::get<model::Buffer>(c.current);
  const auto& after = std::get<model::Buffer>(c.proposed);
  const std::uint32_t min = physics::mlx5_min_lossless_buffer(100000, 7, 9000);
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

}  // namespace roce::test
