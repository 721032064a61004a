#include <algorithm>

#include <catch2/catch.hpp>

#include "cli/common.hpp"
#include "examples/cx6dx_example.hpp"
#include "model/gid_index.hpp"
#include "model/raw_lines.hpp"
#include "report/compact_maps.hpp"
#include "report/show_parts.hpp"
#include "report/show_text.hpp"

namespace roce::test {

using namespace roce;

TEST_CASE("DSCP maps print the exceptions and the common priority once") {
  std::vector<model::AppEntry> app;
  for (std::uint16_t d = 0; d < 64; ++d)
    app.push_back({model::kAppSelDscp, std::uint8_t(d == 26 ? 3 : d == 48 ? 6 : 0), d});
  CHECK(report::compact_dscp_map(app) == "26→3 48→6, others→0");
  // Only two entries (trust DSCP with a partial table): no "others".
  CHECK(report::compact_dscp_map({{model::kAppSelDscp, 3, 26}, {model::kAppSelDscp, 6, 48}}) == "26→3 48→6");
  CHECK(report::compact_dscp_map({{model::kAppSelDgram, 3, 4791}}) == "none");
  CHECK(report::other_app_entries({{model::kAppSelDgram, 3, 4791}}) ==
        std::vector<std::string>{"dgram-port-prio 4791:3"});
  // mlx5 default: dscp >> 3
  app.clear();
  for (std::uint16_t d = 0; d < 64; ++d) app.push_back({model::kAppSelDscp, std::uint8_t(d >> 3), d});
  CHECK(report::compact_dscp_map(app).rfind("8→1 9→1", 0) == 0);
}

TEST_CASE("per-priority values compact around the common value") {
  CHECK(report::compact_per_prio({"off", "off", "off", "on", "off", "off", "off", "off"}) == "3:on others:off");
  CHECK(report::compact_per_prio({"0", "0", "0", "0", "0", "0", "0", "0"}) == "all:0");
  CHECK(report::compact_per_prio({"1", "0", "2", "3", "4", "5", "6", "7"}) == "0:1 1:0 2:2 3:3 4:4 5:5 6:6 7:7");
}

TEST_CASE("the RoCE v2 GID index is found by scanning, not assumed") {
  std::vector<model::Gid> gids;
  auto add = [&](std::uint32_t i, const char* gid, const char* type) {
    gids.push_back({i, gid, model::Field<std::string>::of(type), model::Field<std::string>::of("eth2")});
  };
  add(0, "fe80:0000:0000:0000:0e42:a1ff:fe5d:4db8", "IB/RoCE v1");
  add(1, "fe80:0000:0000:0000:0e42:a1ff:fe5d:4db8", "RoCE v2");
  add(4, "0000:0000:0000:0000:0000:ffff:ac13:003c", "IB/RoCE v1");
  add(5, "0000:0000:0000:0000:0000:ffff:ac13:003c", "RoCE v2");
  const auto v2 = model::roce_v2_ipv4_gids(gids);
  REQUIRE(v2.size() == 1);
  CHECK(v2[0].ipv4 == "172.19.0.60");
  CHECK(v2[0].index == 5);
  CHECK(model::short_gid("0000:0000:0000:0000:0000:ffff:ac13:003c") == "::ffff:172.19.0.60");
}

TEST_CASE("the ConnectX-6 Dx example renders every section with its values") {
  const auto text = report::render_show_text(examples::cx6dx_ecn_off_sample(1), report::Style{false});
  for (const char* expected : {
           "rdma mlx5_0: node-type CA hca-type MT4125 fw 22.39.1002",
           "  port 1: state ACTIVE phys-state LinkUp rate 100 Gb/sec (4X EDR) link-layer Ethernet netdev ens1f0np0\n",
           "    active-mtu 4096 max-mtu 4096\n",
           "    roce-v2 172.19.0.60 gid-index 3 NCCL_IB_GID_INDEX=3\n",
           "roce-counters ecn-marked 0 cnp-sent 0 cnp-handled 0 cnp-ignored 0 out-of-sequence 14",
           "netdev ens1f0np0: state up mtu 9000 speed 100000Mb/s lanes 4",
           "pcie-link 16.0 GT/s PCIe x16 (max 16.0 GT/s PCIe x16)\n",
           "    trust dscp\n",
           "    dscp-prio 26→3 48→6, others→0\n",
           "    pfc pfc-cap 8 prio-pfc 3:on others:off delay 7 (mlx5: cable length 7 m)\n",
           "    buffer prio-buffer 3:1 others:0 buffer-size 0:130944 1:262016 others:0 total-size 1027968 (bytes)\n",
           "    ecn-np 3:off others:on\n",
           "    ecn-rp 3:off others:on\n",
           "    pause autoneg off rx off tx off",
           "    pfc-prevention-tout 100 ms\n",
           "    qdisc mq 0: root",
           // sample 1 = sample 0 + 60 s of growth
           "    prio-3 rx-pause 1425300 rx-pause-us 236118771 tx-pause 4272743 tx-pause-us 63280718 rx-discards 0",
           "counters port-rx-discards 0 port-tx-discards 0 host-rx-out-of-buffer 0 link-down-events 1",
           "    n/a (unsupported): link driver dcbx pfc ets pause counters\n",
       }) {
    INFO(expected);
    CHECK(text.find(expected) != std::string::npos);
  }
  CHECK(text.find("\033[") == std::string::npos);  // no colour unless asked
  CHECK(report::render_show_text(examples::cx6dx_ecn_off_sample(1), report::Style{true}).find("\033[1m") !=
        std::string::npos);
}

TEST_CASE("a host without RDMA devices says so in one line and lists its netdevs") {
  auto host = examples::cx6dx_ecn_off_sample(0);
  host.rdma_devices.clear();
  const auto text = report::render_show_text(host, report::Style{false});
  CHECK(text.find("\nrdma: no RDMA devices on this host\n") != std::string::npos);
  CHECK(text.find("netdev ens1f0np0:") != std::string::npos);
}

TEST_CASE("a PFC capability and buffer total the source did not print show as absent, never as 0") {
  auto host = examples::cx6dx_ecn_off_sample(0);  // as mlnx_qos prints it: no pfc-cap, no total over sysfs
  auto& nd = *std::find_if(host.netdevs.begin(), host.netdevs.end(), [](auto& n) { return n.name == "ens1f0np0"; });
  nd.dcb.pfc->pfc_cap.reset();
  nd.dcb.buffer->total_size.reset();
  const auto text = report::render_show_text(host, report::Style{false});
  INFO(text);
  CHECK(text.find("    pfc pfc-cap absent prio-pfc 3:on others:off") != std::string::npos);
  CHECK(text.find("others:0 total-size absent (bytes)") != std::string::npos);
}

TEST_CASE("the host's LLDP agents show when they were looked for") {
  auto host = examples::cx6dx_ecn_off_sample(0);
  CHECK(report::render_show_text(host, report::Style{false}).find("lldp-agents") == std::string::npos);
  host.lldp_agents = model::Field<std::vector<std::string>>::of({"lldpad (pid 812)"});
  CHECK(report::render_show_text(host, report::Style{false}).find("\nlldp-agents lldpad (pid 812)\n") !=
        std::string::npos);
  host.lldp_agents = model::Field<std::vector<std::string>>::of({});
  CHECK(report::render_show_text(host, report::Style{false}).find("\nlldp-agents none\n") != std::string::npos);
}

TEST_CASE("a RED qdisc shows its thresholds, probability and ECN flag") {
  model::Qdisc q;
  q.kind = "red";
  q.handle = 0x1040000;
  q.parent = 0x100004;
  q.offloaded = true;
  q.red = model::RedParams{1000000, 150000, 1500000, 9, 23, 20, 1 /*ECN*/, 42949673 /*1 %*/};
  q.red_xstats = model::RedXstats{0, 0, 0, 1234};
  model::NetDev nd;
  nd.name = "swp1";
  nd.qdiscs = model::Field<std::vector<model::Qdisc>>::of({q});
  const auto text = report::render_netdev(nd, report::Style{false});
  CHECK(
      text.find("    qdisc red 104: parent 10:4 offloaded limit 1000000b min 150000b max 1500000b probability 0.01 ecn "
                "marked 1234 early 0 pdrop 0\n") != std::string::npos);
}

TEST_CASE("the link modes' speeds show in one line, partner modes not reported kept apart") {
  model::NetDev nd;
  nd.name = "ens1f0np0";
  model::LinkSettings l{100000, "full", true, 4};
  l.advertised_speeds_mbps = std::vector<std::uint32_t>{2500, 100000, 200000, 400000};
  l.peer_advertised_speeds_mbps = std::vector<std::uint32_t>{100, 100000, 400000};
  nd.link = model::Field<model::LinkSettings>::of(l);
  CHECK(report::render_netdev(nd, report::Style{false})
            .find("    link-modes 2.5G 100G 200G 400G, partner 100M 100G 400G\n") != std::string::npos);
  l.peer_advertised_speeds_mbps.reset();
  nd.link = model::Field<model::LinkSettings>::of(l);
  CHECK(
      report::render_netdev(nd, report::Style{false}).find("link-modes 2.5G 100G 200G 400G, partner not-reported\n") !=
      std::string::npos);
  l.advertised_speeds_mbps.reset();  // a source without modes (an older bundle): no line
  nd.link = model::Field<model::LinkSettings>::of(l);
  CHECK(report::render_netdev(nd, report::Style{false}).find("link-modes") == std::string::npos);
}

TEST_CASE("a port rate that only ibstat gave (Gb/s, no width) is shown") {
  auto host = examples::cx6dx_ecn_off_sample(0);
  auto& port = host.rdma_devices.at(0).ports.at(0);
  port.rate = model::Field<std::string>::missing(model::Availability::absent, "ibstat prints the rate in Gb/s only");
  port.rate_gbps = model::Field<double>::of(400);
  const auto text = report::render_show_text(host, report::Style{false});
  INFO(text);
  CHECK(text.find(" rate 400 Gb/sec link-layer Ethernet") != std::string::npos);
  CHECK(text.find("ibstat prints the rate") == std::string::npos);
}

TEST_CASE("an InfiniBand port gets no RoCE lines, only its link counters") {
  auto host = examples::cx6dx_ecn_off_sample(0);
  auto& port = host.rdma_devices.at(0).ports.at(0);
  const auto ethernet = report::render_show_text(host, report::Style{false});
  REQUIRE(ethernet.find("roce-v2 172.19.0.60") != std::string::npos);
  REQUIRE(ethernet.find("roce-counters ") != std::string::npos);
  port.link_layer = model::Field<std::string>::of("InfiniBand");
  const auto text = report::render_show_text(host, report::Style{false});
  INFO(text);
  CHECK(text.find("link-layer InfiniBand") != std::string::npos);
  CHECK(text.find("roce") == std::string::npos);
  CHECK(text.find("NCCL_IB_GID_INDEX") == std::string::npos);
  CHECK(text.find("    counters link-downed ") != std::string::npos);
  CHECK(text.find("    gid 3 ") != std::string::npos);  // its GIDs are still listed
}

TEST_CASE("--verbose keeps every missing value in place with its whole cause") {
  const auto text = report::render_show_text(examples::cx6dx_ecn_off_sample(1), report::Style{false, true});
  CHECK(text.find("    pfc unsupported (dcbnl: lo: Operation not supported)\n") != std::string::npos);
  CHECK(text.find("    counters unsupported (ethtool: lo: Operation not supported)\n") != std::string::npos);
  CHECK(text.find("n/a") == std::string::npos);
}

TEST_CASE("the compact view takes each missing value out of its line and names it under its reason") {
  const report::Style compact{};
  report::detail::MissingByReason missing;
  CHECK(report::detail::take_missing("active-mtu n/a (absent) max-mtu 4096", missing, compact) == "max-mtu 4096");
  CHECK(report::detail::take_missing("  port 1: state ACTIVE netdev n/a (absent)", missing, compact) ==
        "  port 1: state ACTIVE");
  CHECK(report::detail::take_missing("roce-v2 no IPv4 RoCE v2 GID (no IPv4 address on n/a (absent)?)", missing,
                                     compact) == "roce-v2 no IPv4 RoCE v2 GID (no IPv4 address on n/a (absent)?)");
  CHECK(missing == report::detail::MissingByReason{{"absent", "active-mtu netdev"}});
  const auto lines =
      report::detail::known_first({"dcbx n/a (denied)", "trust dscp", "ets n/a (absent)"}, compact, std::move(missing));
  CHECK(lines == std::vector<std::string>{"trust dscp", "n/a (absent): active-mtu netdev ets", "n/a (denied): dcbx"});
  const report::Style verbose{false, true};
  CHECK(report::detail::take_missing("dcbx n/a (denied)", missing, verbose) == "dcbx n/a (denied)");
}

TEST_CASE("long lines wrap at spaces to the width, indented, never between a value and its reason") {
  const std::string line = "    buffer prio-buffer 3:1 others:0 buffer-size 0:130944 pci n/a (absent) total 9\n";
  CHECK(report::detail::wrap_text(line, 0) == line);
  CHECK(report::detail::wrap_text(line, 200) == line);
  CHECK(report::detail::wrap_text(line, 40) ==
        "    buffer prio-buffer 3:1 others:0\n"
        "        buffer-size 0:130944\n"
        "        pci n/a (absent) total 9\n");
  // Colour escapes take no column.
  CHECK(report::detail::wrap_text("\033[1mnetdev\033[0m a b\n", 10) == "\033[1mnetdev\033[0m a b\n");
}

TEST_CASE("a label never ends a line with its value on the next; a list of labels still wraps") {
  const std::string port =
      "  port 1: state ACTIVE phys-state LinkUp rate 100 Gb/sec (4X EDR) link-layer Ethernet netdev "
      "ens1f0np0\n";
  for (std::size_t width = 40; width <= 110; ++width) {
    const auto wrapped = report::detail::wrap_text(port, width);
    INFO(width << ":\n" << wrapped);
    for (const char* label : {"state", "phys-state", "rate", "link-layer", "netdev"})
      CHECK(wrapped.find(std::string(" ") + label + "\n") == std::string::npos);
  }
  CHECK(report::detail::wrap_text(port, 60) ==
        "  port 1: state ACTIVE phys-state LinkUp\n"
        "      rate 100 Gb/sec (4X EDR) link-layer Ethernet\n"
        "      netdev ens1f0np0\n");
  // Counters by name: "rx-pause 803" stays whole.
  CHECK(report::detail::wrap_text("    prio-3 rx-pause 803 rx-pause-us 133400 tx-pause 0\n", 30) ==
        "    prio-3 rx-pause 803\n"
        "        rx-pause-us 133400\n"
        "        tx-pause 0\n");
  // The missing values' labels, listed under their reason, break anywhere.
  CHECK(report::detail::wrap_text("    n/a (absent): dcbx apptrust ets buffer maxrate pause\n", 32) ==
        "    n/a (absent): dcbx apptrust\n"
        "        ets buffer maxrate pause\n");
  // A colour escape does not hide a label.
  CHECK(report::detail::wrap_text("  a b c \033[1mnetdev\033[0m ens1f0np0\n", 12) ==
        "  a b c\n      \033[1mnetdev\033[0m ens1f0np0\n");
}

TEST_CASE("show wraps to $COLUMNS or the terminal's width on a terminal, to 100 columns elsewhere") {
  using roce::cli::wrap_width;
  CHECK(wrap_width(false, "250", 180) == 100);
  CHECK(wrap_width(true, "250", 180) == 250);
  CHECK(wrap_width(true, nullptr, 180) == 180);
  CHECK(wrap_width(true, "wide", 180) == 180);
  CHECK(wrap_width(true, nullptr, 0) == 100);
  CHECK(wrap_width(true, "10", 0) == 40);  // never narrower than 40
}

}  // namespace roce::test

