// RtnlReader against the real kernel: a veth pair in a namespace this test creates.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "model/dcb_text.hpp"
#include "sources/rtnl/qdisc_decoder.hpp"
#include "sources/rtnl/rtnl_reader.hpp"
#include "support/netns.hpp"

namespace roce::test {

using namespace roce::sources::rtnl;
using roce::model::Availability;

namespace {

const roce::model::NetDev* find(const std::vector<roce::model::NetDev>& v, const std::string& n) {
  for (const auto& nd : v)
    if (nd.name == n) return &nd;
  return nullptr;
}

bool have_root() {
  if (geteuid() == 0) return true;
  std::cout << "ROCE-TEST-SKIP: needs root (creates a network namespace and veth pair)\n";
  return false;
}

// What `ip -j link show` says of a device's operstate, lower-cased as in the model.
std::string ip_operstate(const Netns& ns, const std::string& dev) {
  std::string out;
  REQUIRE(ns.exec("ip -j link show dev " + dev, &out) == 0);
  std::string s = nlohmann::json::parse(out).at(0).at("operstate").get<std::string>();
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// Adds a root qdisc; false (with the reason noted) when this kernel lacks the kind.
bool add_root_qdisc(const Netns& ns, const std::string& dev, const std::string& spec) {
  std::string out;
  ns.exec("tc qdisc del dev " + dev + " root");  // back to the default, whatever was there
  if (ns.exec("tc qdisc add dev " + dev + " root handle 1: " + spec, &out) == 0) return true;
  WARN("not tested on this kernel: tc qdisc " << spec << ": " << out);
  return false;
}

// Compares our decode of the root qdisc with `tc -j qdisc show dev DEV`.
void check_root_qdisc_against_tc(RtnlReader& reader, std::vector<roce::model::NetDev>& devs, const Netns& ns,
                                 const std::string& dev) {
  std::string out;
  REQUIRE(ns.exec("tc -j qdisc show dev " + dev, &out) == 0);
  const auto tc = nlohmann::json::parse(out);
  REQUIRE(reader.fill_qdiscs(devs).ok());
  const auto* nd = find(devs, dev);
  REQUIRE(nd);
  REQUIRE(nd->qdiscs.ok());
  for (const auto& t : tc) {
    if (!t.contains("root")) continue;
    INFO("tc says: " << t.dump());
    const auto q = std::find_if(nd->qdiscs->begin(), nd->qdiscs->end(),
                                [](const roce::model::Qdisc& x) { return x.parent == 0xffffffffu; });
    REQUIRE(q != nd->qdiscs->end());
    CHECK(q->kind == t.at("kind").get<std::string>());
    CHECK(model::tc_handle_text(q->handle) == t.at("handle").get<std::string>());
    const auto& opt = t.at("options");
    if (opt.contains("bands")) CHECK(q->bands == opt.at("bands").get<std::uint32_t>());
    if (opt.contains("strict")) CHECK(q->strict_bands == opt.at("strict").get<std::uint32_t>());
    if (opt.contains("quanta")) CHECK(q->quanta == opt.at("quanta").get<std::vector<std::uint32_t>>());
    if (opt.contains("priomap")) {
      CHECK(q->priomap == opt.at("priomap").get<std::vector<std::uint8_t>>());
      CHECK(q->priomap.size() == 16);
    }
    if (t.at("kind") == "red") {
      REQUIRE(q->red);
      CHECK(q->red->limit == opt.at("limit").get<std::uint32_t>());
      CHECK(q->red->qth_min == opt.at("min").get<std::uint32_t>());
      CHECK(q->red->qth_max == opt.at("max").get<std::uint32_t>());
      CHECK(q->red->ecn());
    }
    return;
  }
  FAIL("tc reports no root qdisc on " << dev);
}

}  // namespace

TEST_CASE("netns: links, addresses, DCB and qdiscs of a veth pair from the real kernel") {
  if (!have_root()) return;
  Netns ns("roce-rtnl-test");
  REQUIRE(ns.exec("ip link add rtnlA type veth peer name rtnlB") == 0);
  REQUIRE(ns.exec("ip link set rtnlA mtu 9000") == 0);
  REQUIRE(ns.exec("ip link set rtnlB mtu 9000") == 0);
  REQUIRE(ns.exec("ip link set rtnlA up") == 0);  // rtnlB stays down: rtnlA has no carrier
  REQUIRE(ns.exec("ip addr add 192.0.2.1/24 dev rtnlA") == 0);
  ns.enter();

  auto reader = RtnlReader::open();
  REQUIRE(reader.ok());

  auto links = reader->dump_links();
  REQUIRE(links.ok());
  const auto* a = find(*links, "rtnlA");
  const auto* b = find(*links, "rtnlB");
  REQUIRE(a);
  REQUIRE(b);
  REQUIRE(find(*links, "lo"));
  CHECK(*a->mtu == 9000);
  CHECK(*b->mtu == 9000);
  CHECK(*a->operstate == ip_operstate(ns, "rtnlA"));
  CHECK(*b->operstate == ip_operstate(ns, "rtnlB"));
  CHECK(*b->operstate == "down");
  CHECK(*a->operstate == "lowerlayerdown");
  REQUIRE(a->mac.ok());
  CHECK(a->mac->size() == 17);
  CHECK(a->stats.ok());
  CHECK(a->carrier_changes.ok());

  SECTION("addresses") {
    auto devs = *links;
    REQUIRE(reader->fill_addresses(devs).ok());
    const auto* da = find(devs, "rtnlA");
    REQUIRE(da->addresses.ok());
    CHECK(std::count(da->addresses->begin(), da->addresses->end(), "192.0.2.1/24") == 1);
    const auto* db = find(devs, "rtnlB");
    REQUIRE(db->addresses.ok());  // down, no address: an empty answer, not a missing one
    CHECK(db->addresses->empty());
  }

  SECTION("DCB on a device without dcbnl_ops: every field unsupported, naming the device") {
    auto nd = *a;
    reader->read_dcb(nd);
    const auto& d = nd.dcb;
    for (const auto* f : {&d.pfc.cause, &d.ets.cause, &d.app.cause, &d.apptrust.cause, &d.buffer.cause,
                          &d.maxrate.cause, &d.dcbx.cause})
      CHECK(f->rfind("dcbnl: rtnlA: Operation not supported", 0) == 0);
    for (auto av : {d.pfc.availability, d.ets.availability, d.app.availability, d.apptrust.availability,
                    d.buffer.availability, d.maxrate.availability, d.dcbx.availability})
      CHECK(av == Availability::unsupported);
    CHECK_FALSE(d.pfc.value.has_value());
    CHECK_FALSE(d.dcbx.value.has_value());
    CHECK(d.pfc.from.locator == "rtnlA DCB_ATTR_IEEE_PFC");
  }

  SECTION("qdiscs as tc reports them") {
    auto devs = *links;
    // pfifo_fast is always built in and dumps the same struct tc_prio_qopt as prio.
    REQUIRE(add_root_qdisc(ns, "rtnlA", "pfifo_fast"));
    check_root_qdisc_against_tc(*reader, devs, ns, "rtnlA");
    if (add_root_qdisc(ns, "rtnlA", "prio bands 3 priomap 1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 2"))
      check_root_qdisc_against_tc(*reader, devs, ns, "rtnlA");
    if (add_root_qdisc(ns, "rtnlA", "ets bands 4 strict 1 quanta 1500 3000 4500 priomap 3 2 1 0"))
      check_root_qdisc_against_tc(*reader, devs, ns, "rtnlA");
    if (add_root_qdisc(ns, "rtnlA", "red limit 1000000 min 30000 max 90000 avpkt 1000 burst 55 probability 0.1 ecn"))
      check_root_qdisc_against_tc(*reader, devs, ns, "rtnlA");
    // Every device: the same qdiscs, in the same order, as tc lists (rtnlB is down and has
    // none; lo has its noqueue root, a kind we keep only by name and handle).
    ns.exec("ip link set lo up");
    REQUIRE(reader->fill_qdiscs(devs).ok());
    for (const std::string dev : {"rtnlA", "rtnlB", "lo"}) {
      std::string out;
      REQUIRE(ns.exec("tc -j qdisc show dev " + dev, &out) == 0);
      const auto tc = nlohmann::json::parse(out);
      const auto* nd = find(devs, dev);
      REQUIRE(nd->qdiscs.ok());
      REQUIRE(nd->qdiscs->size() == tc.size());
      for (std::size_t i = 0; i < tc.size(); ++i) {
        CHECK((*nd->qdiscs)[i].kind == tc[i].at("kind").get<std::string>());
        CHECK(model::tc_handle_text((*nd->qdiscs)[i].handle) == tc[i].at("handle").get<std::string>());
      }
    }
  }
}

TEST_CASE("netns: a kernel error carries errno and the extended ACK") {
  if (!have_root()) return;
  auto reader = RtnlReader::open();
  REQUIRE(reader.ok());
  roce::model::NetDev missing;
  missing.name = "no-such-device0";
  reader->read_dcb(missing);
  CHECK(missing.dcb.pfc.cause == "dcbnl: no-such-device0: No such device");

  // Longer than IFNAMSIZ - 1: dcbnl's policy rejects DCB_ATTR_IFNAME and says why in the extack.
  roce::model::NetDev too_long;
  too_long.name = "a-name-longer-than-ifnamsiz";
  reader->read_dcb(too_long);
  INFO(too_long.dcb.pfc.cause);
  CHECK(too_long.dcb.pfc.availability == Availability::error);
  CHECK(too_long.dcb.pfc.cause.rfind("dcbnl: a-name-longer-than-ifnamsiz: ", 0) == 0);
  CHECK(too_long.dcb.pfc.cause.find("(kernel: ") != std::string::npos);
}

}  // namespace roce::test
