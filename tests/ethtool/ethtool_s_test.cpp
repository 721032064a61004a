// The `ethtool -S` text parser on the real captures in tests/fixtures/samples/.
#include <catch2/catch.hpp>

#include "captures/text/ethtool_s.hpp"
#include "sample_text.hpp"

namespace roce::test {

using roce::captures::text::parse_ethtool_s;

TEST_CASE("ethtool -S: full MLNX_OFED dump with a bad lane") {
  const std::string text = sample_without_comments("mlx5_ethtool_S_100G_ofed_badlane.txt");
  REQUIRE(text.rfind("NIC statistics:\n", 0) == 0);
  auto set = parse_ethtool_s(text);
  REQUIRE(set.ok());
  REQUIRE(set->entries.size() == 263);
  CHECK(set->entries.front() == std::pair<std::string, std::uint64_t>("rx_packets", 1226));
  CHECK(set->entries.back() == std::pair<std::string, std::uint64_t>("rx_prio0_marked", 0));
  CHECK(set->get("rx_err_lane_3_phy") == 17722623u);
  CHECK(set->get("rx_err_lane_0_phy") == 28116u);
  CHECK(set->get("rx_crc_errors_phy") == 386u);
  CHECK(set->get("rx_symbol_err_phy") == 386u);
  CHECK(set->get("rx_corrected_bits_phy") == 17750739u);
  CHECK(set->get("link_down_events_phy") == 0u);
  CHECK_FALSE(set->get("rx_prio3_pause").has_value());  // no PFC on this port
}

TEST_CASE("ethtool -S: ConnectX-4 on kernel 4.15, 64-bit values") {
  auto set = parse_ethtool_s(sample_without_comments("mlx5_ethtool_S_cx4_ubuntu1804_excerpt.txt"));
  REQUIRE(set.ok());
  REQUIRE(set->entries.size() == 23);
  CHECK(set->get("rx_packets") == 845320277u);
  CHECK(set->get("rx_bytes") == 2195783498134u);
  CHECK(set->get("tx_tso_bytes") == 1822751919330u);
  CHECK(set->get("rx_xdp_tx_full") == 0u);
  CHECK(set->entries.back().first == "tx_queue_stopped");
}

TEST_CASE("ethtool -S: grep output without the header (global pause, ConnectX-4 Lx)") {
  auto set = parse_ethtool_s(sample_without_comments("mlx5_ethtool_S_global_pause_grep_cx4lx.txt"));
  REQUIRE(set.ok());
  REQUIRE(set->entries.size() == 17);
  CHECK(set->get("tx_pause_ctrl_phy") == 1266552u);
  CHECK(set->get("tx_global_pause") == 1266552u);
  CHECK(set->get("tx_global_pause_duration") == 555665182u);
  CHECK(set->get("tx_pci_signal_integrity") == 3u);
  CHECK(set->get("tx_pause_storm_error_events") == 0u);
}

TEST_CASE("ethtool -S: full mlxsw Spectrum switch port (swp31), 64-bit PPCNT counters") {
  const std::string text = sample_without_comments("mlxsw_ethtool_S_spectrum_swp31.txt");
  REQUIRE(text.rfind("NIC statistics:\n", 0) == 0);
  auto set = parse_ethtool_s(text);
  REQUIRE(set.ok());
  REQUIRE(set->entries.size() == 149);
  CHECK(set->entries.front() == std::pair<std::string, std::uint64_t>("a_frames_transmitted_ok", 57271205843));
  CHECK(set->entries.back() == std::pair<std::string, std::uint64_t>("transceiver_overheat", 0));
  CHECK(set->get("a_octets_received_ok") == 319786790393748u);
  CHECK(set->get("ecn_marked") == 10u);
  CHECK(set->get("tx_octets_prio_4") == 221347838755116u);
  CHECK(set->get("tc_no_buffer_discard_uc_tc_15") == 0u);
  CHECK_FALSE(set->get("tc_transmit_queue_tc_16").has_value());  // 16 traffic classes, 0..15
}

TEST_CASE("ethtool -S: grep outputs of ice (E810) and bnxt_en without the header") {
  SECTION("ice PFC XON/XOFF per priority") {
    auto set = parse_ethtool_s(sample_without_comments("ice_ethtool_S_e810_prio_grep.txt"));
    REQUIRE(set.ok());
    REQUIRE(set->entries.size() == 32);
    CHECK(set->entries.front() == std::pair<std::string, std::uint64_t>("tx_priority_0_xon.nic", 1));
    CHECK(set->entries.back() == std::pair<std::string, std::uint64_t>("rx_priority_7_xoff.nic", 0));
    CHECK(set->get("tx_priority_2_xoff.nic") == 14864u);
    CHECK(set->get("tx_priority_3_xoff.nic") == 6434u);
  }
  SECTION("ice drops, indented by two spaces in a mail") {
    auto set = parse_ethtool_s(sample_without_comments("ice_ethtool_S_e810xxv_rx_dropped_grep.txt"));
    REQUIRE(set.ok());
    REQUIRE(set->entries.size() == 2);
    CHECK(set->get("rx_dropped") == 7206525u);
    CHECK(set->get("rx_dropped.nic") == 0u);
  }
  SECTION("bnxt_en FCS and alignment errors") {
    auto set = parse_ethtool_s(sample_without_comments("bnxt_ethtool_S_fcs_align_grep.txt"));
    REQUIRE(set.ok());
    REQUIRE(set->entries.size() == 3);
    CHECK(set->entries[0] == std::pair<std::string, std::uint64_t>("rx_fcs_err_frames", 1));
    CHECK(set->get("rx_align_err_frames") == 0u);
    CHECK(set->get("tx_fcs_err_frames") == 0u);
  }
}

TEST_CASE("ethtool -S: bnxt ring prefixes stay in the name") {
  auto set = parse_ethtool_s(
      "NIC statistics:\n     [0]: rx_ucast_packets: 123\n     [1]: rx_ucast_packets: 45\n"
      "     rx_pfc_ena_frames_pri3: 9\n");
  REQUIRE(set.ok());
  REQUIRE(set->entries.size() == 3);
  CHECK(set->entries[0] == std::pair<std::string, std::uint64_t>("[0]: rx_ucast_packets", 123));
  CHECK(set->get("[1]: rx_ucast_packets") == 45u);
  CHECK(set->get("rx_pfc_ena_frames_pri3") == 9u);
}

TEST_CASE("ethtool -S: CR, trailing spaces, blank lines and a missing final newline") {
  auto set = parse_ethtool_s("NIC statistics:\r\n     rx_packets: 5 \r\n\n     tx_packets: 18446744073709551615");
  REQUIRE(set.ok());
  REQUIRE(set->entries.size() == 2);
  CHECK(set->get("rx_packets") == 5u);
  CHECK(set->get("tx_packets") == 18446744073709551615u);
  auto header_only = parse_ethtool_s("NIC statistics:\n");
  REQUIRE(header_only.ok());
  CHECK(header_only->entries.empty());
}

TEST_CASE("ethtool -S: errors name the line") {
  auto message_of = [](std::string_view text) {
    auto r = parse_ethtool_s(text);
    REQUIRE_FALSE(r.ok());
    return r.error().message;
  };
  CHECK(message_of("NIC statistics:\n     rx_packets: 1\n     garbage\n") ==
        "ethtool -S text line 3: expected 'name: value', got '     garbage'");
  CHECK(message_of("NIC statistics:\n     rx_packets: -1\n") ==
        "ethtool -S text line 2: expected 'name: value', got '     rx_packets: -1'");
  CHECK(message_of("NIC statistics:\n     rx_packets: 12x\n") ==
        "ethtool -S text line 2: expected 'name: value', got '     rx_packets: 12x'");
  CHECK(message_of("     rx_packets: 18446744073709551616\n") ==
        "ethtool -S text line 1: value of 'rx_packets' does not fit in 64 bits");
  CHECK(message_of("NIC statistics:\nrx_packets: 1\n") ==
        "ethtool -S text line 2: expected 'name: value', got 'rx_packets: 1'");
  CHECK(message_of("NIC statistics:\n     : 1\n") == "ethtool -S text line 2: expected 'name: value', got '     : 1'");
  CHECK_THAT(message_of(""), Catch::Contains("empty"));
  CHECK_THAT(message_of("\n\n"), Catch::Contains("empty"));
  CHECK(message_of(std::string("     a\x01: b\n")) ==
        "ethtool -S text line 1: expected 'name: value', got '     a?: b'");
}

}  // namespace roce::test
