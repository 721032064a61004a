// LINK-SPEED against the modes both ends of a link advertise (checks/link_speed.cpp), on the real
// H100 rails of rails_scenarios.hpp and on link modes as ethtool prints them.
#include "captures/text/ethtool_link.hpp"
#include "link_scenarios.hpp"
#include "rails_scenarios.hpp"

namespace roce::test {

namespace {

using Speeds = std::vector<std::uint32_t>;

// The modes of a ConnectX-7 port (ethtool: 100000baseCR4 ... 400000baseCR4/Full) and of its switch port.
void set_modes(model::Host& h, const std::string& dev, Speeds ours, Speeds peer) {
  netdev(h, dev).link->supported_speeds_mbps = ours;
  netdev(h, dev).link->advertised_speeds_mbps = std::move(ours);
  netdev(h, dev).link->peer_advertised_speeds_mbps = std::move(peer);
}

const Speeds kCx7 = {10000, 25000, 50000, 100000, 200000, 400000};

}  // namespace

TEST_CASE("LINK-SPEED: a rail below its siblings whose both ends advertise their speed: cable or negotiation") {
  Rails rails = multi_rail_host(1000000000);
  const std::string slow = rails.cx7[3];
  set_speed(rails.host, slow, 100000);
  set_modes(rails.host, slow, kCx7, {100000, 200000, 400000});
  const auto f = only_finding(HostRun(rails.host, nullptr, 0).result("LINK-SPEED"));
  CHECK(f.title == "link runs at 100 Gb/s, its 7 sibling rails (MT4129, same part) at 400 Gb/s");
  CHECK(evidence(f, "advertised modes").value == "10 Gb/s, 25 Gb/s, 50 Gb/s, 100 Gb/s, 200 Gb/s, 400 Gb/s");
  CHECK(evidence(f, "link partner advertised modes").value == "100 Gb/s, 200 Gb/s, 400 Gb/s");
  CHECK_THAT(f.explanation, Contains("Both ends advertise 400 Gb/s: the link negotiated below what both ends support"));
  CHECK(f.remediation.front() == "ethtool -s " + slow + " speed 400000 autoneg on");
  CHECK(f.remediation.back() == "reseat or replace the cable or transceiver of " + slow);
}

TEST_CASE("LINK-SPEED: a rail below its siblings whose switch port does not advertise their speed") {
  Rails rails = multi_rail_host(1000000000);
  const std::string slow = rails.cx7[5];
  set_speed(rails.host, slow, 100000);
  set_modes(rails.host, slow, kCx7, {25000, 50000, 100000});
  const auto f = only_finding(HostRun(rails.host, nullptr, 0).result("LINK-SPEED"));
  CHECK_THAT(f.explanation, Contains("The link partner (the switch port) does not advertise 400 Gb/s: the switch port "
                                     "limits the link"));
  CHECK(f.remediation.front() == "configure the switch port of " + slow + " for 400 Gb/s (speed, breakout)");

  // This port's own advertisement lacking 400G (`ethtool -s DEV advertise ...` left behind): its end limits it.
  set_modes(rails.host, slow, {100000}, {100000, 200000, 400000});
  const auto g = only_finding(HostRun(rails.host, nullptr, 0).result("LINK-SPEED"));
  CHECK_THAT(g.explanation, Contains("This port does not advertise 400 Gb/s (the link partner does)"));
  CHECK(g.remediation.front() == "ethtool -s " + slow + " speed 400000 autoneg on");
}

TEST_CASE("LINK-SPEED: a single port below what both ends advertise, with no profile speed nor siblings") {
  Scenario s = healthy_scenario();  // one ConnectX port; its RDMA rate follows its speed
  s.config = [](model::Host& h) {
    netdev(h).link->speed_mbps = 25000;
    netdev(h).link->lanes = 1;
    *rdma_port(h).rate_gbps = 25;
    netdev(h).link->advertised_speeds_mbps = Speeds{10000, 25000, 50000, 100000};
    netdev(h).link->peer_advertised_speeds_mbps = Speeds{25000, 100000};
  };
  const auto r = Run(s).result("LINK-SPEED");
  INFO(describe(r));
  const auto f = only_finding(r);
  CHECK(f.severity == Severity::warning);
  CHECK(f.title == "link runs at 25 Gb/s, both ends advertise 100 Gb/s");
  CHECK_THAT(f.explanation, Contains("the link negotiated below what both ends support"));
  CHECK(f.remediation.front() == "ethtool -s ens1f0np0 speed 100000 autoneg on");

  // The partner tops out at the link's speed: nothing faster in common, ok.
  s.config = [](model::Host& h) {
    netdev(h).link->speed_mbps = 25000;
    *rdma_port(h).rate_gbps = 25;
    netdev(h).link->advertised_speeds_mbps = Speeds{10000, 25000, 50000, 100000};
    netdev(h).link->peer_advertised_speeds_mbps = Speeds{10000, 25000};
  };
  CHECK(Run(s).result("LINK-SPEED").status == Status::ok);
  // Partner modes not reported: the port is judged by its RDMA rate only, as before.
  s.config = [](model::Host& h) {
    netdev(h).link->speed_mbps = 25000;
    *rdma_port(h).rate_gbps = 25;
    netdev(h).link->advertised_speeds_mbps = Speeds{10000, 25000, 50000, 100000};
  };
  CHECK(Run(s).result("LINK-SPEED").status == Status::ok);
}

// openwrt/openwrt pull request #21530 (airoha, `ethtool lan2`, the lines from Speed on completed in
// ethtool's layout): the port advertises up to 10G, its partner up to 1G, the link runs at 1G.
TEST_CASE("LINK-SPEED: modes read from ethtool text, the link at the fastest common mode and below it") {
  const char* text =
      "Settings for lan2:\n"
      "        Supported link modes:   100baseT/Half 100baseT/Full\n"
      "                                1000baseT/Full\n"
      "                                10000baseT/Full\n"
      "                                2500baseT/Full\n"
      "                                5000baseT/Full\n"
      "        Advertised link modes:  100baseT/Half 100baseT/Full\n"
      "                                1000baseT/Full\n"
      "                                10000baseT/Full\n"
      "                                2500baseT/Full\n"
      "                                5000baseT/Full\n"
      "        Link partner advertised link modes:  10baseT/Half 10baseT/Full\n"
      "                                             100baseT/Half 100baseT/Full\n"
      "                                             1000baseT/Full\n"
      "        Speed: 1000Mb/s\n"
      "        Duplex: Full\n"
      "        Auto-negotiation: on\n"
      "        Link detected: yes\n";
  auto parsed = captures::text::parse_ethtool_link(text, {"capture", "ethtool"});
  REQUIRE(parsed.ok());
  REQUIRE(parsed->value.settings.ok());
  const model::LinkSettings read = *parsed->value.settings;
  Scenario s = healthy_scenario();
  s.config = [read](model::Host& h) {
    *netdev(h).link = read;
    rdma_port(h).rate_gbps = Field<double>::missing(model::Availability::absent, "no RDMA rate");
  };
  const auto at_top = Run(s).result("LINK-SPEED");
  INFO(describe(at_top));
  CHECK(at_top.status == Status::ok);  // judged on the modes alone: nothing else to compare with

  s.config = [read](model::Host& h) {
    *netdev(h).link = read;
    netdev(h).link->speed_mbps = 100;  // negotiated down to 100M
    rdma_port(h).rate_gbps = Field<double>::missing(model::Availability::absent, "no RDMA rate");
  };
  const auto f = only_finding(Run(s).result("LINK-SPEED"));
  CHECK(f.title == "link runs at 0.1 Gb/s, both ends advertise 1 Gb/s");
}

}  // namespace roce::test
