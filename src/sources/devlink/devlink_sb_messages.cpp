// The devlink shared-buffer dump requests and the decoders of their replies.
#include "sources/devlink/devlink_sb_messages.hpp"

#include <linux/devlink.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "sources/netlink/attrs.hpp"
#include "sources/netlink/genl.hpp"

namespace roce::sources::devlink {
namespace {

using netlink::Attr;
using netlink::AttrList;
using netlink::read_scalar;

const char* attr_name(std::uint16_t type) {
  switch (type) {
    case DEVLINK_ATTR_BUS_NAME: return "DEVLINK_ATTR_BUS_NAME";
    case DEVLINK_ATTR_DEV_NAME: return "DEVLINK_ATTR_DEV_NAME";
    case DEVLINK_ATTR_PORT_INDEX: return "DEVLINK_ATTR_PORT_INDEX";
    case DEVLINK_ATTR_PORT_NETDEV_NAME: return "DEVLINK_ATTR_PORT_NETDEV_NAME";
    case DEVLINK_ATTR_SB_INDEX: return "DEVLINK_ATTR_SB_INDEX";
    case DEVLINK_ATTR_SB_POOL_INDEX: return "DEVLINK_ATTR_SB_POOL_INDEX";
    case DEVLINK_ATTR_SB_POOL_TYPE: return "DEVLINK_ATTR_SB_POOL_TYPE";
    case DEVLINK_ATTR_SB_POOL_SIZE: return "DEVLINK_ATTR_SB_POOL_SIZE";
    case DEVLINK_ATTR_SB_POOL_THRESHOLD_TYPE: return "DEVLINK_ATTR_SB_POOL_THRESHOLD_TYPE";
    case DEVLINK_ATTR_SB_THRESHOLD: return "DEVLINK_ATTR_SB_THRESHOLD";
    case DEVLINK_ATTR_SB_TC_INDEX: return "DEVLINK_ATTR_SB_TC_INDEX";
    case DEVLINK_ATTR_SB_POOL_CELL_SIZE: return "DEVLINK_ATTR_SB_POOL_CELL_SIZE";
    default: return nullptr;
  }
}

Expected<AttrList> reply_attrs(ByteView msg, std::uint16_t family, std::uint8_t cmd, const char* what) {
  auto view = netlink::view_genl_message(msg, family, cmd, what);
  if (!view) return fail(std::move(view.error()));
  AttrList list = netlink::parse_attrs(view->attrs, what, attr_name);
  if (list.error) return fail(*list.error);
  return list;
}

template <class T>
Expected<T> required(const AttrList& list, std::uint16_t type, const char* what) {
  const Attr* a = list.find(type);
  if (!a) return fail(std::string(what) + ": " + attr_name(type) + " missing");
  return read_scalar<T>(a->payload, attr_name(type));
}

Expected<std::string> required_string(const AttrList& list, std::uint16_t type, const char* what) {
  const Attr* a = list.find(type);
  if (!a) return fail(std::string(what) + ": " + attr_name(type) + " missing");
  std::string s = netlink::read_string(a->payload);
  if (s.empty()) return fail(std::string(what) + ": " + attr_name(type) + " is empty");
  return s;
}

Expected<Handle> handle(const AttrList& list, const char* what, bool port) {
  auto bus = required_string(list, DEVLINK_ATTR_BUS_NAME, what);
  if (!bus) return fail(std::move(bus.error()));
  auto dev = required_string(list, DEVLINK_ATTR_DEV_NAME, what);
  if (!dev) return fail(std::move(dev.error()));
  Handle h{*bus + "/" + *dev, std::nullopt};
  if (port) {
    auto index = required<std::uint32_t>(list, DEVLINK_ATTR_PORT_INDEX, what);
    if (!index) return fail(std::move(index.error()));
    h.port = *index;
  }
  return h;
}

// A required scalar attribute into `var`; the reply fails with its error.
#define ROCE_TAKE(var, type, attr)              \
  auto var = required<type>(*list, attr, what); \
  if (!var) return fail(std::move(var.error()))

}  // namespace

netlink::Request build_dump(std::uint16_t family, std::uint8_t cmd) {
  genlmsghdr g{};
  g.cmd = cmd;
  g.version = DEVLINK_GENL_VERSION;
  return netlink::Request(family, NLM_F_DUMP, g);
}

const char* pool_type_name(std::uint8_t type) {
  return type == DEVLINK_SB_POOL_TYPE_INGRESS ? "ingress" : type == DEVLINK_SB_POOL_TYPE_EGRESS ? "egress" : "unknown";
}

const char* threshold_type_name(std::uint8_t type) {
  return type == DEVLINK_SB_THRESHOLD_TYPE_STATIC    ? "static"
         : type == DEVLINK_SB_THRESHOLD_TYPE_DYNAMIC ? "dynamic"
                                                     : "unknown";
}

Expected<Row<std::string>> decode_port(ByteView msg, std::uint16_t family) {
  const char* what = "DEVLINK_CMD_PORT_NEW";
  auto list = reply_attrs(msg, family, DEVLINK_CMD_PORT_NEW, what);
  if (!list) return fail(std::move(list.error()));
  auto h = handle(*list, what, true);
  if (!h) return fail(std::move(h.error()));
  std::string netdev;
  if (const Attr* a = list->find(DEVLINK_ATTR_PORT_NETDEV_NAME)) netdev = netlink::read_string(a->payload);
  return Row<std::string>{*h, netdev};
}

Expected<Row<model::SbPool>> decode_sb_pool(ByteView msg, std::uint16_t family) {
  const char* what = "DEVLINK_CMD_SB_POOL_NEW";
  auto list = reply_attrs(msg, family, DEVLINK_CMD_SB_POOL_NEW, what);
  if (!list) return fail(std::move(list.error()));
  auto h = handle(*list, what, false);
  if (!h) return fail(std::move(h.error()));
  ROCE_TAKE(sb, std::uint32_t, DEVLINK_ATTR_SB_INDEX);
  ROCE_TAKE(pool, std::uint16_t, DEVLINK_ATTR_SB_POOL_INDEX);
  ROCE_TAKE(type, std::uint8_t, DEVLINK_ATTR_SB_POOL_TYPE);
  ROCE_TAKE(size, std::uint32_t, DEVLINK_ATTR_SB_POOL_SIZE);
  ROCE_TAKE(thtype, std::uint8_t, DEVLINK_ATTR_SB_POOL_THRESHOLD_TYPE);
  model::SbPool p;
  p.sb = *sb;
  p.pool = *pool;
  p.type = pool_type_name(*type);
  p.size = *size;
  p.threshold_type = threshold_type_name(*thtype);
  if (list->find(DEVLINK_ATTR_SB_POOL_CELL_SIZE)) {
    ROCE_TAKE(cell, std::uint32_t, DEVLINK_ATTR_SB_POOL_CELL_SIZE);
    p.cell_size = *cell;
  }
  return Row<model::SbPool>{*h, p};
}

Expected<Row<model::SbPortPool>> decode_sb_port_pool(ByteView msg, std::uint16_t family) {
  const char* what = "DEVLINK_CMD_SB_PORT_POOL_NEW";
  auto list = reply_attrs(msg, family, DEVLINK_CMD_SB_PORT_POOL_NEW, what);
  if (!list) return fail(std::move(list.error()));
  auto h = handle(*list, what, true);
  if (!h) return fail(std::move(h.error()));
  ROCE_TAKE(sb, std::uint32_t, DEVLINK_ATTR_SB_INDEX);
  ROCE_TAKE(pool, std::uint16_t, DEVLINK_ATTR_SB_POOL_INDEX);
  ROCE_TAKE(threshold, std::uint32_t, DEVLINK_ATTR_SB_THRESHOLD);
  model::SbPortPool p;
  p.sb = *sb;
  p.pool = *pool;
  p.threshold = *threshold;
  return Row<model::SbPortPool>{*h, p};
}

Expected<Row<model::SbTcBind>> decode_sb_tc_bind(ByteView msg, std::uint16_t family) {
  const char* what = "DEVLINK_CMD_SB_TC_POOL_BIND_NEW";
  auto list = reply_attrs(msg, family, DEVLINK_CMD_SB_TC_POOL_BIND_NEW, what);
  if (!list) return fail(std::move(list.error()));
  auto h = handle(*list, what, true);
  if (!h) return fail(std::move(h.error()));
  ROCE_TAKE(sb, std::uint32_t, DEVLINK_ATTR_SB_INDEX);
  ROCE_TAKE(tc, std::uint16_t, DEVLINK_ATTR_SB_TC_INDEX);
  ROCE_TAKE(type, std::uint8_t, DEVLINK_ATTR_SB_POOL_TYPE);
  ROCE_TAKE(pool, std::uint16_t, DEVLINK_ATTR_SB_POOL_INDEX);
  ROCE_TAKE(threshold, std::uint32_t, DEVLINK_ATTR_SB_THRESHOLD);
  model::SbTcBind b;
  b.sb = *sb;
  b.tc = *tc;
  b.type = pool_type_name(*type);
  b.pool = *pool;
  b.threshold = *threshold;
  return Row<model::SbTcBind>{*h, b};
}

#undef ROCE_TAKE

}  // namespace roce::sources::devlink
