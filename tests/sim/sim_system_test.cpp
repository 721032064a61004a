// SimSystem: persistence, locking, a killed writer, and the checks firing from the model's counters.
#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include "checks/registry.hpp"
#include "engine/context.hpp"
#include "profile/load.hpp"
#include "sim/sim_physics.hpp"
#include "sim/sim_system.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

using namespace roce;
using namespace std::chrono_literals;

namespace {

// A copy of an example in a fresh temporary directory.
std::string copy_example(const std::string& name) {
  const std::string to = test::fresh_temp_dir("sim-test") + "/" + name;
  std::filesystem::copy_file(std::string(ROCE_SIM_EXAMPLES_DIR) + "/" + name, to);
  return to;
}

std::unique_ptr<sim::SimSystem> open(const std::string& file) {
  auto s = sim::SimSystem::open(file);
  REQUIRE(s.ok());
  return std::move(*s);
}

std::set<std::string> finding_ids(system::System& system) {
  const model::Host before = system.sample();
  system.wait(5s);
  const model::Host now = system.sample();
  const auto profile = profile::default_profile();
  const engine::Context ctx(now, &before, engine::seconds_between(before, now), profile);
  REQUIRE(ctx.has_rates());
  std::set<std::string> ids;
  for (const auto& r : checks::run_checks(ctx))
    for (const auto& f : r.findings) ids.insert(f.id);
  return ids;
}

std::uint64_t counter(const model::Host& h, const std::string& name) {
  return h.netdevs.at(0).ethtool_stats->get(name).value();
}

}  // namespace

TEST_CASE("sim: the existing checks fire from the model's counters and configuration") {
  auto healthy = open(copy_example("healthy.toml"));
  CHECK(finding_ids(*healthy).empty());

  const auto small = finding_ids(*open(copy_example("incast-headroom-small.toml")));
  CHECK(small.count("BUF-HEADROOM"));
  CHECK(small.count("DROP-LOSSLESS"));
  CHECK(small.count("RETRANS"));

  const auto ecn = finding_ids(*open(copy_example("ecn-off.toml")));
  CHECK(ecn.count("ECN-NIC"));
  CHECK(ecn.count("ECN-IDLE"));
  CHECK(ecn.count("PAUSE-STORM"));
  CHECK_FALSE(ecn.count("DROP-LOSSLESS"));

  const auto pcp = finding_ids(*open(copy_example("trust-pcp.toml")));
  CHECK(pcp.count("QOS-TRUST"));
  CHECK(pcp.count("DROP-LOSSLESS"));
  CHECK(pcp.count("TRAFFIC-CLASS"));
}

TEST_CASE("sim: a bigger buffer written through SimSystem stops the drops") {
  auto system = open(copy_example("incast-headroom-small.toml"));
  const system::ObjectRef buffer{"ens1f0np0", system::Knob::dcb_buffer, 0};
  REQUIRE(system->writable(buffer).ok());
  auto current = system->read(buffer);
  REQUIRE(current.ok());
  auto b = std::get<model::Buffer>(*current);
  CHECK(b.buffer_size[1] == 32768);

  auto s0 = system->sample();
  system->wait(10s);
  auto s1 = system->sample();
  CHECK(counter(s1, "rx_prio3_discards") > counter(s0, "rx_prio3_discards"));

  b.buffer_size[1] = 262016;
  REQUIRE(system->write(buffer, b).ok());
  CHECK(std::get<model::Buffer>(*system->read(buffer)).buffer_size[1] == 262016);
  system->wait(10s);
  auto s2 = system->sample();
  CHECK(counter(s2, "rx_prio3_discards") == counter(s1, "rx_prio3_discards"));
  CHECK(counter(s2, "rx_prio3_pause") > counter(s1, "rx_prio3_pause"));

  // More than the port has is refused, as mlx5 does.
  b.buffer_size[0] = 1'000'000;
  CHECK_FALSE(system->write(buffer, b).ok());
}

