// dcb show outputs: the iproute2 man-page examples and the exact mlx5-shaped layout with trailing spaces.
#include <catch2/catch.hpp>

#include "captures/text/dcb_show.hpp"
#include "sample.hpp"

namespace roce::test {

using namespace roce::captures::text;
using roce::model::AppEntry;
using roce::model::Availability;
using roce::model::PerPrio;

namespace {
// The output printed after the "$ <command>" line, up to the next blank or "$ " line. The sample
// shows line ends of PART 2 as a visible '$': turned back into the real end of line.
std::string output_of(const std::string& command) {
  const std::string all = sample("dcb_outputs.txt");
  std::size_t at = all.find("$ " + command + "\n");
  if (at == std::string::npos) at = all.find("$ " + command + " ");
  REQUIRE(at != std::string::npos);
  at = all.find('\n', at) + 1;
  std::string out;
  while (at < all.size()) {
    std::size_t eol = all.find('\n', at);
    std::string line = all.substr(at, eol - at);
    if (line.empty() || line.rfind("$ ", 0) == 0 || line.rfind("#", 0) == 0) break;
    if (line.size() >= 2 && line.substr(line.size() - 2) == " $") line.pop_back();
    out += line + "\n";
    at = eol + 1;
  }
  return out;
}
}  // namespace

TEST_CASE("dcb: sizes and DSCP names") {
  CHECK(parse_dcb_size("130944b") == 130944u);
  CHECK(parse_dcb_size("128Kb") == 131072u);
  CHECK(parse_dcb_size("1Mb") == 1048576u);
  CHECK(parse_dcb_size("1222Kb") == 1222u * 1024);
  CHECK(parse_dcb_size("1.5Gb") == 1610612736u);
  CHECK_FALSE(parse_dcb_size("12").has_value());
  CHECK_FALSE(parse_dcb_size("Kb").has_value());
  CHECK(parse_dscp_name("CS3") == 24);
  CHECK(parse_dscp_name("AF31") == 26);
  CHECK(parse_dscp_name("AF41") == 34);
  CHECK(parse_dscp_name("EF") == 46);
  CHECK(parse_dscp_name("CS6") == 48);
  CHECK(parse_dscp_name("63") == 63);
  CHECK_FALSE(parse_dscp_name("64").has_value());
  CHECK_FALSE(parse_dscp_name("gold").has_value());
}

TEST_CASE("dcb: man-page examples (no trailing spaces)") {
  auto pfc = parse_dcb_show(output_of("dcb pfc show dev eth0"), kOrigin);
  REQUIRE(pfc.ok());
  CHECK(pfc->warnings.empty());  // without -s the counters are simply not printed
  REQUIRE(pfc->value.pfc.ok());
  CHECK(pfc->value.pfc->pfc_cap == 8);
  CHECK(pfc->value.pfc->delay == 4096);
  CHECK(pfc->value.pfc->mbc == 0);
  CHECK(pfc->value.pfc->pfc_en == 0xc0);
  CHECK(pfc->value.ets.availability == Availability::absent);

  auto buf = parse_dcb_show(output_of("dcb buffer show dev eth0"), kOrigin);
  REQUIRE(buf.ok());
  CHECK(buf->warnings.empty());
  REQUIRE(buf->value.buffer.ok());
  CHECK(buf->value.buffer->prio2buffer == PerPrio<std::uint8_t>{0, 1, 2, 3, 4, 5, 6, 7});
  CHECK(buf->value.buffer->buffer_size[0] == 10240);
  CHECK(buf->value.buffer->buffer_size[6] == 1048576);
  CHECK(buf->value.buffer->total_size == 1222 * 1024);

  auto ets = parse_dcb_show(output_of("dcb ets show dev eth0 prio-tc tc-tsa tc-bw"), kOrigin);
  REQUIRE(ets.ok());
  REQUIRE(ets->value.ets.ok());
  CHECK(ets->value.ets->prio_tc == PerPrio<std::uint8_t>{0, 1, 2, 3, 4, 5, 6, 7});
  CHECK(ets->value.ets->tc_tsa == PerPrio<std::uint8_t>{2, 2, 2, 0, 0, 0, 0, 0});
  CHECK(ets->value.ets->tc_tx_bw == PerPrio<std::uint8_t>{33, 33, 34, 0, 0, 0, 0, 0});

  auto sym = parse_dcb_show(output_of("dcb app show dev eth0 dscp-prio"), kOrigin);
  auto num = parse_dcb_show(output_of("dcb -N app show dev eth0 dscp-prio"), kOrigin);
  REQUIRE(sym.ok());
  REQUIRE(num.ok());
  const std::vector<AppEntry> expected = {{5, 0, 0}, {5, 2, 24}, {5, 3, 24}, {5, 6, 48}};
  CHECK(*sym->value.app == expected);
  CHECK(*num->value.app == expected);

  auto trust = parse_dcb_show(output_of("dcb apptrust show dev eth0"), kOrigin);
  REQUIRE(trust.ok());
  CHECK(*trust->value.apptrust == std::vector<std::uint8_t>{4, 255, 1});
}

TEST_CASE("dcb: mlx5 layout with trailing spaces, -s counters, 64 DSCP entries") {
  const std::string pfc_text = output_of("dcb -s pfc show dev ens1f0np0");
  REQUIRE(pfc_text.find("7 \n") != std::string::npos);  // the trailing space is really there
  auto pfc = parse_dcb_show(pfc_text, kOrigin);
  REQUIRE(pfc.ok());
  CHECK(pfc->warnings.empty());
  CHECK(pfc->value.pfc->delay == 7);
  CHECK(pfc->value.pfc->pfc_en == 0x08);
  CHECK(pfc->value.pfc->requests[3] == 1290418);
  CHECK(pfc->value.pfc->indications[3] == 41927);
  CHECK(pfc->value.pfc.from.locator == "sos_commands/test/file:1");

  auto buf = parse_dcb_show(output_of("dcb buffer show dev ens1f0np0"), kOrigin);
  REQUIRE(buf.ok());
  CHECK(buf->value.buffer->buffer_size[0] == 130944);
  CHECK(buf->value.buffer->buffer_size[2] == 0);
  CHECK(buf->value.buffer->total_size == 1027968);
  CHECK(buf->value.buffer->prio2buffer[3] == 1);

  auto app = parse_dcb_show(output_of("dcb -N app show dev ens1f0np0 dscp-prio"), kOrigin);
  REQUIRE(app.ok());
  REQUIRE(app->value.app->size() == 64);
  CHECK(app->value.app->at(26) == AppEntry{5, 3, 26});
}

TEST_CASE("dcb: all outputs concatenated, other APP groups, garbled lines") {
  const char* text =
      "pfc-cap 8 macsec-bypass off delay 7 \n"
      "prio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:maybe \n"
      "willing off ets-cap 8 cbs off \n"
      "tc-bw 0:100 1:0 2:0 3:0 4:0 5:0 6:0 7:0 \n"
      "tc-tsa 0:ets 1:strict 2:strict 3:strict 4:strict 5:strict 6:strict 7:strict \n"
      "prio-tc 0:0 1:0 2:0 3:0 4:0 5:0 6:0 7:0 \n"
      "ethtype-prio 8906:3 \n"
      "default-prio 1 \n"
      "dgram-port-prio 4791:3 \n"
      "pcp-prio 1de:1 3nd:3 \n"
      "dscp-prio AF31:3 gold:4 \n"
      "bogus line\n";
  auto r = parse_dcb_show(text, kOrigin);
  REQUIRE(r.ok());
  CHECK(r->value.pfc.availability == Availability::error);
  CHECK(r->value.pfc.cause.find("sos_commands/test/file:2: unreadable prio-pfc entry '7:maybe'") == 0);
  REQUIRE(r->value.ets.ok());
  CHECK(r->value.ets->ets_cap == 8);
  CHECK(r->value.ets->tc_tx_bw[0] == 100);
  CHECK(r->value.app.availability == Availability::error);  // "gold" is not a default rt_dsfield name
  REQUIRE(r->warnings.size() == 3);
  CHECK(r->warnings[1].line == 11);
  CHECK(r->warnings[2].line == 12);

  // dcb_app.c prints the ethertype with "%x", default-prio as bare priorities, PCP as 0nd..7de.
  auto ok_apps = parse_dcb_show(
      "ethtype-prio 8906:3 \ndefault-prio 1 2 \ndgram-port-prio 4791:3 \nport-prio 4791:5 \npcp-prio 1de:1 3nd:3 \n",
      kOrigin);
  REQUIRE(ok_apps.ok());
  CHECK(ok_apps->warnings.empty());
  const std::vector<AppEntry> expected = {{1, 3, 0x8906}, {1, 1, 0},   {1, 2, 0},  {3, 3, 4791},
                                          {4, 5, 4791},   {255, 1, 9}, {255, 3, 3}};
  CHECK(*ok_apps->value.app == expected);
  auto numeric_pcp = parse_dcb_show("pcp-prio 9:1 3:3 \n", kOrigin);  // dcb -N
  REQUIRE(numeric_pcp.ok());
  CHECK(*numeric_pcp->value.app == std::vector<AppEntry>{{255, 1, 9}, {255, 3, 3}});

  CHECK_FALSE(parse_dcb_show("", kOrigin).ok());
  CHECK_FALSE(parse_dcb_show("NIC statistics:\n", kOrigin).ok());
}

}  // namespace roce::test
