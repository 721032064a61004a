#include "sources/writer/write_messages.hpp"

#include <cstring>

#include <linux/dcbnl.h>
#include <linux/if_link.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>
#include <sys/socket.h>

#include "sources/rtnl/dcb_decoder.hpp"

namespace roce::sources::writer {

namespace {

constexpr std::uint8_t kDcbAppSelPcp = 255;  // DCB_APP_SEL_PCP, newer than Debian 12's UAPI

dcbmsg dcb_header(std::uint8_t cmd) {
  dcbmsg d{};
  d.dcb_family = AF_UNSPEC;
  d.cmd = cmd;
  return d;
}

Request dcb_ieee_set(const std::string& ifname, std::uint8_t cmd, const AttrStream& ieee) {
  const dcbmsg d = dcb_header(cmd);
  Request req(RTM_SETDCB, 0, &d, sizeof d);
  req.put_string(DCB_ATTR_IFNAME, ifname);
  req.put(DCB_ATTR_IEEE, ieee.bytes().data(), ieee.bytes().size());
  return req;
}

template <class Dst, std::size_t N>
void copy_prio(Dst (&dst)[N], const model::PerPrio<std::uint8_t>& src) {
  static_assert(N == model::kPriorities);
  for (std::size_t i = 0; i < N; ++i) dst[i] = src[i];
}

}  // namespace

AttrStream& AttrStream::put(std::uint16_t type, const void* data, std::size_t len) {
  nlattr a{};
  a.nla_type = type;
  a.nla_len = static_cast<std::uint16_t>(sizeof a + len);
  const std::size_t at = bytes_.size();
  bytes_.resize(at + ((sizeof a + len + 3) & ~std::size_t{3}), 0);
  std::memcpy(bytes_.data() + at, &a, sizeof a);
  if (len) std::memcpy(bytes_.data() + at + sizeof a, data, len);
  return *this;
}

std::uint16_t app_attr_type(std::uint8_t selector) {
  return selector == kDcbAppSelPcp ? rtnl::kDcbAttrDcbApp : static_cast<std::uint16_t>(DCB_ATTR_IEEE_APP);
}

Request encode_get_link(const std::string& ifname) {
  ifinfomsg ifi{};
  ifi.ifi_family = AF_UNSPEC;
  Request req(RTM_GETLINK, 0, &ifi, sizeof ifi);
  req.put_string(IFLA_IFNAME, ifname);
  return req;
}

Request encode_set_mtu(const std::string& ifname, std::uint32_t mtu) {
  ifinfomsg ifi{};
  ifi.ifi_family = AF_UNSPEC;
  Request req(RTM_SETLINK, 0, &ifi, sizeof ifi);
  req.put_string(IFLA_IFNAME, ifname);
  req.put(IFLA_MTU, &mtu, sizeof mtu);
  return req;
}

Request encode_dcb_get(const std::string& ifname, std::uint8_t cmd) {
  const dcbmsg d = dcb_header(cmd);
  Request req(RTM_GETDCB, 0, &d, sizeof d);
  req.put_string(DCB_ATTR_IFNAME, ifname);
  return req;
}

Request encode_dcb_set_pfc(const std::string& ifname, const model::Pfc& pfc) {
  ieee_pfc s;
  std::memset(&s, 0, sizeof s);
  s.pfc_cap = pfc.pfc_cap;
  s.pfc_en = pfc.pfc_en;
  s.mbc = pfc.mbc;
  s.delay = pfc.delay;
  return dcb_ieee_set(ifname, DCB_CMD_IEEE_SET, AttrStream().put(DCB_ATTR_IEEE_PFC, &s, sizeof s));
}

Request encode_dcb_set_ets(const std::string& ifname, const model::Ets& ets) {
  ieee_ets s;
  std::memset(&s, 0, sizeof s);
  s.willing = ets.willing;
  s.ets_cap = ets.ets_cap;
  s.cbs = ets.cbs;
  copy_prio(s.tc_tx_bw, ets.tc_tx_bw);
  copy_prio(s.tc_rx_bw, ets.tc_rx_bw);
  copy_prio(s.tc_tsa, ets.tc_tsa);
  copy_prio(s.prio_tc, ets.prio_tc);
  copy_prio(s.tc_reco_bw, ets.tc_reco_bw);
  copy_prio(s.tc_reco_tsa, ets.tc_reco_tsa);
  copy_prio(s.reco_prio_tc, ets.reco_prio_tc);
  return dcb_ieee_set(ifname, DCB_CMD_IEEE_SET, AttrStream().put(DCB_ATTR_IEEE_ETS, &s, sizeof s));
}

Request encode_dcb_set_buffer(const std::string& ifname, const model::Buffer& buffer) {
  dcbnl_buffer s;
  std::memset(&s, 0, sizeof s);
  copy_prio(s.prio2buffer, buffer.prio2buffer);
  for (int i = 0; i < DCBX_MAX_BUFFERS; ++i) s.buffer_size[i] = buffer.buffer_size[i];
  s.total_size = buffer.total_size;
  return dcb_ieee_set(ifname, DCB_CMD_IEEE_SET,
                      AttrStream().put(DCB_ATTR_DCB_BUFFER, &s, sizeof s));
}

Request encode_dcb_set_apptrust(const std::string& ifname,
                                const std::vector<std::uint8_t>& selectors) {
  AttrStream table;
  for (std::uint8_t sel : selectors) table.put_u8(app_attr_type(sel), sel);
  AttrStream ieee;
  ieee.put(rtnl::kDcbAttrDcbAppTrustTable, table.bytes().data(), table.bytes().size());
  return dcb_ieee_set(ifname, DCB_CMD_IEEE_SET, ieee);
}

Request encode_dcb_app(const std::string& ifname, std::uint8_t cmd,
                       const std::vector<model::AppEntry>& entries) {
  AttrStream table;
  for (const auto& e : entries) {
    dcb_app app{};
    app.selector = e.selector;
    app.priority = e.priority;
    app.protocol = e.protocol;
    table.put(app_attr_type(e.selector), &app, sizeof app);
  }
  AttrStream ieee;
  ieee.put(DCB_ATTR_IEEE_APP_TABLE, table.bytes().data(), table.bytes().size());
  return dcb_ieee_set(ifname, cmd, ieee);
}

Request encode_qdisc_dump() {
  tcmsg t{};
  t.tcm_family = AF_UNSPEC;
  return Request(RTM_GETQDISC, NLM_F_DUMP, &t, sizeof t);
}

Request encode_red_replace(std::uint32_t ifindex, std::uint32_t parent, std::uint32_t handle,
                           const model::RedParams& red, const std::vector<std::uint8_t>& stab) {
  tcmsg t{};
  t.tcm_family = AF_UNSPEC;
  t.tcm_ifindex = static_cast<int>(ifindex);
  t.tcm_handle = handle;
  t.tcm_parent = parent;
  Request req(RTM_NEWQDISC, NLM_F_CREATE | NLM_F_REPLACE, &t, sizeof t);
  req.put_string(TCA_KIND, "red");

  constexpr std::uint8_t kHistoric = TC_RED_ECN | TC_RED_HARDDROP | TC_RED_ADAPTATIVE;
  const bool needs_bitfield = (red.flags & ~kHistoric) != 0;
  tc_red_qopt q{};
  q.limit = red.limit;
  q.qth_min = red.qth_min;
  q.qth_max = red.qth_max;
  q.Wlog = red.wlog;
  q.Plog = red.plog;
  q.Scell_log = red.scell_log;
  q.flags = needs_bitfield ? 0 : red.flags;

  AttrStream options;
  options.put(TCA_RED_PARMS, &q, sizeof q);
  options.put(TCA_RED_STAB, stab.data(), stab.size());
  if (red.max_p) options.put(TCA_RED_MAX_P, &*red.max_p, sizeof *red.max_p);
  if (needs_bitfield) {
    nla_bitfield32 bf{};
    bf.value = red.flags;
    bf.selector = kHistoric | TC_RED_NODROP;
    options.put(TCA_RED_FLAGS, &bf, sizeof bf);
  }
  req.put(TCA_OPTIONS, options.bytes().data(), options.bytes().size());
  return req;
}

}  // namespace roce::sources::writer
