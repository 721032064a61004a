// make_plan on variations of the healthy example host (one knob wrong at a time), on a non-mlx5 NIC
// with missing objects, and on an mlxsw switch port with RED; each plan applied and planned again.
#include <catch2/catch.hpp>

#include "examples/cx6dx_example.hpp"
#include "physics/ecn_thresholds.hpp"
#include "physics/headroom.hpp"
#include "plan_test_support.hpp"
#include "tune/apply_change.hpp"

namespace roce::test {

using namespace roce;
using system::Knob;

namespace {

model::Host healthy() { return examples::cx6dx_sample(examples::Cx6dx::healthy, 1); }
model::NetDev& nic(model::Host& h) {
  for (auto& n : h.netdevs)
    if (n.name == "ens1f0np0") return n;
  FAIL("no ens1f0np0");
  return h.netdevs.front();
}

// Applies the plan, then asserts that planning again gives nothing and no targeted finding remains.
void converges(model::Host host, const profile::Profile& profile) {
  const auto plan = tune::make_plan(host, profile);
  tune::apply_changes(host, plan.changes);
  const auto again = tune::make_plan(host, profile);
  CHECK(again.changes.empty());
  CHECK(test::planned_findings(host, profile) == std::vector<std::string>{});
}

template <class T>
model::Field<T> unsupported(const std::string& what) {
  return model::missing_from_errno<T>(EOPNOTSUPP, what, {"dcbnl", what});
}

}  // namespace

TEST_CASE("PFC on an extra priority: the mask goes back to the lossless one; disruptive on mlx5") {
  auto host = healthy();
  nic(host).dcb.pfc->pfc_en = 0x18;  // 3 and 4
  // Priority 4 is lossless now: BUF-MAP sees lossy priorities in its buffer 0.
  const auto plan = tune::make_plan(host, profile::default_profile());
  const auto* pfc = test::find_change(plan, Knob::dcb_pfc);
  REQUIRE(pfc);
  CHECK(pfc->disruptive);
  CHECK(std::get<model::Pfc>(pfc->proposed).pfc_en == 0x08);
  CHECK(std::get<model::Pfc>(pfc->proposed).requests == nic(host).dcb.pfc->requests);  // counters untouched
  CHECK(pfc->fields.at(0).current == "3,4");
  CHECK(pfc->fields.at(0).proposed == "3");
  CHECK(pfc->commands.at(0).starts_with("dcb pfc set dev ens1f0np0 prio-pfc 0:off 1:off 2:off 3:on 4:off"));
  CHECK(plan.disruptive());
  converges(host, profile::default_profile());
}

TEST_CASE("PFC off on the lossless priority: PFC on, and buffer 1 is already big enough") {
  auto host = healthy();
  nic(host).dcb.pfc->pfc_en = 0;
  const auto plan = tune::make_plan(host, profile::default_profile());
  REQUIRE(plan.changes.size() == 1);
  CHECK(plan.changes[0].object.knob == Knob::dcb_pfc);
  converges(host, profile::default_profile());
}

TEST_CASE("cable length from the profile: PFC delay set on mlx5, and the buffers sized for it first") {
  auto host = healthy();
  nic(host).dcb.buffer->buffer_size[1] = 65536;  // enough for 7 m, not for 100 m
  auto profile = profile::default_profile();
  profile.cable_length_m = 100;
  const auto plan = tune::make_plan(host, profile);
  REQUIRE(plan.changes.size() == 2);
  CHECK(plan.changes[0].object.knob == Knob::dcb_buffer);  // before the PFC change that needs it
  CHECK(plan.changes[1].object.knob == Knob::dcb_pfc);
  CHECK(std::get<model::Pfc>(plan.changes[1].proposed).delay == 100);
  CHECK_FALSE(plan.changes[1].disruptive);  // the mask does not change
  CHECK(plan.changes[1].commands.at(0) == "dcb pfc set dev ens1f0np0 delay 100");
  const auto size = std::get<model::Buffer>(plan.changes[0].proposed).buffer_size[1];
  CHECK(size >= physics::mlx5_min_lossless_buffer(100000, 100, 9000));
  CHECK(size % 128 == 0);
  converges(host, profile);
}

TEST_CASE("cable length from the module when the profile has none") {
  auto host = healthy();
  nic(host).module_cable_m = model::Field<std::uint32_t>::of(3, {"ethtool-netlink", "module"});
  const auto plan = tune::make_plan(host, profile::default_profile());
  REQUIRE(plan.changes.size() == 1);
  CHECK(std::get<model::Pfc>(plan.changes[0].proposed).delay == 3);
  converges(host, profile::default_profile());
}

TEST_CASE("MTU below the profile's: raised (disruptive), last among the mlx5 changes, buffers sized for it") {
  auto host = healthy();
  nic(host).mtu = model::Field<std::uint32_t>::of(1500, {"rtnetlink", "IFLA_MTU"});
  nic(host).dcb.buffer->buffer_size[1] = 49152;  // enough for MTU 1500, not for 4200
  REQUIRE(49152 >= physics::mlx5_min_lossless_buffer(100000, 7, 1500));
  const auto plan = tune::make_plan(host, profile::default_profile());
  REQUIRE(plan.changes.size() == 2);
  CHECK(plan.changes[0].object.knob == Knob::dcb_buffer);
  CHECK(std::get<model::Buffer>(plan.changes[0].proposed).buffer_size[1] >=
        physics::mlx5_min_lossless_buffer(100000, 7, 4200));
  const auto& mtu = plan.changes[1];
  CHECK(mtu.object.knob == Knob::mtu);
  CHECK(std::get<std::uint32_t>(mtu.proposed) == 4200);
  CHECK(mtu.disruptive);
  CHECK(mtu.commands.at(0).starts_with("ip link set dev ens1f0np0 mtu 4200"));
  converges(host, profile::default_profile());
}

TEST_CASE("lossy priorities sharing the lossless buffer: lossy to buffer 0, lossless to its own, sized") {
  auto host = healthy();
  nic(host).dcb.buffer->prio2buffer = {0, 0, 0, 0, 0, 0, 0, 0};
  const auto plan = tune::make_plan(host, profile::default_profile());
  REQUIRE(plan.changes.size() == 1);
  const auto& buf = std::get<model::Buffer>(plan.changes[0].proposed);
  CHECK(buf.prio2buffer == model::PerPrio<std::uint8_t>{0, 0, 0, 1, 0, 0, 0, 0});
  CHECK(buf.buffer_size[1] == 262016);  // already large enough
  converges(host, profile::default_profile());
}

TEST_CASE("a lossless buffer of size 0 is sized; total_size is respected by taking from unused buffers") {
  auto host = healthy();
  auto& buf = *nic(host).dcb.buffer;
  buf.buffer_size = {130944, 0, 0, 0, 0, 0, 0, 896000};  // sum 1026944, total 1027968
  const auto plan = tune::make_plan(host, profile::default_profile());
  REQUIRE(plan.changes.size() == 1);
  const auto& after = std::get<model::Buffer>(plan.changes[0].proposed);
  CHECK(after.buffer_size[1] == 65536);
  CHECK(after.buffer_size[0] == 130944);
  std::uint64_t sum = 0;
  for (auto s : after.buffer_size) sum += s;
  CHECK(sum <= after.total_size);
  CHECK(after.buffer_size[7] == 896000 - (1026944 + 65536 - 1027968));
  converges(host, profile::default_profile());
}

TEST_CASE("no room within total_size: a note, and the sizes are left alone") {
  auto host = healthy();
  auto& buf = *nic(host).dcb.buffer;
  buf.buffer_size = {9216, 32768, 0, 0, 0, 0, 0, 0};
  buf.total_size = 50000;
  const auto plan = tune::make_plan(host, profile::default_profile());
  CHECK(plan.changes.empty());
  REQUIRE(plan.notes.size() == 1);
  CHECK(plan.notes[0].subject == "ens1f0np0 dcb buffer");
  CHECK(plan.notes[0].message.find("total_size 50000") != std::string::npos);
}

TEST_CASE("DSCP map: a wrong RoCE entry is replaced, unrelated APP entries are kept") {
  auto host = healthy();
  auto& app = *nic(host).dcb.app;
  for (auto& e : app)
    if (e.protocol == 26) e.priority = 0;
  app.push_back({model::kAppSelDgram, 5, 4791});
  app.push_back({model::kAppSelEthertype, 4, 0x8906});
  const auto plan = tune::make_plan(host, profile::default_profile());
  REQUIRE(plan.changes.size() == 1);
  const auto& c = plan.changes[0];
  CHECK(c.object.index == system::app_key(model::kAppSelDscp, 26));
  CHECK(c.commands == std::vector<std::string>{"dcb app replace dev ens1f0np0 dscp-prio 26:3"});
  CHECK(c.fields.at(0).field == "dscp 26");
  CHECK(c.fields.at(0).current == "prio 0");
  CHECK(c.fields.at(0).proposed == "prio 3");
  CHECK(std::get<std::vector<model::AppEntry>>(c.current) == std::vector<model::AppEntry>{{model::kAppSelDscp, 0, 26}});
  CHECK(std::get<std::vector<model::AppEntry>>(c.proposed) ==
        std::vector<model::AppEntry>{{model::kAppSelDscp, 3, 26}});
  auto applied = host;
  tune::apply_change(applied, c);
  const auto& after = *nic(applied).dcb.app;
  CHECK(after.size() == app.size());
  CHECK(std::count(after.begin(), after.end(), model::AppEntry{model::kAppSelDgram, 5, 4791}) == 1);
  CHECK(std::count(after.begin(), after.end(), model::AppEntry{model::kAppSelEthertype, 4, 0x8906}) == 1);
  CHECK(std::count(after.begin(), after.end(), model::AppEntry{model::kAppSelDscp, 3, 26}) == 1);
  CHECK(std::count(after.begin(), after.end(), model::AppEntry{model::kAppSelDscp, 0, 26}) == 0);
  converges(host, profile::default_profile());
}

TEST_CASE("PCP profile on upstream mlx5 (no qos/trust, no apptrust): the DSCP entries are flushed") {
  auto host = healthy();
  nic(host).trust = model::Field<std::string>::missing(model::Availability::absent, "no qos/trust", {});
  auto profile = profile::default_profile();
  profile.trust = profile::Trust::pcp;
  profile.lossless = {{3, {}}};
  profile.cnp_dscp.reset();
  const auto plan = tune::make_plan(host, profile);
  // One change per DSCP entry (64 on mlx5), each to no entry; the first carries the one command.
  REQUIRE(plan.changes.size() == 64);
  for (std::size_t i = 0; i < plan.changes.size(); ++i) {
    CHECK(plan.changes[i].object.index == system::app_key(model::kAppSelDscp, static_cast<std::uint16_t>(i)));
    CHECK(std::get<std::vector<model::AppEntry>>(plan.changes[i].current).size() == 1);
    CHECK(std::get<std::vector<model::AppEntry>>(plan.changes[i].proposed).empty());
    CHECK(plan.changes[i].commands.size() == (i == 0 ? 1u : 0u));
  }
  CHECK(plan.changes[0].commands == std::vector<std::string>{"dcb app flush dev ens1f0np0 dscp-prio"});
  converges(host, profile);
}

TEST_CASE("a NIC with dcb apptrust and without qos/trust or dcb buffer (ice-like): apptrust, notes") {
  auto host = healthy();
  auto& nd = nic(host);
  nd.driver->driver = "ice";
  nd.trust = model::Field<std::string>::missing(model::Availability::absent, "no qos/trust", {});
  nd.dcb.apptrust = model::Field<std::vector<std::uint8_t>>::of({model::kAppSelPcp}, {"dcbnl", "apptrust"});
  nd.dcb.buffer = unsupported<model::Buffer>("ens1f0np0 DCB_ATTR_DCB_BUFFER");
  nd.ecn = model::Field<model::NicEcn>::missing(model::Availability::absent, "no ecn/ directory", {});
  const auto plan = tune::make_plan(host, profile::default_profile());
  REQUIRE(plan.changes.size() == 1);
  const auto& c = plan.changes[0];
  CHECK(c.object.knob == Knob::dcb_apptrust);
  CHECK(std::get<std::vector<std::uint8_t>>(c.proposed) ==
        std::vector<std::uint8_t>{model::kAppSelDscp, model::kAppSelPcp});
  CHECK(c.commands == std::vector<std::string>{"dcb apptrust set dev ens1f0np0 order dscp pcp"});
  const auto notes = test::notes_of(plan);
  REQUIRE(notes.size() == 2);
  CHECK(notes[0] == "ens1f0np0 dcb buffer: unsupported by ice; cannot size buffers");
  CHECK(notes[1].starts_with("ens1f0np0 ecn: absent (no ecn/ directory); cannot enable DCQCN"));
  converges(host, profile::default_profile());
}

TEST_CASE("missing objects are notes, never zeros: no PFC, no APP table, no MTU") {
  auto host = healthy();
  auto& nd = nic(host);
  nd.dcb.pfc = model::missing_from_errno<model::Pfc>(EPERM, "ens1f0np0 DCB_ATTR_IEEE_PFC");
  nd.dcb.app = unsupported<std::vector<model::AppEntry>>("ens1f0np0 DCB_ATTR_IEEE_APP_TABLE");
  nd.mtu = model::Field<std::uint32_t>::missing(model::Availability::error, "IFLA_MTU missing", {});
  const auto plan = tune::make_plan(host, profile::default_profile());
  CHECK(plan.changes.empty());
  const auto notes = test::notes_of(plan);
  REQUIRE(notes.size() == 3);
  CHECK(notes[0].starts_with("ens1f0np0 mtu: error (IFLA_MTU missing)"));
  CHECK(notes[1].starts_with("ens1f0np0 dcb app: unsupported"));
  CHECK(notes[2].starts_with("ens1f0np0 dcb pfc: denied"));
}

namespace {

constexpr std::uint32_t kRoot = 0xffffffffu;

// An mlxsw switch port at 100G with an ETS root (priority p -> band 7-p, class 1:(8-p)).
model::Host switch_host(std::optional<model::RedParams> red_on_prio3) {
  model::Host h;
  h.hostname = "spectrum-sw";
  model::NetDev nd;
  nd.name = "swp1";
  nd.driver = model::Field<model::DriverInfo>::of({"mlxsw_spectrum", "", "", ""}, {"ethtool-ioctl", "swp1"});
  nd.link = model::Field<model::LinkSettings>::of({100000, "full", true, 4}, {"ethtool-netlink", "swp1"});
  nd.mtu = model::Field<std::uint32_t>::of(9216, {"rtnetlink", "swp1"});
  model::Pfc pfc;
  pfc.pfc_cap = 8;
  pfc.pfc_en = 0x08;
  nd.dcb.pfc = model::Field<model::Pfc>::of(pfc, {"dcbnl", "swp1"});
  nd.trust = model::Field<std::string>::missing(model::Availability::absent, "no qos/trust", {});
  nd.dcb.apptrust =
      model::Field<std::vector<std::uint8_t>>::of({model::kAppSelDscp, model::kAppSelPcp}, {"dcbnl", "swp1"});
  nd.dcb.app = model::Field<std::vector<model::AppEntry>>::of(
      {{model::kAppSelDscp, 3, 26}, {model::kAppSelDscp, 6, 48}}, {"dcbnl", "swp1"});
  nd.dcb.buffer = model::missing_from_errno<model::Buffer>(EOPNOTSUPP, "swp1 DCB_ATTR_DCB_BUFFER");
  nd.ecn = model::Field<model::NicEcn>::missing(model::Availability::absent, "no ecn/ directory", {});
  std::vector<model::Qdisc> qdiscs;
  model::Qdisc ets;
  ets.kind = "ets";
  ets.handle = 0x10000;
  ets.parent = kRoot;
  ets.offloaded = true;
  ets.bands = 8;
  ets.strict_bands = 8;
  ets.priomap = {7, 6, 5, 4, 3, 2, 1, 0};
  qdiscs.push_back(ets);
  if (red_on_prio3) {
    model::Qdisc red;
    red.kind = "red";
    red.handle = 0x50000;
    red.parent = 0x10005;
    red.offloaded = true;
    red.red = *red_on_prio3;
    qdiscs.push_back(red);
  }
  nd.qdiscs = model::Field<std::vector<model::Qdisc>>::of(qdiscs, {"tc", "swp1"});
  h.netdevs.push_back(nd);
  return h;
}

}  // namespace

TEST_CASE("switch port without RED on the RoCE queue: RED with ECN and the speed's thresholds is created") {
  const auto host = switch_host(std::nullopt);
  const auto plan = tune::make_plan(host, profile::default_profile());
  const auto* red = test::find_change(plan, Knob::red);
  REQUIRE(red);
  CHECK(red->object == system::ObjectRef{"swp1", Knob::red, 0x10005});
  CHECK(std::get<model::RedParams>(red->current) == model::RedParams{});
  const auto& p = std::get<model::RedParams>(red->proposed);
  CHECK(p.qth_min == 150000);
  CHECK(p.qth_max == 1500000);
  CHECK(p.limit == 3000000);
  CHECK(p.ecn());
  CHECK(p.max_p == physics::red_max_p(0.05));
  CHECK(red->fields.at(0).current == "(none)");
  CHECK(red->commands ==
        std::vector<std::string>{"tc qdisc replace dev swp1 parent 1:5 red limit 3000000 min 150000 max 1500000 avpkt "
                                 "1000 probability 0.05 ecn"});
  CHECK(test::notes_of(plan) ==
        std::vector<std::string>{"swp1 dcb buffer: unsupported by mlxsw_spectrum; cannot size buffers",
                                 "swp1 ecn: absent (no ecn/ directory); cannot enable DCQCN per priority"});
  converges(host, profile::default_profile());
}

TEST_CASE("switch port with RED out of bounds or without ecn: replaced in place with the handle kept") {
  model::RedParams tiny;
  tiny.limit = 400000;
  tiny.qth_min = 1000;
  tiny.qth_max = 200000;
  tiny.flags = 1;
  tiny.max_p = physics::red_max_p(0.1);
  for (auto red : {tiny, [&] {
                     auto r = tiny;
                     r.qth_min = 150000;
                     r.flags = 0;
                     return r;
                   }()}) {
    const auto host = switch_host(red);
    const auto plan = tune::make_plan(host, profile::default_profile());
    const auto* c = test::find_change(plan, Knob::red);
    REQUIRE(c);
    CHECK(c->commands.at(0).starts_with("tc qdisc replace dev swp1 parent 1:5 handle 5: red limit 3000000 min 150000"));
    converges(host, profile::default_profile());
  }
}

TEST_CASE("switch port with RED in bounds: nothing to change") {
  model::RedParams ok;
  ok.limit = 3000000;
  ok.qth_min = 150000;
  ok.qth_max = 1500000;
  ok.flags = 1;
  ok.max_p = physics::red_max_p(0.05);
  const auto plan = tune::make_plan(switch_host(ok), profile::default_profile());
  CHECK(plan.changes.empty());
}

TEST_CASE("apply_change: only the named object moves; an unknown netdev is ignored") {
  auto host = healthy();
  const auto copy = host;
  tune::Change c;
  c.object = {"eth9", Knob::mtu, 0};
  c.proposed = std::uint32_t{4200};
  tune::apply_change(host, c);
  CHECK(host == copy);
  c.object.netdev = "ens1f0np0";
  tune::apply_change(host, c);
  CHECK(*nic(host).mtu == 4200);
  CHECK(nic(host).dcb == nic(const_cast<model::Host&>(copy)).dcb);
  tune::Change e;
  e.object = {"ens1f0np0", Knob::nic_ecn, 5};
  e.proposed = system::EcnEnable{true, false};
  tune::apply_change(host, e);
  CHECK(*nic(host).ecn->np[5]);
  CHECK_FALSE(*nic(host).ecn->rp[5]);
}

}  // namespace roce::test
