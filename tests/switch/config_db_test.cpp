// SONiC CONFIG_DB in its three shapes becomes the host model of the switch ports.
#include <catch2/catch.hpp>

#include <algorithm>

#include "switch/config_db_tables.hpp"
#include "switch/sonic_config_db.hpp"
#include "switch_fixtures.hpp"

namespace roce::test {
namespace {

model::Switch read_fixture(const std::string& name) {
  auto s = switches::read_sonic_config_db(slurp(switch_fixture_path(name)), name);
  INFO((s ? "" : s.error().message));
  REQUIRE(s);
  return std::move(*s);
}

// The sample file's JSON blocks, each under its "### heading" line, provenance lines dropped.
std::vector<std::pair<std::string, std::string>> fragment_blocks() {
  std::vector<std::pair<std::string, std::string>> blocks;
  const std::string text = slurp(switch_fixture_path("config_db_fragments_qos_buffer.txt"));
  std::size_t at = 0;
  while (at < text.size()) {
    auto nl = text.find('\n', at);
    if (nl == std::string::npos) nl = text.size();
    const std::string line = text.substr(at, nl - at);
    if (line.rfind("### ", 0) == 0)
      blocks.emplace_back(line.substr(4), "");
    else if (line.rfind("# ", 0) != 0 && !blocks.empty())
      blocks.back().second += line + "\n";
    at = nl + 1;
  }
  return blocks;
}

// The switch as one line per port, without provenance: what two shapes of one export must agree on.
std::string summary(const model::Switch& s) {
  std::string out = s.host.hostname + "\n";
  for (const auto& p : s.ports) {
    const auto* nd = s.host.netdev(p.name);
    out += p.name + " mtu " + std::to_string(*nd->mtu) + " trust " + *nd->trust + " pfc 0x" +
           std::to_string(nd->dcb.pfc->pfc_en / 16) + std::to_string(nd->dcb.pfc->pfc_en % 16);
    for (const auto& e : *nd->dcb.app)
      if (e.protocol == 26) out += " dscp26->" + std::to_string(e.priority);
    for (const auto& pg : p.lossless_pgs)
      out += " pg " + std::to_string(pg.first) + "-" + std::to_string(pg.last) + ":" + std::to_string(*pg.xoff_bytes);
    for (const auto& q : p.queues)
      if (q.wred_profile.ok()) out += " q" + std::to_string(q.index) + ":" + *q.wred_profile;
    out += " qdiscs " + std::to_string(nd->qdiscs->size()) + "\n";
  }
  return out;
}

}  // namespace

TEST_CASE("the SONiC default config_db turns every port into a netdev with its maps, PFC and WRED") {
  const auto s = read_fixture("sonic_default_azure_config_db.json");
  CHECK(s.vendor == "sonic");
  CHECK(s.source == "CONFIG_DB (nested)");
  CHECK(s.host.hostname == "leaf01");
  REQUIRE(s.host.netdevs.size() == 2);
  REQUIRE(s.ports.size() == 2);
  const auto& nd = s.host.netdevs[0];
  CHECK(nd.name == "Ethernet0");
  CHECK(*nd.mtu == 9100);
  CHECK(nd.mtu.from.locator == "sonic_default_azure_config_db.json PORT|Ethernet0 mtu");
  CHECK(*nd.link->speed_mbps == 100000);
  CHECK(*nd.trust == "dscp");
  CHECK(nd.dcb.pfc->pfc_en == 0x18);
  // DSCP 26 is not listed by the template: it goes to TC 1 with every other unlisted DSCP.
  const auto& app = *nd.dcb.app;
  auto dscp = [&](int d) {
    auto it = std::find_if(app.begin(), app.end(), [&](auto& e) { return e.protocol == d; });
    return it == app.end() ? -1 : it->priority;
  };
  CHECK(app.size() == 64);
  CHECK(dscp(26) == 1);
  CHECK(dscp(3) == 3);
  CHECK(dscp(48) == 6);
  CHECK(nd.dcb.ets->prio_tc[3] == 3);
  CHECK(nd.dcb.buffer.availability == model::Availability::unsupported);
  CHECK(*nd.addresses == std::vector<std::string>{"10.1.0.0/31"});
  CHECK_FALSE(nd.mac.ok());
  // RED with ECN under queues 3 and 4 only: the lossless queues with WRED enabled.
  const auto& q = *nd.qdiscs;
  REQUIRE(q.size() == 3);
  CHECK(q[0].kind == "ets");
  CHECK(q[1].kind == "red");
  CHECK(q[1].parent == ((1u << 16) | 4));
  CHECK(q[1].red->qth_min == 1048576);
  CHECK(q[1].red->qth_max == 2097152);
  CHECK(q[1].red->ecn());
  CHECK(q[2].parent == ((1u << 16) | 5));

  const auto& p = s.ports[0];
  CHECK(*p.alias == "etp1");
  CHECK(*p.cable_m == 5);
  CHECK(*p.pfcwd_sw_enable == 0x18);
  CHECK((*p.tc_to_pg)[3] == 3);
  CHECK((*p.tc_to_pg)[1] == 0);
  REQUIRE(p.lossless_pgs.size() == 1);
  CHECK(p.lossless_pgs[0].first == 3);
  CHECK(p.lossless_pgs[0].last == 4);
  CHECK(*p.lossless_pgs[0].xoff_bytes == 18432);
  REQUIRE(p.queue(3));
  CHECK(*p.queue(3)->wred_profile == "AZURE_LOSSLESS");
  CHECK_FALSE(p.queue(1)->wred_profile.ok());
  CHECK(p.pfcwd->action == "drop");
  CHECK(*p.pfcwd->detection_ms == 200);
  const auto* w = s.wred("AZURE_LOSSLESS");
  REQUIRE(w);
  CHECK(w->marks_green());
  CHECK(*w->green_enable);
  CHECK(*w->green_drop_percent == 5);
  CHECK(s.warnings.empty());
}

TEST_CASE("the flat TABLE|KEY form and the sonic-db-dump form give the same switch") {
  const auto flat = read_fixture("sonic_roce_dscp26_flat.json");
  const auto dump = read_fixture("sonic_roce_dscp26_CONFIG_DB_dump.json");
  CHECK(flat.source == "CONFIG_DB (flat)");
  CHECK(dump.source == "CONFIG_DB (sonic-db-dump)");
  CHECK(summary(flat) == summary(dump));
  CHECK(summary(flat).find("Ethernet0 mtu 9100 trust dscp pfc 0x18 dscp26->3 pg 3-4:18432 q3:AZURE_LOSSLESS") !=
        std::string::npos);
  CHECK(dump.warnings.empty());
}

TEST_CASE("every block of the official CONFIG_DB fragments reads, a block without ports is a located error") {
  const auto blocks = fragment_blocks();
  REQUIRE(blocks.size() == 11);
  switches::ConfigDbTables all;
  int with_ports = 0;
  for (const auto& [heading, json] : blocks) {
    INFO(heading);
    auto tables = switches::read_config_db_tables(json, heading);
    REQUIRE(tables);
    CHECK(tables->shape == "nested");
    for (auto& [t, keys] : tables->tables)
      for (auto& [k, f] : keys) all.tables[t][k] = f;
    auto s = switches::switch_from_config_db(*tables, heading);
    if (s) {
      ++with_ports;
      continue;
    }
    CHECK(s.error().message.rfind(heading + ": a CONFIG_DB export without any port", 0) == 0);
  }
  CHECK(with_ports == 4);  // BUFFER_PG, Buffer queue, Port QoS Map, Queue
  all.shape = "nested";
  auto s = switches::switch_from_config_db(all, "fragments");
  REQUIRE(s);
  // The doc's shorthand "Ethernet50,Ethernet52,...|3-4" names four ports; the TAB-indented key reads.
  const auto* p56 = s->port("Ethernet56");
  REQUIRE(p56);
  CHECK(s->host.netdev("Ethernet56")->dcb.pfc->pfc_en == 0x18);
  CHECK(*p56->cable_m == 40);
  REQUIRE(p56->queue(4));
  CHECK(*p56->queue(4)->wred_profile == "AZURE_LOSSLESS");
  CHECK((*p56->tc_to_queue)[4] == 4);
  // The port binds DSCP_TO_TC_MAP AZURE, which the fragments do not hold: missing, with a warning.
  CHECK(p56->dscp_to_tc.availability == model::Availability::absent);
  CHECK(std::count_if(s->warnings.begin(), s->warnings.end(), [](const std::string& w) {
          return w ==
                 "fragments DSCP_TO_TC_MAP|AZURE: the port binds map \"AZURE\" but the export has no "
                 "DSCP_TO_TC_MAP|AZURE";
        }) >= 1);
  // BUFFER_PG with profile NULL: lossless, sized by the dynamic buffer manager.
  const auto* p0 = s->port("Ethernet0");
  REQUIRE(p0);
  REQUIRE(p0->lossless_pgs.size() == 1);
  CHECK(p0->lossless_pgs[0].profile == "NULL");
  CHECK_FALSE(p0->lossless_pgs[0].xoff_bytes.ok());
  CHECK(s->port("Ethernet2")->lossless_pgs.empty());  // static_profile: no xoff, not lossless
  const auto* w = s->wred("AZURE_LOSSLESS");
  REQUIRE(w);
  CHECK(*w->green_min_bytes == 1048576);
  CHECK(*w->green_max_bytes == 2097152);
}

TEST_CASE("what is not a CONFIG_DB export is a located error, a bad value a located warning") {
  auto broken =
      switches::read_sonic_config_db("{\n  \"PORT\": {\n    \"Ethernet0\": {\"mtu\": \"9100\"\n}\n", "cfg.json");
  REQUIRE_FALSE(broken);
  CHECK(broken.error().message.rfind("cfg.json:5:", 0) == 0);
  auto list = switches::read_sonic_config_db("[1, 2]", "cfg.json");
  REQUIRE_FALSE(list);
  CHECK(list.error().message == "cfg.json: not a SONiC CONFIG_DB export (its top level is not a JSON object)");
  auto empty = switches::read_sonic_config_db("{}", "cfg.json");
  REQUIRE_FALSE(empty);
  CHECK(empty.error().message.rfind("cfg.json: no CONFIG_DB entry", 0) == 0);
  auto bad = switches::read_sonic_config_db(
      R"({"PORT|Ethernet8": {"mtu": "9k1", "speed": " 400000"}, "WRED_PROFILE|W": {"green_min_threshold": " 166912"},
          "PORT_QOS_MAP|Ethernet8": {"pfc_enable": "3,9"}})",
      "cfg.json");
  REQUIRE(bad);
  const auto& nd = bad->host.netdevs[0];
  CHECK(nd.mtu.availability == model::Availability::error);
  CHECK(nd.mtu.cause == "cfg.json PORT|Ethernet8 mtu: \"9k1\" is not a number of range");
  CHECK(*nd.link->speed_mbps == 400000);  // the leading space of a shipped SKU file
  CHECK(*bad->wred("W")->green_min_bytes == 166912);
  CHECK(nd.dcb.pfc.availability == model::Availability::error);
  CHECK(bad->warnings.size() == 3);  // mtu, pfc_enable, and no hostname
  CHECK(bad->host.hostname == "cfg.json");
}

}  // namespace roce::test
