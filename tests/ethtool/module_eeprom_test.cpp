// The module EEPROM: the decoder on byte-exact dumps of the three management specs
// (tests/fixtures/module_eeprom, provenance in each file's header), and the MODULE_EEPROM_GET
// request and reply built to the kernel UAPI.
#include <linux/ethtool_netlink.h>
#include <linux/netlink.h>
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "sources/ethtool/genl_messages.hpp"
#include "sources/ethtool/module_eeprom.hpp"
#include "support/files.hpp"
#include "support/nl_builder.hpp"
#include "support/paths.hpp"

namespace roce::test {

using namespace roce::sources::ethtool;

namespace {

// The bytes of an `ethtool -m IF hex on` dump ("0x0080:\t\t11 8c 23 ..."); '#' lines are provenance.
ByteBuffer hex_dump(const std::string& name) {
  const std::string text = slurp(std::string(ROCE_FIXTURES_DIR) + "/module_eeprom/" + name);
  REQUIRE_FALSE(text.empty());
  ByteBuffer bytes;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("0x", 0) != 0) continue;
    const auto offset = std::stoul(line.substr(2, 4), nullptr, 16);
    REQUIRE(offset == bytes.size());
    std::istringstream values(line.substr(line.find(':') + 1));
    for (std::string v; values >> v;) bytes.push_back(static_cast<std::uint8_t>(std::stoul(v, nullptr, 16)));
  }
  return bytes;
}

ModuleInfo decoded(const ByteBuffer& bytes) {
  auto info = decode_module_eeprom(bytes);
  INFO((info.ok() ? std::string() : info.error().message));
  REQUIRE(info.ok());
  return *info;
}

const model::Provenance kFrom{"ethtool-netlink", "ens1f0np0 ETHTOOL_MSG_MODULE_EEPROM_GET"};

}  // namespace

TEST_CASE("module EEPROM: an SFF-8472 SFP+ DAC gives its copper length from byte 18") {
  const auto bytes = hex_dump("sff8472_sfp_dac_2m.hex");
  REQUIRE(bytes.size() == 128);
  const auto info = decoded(bytes);
  CHECK(info.spec == ModuleSpec::sff8472);
  CHECK(info.identifier == "SFP/SFP+/SFP28");
  CHECK(info.medium == CableMedium::passive_copper);
  REQUIRE(info.length_m);
  CHECK(*info.length_m == 2);
  const auto field = module_cable_field(info, kFrom);
  REQUIRE(field.ok());
  CHECK(*field == 2);
  CHECK(field.from.locator ==
        "ens1f0np0 ETHTOOL_MSG_MODULE_EEPROM_GET byte 18 (SFP/SFP+/SFP28 (SFF-8472) passive copper cable)");
}

TEST_CASE("module EEPROM: an SFF-8636 QSFP28 AOC gives its cable assembly length from byte 146") {
  const auto info = decoded(hex_dump("sff8636_qsfp28_aoc_5m.hex"));
  CHECK(info.spec == ModuleSpec::sff8636);
  CHECK(info.identifier == "QSFP28");
  CHECK(info.medium == CableMedium::active_optical);  // no separable connector, 850 nm VCSEL
  const auto field = module_cable_field(info, kFrom);
  REQUIRE(field.ok());
  CHECK(*field == 5);
}

TEST_CASE("module EEPROM: an SFF-8636 SR4 optic has no cable length, though byte 146 holds its OM4 reach") {
  const auto bytes = hex_dump("sff8636_qsfp28_sr4.hex");
  REQUIRE(bytes[146] == 50);  // what SONiC once printed as "Length Cable Assembly(m): 50"
  const auto info = decoded(bytes);
  CHECK(info.medium == CableMedium::separable_optical);
  CHECK_FALSE(info.length_m);
  const auto field = module_cable_field(info, kFrom);
  CHECK_FALSE(field.ok());
  CHECK(field.availability == model::Availability::absent);
  CHECK(field.cause ==
        "ens1f0np0 ETHTOOL_MSG_MODULE_EEPROM_GET: QSFP28 (SFF-8636) separable optical module: its EEPROM gives "
        "the fibre reach it supports, not the length of the fibre plugged in");
}

