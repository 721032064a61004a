// The pure parts of the writer: the dcbnl set-reply decoder, the RED idle table, the APP table
// difference, the capability check.
#include <catch2/catch.hpp>

#include <cerrno>

#include <linux/capability.h>
#include <linux/dcbnl.h>
#include <linux/rtnetlink.h>
#include <sys/socket.h>

#include "sources/writer/app_table_diff.hpp"
#include "sources/writer/capability.hpp"
#include "sources/writer/dcb_set_reply.hpp"
#include "sources/writer/red_stab.hpp"
#include "support/nl_builder.hpp"

namespace roce::test {

using namespace roce::sources::writer;
namespace model = roce::model;

namespace {
// The reply dcb_doit() sends for DCB_CMD_IEEE_SET/DEL: dcbmsg, then DCB_ATTR_IEEE = u8 status.
std::vector<std::uint8_t> set_reply(std::uint8_t cmd, std::uint8_t status) {
  dcbmsg d{};
  d.dcb_family = AF_UNSPEC;
  d.cmd = cmd;
  return NlBuilder(RTM_SETDCB, 0, 5, 4242).header(d).put_u8(DCB_ATTR_IEEE, status).finish();
}
}  // namespace

TEST_CASE("decode_dcb_set_reply: the driver's status byte is the low byte of -errno") {
  CHECK(*decode_dcb_set_reply(set_reply(DCB_CMD_IEEE_SET, 0), DCB_CMD_IEEE_SET) == 0);
  CHECK(*decode_dcb_set_reply(set_reply(DCB_CMD_IEEE_SET, static_cast<std::uint8_t>(-EINVAL)), DCB_CMD_IEEE_SET) ==
        EINVAL);
  CHECK(*decode_dcb_set_reply(set_reply(DCB_CMD_IEEE_DEL, static_cast<std::uint8_t>(-EOPNOTSUPP)), DCB_CMD_IEEE_DEL) ==
        EOPNOTSUPP);
}

TEST_CASE("decode_dcb_set_reply rejects what is not such a reply, naming the problem") {
  auto other_cmd = decode_dcb_set_reply(set_reply(DCB_CMD_IEEE_DEL, 0), DCB_CMD_IEEE_SET);
  REQUIRE(!other_cmd.ok());
  CHECK_THAT(other_cmd.error().message, Catch::Contains("dcbmsg cmd 27, expected 20"));

  dcbmsg d{};
  d.cmd = DCB_CMD_IEEE_SET;
  auto no_status = decode_dcb_set_reply(NlBuilder(RTM_SETDCB, 0).header(d).finish(), DCB_CMD_IEEE_SET);
  REQUIRE(!no_status.ok());
  CHECK_THAT(no_status.error().message, Catch::Contains("no DCB_ATTR_IEEE"));

  auto wide =
      decode_dcb_set_reply(NlBuilder(RTM_SETDCB, 0).header(d).put_u16(DCB_ATTR_IEEE, 0).finish(), DCB_CMD_IEEE_SET);
  REQUIRE(!wide.ok());
  CHECK_THAT(wide.error().message, Catch::Contains("DCB_ATTR_IEEE: 2 bytes, expected 1"));

  const auto good = set_reply(DCB_CMD_IEEE_SET, 0);
  for (std::size_t n = 0; n < good.size() - 3; ++n)  // every cut that removes real bytes
    CHECK(!decode_dcb_set_reply(roce::test::truncated_message(good, n), DCB_CMD_IEEE_SET).ok());
}

TEST_CASE("red_idle_table: Scell_log and table as tc derives them") {
  // 10 Mbit/s, avpkt 1000: 800 us = 12500 ticks per packet; W = 1/32: -ln(31/32)/12500 per tick;
  // 31 shifts take 12.2e6 ticks, which fits 256 cells of 2^15 ticks. Entry i = floor(i * 0.0832).
  auto t = red_idle_table(5, 1000, 1'250'000);
  REQUIRE(t.ok());
  CHECK(t->scell_log == 15);
  REQUIRE(t->stab.size() == 256);
  CHECK(t->stab[0] == 0);
  CHECK(t->stab[12] == 0);
  CHECK(t->stab[13] == 1);
  CHECK(t->stab[100] == 8);
  CHECK(t->stab[254] == 21);
  CHECK(t->stab[255] == 31);
  for (auto v : t->stab) CHECK(v < 32);  // red_check_params() rejects 32 and above

  // A faster link decays faster per tick: smaller cells.
  auto fast = red_idle_table(5, 1000, 100'000'000'000 / 8);
  REQUIRE(fast.ok());
  CHECK(fast->scell_log < t->scell_log);

  CHECK(!red_idle_table(0, 1000, 1'250'000).ok());
  CHECK(!red_idle_table(5, 0, 1'250'000).ok());
  CHECK(!red_idle_table(5, 1000, 0).ok());
}

TEST_CASE("app_table_diff: what to add and what to delete") {
  const model::AppEntry d26{model::kAppSelDscp, 3, 26}, d48{model::kAppSelDscp, 6, 48},
      d26p5{model::kAppSelDscp, 5, 26}, udp{model::kAppSelDgram, 3, 4791};
  auto d = app_table_diff({d26, d48}, {d26, udp});
  CHECK(d.add == std::vector<model::AppEntry>{udp});
  CHECK(d.remove == std::vector<model::AppEntry>{d48});

  // The same DSCP to another priority: add the new mapping, delete the old one.
  d = app_table_diff({d26}, {d26p5});
  CHECK(d.add == std::vector<model::AppEntry>{d26p5});
  CHECK(d.remove == std::vector<model::AppEntry>{d26});

  CHECK(app_table_diff({d26, udp}, {udp, d26}).empty());
  CHECK(app_table_diff({}, {}).empty());
}

TEST_CASE("require_net_admin looks at the effective set") {
  const std::uint64_t net_admin = std::uint64_t{1} << CAP_NET_ADMIN;
  CHECK(require_net_admin({net_admin, net_admin}).ok());
  CHECK(require_net_admin({~std::uint64_t{0}, 0}).ok());

  auto none = require_net_admin({0, 0});
  REQUIRE(!none.ok());
  CHECK(none.error().sys_errno == EPERM);
  CHECK_THAT(none.error().message, Catch::Contains("CAP_NET_ADMIN"));
  CHECK_THAT(none.error().hint, Catch::Contains("run as root"));

  auto dormant = require_net_admin({0, net_admin});
  REQUIRE(!dormant.ok());
  CHECK_THAT(dormant.error().hint, Catch::Contains("permitted but not effective"));

  auto all_but = require_net_admin({~net_admin, ~std::uint64_t{0}});
  CHECK(!all_but.ok());
}

TEST_CASE("current_capabilities reads this process's sets") {
  auto caps = current_capabilities();
  REQUIRE(caps.ok());
  CHECK((caps->effective & ~caps->permitted) == 0);  // effective is always a subset of permitted
}

}  // namespace roce::test
