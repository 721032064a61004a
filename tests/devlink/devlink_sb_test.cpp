// devlink sb: the DEVLINK_CMD_SB_* replies as net/devlink/sb.c emits them (byte-exact, built to the
// UAPI), the live reader on this kernel, and `devlink sb ... show` text in the layout iproute2's
// pr_out_sb_pool / pr_out_sb_port_pool / pr_out_sb_tc_bind print.
#include <linux/devlink.h>
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

#include "captures/text/devlink_sb_text.hpp"
#include "sources/devlink/devlink_sb_messages.hpp"
#include "sources/devlink/devlink_sb_reader.hpp"
#include "support/nl_builder.hpp"

namespace roce::test {

using namespace roce::sources::devlink;

namespace {

constexpr std::uint16_t kFamily = 23;

NlBuilder& handle(NlBuilder& w, std::uint8_t cmd) {
  return w.genl(cmd, DEVLINK_GENL_VERSION)
      .put_string(DEVLINK_ATTR_BUS_NAME, "pci")
      .put_string(DEVLINK_ATTR_DEV_NAME, "0000:03:00.0");
}

// devlink_nl_sb_pool_fill(): handle, sb index, pool index, type, size, threshold type, cell size.
std::vector<std::uint8_t> pool_reply(bool cell_size = true) {
  NlBuilder w(kFamily, NLM_F_MULTI, 9, 4242);
  handle(w, DEVLINK_CMD_SB_POOL_NEW)
      .put_u32(DEVLINK_ATTR_SB_INDEX, 0)
      .put_u16(DEVLINK_ATTR_SB_POOL_INDEX, 4)
      .put_u8(DEVLINK_ATTR_SB_POOL_TYPE, DEVLINK_SB_POOL_TYPE_EGRESS)
      .put_u32(DEVLINK_ATTR_SB_POOL_SIZE, 13768608)
      .put_u8(DEVLINK_ATTR_SB_POOL_THRESHOLD_TYPE, DEVLINK_SB_THRESHOLD_TYPE_DYNAMIC);
  if (cell_size) w.put_u32(DEVLINK_ATTR_SB_POOL_CELL_SIZE, 96);
  return w.finish();
}

std::vector<std::uint8_t> tc_bind_reply(std::uint32_t threshold_len = 4) {
  NlBuilder w(kFamily, NLM_F_MULTI, 9, 4242);
  handle(w, DEVLINK_CMD_SB_TC_POOL_BIND_NEW)
      .put_u32(DEVLINK_ATTR_PORT_INDEX, 61)
      .put_u32(DEVLINK_ATTR_SB_INDEX, 0)
      .put_u16(DEVLINK_ATTR_SB_TC_INDEX, 3)
      .put_u8(DEVLINK_ATTR_SB_POOL_TYPE, DEVLINK_SB_POOL_TYPE_INGRESS)
      .put_u16(DEVLINK_ATTR_SB_POOL_INDEX, 0);
  const std::uint32_t threshold = 10;
  w.put(DEVLINK_ATTR_SB_THRESHOLD, &threshold, threshold_len);
  return w.finish();
}

const captures::text::TextOrigin kOrigin{"folder", "devlink_sb_show"};

}  // namespace

TEST_CASE("devlink sb: a dump request is the command with NLM_F_DUMP and no attributes") {
  const auto req = build_dump(kFamily, DEVLINK_CMD_SB_POOL_GET);
  const auto expected = NlBuilder(kFamily, NLM_F_REQUEST | NLM_F_DUMP, 0).genl(DEVLINK_CMD_SB_POOL_GET, 1).finish();
  CHECK(std::vector<std::uint8_t>(req.bytes().begin(), req.bytes().end()) == expected);
}

TEST_CASE("devlink sb: a pool reply gives type, size, threshold type and cell size") {
  auto pool = decode_sb_pool(pool_reply(), kFamily);
  REQUIRE(pool.ok());
  CHECK(pool->handle.device == "pci/0000:03:00.0");
  CHECK_FALSE(pool->handle.port);
  CHECK(pool->value.pool == 4);
  CHECK(pool->value.type == "egress");
  CHECK(pool->value.size == 13768608);
  CHECK(pool->value.threshold_type == "dynamic");
  CHECK(pool->value.cell_size == 96u);
  // Kernels before 4.18 send no cell size: it is absent, not zero.
  auto old = decode_sb_pool(pool_reply(false), kFamily);
  REQUIRE(old.ok());
  CHECK_FALSE(old->value.cell_size);
}

TEST_CASE("devlink sb: a TC binding names its port index; a bad attribute is named") {
  auto bind = decode_sb_tc_bind(tc_bind_reply(), kFamily);
  REQUIRE(bind.ok());
  CHECK(bind->handle.port == 61u);
  CHECK(bind->value.tc == 3);
  CHECK(bind->value.type == "ingress");
  CHECK(bind->value.pool == 0);
  CHECK(bind->value.threshold == 10);
  auto bad = decode_sb_tc_bind(tc_bind_reply(2), kFamily);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message == "DEVLINK_ATTR_SB_THRESHOLD: 2 bytes, expected 4");
  // A pool reply is not a TC binding.
  CHECK_FALSE(decode_sb_tc_bind(pool_reply(), kFamily).ok());
}