TEST_CASE("module EEPROM: a CMIS QSFP-DD DAC gives byte 202 times its multiplier") {
  auto bytes = hex_dump("cmis_qsfpdd_dac_3m.hex");
  REQUIRE(bytes.size() == 256);
  const auto info = decoded(bytes);
  CHECK(info.spec == ModuleSpec::cmis);
  CHECK(info.identifier == "QSFP-DD");
  CHECK(info.medium == CableMedium::passive_copper);
  CHECK(*module_cable_field(info, kFrom) == 3);

  // Multipliers 0.1, 1, 10, 100 m (bits 7-6), rounded up to whole metres.
  for (auto [byte, metres] :
       {std::pair<std::uint8_t, std::uint32_t>{0x05, 1}, {0x19, 3}, {0x1E, 3}, {0x41, 1}, {0x83, 30}, {0xC1, 100}}) {
    bytes[202] = byte;
    INFO("byte 202 = " << int(byte));
    CHECK(*module_cable_field(decoded(bytes), kFrom) == metres);
  }
  bytes[202] = 0x00;
  const auto zero = module_cable_field(decoded(bytes), kFrom);
  CHECK(zero.availability == model::Availability::absent);
  CHECK(zero.cause.find("gives no cable length (byte 202 is 0)") != std::string::npos);
  bytes[202] = 0xFF;
  CHECK(module_cable_field(decoded(bytes), kFrom).cause.find("longer than 6.3 km") != std::string::npos);

  // Media type 0x01 (multimode fibre) behind an MPO connector: an optic, whatever byte 202 says.
  bytes[85] = 0x01;
  bytes[202] = 0x43;
  bytes[203] = 0x0C;
  bytes[212] = 0x00;
  CHECK(decoded(bytes).medium == CableMedium::separable_optical);
  CHECK_FALSE(module_cable_field(decoded(bytes), kFrom).ok());
}

TEST_CASE("module EEPROM: unknown identifiers and truncated dumps are errors naming the byte") {
  CHECK_FALSE(decode_module_eeprom(ByteBuffer{}).ok());
  auto unknown = decode_module_eeprom(ByteBuffer(256, 0));
  REQUIRE_FALSE(unknown.ok());
  CHECK(unknown.error().message == "module EEPROM byte 0: identifier 0x00 is not an SFP, QSFP or CMIS module");
  auto bytes = hex_dump("sff8636_qsfp28_aoc_5m.hex");
  bytes.resize(128);  // the lower page only
  auto truncated = decode_module_eeprom(bytes);
  REQUIRE_FALSE(truncated.ok());
  CHECK(truncated.error().message == "module EEPROM: 128 bytes, SFF-8636 needs 148");
}

TEST_CASE("MODULE_EEPROM_GET: the request carries offset, length, page, bank and I2C address as the UAPI says") {
  const auto req = build_module_eeprom_get(21, "ens1f0np0", 128, 128);
  const auto expected = NlBuilder(21, NLM_F_REQUEST, 0)
                            .genl(ETHTOOL_MSG_MODULE_EEPROM_GET, ETHTOOL_GENL_VERSION)
                            .begin_nest(ETHTOOL_A_MODULE_EEPROM_HEADER, true)
                            .put_string(ETHTOOL_A_HEADER_DEV_NAME, "ens1f0np0")
                            .end_nest()
                            .put_u32(ETHTOOL_A_MODULE_EEPROM_OFFSET, 128)
                            .put_u32(ETHTOOL_A_MODULE_EEPROM_LENGTH, 128)
                            .put_u8(ETHTOOL_A_MODULE_EEPROM_PAGE, 0)
                            .put_u8(ETHTOOL_A_MODULE_EEPROM_BANK, 0)
                            .put_u8(ETHTOOL_A_MODULE_EEPROM_I2C_ADDRESS, 0x50)
                            .finish();
  CHECK(std::vector<std::uint8_t>(req.bytes().begin(), req.bytes().end()) == expected);
}

TEST_CASE("MODULE_EEPROM_GET: the reply's data attribute is the EEPROM, and a short one is an error") {
  const auto eeprom = hex_dump("sff8636_qsfp28_aoc_5m.hex");
  const ByteBuffer upper(eeprom.begin() + 128, eeprom.end());
  auto reply = [&](const ByteBuffer& data) {
    NlBuilder w(21, 0, 77, 4242);
    w.genl(ETHTOOL_MSG_MODULE_EEPROM_GET_REPLY)
        .begin_nest(ETHTOOL_A_MODULE_EEPROM_HEADER, true)
        .put_u32(ETHTOOL_A_HEADER_DEV_INDEX, 4)
        .put_string(ETHTOOL_A_HEADER_DEV_NAME, "ens1f0np0")
        .end_nest()
        .put(ETHTOOL_A_MODULE_EEPROM_DATA, data.data(), data.size());
    return w.finish();
  };
  auto ok = decode_module_eeprom_reply(reply(upper), 21, 128);
  REQUIRE(ok.ok());
  CHECK(*ok == upper);
  auto short_reply = decode_module_eeprom_reply(reply(ByteBuffer(upper.begin(), upper.begin() + 64)), 21, 128);
  REQUIRE_FALSE(short_reply.ok());
  CHECK(short_reply.error().message == "ETHTOOL_A_MODULE_EEPROM_DATA: 64 bytes, expected 128");
}

}  // namespace roce::test
