// ethtool -m: the cable length lines in every form ethtool prints them (SFP before and after 6.9,
// QSFP, CMIS), cable assemblies told from separable optics, and ethtool's own failures.
#include <catch2/catch.hpp>

#include "captures/text/ethtool_module.hpp"
#include "sample.hpp"

namespace roce::test {

using namespace roce::captures::text;
using roce::model::Availability;

namespace {

const TextOrigin kModule{"folder", "ethtool_-m_ens1f0np0"};

// A real SFP+ DAC, as `ethtool -m eth0` printed it in fedora-python/python-ethtool issue #36.
constexpr const char* kSfpDac2m =
    "\tIdentifier                                : 0x03 (SFP)\n"
    "\tExtended identifier                       : 0x04 (GBIC/SFP defined by 2-wire interface ID)\n"
    "\tConnector                                 : 0x21 (Copper pigtail)\n"
    "\tTransceiver codes                         : 0x01 0x00 0x00 0x00 0x00 0x04 0x80 0x00\n"
    "\tTransceiver type                          : Infiniband: 1X Copper Passive\n"
    "\tTransceiver type                          : Passive Cable\n"
    "\tTransceiver type                          : FC: Twin Axial Pair (TW)\n"
    "\tEncoding                                  : 0x06 (64B/66B)\n"
    "\tBR, Nominal                               : 10300MBd\n"
    "\tRate identifier                           : 0x00 (unspecified)\n"
    "\tLength (SMF,km)                           : 0km\n"
    "\tLength (SMF)                              : 0m\n"
    "\tLength (50um)                             : 0m\n"
    "\tLength (62.5um)                           : 0m\n"
    "\tLength (Copper)                           : 2m\n"
    "\tLength (OM3)                              : 0m\n"
    "\tPassive Cu cmplnce.                       : 0x00 (unspecified) [SFF-8472 rev10.4 only]\n";

// A real SFP 10G LR optic, as `ethtool -m` printed it in netdata/netdata issue #19375 (excerpt).
constexpr const char* kSfpLr =
    "Identifier                                : 0x03 (SFP)\n"
    "Extended identifier                       : 0x04 (GBIC/SFP defined by 2-wire interface ID)\n"
    "Connector                                 : 0x01 (SC)\n"
    "Transceiver codes                         : 0x20 0x00 0x00 0x00 0x00 0x00 0x00 0x00 0x00\n"
    "Transceiver type                          : 10G Ethernet: 10G Base-LR\n"
    "Encoding                                  : 0x03 (NRZ)\n"
    "BR, Nominal                               : 10000MBd\n"
    "Rate identifier                           : 0x00 (unspecified)\n"
    "Length (SMF,km)                           : 20km\n"
    "Length (SMF)                              : 20000m\n"
    "Length (50um)                             : 0m\n"
    "Length (62.5um)                           : 0m\n"
    "Length (Copper)                           : 0m\n"
    "Length (OM3)                              : 0m\n"
    "Laser wavelength                          : 1270nm\n";

// The QSFP (SFF-8636) and CMIS layouts are ethtool's printf format ("\t%-41s : %s", qsfp.c and
// cmis.c) filled with a module's values; no public capture of these was found.
std::string line(const std::string& key, const std::string& value) {
  return "\t" + key + std::string(key.size() < 41 ? 41 - key.size() : 0, ' ') + " : " + value + "\n";
}

std::string qsfp(const char* connector, const char* technology, const char* cable_length) {
  return line("Identifier", "0x11 (QSFP28)") + line("Extended identifier", "0x00") + line("Connector", connector) +
         line("Transceiver codes", "0x80 0x00 0x00 0x00 0x00 0x00 0x00 0x00 0x0b") +
         line("Transceiver type", "100G Ethernet: 100G Base-CR4 or 25G Base-CR CA-L") +
         line("Encoding", "0x05 (64B/66B)") + line("BR, Nominal", "25500Mbps") + line("Length (SMF,km)", "0km") +
         line("Length (OM3 50um)", "0m") + line("Length (OM2 50um)", "0m") + line("Length (OM1 62.5um)", "0m") +
         line("Length (Copper or Active cable)", cable_length) + line("Transmitter technology", technology) +
         line("Vendor name", "Mellanox");
}

std::string cmis(const char* cable_length) {
  return line("Identifier", "0x18 (QSFP-DD Double Density 8X Pluggable Transceiver)") + line("Power class", "1") +
         line("Max power", "1.50W") + line("Connector", "0x23 (No separable connector)") +
         line("Cable assembly length", cable_length) +
         line("Transmitter technology", "0x0a (Copper cable, unequalized)") + line("Attenuation at 5GHz", "5db") +
         line("Vendor name", "Mellanox");
}

std::uint32_t metres(const std::string& text) {
  auto r = parse_ethtool_module(text, kModule);
  REQUIRE(r.ok());
  INFO(r->value.cause);
  REQUIRE(r->value.ok());
  return *r->value;
}

}  // namespace

TEST_CASE("ethtool -m: an SFP DAC's 'Length (Copper)', located at its line") {
  auto r = parse_ethtool_module(kSfpDac2m, kModule);
  REQUIRE(r.ok());
  REQUIRE(r->value.ok());
  CHECK(*r->value == 2);
  CHECK(r->value.from == model::Provenance{"folder", "ethtool_-m_ens1f0np0:15"});
  CHECK(r->warnings.empty());
}

TEST_CASE("ethtool -m: every label ethtool prints a cable length under") {
  std::string newer = kSfpDac2m;
  newer.replace(newer.find("Length (Copper)                "), 31, "Length (Copper or Active cable)");
  CHECK(metres(newer) == 2);
  CHECK(metres(qsfp("0x23 (No separable connector)", "0xa0 (Copper cable unequalized)", "3m")) == 3);
  CHECK(metres(qsfp("0x21 (Copper pigtail)", "0xa0 (Copper cable unequalized)", "30m")) == 30);
  CHECK(metres(cmis("3.00m")) == 3);
  CHECK(metres(cmis("0.50m")) == 1);  // rounded up: headroom must cover the cable
  CHECK(metres(cmis("25.00m")) == 25);
  // An AOC: no copper, but no separable connector either.
  CHECK(metres(qsfp("0x23 (No separable connector)", "0x00 (850 nm VCSEL)", "5m")) == 5);
}

TEST_CASE("ethtool -m: a separable optic's lengths are fibre reach, never a cable length") {
  auto lr = parse_ethtool_module(kSfpLr, kModule);
  REQUIRE(lr.ok());
  CHECK_FALSE(lr->value.ok());
  CHECK(lr->value.availability == Availability::absent);
  CHECK(lr->value.cause ==
        "ethtool_-m_ens1f0np0:3: SFP is a separable optic ('0x01 (SC)'): its lengths are the fibre reach it "
        "supports, not the cable plugged in");
  // SFF-8636 byte 146 is OM4 reach on an SR4: ethtool still labels it "Copper or Active cable".
  auto sr4 = parse_ethtool_module(qsfp("0x0c (MPO 1x12)", "0x00 (850 nm VCSEL)", "50m"), kModule);
  REQUIRE(sr4.ok());
  CHECK_FALSE(sr4->value.ok());
  CHECK(sr4->value.availability == Availability::absent);
}

TEST_CASE("ethtool -m: a cable assembly without a length, beyond the field, or garbled") {
  auto zero =
      parse_ethtool_module(qsfp("0x23 (No separable connector)", "0xa0 (Copper cable unequalized)", "0m"), kModule);
  REQUIRE(zero.ok());
  CHECK(zero->value.availability == Availability::absent);
  CHECK(zero->value.cause == "ethtool_-m_ens1f0np0:12: QSFP28 cable assembly gives no cable length (0)");
  auto far = parse_ethtool_module(cmis("> 6.3km"), kModule);
  REQUIRE(far.ok());
  CHECK(far->value.availability == Availability::absent);
  auto garbled = parse_ethtool_module(cmis("three metres"), kModule);
  REQUIRE(garbled.ok());
  CHECK(garbled->value.availability == Availability::error);
  CHECK(garbled->warnings.size() == 1);
  // Truncated before the Connector line: which kind of module is unknown.
  auto truncated = parse_ethtool_module("\tIdentifier                                : 0x11 (QSFP28)\n", kModule);
  REQUIRE(truncated.ok());
  CHECK(truncated->value.availability == Availability::error);
}

TEST_CASE("ethtool -m: ethtool's own failures are results, other text is not this format") {
  auto veth = parse_ethtool_module("Cannot get module EEPROM information: Operation not supported\n", kModule);
  REQUIRE(veth.ok());
  CHECK(veth->value.availability == Availability::unsupported);
  CHECK(veth->value.cause == "ethtool_-m_ens1f0np0:1: Cannot get module EEPROM information: Operation not supported");
  auto denied = parse_ethtool_module("netlink error: Operation not permitted\n", kModule);
  REQUIRE(denied.ok());
  CHECK(denied->value.availability == Availability::denied);
  auto gone = parse_ethtool_module("Cannot get module EEPROM information: No such device\n", kModule);
  REQUIRE(gone.ok());
  CHECK(gone->value.availability == Availability::absent);
  CHECK_FALSE(parse_ethtool_module("", kModule).ok());
  CHECK_FALSE(parse_ethtool_module("Offset\t\tValues\n------\t\t------\n0x0000:\t\t03 04 21\n", kModule).ok());
  CHECK_FALSE(parse_ethtool_module("Settings for eth0:\n", kModule).ok());
}

}  // namespace roce::test
