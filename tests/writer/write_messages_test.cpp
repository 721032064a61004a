// Byte-exact encoder tests: each expected message is built by hand from the UAPI structs
// (linux/rtnetlink.h, if_link.h, dcbnl.h, pkt_sched.h) with NlBuilder, then decoded back with the
// readers' decoders where one exists. A Request's bytes are final but for nlmsg_seq and NLM_F_ACK,
// which the socket sets when it sends it.
#include <catch2/catch.hpp>

#include <linux/dcbnl.h>
#include <linux/if_link.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>
#include <sys/socket.h>

#include "sources/rtnl/dcb_decoder.hpp"
#include "sources/rtnl/link_decoder.hpp"
#include "sources/rtnl/qdisc_decoder.hpp"
#include "sources/rtnl/requests.hpp"
#include "sources/writer/red_stab.hpp"
#include "sources/writer/write_messages.hpp"
#include "support/nl_builder.hpp"

namespace roce::test {

using namespace roce::sources::writer;
namespace model = roce::model;
namespace rtnl = roce::sources::rtnl;

namespace {

dcbmsg dcb_header(std::uint8_t cmd) {
  dcbmsg d{};
  d.dcb_family = AF_UNSPEC;
  d.cmd = cmd;
  return d;
}

// Our request turned into the shape of a DCB_CMD_IEEE_GET reply (type and cmd), so that the
// reader's decoder can read the objects back.
std::vector<std::uint8_t> as_ieee_get_reply(std::vector<std::uint8_t> msg) {
  nlmsghdr h;
  std::memcpy(&h, msg.data(), sizeof h);
  h.nlmsg_type = RTM_GETDCB;
  std::memcpy(msg.data(), &h, sizeof h);
  msg[sizeof h + offsetof(dcbmsg, cmd)] = DCB_CMD_IEEE_GET;
  return msg;
}

model::Pfc sample_pfc() {
  model::Pfc p;
  p.pfc_cap = 8;
  p.pfc_en = 0x08;
  p.mbc = 0;
  p.delay = 7;
  return p;
}

}  // namespace

TEST_CASE("encode_set_mtu: RTM_SETLINK with IFLA_IFNAME and IFLA_MTU") {
  ifinfomsg ifi{};
  ifi.ifi_family = AF_UNSPEC;
  const auto expected = NlBuilder(RTM_SETLINK, NLM_F_REQUEST, 0)
                            .header(ifi)
                            .put_string(IFLA_IFNAME, "ens1f0np0")
                            .put_u32(IFLA_MTU, 9000)
                            .finish();
  auto req = encode_set_mtu("ens1f0np0", 9000);
  const auto bytes = to_vector(req.bytes());
  CHECK(bytes == expected);
  CHECK(bytes.size() == 16 + 16 + 16 + 8);  // nlmsghdr, ifinfomsg, "ens1f0np0\0" padded, u32

  // Round trip through the link decoder (it reads RTM_NEWLINK messages).
  auto as_link = bytes;
  as_link[4] = RTM_NEWLINK;
  auto nd = rtnl::decode_link_message(as_link);
  REQUIRE(nd.ok());
  CHECK(nd->name == "ens1f0np0");
  REQUIRE(nd->mtu.ok());
  CHECK(*nd->mtu == 9000);
}

TEST_CASE("encode_get_link and the reader's DCB get, which read-modify-write starts with") {
  ifinfomsg ifi{};
  ifi.ifi_family = AF_UNSPEC;
  auto link = encode_get_link("eth0");
  CHECK(to_vector(link.bytes()) ==
        NlBuilder(RTM_GETLINK, NLM_F_REQUEST, 0).header(ifi).put_string(IFLA_IFNAME, "eth0").finish());
  auto dcb = rtnl::dcb_get_request("eth0", DCB_CMD_IEEE_GET);
  CHECK(to_vector(dcb.bytes()) == NlBuilder(RTM_GETDCB, NLM_F_REQUEST, 0)
                                      .header(dcb_header(DCB_CMD_IEEE_GET))
                                      .put_string(DCB_ATTR_IFNAME, "eth0")
                                      .finish());
}

TEST_CASE("encode_dcb_set_pfc: DCB_CMD_IEEE_SET with DCB_ATTR_IEEE {DCB_ATTR_IEEE_PFC struct ieee_pfc}") {
  ieee_pfc s;
  std::memset(&s, 0, sizeof s);
  s.pfc_cap = 8;
  s.pfc_en = 0x08;
  s.delay = 7;
  const auto expected = NlBuilder(RTM_SETDCB, NLM_F_REQUEST, 0)
                            .header(dcb_header(DCB_CMD_IEEE_SET))
                            .put_string(DCB_ATTR_IFNAME, "ens1f0np0")
                            .begin_nest(DCB_ATTR_IEEE, false)
                            .put_struct(DCB_ATTR_IEEE_PFC, s)
                            .end_nest()
                            .finish();
  auto req = encode_dcb_set_pfc("ens1f0np0", sample_pfc());
  const auto bytes = to_vector(req.bytes());
  CHECK(bytes == expected);
  CHECK(sizeof(ieee_pfc) == 136);

  auto d = rtnl::decode_dcb_ieee_reply(as_ieee_get_reply(bytes), "ens1f0np0");
  REQUIRE(d.ok());
  REQUIRE(d->pfc.ok());
  CHECK(*d->pfc == sample_pfc());
  CHECK(!d->ets.ok());  // only the written object is in the nest
}

TEST_CASE("encode_dcb_set_ets and encode_dcb_set_buffer round-trip every field") {
  model::Ets e;
  e.willing = false;
  e.ets_cap = 8;
  e.tc_tx_bw = {10, 50, 40, 0, 0, 0, 0, 0};
  e.tc_tsa = {2, 2, 2, 0, 0, 0, 0, 0};
  e.prio_tc = {1, 0, 2, 3, 4, 5, 6, 7};
  auto ets_req = encode_dcb_set_ets("eth0", e);
  ieee_ets es;
  std::memset(&es, 0, sizeof es);
  es.ets_cap = 8;
  for (int i = 0; i < 8; ++i) {
    es.tc_tx_bw[i] = e.tc_tx_bw[i];
    es.tc_tsa[i] = e.tc_tsa[i];
    es.prio_tc[i] = e.prio_tc[i];
  }
  const auto ets_bytes = to_vector(ets_req.bytes());
  CHECK(ets_bytes == NlBuilder(RTM_SETDCB, NLM_F_REQUEST, 0)
                         .header(dcb_header(DCB_CMD_IEEE_SET))
                         .put_string(DCB_ATTR_IFNAME, "eth0")
                         .begin_nest(DCB_ATTR_IEEE, false)
                         .put_struct(DCB_ATTR_IEEE_ETS, es)
                         .end_nest()
                         .finish());
  auto de = rtnl::decode_dcb_ieee_reply(as_ieee_get_reply(ets_bytes), "eth0");
  REQUIRE(de.ok());
  REQUIRE(de->ets.ok());
  CHECK(*de->ets == e);

  model::Buffer b;
  b.prio2buffer = {0, 0, 0, 1, 0, 0, 0, 0};
  b.buffer_size = {130944, 130944, 0, 0, 0, 0, 0, 0};
  b.total_size = 1048576;
  auto buf_req = encode_dcb_set_buffer("eth0", b);
  dcbnl_buffer bs;
  std::memset(&bs, 0, sizeof bs);
  bs.prio2buffer[3] = 1;
  bs.buffer_size[0] = bs.buffer_size[1] = 130944;
  bs.total_size = 1048576;
  const auto buf_bytes = to_vector(buf_req.bytes());
  CHECK(buf_bytes == NlBuilder(RTM_SETDCB, NLM_F_REQUEST, 0)
                         .header(dcb_header(DCB_CMD_IEEE_SET))
                         .put_string(DCB_ATTR_IFNAME, "eth0")
                         .begin_nest(DCB_ATTR_IEEE, false)
                         .put_struct(DCB_ATTR_DCB_BUFFER, bs)
                         .end_nest()
                         .finish());
  auto db = rtnl::decode_dcb_ieee_reply(as_ieee_get_reply(buf_bytes), "eth0");
  REQUIRE(db.ok());
  REQUIRE(db->buffer.ok());
  CHECK(*db->buffer == b);
}

TEST_CASE("encode_dcb_set_apptrust: u8 selectors typed IEEE_APP, PCP typed DCB_APP") {
  const std::vector<std::uint8_t> order{model::kAppSelDscp, model::kAppSelPcp};
  auto req = encode_dcb_set_apptrust("eth0", order);
  const auto bytes = to_vector(req.bytes());
  CHECK(bytes == NlBuilder(RTM_SETDCB, NLM_F_REQUEST, 0)
                     .header(dcb_header(DCB_CMD_IEEE_SET))
                     .put_string(DCB_ATTR_IFNAME, "eth0")
                     .begin_nest(DCB_ATTR_IEEE, false)
                     .begin_nest(11 /* DCB_ATTR_DCB_APP_TRUST_TABLE */, false)
                     .put_u8(DCB_ATTR_IEEE_APP, 5)
                     .put_u8(2 /* DCB_ATTR_DCB_APP */, 255)
                     .end_nest()
                     .end_nest()
                     .finish());
  auto d = rtnl::decode_dcb_ieee_reply(as_ieee_get_reply(bytes), "eth0");
  REQUIRE(d.ok());
  REQUIRE(d->apptrust.ok());
  CHECK(*d->apptrust == order);
}

TEST_CASE("encode_dcb_app: add and delete carry struct dcb_app entries in DCB_ATTR_IEEE_APP_TABLE") {
  const std::vector<model::AppEntry> entries{
      {model::kAppSelDscp, 3, 26}, {model::kAppSelDgram, 3, 4791}, {model::kAppSelPcp, 3, 3}};
  for (std::uint8_t cmd : {std::uint8_t{DCB_CMD_IEEE_SET}, std::uint8_t{DCB_CMD_IEEE_DEL}}) {
    auto req = encode_dcb_app("eth0", cmd, entries);
    NlBuilder b(RTM_SETDCB, NLM_F_REQUEST, 0);
    b.header(dcb_header(cmd)).put_string(DCB_ATTR_IFNAME, "eth0").begin_nest(DCB_ATTR_IEEE, false);
    b.begin_nest(DCB_ATTR_IEEE_APP_TABLE, false);
    b.put_struct(DCB_ATTR_IEEE_APP, dcb_app{5, 3, 26});
    b.put_struct(DCB_ATTR_IEEE_APP, dcb_app{3, 3, 4791});
    b.put_struct(2 /* DCB_ATTR_DCB_APP */, dcb_app{255, 3, 3});
    b.end_nest().end_nest();
    const auto bytes = to_vector(req.bytes());
    CHECK(bytes == b.finish());
    auto d = rtnl::decode_dcb_ieee_reply(as_ieee_get_reply(bytes), "eth0");
    REQUIRE(d.ok());
    REQUIRE(d->app.ok());
    CHECK(*d->app == entries);
  }
}

TEST_CASE("encode_red_replace: RTM_NEWQDISC create|replace, historic flags in tc_red_qopt") {
  model::RedParams red;
  red.limit = 400000;
  red.qth_min = 30000;
  red.qth_max = 90000;
  red.wlog = 5;
  red.plog = 20;
  red.scell_log = 15;
  red.flags = TC_RED_ECN;
  red.max_p = 0x19999999u;
  const std::vector<std::uint8_t> stab(256, 7);
  auto req = encode_red_replace(3, 0x00010001, 0x000b0000, red, stab);

  tcmsg t{};
  t.tcm_family = AF_UNSPEC;
  t.tcm_ifindex = 3;
  t.tcm_handle = 0x000b0000;
  t.tcm_parent = 0x00010001;
  tc_red_qopt q{};
  q.limit = 400000;
  q.qth_min = 30000;
  q.qth_max = 90000;
  q.Wlog = 5;
  q.Plog = 20;
  q.Scell_log = 15;
  q.flags = TC_RED_ECN;
  const auto bytes = to_vector(req.bytes());
  CHECK(bytes == NlBuilder(RTM_NEWQDISC, NLM_F_REQUEST | NLM_F_CREATE | NLM_F_REPLACE, 0)
                     .header(t)
                     .put_string(TCA_KIND, "red")
                     .begin_nest(TCA_OPTIONS, false)
                     .put_struct(TCA_RED_PARMS, q)
                     .put(TCA_RED_STAB, stab.data(), stab.size())
                     .put_u32(TCA_RED_MAX_P, 0x19999999u)
                     .end_nest()
                     .finish());

  auto entry = rtnl::decode_qdisc_message(bytes);  // the same shape as the kernel's dump message
  REQUIRE(entry.ok());
  CHECK(entry->ifindex == 3);
  CHECK(entry->qdisc.kind == "red");
  CHECK(entry->qdisc.parent == 0x00010001u);
  CHECK(entry->qdisc.handle == 0x000b0000u);
  REQUIRE(entry->qdisc.red);
  CHECK(*entry->qdisc.red == red);
}

// What tc (iproute2 6.1) sent for `tc qdisc replace dev va parent root handle 1: red limit 400000
// min 30000 max 90000 avpkt 1000 burst 55 probability 0.1 ecn nodrop` on a veth of ifindex 3
// (captured with strace -e write=all), nlmsg_seq zeroed and NLM_F_ACK cleared (transact adds both).
const char* const kTcRedNodrop =
    "5c010000240001050000000000000000000000000300000000000100ffffffff00000000080001007265640030010200"
    "14000100801a060030750000905f010005140f0004010200000000000000000000000000000101010101010101010101"
    "010202020202020202020202020303030303030303030303030404040404040404040404040505050505050505050505"
    "050606060606060606060606060707070707070707070707070808080808080808080808080909090909090909090909"
    "090a0a0a0a0a0a0a0a0a0a0a0a0b0b0b0b0b0b0b0b0b0b0b0b0c0c0c0c0c0c0c0c0c0c0c0c0d0d0d0d0d0d0d0d0d0d0d"
    "0d0e0e0e0e0e0e0e0e0e0e0e0e0f0f0f0f0f0f0f0f0f0f0f0f1010101010101010101010101111111111111111111111"
    "1112121212121212121212121213131313131313131313131314141414141414141414141415151f0800030099999919"
    "0c000400090000000f000000";

namespace {
std::vector<std::uint8_t> from_hex(const std::string& hex) {
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
    out.push_back(static_cast<std::uint8_t>(std::stoul(hex.substr(i, 2), nullptr, 16)));
  return out;
}
}  // namespace

TEST_CASE("encode_red_replace + red_idle_table reproduce tc's own RED message byte for byte") {
  // tc derived Wlog 5 (burst 55), Plog 20 (probability 0.1), and the table for 10 Mbit/s, avpkt 1000.
  model::RedParams red;
  red.limit = 400000;
  red.qth_min = 30000;
  red.qth_max = 90000;
  red.wlog = 5;
  red.plog = 20;
  red.flags = TC_RED_ECN | TC_RED_NODROP;  // NODROP: every flag goes in TCA_RED_FLAGS, as tc does
  red.max_p = 0x19999999u;                 // 0.1 * 2^32
  auto table = red_idle_table(red.wlog, 1000, 10'000'000 / 8);
  REQUIRE(table.ok());
  red.scell_log = table->scell_log;
  auto req = encode_red_replace(3, TC_H_ROOT, 0x00010000, red, table->stab);
  CHECK(to_vector(req.bytes()) == from_hex(kTcRedNodrop));
}

}  // namespace roce::test
