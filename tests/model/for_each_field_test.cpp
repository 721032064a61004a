// The schema-driven field visitors: what they enter, and that pairs line up.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "model/for_each_field.hpp"

namespace roce::test {

using namespace roce;
using model::Availability;
using model::Field;

namespace {

std::vector<std::string> names_of(model::NetDev& nd, bool nested) {
  std::vector<std::string> names;
  auto add = [&](const char* name, auto&) { names.push_back(name); };
  if (nested)
    model::for_each_field_nested(nd, add);
  else
    model::for_each_field(nd, add);
  return names;
}

bool has(const std::vector<std::string>& v, const std::string& s) { return std::count(v.begin(), v.end(), s) > 0; }

}  // namespace

TEST_CASE("for_each_field: a netdev's Fields and its DCB's, not inside a Field's value") {
  model::NetDev nd;
  nd.ecn = Field<model::NicEcn>::of({});
  const auto top = names_of(nd, false);
  CHECK(has(top, "mtu"));
  CHECK(has(top, "ethtool_stats"));
  CHECK(has(top, "pfc"));  // NetDev::dcb is a plain struct: entered
  CHECK(has(top, "maxrate"));
  CHECK_FALSE(has(top, "name"));  // not a Field
  CHECK_FALSE(has(top, "np"));    // inside the ECN Field's value
  const auto nested = names_of(nd, true);
  CHECK(std::count(nested.begin(), nested.end(), "np") == 8);
  CHECK(nested.size() == top.size() + 16);
  nd.ecn = Field<model::NicEcn>::missing(Availability::unsupported, "no ecn/");
  CHECK(names_of(nd, true).size() == top.size());  // an absent value has nothing inside
}

TEST_CASE("for_each_field_nested: a device's ports and their GIDs' attributes") {
  model::RdmaDevice dev;
  dev.ports.resize(2);
  dev.ports[0].gids = Field<std::vector<model::Gid>>::of({model::Gid{}, model::Gid{}});
  int gid_types = 0, port_states = 0, port_counts = 0;
  model::for_each_field_nested(dev, [&](const char* name, auto&) {
    gid_types += std::string(name) == "type";
    port_states += std::string(name) == "state";
    port_counts += std::string(name) == "port_count";
  });
  CHECK(gid_types == 2);
  CHECK(port_states == 2);
  CHECK(port_counts == 1);
}

TEST_CASE("for_each_field_pair: each Field with its counterpart") {
  model::NetDev into, from;
  from.mtu = Field<std::uint32_t>::of(9000);
  from.dcb.pfc = Field<model::Pfc>::missing(Availability::unsupported, "EOPNOTSUPP");
  from.trust = Field<std::string>::of("dscp");
  into.trust = Field<std::string>::of("pcp");
  std::size_t pairs = 0;
  model::for_each_field_pair(into, from, [&](auto& mine, const auto& theirs) {
    ++pairs;
    mine = theirs;
  });
  CHECK(pairs == names_of(into, false).size());
  CHECK(*into.mtu == 9000u);
  CHECK(into.dcb.pfc.availability == Availability::unsupported);
  CHECK(*into.trust == "dscp");
}

}  // namespace roce::test