TEST_CASE("sim: the APP table follows mlx5: trust fills and clears it, the first and last DSCP entry switch trust") {
  const std::string file = copy_example("trust-pcp.toml");
  auto system = open(file);
  const auto key = [](std::uint16_t dscp) {
    return system::ObjectRef{"ens1f0np0", system::Knob::dcb_app, system::app_key(model::kAppSelDscp, dscp)};
  };
  const system::ObjectRef trust{"ens1f0np0", system::Knob::trust, 0};
  using Entries = std::vector<model::AppEntry>;
  const auto entries = [&](std::uint16_t dscp) { return std::get<Entries>(*system->read(key(dscp))); };
  const auto listed = [&] { return system->sample().netdevs.at(0).dcb.app->size(); };
  CHECK(std::get<std::string>(*system->read(trust)) == "pcp");
  CHECK(listed() == 0u);

  // mlx5e_dcbnl_ieee_setapp: the first DSCP entry turns DSCP trust on; only it is listed.
  REQUIRE(system->write(key(26), Entries{{model::kAppSelDscp, 3, 26}}).ok());
  CHECK(std::get<std::string>(*system->read(trust)) == "dscp");
  CHECK(entries(26) == Entries{{model::kAppSelDscp, 3, 26}});
  CHECK(entries(48).empty());
  CHECK(listed() == 1u);
  // Writing another priority replaces the entry (one per DSCP).
  REQUIRE(system->write(key(26), Entries{{model::kAppSelDscp, 5, 26}}).ok());
  CHECK(entries(26) == Entries{{model::kAppSelDscp, 5, 26}});
  // mlx5e_dcbnl_ieee_delapp: the last DSCP entry gone turns trust back to PCP.
  REQUIRE(system->write(key(26), Entries{}).ok());
  CHECK(std::get<std::string>(*system->read(trust)) == "pcp");
  CHECK(listed() == 0u);

  // Trust written to dscp lists all 64 (at the firmware map: 26 was zeroed by the delete).
  REQUIRE(system->write(trust, system::Value{std::string("dscp")}).ok());
  CHECK(listed() == 64u);
  CHECK(entries(26) == Entries{{model::kAppSelDscp, 0, 26}});
  CHECK(entries(48) == Entries{{model::kAppSelDscp, 6, 48}});
  REQUIRE(system->write(key(48), Entries{}).ok());
  CHECK(listed() == 63u);
  CHECK(entries(48).empty());
  // ... and persists across a reopen (dscp_unlisted in the file).
  system.reset();
  system = open(file);
  CHECK(listed() == 63u);
  CHECK(entries(48).empty());
  REQUIRE(system->write(trust, system::Value{std::string("pcp")}).ok());
  CHECK(listed() == 0u);

  // Only DSCP keys, one entry of the object's own key.
  CHECK_FALSE(system->write(key(70), Entries{}).ok());
  CHECK_FALSE(system->write(key(26), Entries{{model::kAppSelDscp, 3, 27}}).ok());
  CHECK_FALSE(system
                  ->write({"ens1f0np0", system::Knob::dcb_app, system::app_key(model::kAppSelDgram, 4791)},
                          Entries{{model::kAppSelDgram, 3, 4791}})
                  .ok());
}

TEST_CASE("sim: writable refuses what the modelled driver lacks") {
  auto system = open(copy_example("healthy.toml"));
  CHECK_FALSE(system->writable({"ens1f0np0", system::Knob::red, 0x10004}).ok());
  CHECK_FALSE(system->writable({"ens1f0np0", system::Knob::dcb_apptrust, 0}).ok());
  CHECK_FALSE(system->writable({"eth9", system::Knob::mtu, 0}).ok());
  CHECK(system->writable({"ens1f0np0", system::Knob::nic_ecn, 3}).ok());
  CHECK_FALSE(system->write({"ens1f0np0", system::Knob::mtu, 0}, system::Value{std::string("9000")}).ok());
}

TEST_CASE("sim: state and configuration persist across reopen") {
  const std::string file = copy_example("ecn-off.toml");
  {
    auto system = open(file);
    system->wait(3s);
    REQUIRE(system->write({"ens1f0np0", system::Knob::nic_ecn, 3}, system::Value{system::EcnEnable{true, true}}).ok());
    system->wait(2s);
  }
  auto again = open(file);
  CHECK(again->model().clock_ns == 5'000'000'000);
  const auto h = again->sample();
  CHECK(h.monotonic_ns == 6'000'000'000);
  CHECK(*h.netdevs[0].ecn->np[3].value == true);
  CHECK(h.netdevs[0].ecn->np[3].from.source == "sim");
  CHECK(counter(h, "rx_prio3_pause_duration") > 0);
  CHECK(h.rdma_devices.at(0).ports.at(0).hw_counters->get("np_cnp_sent").value() > 0);
  CHECK(std::get<system::EcnEnable>(*again->read({"ens1f0np0", system::Knob::nic_ecn, 3})) ==
        system::EcnEnable{true, true});
}

TEST_CASE("sim: two processes share the file under the lock") {
  const std::string file = copy_example("healthy.toml");
  constexpr int kWaits = 40;
  std::vector<pid_t> children;
  for (int c = 0; c < 2; ++c) {
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      auto s = sim::SimSystem::open(file);
      if (!s) ::_exit(2);
      for (int i = 0; i < kWaits; ++i) (*s)->wait(100ms);
      ::_exit(0);
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    CHECK((WIFEXITED(status) && WEXITSTATUS(status) == 0));
  }
  // No wait was lost: every read-modify-write saw the other's.
  CHECK(open(file)->model().clock_ns == 2ull * kWaits * 100'000'000);
}

TEST_CASE("sim: a writer killed mid-run leaves a readable, consistent file") {
  const std::string file = copy_example("incast-headroom-small.toml");
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    auto s = sim::SimSystem::open(file);
    if (!s) ::_exit(2);
    for (;;) (*s)->wait(1s);
  }
  ::usleep(200'000);
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  auto model = sim::load_sim_file(file);
  REQUIRE(model.ok());
  CHECK(model->clock_ns > 0);
  CHECK(model->clock_ns % 1'000'000'000 == 0);  // whole waits only
  // The counters are those of exactly that clock.
  auto replay = sim::load_sim_file(std::string(ROCE_SIM_EXAMPLES_DIR) + "/incast-headroom-small.toml");
  REQUIRE(replay.ok());
  for (auto& p : replay->ports) sim::advance(p, 0, model->clock_ns);
  CHECK(replay->ports[0].counters == model->ports[0].counters);
}

}  // namespace roce::test
