// The DCB_CMD_IEEE_GET / DCB_CMD_GDCBX replies, built as net/dcb/dcbnl.c emits them
// (dcbnl_ieee_fill: IFNAME, IEEE nest {ETS, MAXRATE, PFC, DCB_BUFFER, APP_TABLE, APP_TRUST_TABLE},
// DCBX), for a ConnectX-like port configured for RoCE on priority 3.
#include <catch2/catch.hpp>

#include <sys/socket.h>

#include "sources/netlink/uapi.hpp"
#include "sources/rtnl/dcb_decoder.hpp"
#include "support/nl_builder.hpp"

namespace roce::test {

using namespace roce::sources::rtnl;
using roce::model::Availability;

namespace {

const std::string kDev = "ens1f0np0";

ieee_ets cx_ets() {
  ieee_ets e{};
  e.willing = 0;
  e.ets_cap = 8;
  e.cbs = 0;
  const std::uint8_t bw[8] = {10, 10, 10, 40, 10, 10, 5, 5};
  const std::uint8_t prio_tc[8] = {1, 0, 2, 3, 4, 5, 6, 7};  // mlx5 default mapping
  for (int i = 0; i < 8; ++i) {
    e.tc_tx_bw[i] = bw[i];
    e.tc_tsa[i] = IEEE_8021QAZ_TSA_VENDOR;
    e.prio_tc[i] = prio_tc[i];
  }
  return e;
}

ieee_pfc cx_pfc() {
  ieee_pfc p{};
  p.pfc_cap = 8;
  p.pfc_en = 1 << 3;
  p.mbc = 0;
  p.delay = 7;  // mlx5: cable length in metres
  p.requests[3] = 1290418;
  p.indications[3] = 41927;
  return p;
}

dcbnl_buffer cx_buffer() {
  dcbnl_buffer b{};
  b.prio2buffer[3] = 1;
  b.buffer_size[0] = 130944;
  b.buffer_size[1] = 130944;
  b.total_size = 1027968;
  return b;
}

ieee_maxrate cx_maxrate() {
  ieee_maxrate m{};
  m.tc_maxrate[3] = 25'000'000;  // kbit/s: 25 Gbit/s
  return m;
}

std::vector<dcb_app> cx_apps() {
  std::vector<dcb_app> apps;
  for (std::uint16_t dscp = 0; dscp < 64; ++dscp)
    apps.push_back(dcb_app{IEEE_8021QAZ_APP_SEL_DSCP, static_cast<std::uint8_t>(dscp >> 3), dscp});
  apps.push_back(dcb_app{IEEE_8021QAZ_APP_SEL_DGRAM, 3, 4791});  // RoCEv2
  apps.push_back(dcb_app{255, 3, 3});                            // PCP 3 -> prio 3 (non-IEEE)
  return apps;
}

struct Reply {
  std::vector<std::uint8_t> bytes;
  std::size_t last_attr_end = 0;
};

// Which objects the "driver" implements, to build replies of drivers that lack some.
struct Objects {
  bool ets = true, maxrate = true, pfc = true, buffer = true, apptrust = true, dcbx = true;
};

Reply ieee_reply(Objects o = {}) {
  NlBuilder b(RTM_GETDCB, NLM_F_REQUEST | NLM_F_ACK, 7, 4242);
  dcbmsg d{};
  d.dcb_family = AF_UNSPEC;
  d.cmd = DCB_CMD_IEEE_GET;
  b.header(d).put_string(DCB_ATTR_IFNAME, kDev);
  b.begin_nest(DCB_ATTR_IEEE, false);
  if (o.ets) b.put_struct(DCB_ATTR_IEEE_ETS, cx_ets());
  if (o.maxrate) b.put_struct(DCB_ATTR_IEEE_MAXRATE, cx_maxrate());
  if (o.pfc) b.put_struct(DCB_ATTR_IEEE_PFC, cx_pfc());
  if (o.buffer) b.put_struct(DCB_ATTR_DCB_BUFFER, cx_buffer());
  b.begin_nest(DCB_ATTR_IEEE_APP_TABLE, false);
  for (const dcb_app& a : cx_apps())
    b.put_struct(a.selector == 255 ? std::uint16_t{DCB_ATTR_DCB_APP} : std::uint16_t{DCB_ATTR_IEEE_APP}, a);
  b.end_nest();
  if (o.apptrust) {
    b.begin_nest(DCB_ATTR_DCB_APP_TRUST_TABLE, true);
    b.put_u8(DCB_ATTR_IEEE_APP, IEEE_8021QAZ_APP_SEL_DSCP);
    b.put_u8(DCB_ATTR_DCB_APP, 255);
    b.end_nest();
  }
  b.end_nest();
  if (o.dcbx) b.put_u8(DCB_ATTR_DCBX, DCB_CAP_DCBX_LLD_MANAGED | DCB_CAP_DCBX_VER_IEEE);
  Reply r;
  r.bytes = b.finish();
  r.last_attr_end = b.last_attr_end();
  return r;
}

roce::model::Dcb decode_ok(const std::vector<std::uint8_t>& bytes) {
  auto d = decode_dcb_ieee_reply(bytes, kDev);
  REQUIRE(d.ok());
  return *d;
}

}  // namespace

TEST_CASE("dcb: PFC of a ConnectX-like port") {
  const auto d = decode_ok(ieee_reply().bytes);
  REQUIRE(d.pfc.ok());
  CHECK(d.pfc->pfc_cap == 8);
  CHECK(d.pfc->pfc_en == 0x08);
  CHECK(d.pfc->enabled(3));
  CHECK_FALSE(d.pfc->enabled(0));
  CHECK(d.pfc->mbc == 0);
  CHECK(d.pfc->delay == 7);
  CHECK(d.pfc->requests == roce::model::PerPrio<std::uint64_t>{0, 0, 0, 1290418, 0, 0, 0, 0});
  CHECK(d.pfc->indications == roce::model::PerPrio<std::uint64_t>{0, 0, 0, 41927, 0, 0, 0, 0});
  CHECK(d.pfc.from.source == "dcbnl");
  CHECK(d.pfc.from.locator == "ens1f0np0 DCB_ATTR_IEEE_PFC");
}

TEST_CASE("dcb: ETS with vendor TSA") {
  const auto d = decode_ok(ieee_reply().bytes);
  REQUIRE(d.ets.ok());
  CHECK_FALSE(d.ets->willing);
  CHECK(d.ets->ets_cap == 8);
  CHECK_FALSE(d.ets->cbs);
  CHECK(d.ets->tc_tx_bw == roce::model::PerPrio<std::uint8_t>{10, 10, 10, 40, 10, 10, 5, 5});
  CHECK(d.ets->tc_rx_bw == roce::model::PerPrio<std::uint8_t>{});
  for (auto tsa : d.ets->tc_tsa) CHECK(tsa == static_cast<std::uint8_t>(roce::model::Tsa::vendor));
  CHECK(d.ets->prio_tc == roce::model::PerPrio<std::uint8_t>{1, 0, 2, 3, 4, 5, 6, 7});
  CHECK(d.ets.from.locator == "ens1f0np0 DCB_ATTR_IEEE_ETS");
}

TEST_CASE("dcb: APP table with 64 DSCP entries, the RoCEv2 UDP entry and a PCP entry") {
  const auto d = decode_ok(ieee_reply().bytes);
  REQUIRE(d.app.ok());
  REQUIRE(d.app->size() == 66);
  for (std::uint16_t dscp = 0; dscp < 64; ++dscp) {
    const auto& e = (*d.app)[dscp];
    CHECK(e.selector == roce::model::kAppSelDscp);
    CHECK(e.protocol == dscp);
    CHECK(e.priority == dscp / 8);
  }
  CHECK((*d.app)[64] == roce::model::AppEntry{roce::model::kAppSelDgram, 3, 4791});
  CHECK((*d.app)[65] == roce::model::AppEntry{roce::model::kAppSelPcp, 3, 3});
  CHECK(d.app.from.locator == "ens1f0np0 DCB_ATTR_IEEE_APP_TABLE");
}

TEST_CASE("dcb: buffer object") {
  const auto d = decode_ok(ieee_reply().bytes);
  REQUIRE(d.buffer.ok());
  CHECK(d.buffer->prio2buffer == roce::model::PerPrio<std::uint8_t>{0, 0, 0, 1, 0, 0, 0, 0});
  CHECK(d.buffer->buffer_size == std::array<std::uint32_t, 8>{130944, 130944, 0, 0, 0, 0, 0, 0});
  CHECK(d.buffer->total_size == 1027968);
}

TEST_CASE("dcb: maxrate is converted from kbit/s to bit/s") {
  const auto d = decode_ok(ieee_reply().bytes);
  REQUIRE(d.maxrate.ok());
  CHECK((*d.maxrate)[3] == 25'000'000'000ull);
  CHECK((*d.maxrate)[0] == 0);
}

TEST_CASE("dcb: apptrust keeps the order and the non-IEEE PCP selector") {
  const auto d = decode_ok(ieee_reply().bytes);
  REQUIRE(d.apptrust.ok());
  CHECK(*d.apptrust == std::vector<std::uint8_t>{5, 255});
}

TEST_CASE("dcb: DCBX mode from the IEEE reply and from DCB_CMD_GDCBX") {
  const auto d = decode_ok(ieee_reply().bytes);
  REQUIRE(d.dcbx.ok());
  CHECK(*d.dcbx == 0x0a);

  NlBuilder b(RTM_GETDCB, NLM_F_REQUEST | NLM_F_ACK);
  dcbmsg m{};
  m.cmd = DCB_CMD_GDCBX;
  b.header(m).put_u8(DCB_ATTR_DCBX, 0x0a);
  auto v = decode_dcbx_reply(b.finish());
  REQUIRE(v.ok());
  CHECK(*v == 0x0a);
}

TEST_CASE("dcb: objects the driver does not implement are unsupported, never zero") {
  Objects o;
  o.buffer = false;
  o.maxrate = false;
  o.apptrust = false;
  o.dcbx = false;
  const auto d = decode_ok(ieee_reply(o).bytes);
  CHECK(d.pfc.ok());
  CHECK(d.ets.ok());
  CHECK(d.buffer.availability == Availability::unsupported);
  CHECK_FALSE(d.buffer.value.has_value());
  CHECK(d.buffer.cause == "driver does not report DCB_ATTR_DCB_BUFFER");
  CHECK(d.buffer.from.locator == "ens1f0np0 DCB_ATTR_DCB_BUFFER");
  CHECK(d.maxrate.availability == Availability::unsupported);
  CHECK(d.apptrust.availability == Availability::unsupported);
  CHECK(d.apptrust.cause == "driver does not report DCB_ATTR_DCB_APP_TRUST_TABLE");
  CHECK(d.dcbx.availability == Availability::unsupported);
}

TEST_CASE("dcb: a short struct is an error naming the attribute; other objects survive") {
  NlBuilder b(RTM_GETDCB, NLM_F_REQUEST);
  dcbmsg m{};
  m.cmd = DCB_CMD_IEEE_GET;
  b.header(m).put_string(DCB_ATTR_IFNAME, kDev);
  b.begin_nest(DCB_ATTR_IEEE, false);
  b.put_struct(DCB_ATTR_IEEE_ETS, cx_ets());
  const ieee_pfc pfc = cx_pfc();
  b.put(DCB_ATTR_IEEE_PFC, &pfc, 12);
  b.begin_nest(DCB_ATTR_IEEE_APP_TABLE, false);
  const dcb_app app{IEEE_8021QAZ_APP_SEL_DSCP, 3, 26};
  b.put(DCB_ATTR_IEEE_APP, &app, 2);
  b.end_nest();
  b.end_nest();
  const auto d = decode_ok(b.finish());
  CHECK(d.pfc.availability == Availability::error);
  CHECK(d.pfc.cause == "DCB_ATTR_IEEE_PFC: 12 bytes, expected 136");
  CHECK(d.app.availability == Availability::error);
  CHECK(d.app.cause == "DCB_ATTR_IEEE_APP_TABLE entry 0 (DCB_ATTR_IEEE_APP): 2 bytes, expected 4");
  CHECK(d.ets.ok());
}

TEST_CASE("dcb: a nest whose length overruns is an error naming it") {
  SECTION("an APP entry claims more than its nest holds") {
    auto r = ieee_reply();
    // Find the first DCB_ATTR_IEEE_APP entry (type 1, length 8) after the APP_TABLE header and
    // make it claim 200 bytes.
    auto& bytes = r.bytes;
    bool patched = false;
    for (std::size_t i = 20; i + 8 <= bytes.size() && !patched; i += 4) {
      std::uint16_t len, type;
      std::memcpy(&len, &bytes[i], 2);
      std::memcpy(&type, &bytes[i + 2], 2);
      if (type == DCB_ATTR_IEEE_APP_TABLE && len > 8) {
        const std::uint16_t big = 0xfff0;
        std::memcpy(&bytes[i + 4], &big, 2);
        patched = true;
      }
    }
    REQUIRE(patched);
    const auto d = decode_ok(bytes);
    CHECK(d.app.availability == Availability::error);
    CHECK(d.app.cause.find("DCB_ATTR_IEEE_APP_TABLE") != std::string::npos);
    CHECK(d.app.cause.find("overruns") != std::string::npos);
    CHECK(d.pfc.ok());
  }
  SECTION("the IEEE nest claims more than the message holds") {
    auto r = ieee_reply();
    // DCB_ATTR_IEEE follows nlmsghdr(16) + dcbmsg(4) + IFNAME("ens1f0np0\0": 4+10 -> 16).
    const std::size_t at = 16 + 4 + 16;
    std::uint16_t type;
    std::memcpy(&type, &r.bytes[at + 2], 2);
    REQUIRE(type == DCB_ATTR_IEEE);
    const std::uint16_t big = 0xfff0;
    std::memcpy(&r.bytes[at], &big, 2);
    const auto d = decode_ok(r.bytes);
    for (auto a : {d.pfc.availability, d.ets.availability, d.app.availability, d.buffer.availability,
                   d.maxrate.availability, d.apptrust.availability, d.dcbx.availability})
      CHECK(a == Availability::error);
    CHECK(d.pfc.cause.find("DCB_ATTR_IEEE at offset 16") != std::string::npos);
  }
}

TEST_CASE("dcb: a reply for another device or command is rejected") {
  auto d = decode_dcb_ieee_reply(ieee_reply().bytes, "eth9");
  REQUIRE_FALSE(d.ok());
  CHECK(d.error().message == "DCB_CMD_IEEE_GET reply is for ens1f0np0, expected eth9");
  CHECK_FALSE(decode_dcbx_reply(ieee_reply().bytes).ok());
}

TEST_CASE("dcb: every truncation of the reply fails or loses something, never crashes") {
  const auto full_reply = ieee_reply();
  const auto& full = full_reply.bytes;
  const auto whole = decode_ok(full);
  for (std::size_t n = 0; n < full.size(); ++n) {
    INFO("length " << n);
    // As received: nlmsg_len no longer fits.
    std::vector<std::uint8_t> cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
    CHECK_FALSE(decode_dcb_ieee_reply(cut, kDev).ok());
    // With nlmsg_len patched: the damage lands in the attributes.
    auto d = decode_dcb_ieee_reply(roce::test::truncated_message(full, n), kDev);
    if (d.ok() && n < full_reply.last_attr_end) CHECK_FALSE(*d == whole);
  }
}

TEST_CASE("dcb: write fuzz seeds", "[.seeds]") {
  roce::test::write_seed("dcb", "connectx_ieee", ieee_reply().bytes);
  Objects o;
  o.buffer = o.apptrust = o.dcbx = false;
  roce::test::write_seed("dcb", "no_buffer", ieee_reply(o).bytes);
}

}  // namespace roce::test