namespace roce::test {

TEST_CASE("with quotes, each netdev and port lists the capture lines its values cite, by file and line") {
  auto host = examples::cx6dx_ecn_off_sample(1);
  model::NetDev& nd = host.netdevs.at(0);
  nd.mtu.from = {"sos", "sys/class/net/ens1f0np0/mtu:1"};
  nd.dcb.pfc.from = {"sos", "sos_commands/networking/dcb_-s_pfc_show_dev_ens1f0np0:1"};
  nd.dcb.buffer.from = {"sos", "sos_commands/networking/dcb_-s_pfc_show_dev_ens1f0np0:1"};  // one line, two values
  nd.trust.from = {"sos", "sos_commands/mellanox/mlnx_qos_-i_ens1f0np0:10"};
  model::RdmaPort& port = host.rdma_devices.at(0).ports.at(0);
  port.state.from = {"sos", "sos_commands/infiniband/ibstat:9"};
  port.phys_state.from = {"sos", "sos_commands/infiniband/ibstat:10"};
  model::RawLines raw;
  raw.add(nd.mtu.from, "9000");
  raw.add(nd.dcb.pfc.from,
          "pfc-cap 8 macsec-bypass off delay 7\nprio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off");
  raw.add(nd.trust.from, "Priority trust state: dscp");
  raw.add(port.state.from, "\t\tState: Active");
  raw.add(port.phys_state.from, "\t\tPhysical state: LinkUp");
  raw.add({"sos", "unrelated:1"}, "never shown");

  const auto plain = report::render_show_text(host, report::Style{false});
  report::Style style{false};
  style.quotes = &raw;
  const auto text = report::render_show_text(host, style);
  INFO(text);
  CHECK(plain.find("evidence") == std::string::npos);
  const std::string quotes =
      "    evidence trust: sos_commands/mellanox/mlnx_qos_-i_ens1f0np0:10\n"
      "      > Priority trust state: dscp\n"
      "    evidence pfc,buffer: sos_commands/networking/dcb_-s_pfc_show_dev_ens1f0np0:1\n"
      "      > pfc-cap 8 macsec-bypass off delay 7\n"
      "      > prio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off\n"
      "    evidence mtu: sys/class/net/ens1f0np0/mtu:1\n"
      "      > 9000\n";
  CHECK(text.find(quotes) != std::string::npos);
  CHECK(text.find("    evidence state: sos_commands/infiniband/ibstat:9\n      > \t\tState: Active\n") !=
        std::string::npos);
  CHECK(text.find("    evidence phys-state: sos_commands/infiniband/ibstat:10\n") != std::string::npos);
  CHECK(text.find("never shown") == std::string::npos);
  // A quote is never wrapped: it stays as the file has it.
  style.width = 40;
  CHECK(
      report::render_show_text(host, style).find("      > prio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off\n") !=
      std::string::npos);
  // The rest of the view is the plain one.
  std::string without = text;
  for (const char* start : {"    evidence ", "      > "})
    for (std::size_t at = without.find(start); at != std::string::npos; at = without.find(start))
      without.erase(at, without.find('\n', at) + 1 - at);
  CHECK(without == plain);
}

}  // namespace roce::test