TEST_CASE("devlink sb: port pool and port replies") {
  NlBuilder w(kFamily, NLM_F_MULTI, 9, 4242);
  handle(w, DEVLINK_CMD_SB_PORT_POOL_NEW)
      .put_u32(DEVLINK_ATTR_PORT_INDEX, 61)
      .put_u32(DEVLINK_ATTR_SB_INDEX, 0)
      .put_u16(DEVLINK_ATTR_SB_POOL_INDEX, 0)
      .put_u32(DEVLINK_ATTR_SB_THRESHOLD, 16);
  auto pp = decode_sb_port_pool(w.finish(), kFamily);
  REQUIRE(pp.ok());
  CHECK(pp->value.threshold == 16);
  CHECK(pp->handle.port == 61u);

  NlBuilder p(kFamily, NLM_F_MULTI, 9, 4242);
  handle(p, DEVLINK_CMD_PORT_NEW)
      .put_u32(DEVLINK_ATTR_PORT_INDEX, 61)
      .put_u16(DEVLINK_ATTR_PORT_TYPE, DEVLINK_PORT_TYPE_ETH)
      .put_string(DEVLINK_ATTR_PORT_NETDEV_NAME, "swp1");
  auto port = decode_port(p.finish(), kFamily);
  REQUIRE(port.ok());
  CHECK(port->value == "swp1");

  NlBuilder missing(kFamily, NLM_F_MULTI, 9, 4242);
  missing.genl(DEVLINK_CMD_SB_PORT_POOL_NEW, 1).put_string(DEVLINK_ATTR_BUS_NAME, "pci");
  auto no_dev = decode_sb_port_pool(missing.finish(), kFamily);
  REQUIRE_FALSE(no_dev.ok());
  CHECK(no_dev.error().message == "DEVLINK_CMD_SB_PORT_POOL_NEW: DEVLINK_ATTR_DEV_NAME missing");
}

TEST_CASE("devlink sb: on this kernel, no shared buffer reads as unsupported, as devlink(8) sees it") {
  // devlink(8) lists the pools when there are any; an empty list or "Failed to connect to devlink
  // Netlink" (no devlink family) both mean nothing to read.
  std::string shown;
  if (FILE* p = popen("devlink sb pool show 2>&1", "r")) {
    char buf[512];
    for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) shown.append(buf, n);
    pclose(p);
  }
  const auto buffers = read_shared_buffers();
  INFO(shown << "\n" << buffers.cause);
  if (shown.find(" pool ") == std::string::npos) {
    CHECK_FALSE(buffers.ok());
    CHECK(buffers.availability == model::Availability::unsupported);
    CHECK(buffers.cause.rfind("devlink", 0) == 0);
  } else {
    REQUIRE(buffers.ok());
    CHECK_FALSE(buffers->empty());
  }
}

TEST_CASE("devlink sb show: pools, port pools and TC bindings, the handle on its own line or with the row") {
  const std::string text =
      "pci/0000:03:00.0:\n"
      "  sb 0 pool 0 type ingress size 12440064 thtype dynamic cell size 96\n"
      "  sb 0 pool 4 type egress size 13768608 thtype dynamic cell size 96\n"
      "  sb 0 pool 8 type egress size 13768608 thtype static cell size 96\n"
      "swp1:\n"
      "  sb 0 pool 0 threshold 16\n"
      "  sb 0 pool 4 threshold 9\n"
      "swp1: sb 0 tc 3 type ingress pool 0 threshold 10\n"
      "swp1: sb 0 tc 3 type egress pool 4 threshold 17\n"
      "pci/0000:03:00.0/62: sb 0 tc 0 type ingress pool 0 threshold 10\n";
  auto r = captures::text::parse_devlink_sb(text, kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.size() == 1);
  const auto& sb = r->value[0];
  CHECK(sb.device == "pci/0000:03:00.0");
  REQUIRE(sb.pools.size() == 3);
  CHECK(sb.pools[2].threshold_type == "static");
  CHECK(sb.pools[0].cell_size == 96u);
  CHECK(sb.pools[1].from == model::Provenance{"folder", "devlink_sb_show:3"});
  REQUIRE(sb.port_pools.size() == 2);
  CHECK(sb.port_pools[1].port == "swp1");
  CHECK(sb.port_pools[1].threshold == 9);
  REQUIRE(sb.tc_binds.size() == 3);
  CHECK(sb.tc_binds[1].type == "egress");
  CHECK(sb.tc_binds[1].pool == 4);
  CHECK(sb.tc_binds[2].port == "pci/0000:03:00.0/62");
}

TEST_CASE("devlink sb show: garbled rows are located warnings, other text is not this format") {
  auto r = captures::text::parse_devlink_sb(
      "pci/0000:03:00.0:\n  sb 0 pool 0 type ingress size lots thtype dynamic\n  sb 0 pool 1 type egress size 5 "
      "thtype static\n",
      kOrigin);
  REQUIRE(r.ok());
  REQUIRE(r->warnings.size() == 1);
  CHECK(r->warnings[0].line == 2);
  CHECK(r->value.at(0).pools.size() == 1);
  CHECK_FALSE(captures::text::parse_devlink_sb("", kOrigin).ok());
  CHECK_FALSE(captures::text::parse_devlink_sb("Failed to connect to devlink Netlink\n", kOrigin).ok());
  CHECK_FALSE(captures::text::parse_devlink_sb("  sb 0 pool 0 threshold 1\n", kOrigin).ok());
}

}  // namespace roce::test
