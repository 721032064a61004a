#include <catch2/catch.hpp>

#include "sources/sysfs/sysfs_decode.hpp"

namespace roce::test {

using namespace roce::sources::sysfs;

TEST_CASE("unsigned counters: %llu and nothing else") {
  CHECK(*decode_unsigned("0") == 0);
  CHECK(*decode_unsigned("230539874932483") == 230539874932483ull);
  CHECK(*decode_unsigned("18446744073709551615") == 18446744073709551615ull);
  CHECK_FALSE(decode_unsigned("18446744073709551616"));  // overflow
  CHECK_FALSE(decode_unsigned(""));
  CHECK_FALSE(decode_unsigned("-1"));
  CHECK_FALSE(decode_unsigned(" 1"));
  CHECK_FALSE(decode_unsigned("1 "));
  CHECK_FALSE(decode_unsigned("0x10"));
  // What old kernels print for PMA counters of a device without a PMA.
  auto no_pma = decode_unsigned("N/A (no PMA)");
  REQUIRE_FALSE(no_pma);
  CHECK(no_pma.error().message == "expected an unsigned integer, got \"N/A (no PMA)\"");
  CHECK(decode_unsigned("abc").error().message == "expected an unsigned integer, got \"abc\"");
}

TEST_CASE("u32 keeps the unsigned-integer message and rejects what does not fit") {
  CHECK(*decode_u32("9000") == 9000u);
  CHECK(*decode_u32("4294967295") == 4294967295u);
  CHECK(decode_u32("abc").error().message == "expected an unsigned integer, got \"abc\"");
  CHECK(decode_u32("4294967296").error().message == "expected an unsigned 32-bit integer, got \"4294967296\"");
}

TEST_CASE("port state, phys_state and node_type: \"%d: %s\"") {
  auto active = decode_code_and_name("4: ACTIVE");
  REQUIRE(active);
  CHECK(active->code == 4);
  CHECK(active->name == "ACTIVE");
  CHECK(*decode_code_and_name("1: DOWN") == roce::model::PortState{1, "DOWN"});
  CHECK(*decode_code_and_name("5: LinkUp") == roce::model::PortState{5, "LinkUp"});
  CHECK(*decode_code_and_name("3: Disabled") == roce::model::PortState{3, "Disabled"});
  CHECK(*decode_code_and_name("7: Phy Test") == roce::model::PortState{7, "Phy Test"});
  CHECK(*decode_code_and_name("9: <unknown>") == roce::model::PortState{9, "<unknown>"});
  CHECK(*decode_code_and_name("5: ACTIVE_DEFER") == roce::model::PortState{5, "ACTIVE_DEFER"});
  CHECK(*decode_code_and_name("1: CA") == roce::model::PortState{1, "CA"});
  CHECK_FALSE(decode_code_and_name("ACTIVE"));
  CHECK_FALSE(decode_code_and_name("4:ACTIVE"));
  CHECK_FALSE(decode_code_and_name("4: "));
  CHECK_FALSE(decode_code_and_name(": ACTIVE"));
  CHECK_FALSE(decode_code_and_name("-1: DOWN"));
  CHECK_FALSE(decode_code_and_name("4294967296: X"));
  CHECK_FALSE(decode_code_and_name("4: ACT\nIVE"));
  CHECK(decode_code_and_name("up").error().message == "expected \"<number>: <name>\", got \"up\"");
}

TEST_CASE("rate: every lane speed the kernel prints") {
  struct Case {
    const char* text;
    double gbps;
    std::uint32_t width;
    const char* speed;
  };
  const Case cases[] = {
      {"100 Gb/sec (4X EDR)", 100.0, 4, "EDR"},
      {"2.5 Gb/sec (1X SDR)", 2.5, 1, "SDR"},
      {"2.5 Gb/sec (1X)", 2.5, 1, ""},  // kernels before SDR got its name
      {"10 Gb/sec (4X)", 10.0, 4, ""},
      {"200 Gb/sec (2X NDR)", 200.0, 2, "NDR"},
      {"400 Gb/sec (4X NDR)", 400.0, 4, "NDR"},
      {"25 Gb/sec (1X EDR)", 25.0, 1, "EDR"},
      {"56 Gb/sec (4X FDR)", 56.0, 4, "FDR"},
      {"40 Gb/sec (4X FDR10)", 40.0, 4, "FDR10"},
      {"40 Gb/sec (4X QDR)", 40.0, 4, "QDR"},
      {"20 Gb/sec (4X DDR)", 20.0, 4, "DDR"},
      {"200 Gb/sec (4X HDR)", 200.0, 4, "HDR"},
      {"800 Gb/sec (4X XDR)", 800.0, 4, "XDR"},
      {"1600 Gb/sec (8X XDR)", 1600.0, 8, "XDR"},
      {"30 Gb/sec (12X SDR)", 30.0, 12, "SDR"},
      {"5 Gb/sec (2X SDR)", 5.0, 2, "SDR"},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    auto rate = decode_rate(c.text);
    REQUIRE(rate);
    CHECK(rate->gbps == Approx(c.gbps));
    CHECK(rate->width == c.width);
    CHECK(rate->speed == c.speed);
  }
  for (const char* bad : {"", "100", "100 Gb/sec", "100 Gb/sec (4X EDR", "100 Gb/sec (X EDR)", "100 Gb/sec (0X EDR)",
                          "100 Gb/sec (4X edr)", "100 Gb/sec (4X )", "100 Gb/sec (4X EDR) ", "100. Gb/sec (4X EDR)",
                          "abc Gb/sec (4X EDR)", "100 Gbps (4X EDR)"}) {
    INFO(bad);
    CHECK_FALSE(decode_rate(bad));
  }
  CHECK(decode_rate("fast").error().message == "expected \"<N> Gb/sec (<W>X <SPEED>)\", got \"fast\"");
}

TEST_CASE("GID text: %pI6, uncompressed") {
  auto gid = decode_gid("fe80:0000:0000:0000:0e42:a1ff:fe5d:4db8");
  REQUIRE(gid);
  CHECK((*gid)[0] == 0xfe);
  CHECK((*gid)[1] == 0x80);
  CHECK((*gid)[15] == 0xb8);
  CHECK_FALSE(is_zero_gid(*gid));
  auto v4 = decode_gid("0000:0000:0000:0000:0000:ffff:ac13:003c");  // 172.19.0.60
  REQUIRE(v4);
  CHECK((*v4)[10] == 0xff);
  CHECK((*v4)[12] == 172);
  CHECK((*v4)[15] == 60);
  auto zero = decode_gid("0000:0000:0000:0000:0000:0000:0000:0000");
  REQUIRE(zero);
  CHECK(is_zero_gid(*zero));
  CHECK(decode_gid("FE80:0000:0000:0000:0E42:A1FF:FE5D:4DB8"));
  for (const char* bad : {"", "fe80::1", "fe80:0000:0000:0000:0e42:a1ff:fe5d:4db",
                          "fe80:0000:0000:0000:0e42:a1ff:fe5d:4db8:", "fe80-0000:0000:0000:0e42:a1ff:fe5d:4db8",
                          "fe80:0000:0000:0000:0e42:a1ff:fe5d:4dbg", "fe80:0000:0000:0000:0e42:a1ff:fe5d4:db8"}) {
    INFO(bad);
    CHECK_FALSE(decode_gid(bad));
  }
}

TEST_CASE("netdev speed: Mb/s, -1 is SPEED_UNKNOWN") {
  CHECK(*decode_netdev_speed("100000") == std::optional<std::uint32_t>(100000));
  CHECK(*decode_netdev_speed("0") == std::optional<std::uint32_t>(0));
  CHECK(*decode_netdev_speed("-1") == std::nullopt);
  CHECK_FALSE(decode_netdev_speed("-2"));
  CHECK_FALSE(decode_netdev_speed("Unknown!"));
  CHECK_FALSE(decode_netdev_speed("4294967296"));
  CHECK_FALSE(decode_netdev_speed(""));
}

TEST_CASE("vendor ecn enable and trust") {
  CHECK(*decode_enable_flag("1") == true);
  CHECK(*decode_enable_flag("0") == false);
  CHECK_FALSE(decode_enable_flag("2"));
  CHECK_FALSE(decode_enable_flag(""));
  CHECK_FALSE(decode_enable_flag("yes"));
  CHECK(*decode_trust("pcp") == "pcp");
  CHECK(*decode_trust("dscp") == "dscp");
  CHECK_FALSE(decode_trust("none"));
  CHECK_FALSE(decode_trust("DSCP"));
}

TEST_CASE("PCI function names") {
  CHECK(is_pci_address("0000:b1:00.0"));
  CHECK(is_pci_address("0000:00:03.7"));
  CHECK(is_pci_address("10000:00:02.0"));  // VMD domain
  CHECK_FALSE(is_pci_address("virtio2"));
  CHECK_FALSE(is_pci_address("pci0000:b0"));
  CHECK_FALSE(is_pci_address("0000:b1:00.8"));
  CHECK_FALSE(is_pci_address("0000:b1:00"));
  CHECK_FALSE(is_pci_address("000:b1:00.0"));
  CHECK_FALSE(is_pci_address("0000:b1:00.0x"));
  CHECK_FALSE(is_pci_address(""));
}

TEST_CASE("messages quote what was found, escaped and cut") {
  CHECK(quote_for_message("abc") == "\"abc\"");
  CHECK(quote_for_message(std::string("a\0b\n\"", 5)) == "\"a\\x00b\\n\\\"\"");
  CHECK(quote_for_message(std::string(100, 'x')) == "\"" + std::string(64, 'x') + "\"...");
}

}  // namespace roce::test
