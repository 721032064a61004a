// The one socket against the real kernel of this network namespace, on both buses. Unprivileged:
// only reads, and requests the kernel refuses.
#include <catch2/catch.hpp>

#include <linux/genetlink.h>
#include <linux/rtnetlink.h>
#include <sys/socket.h>
#include <cerrno>
#include <iostream>

#include "sources/netlink/attrs.hpp"
#include "sources/netlink/genl.hpp"
#include "sources/netlink/socket.hpp"

namespace roce::test {

using namespace roce::sources::netlink;

namespace {

constexpr std::chrono::milliseconds kTimeout{2000};

// The socket, or nullopt (with the reason printed) where this sandbox forbids netlink.
std::optional<Socket> open_or_skip(Bus bus) {
  auto sock = Socket::open(bus, kTimeout);
  if (sock) return std::move(*sock);
  std::cout << "ROCE-TEST-SKIP: no netlink socket here: " << sock.error().message << "\n";
  return std::nullopt;
}

Request get_link(const std::string& name) {
  ifinfomsg ifi{};
  ifi.ifi_family = AF_UNSPEC;
  Request req(RTM_GETLINK, 0, ifi);
  req.put_string(IFLA_IFNAME, name);
  return req;
}

}  // namespace

TEST_CASE("socket: a NETLINK_ROUTE dump and a GET of one object, answered by the kernel") {
  auto sock = open_or_skip(Bus::route);
  if (!sock) return;
  CHECK(std::string(sock->bus_name()) == "rtnetlink");
  ifinfomsg ifi{};
  ifi.ifi_family = AF_UNSPEC;
  Request dump(RTM_GETLINK, NLM_F_DUMP, ifi);
  auto messages = sock->dump(dump);
  REQUIRE(messages.ok());
  bool saw_lo = false;
  for (const auto& m : *messages) {
    auto view = view_message(m, RTM_NEWLINK, sizeof(ifinfomsg), "RTM_NEWLINK");
    REQUIRE(view.ok());
    const AttrList attrs = parse_attrs(view->attrs, "RTM_NEWLINK");
    REQUIRE_FALSE(attrs.error);
    if (const Attr* name = attrs.find(IFLA_IFNAME)) saw_lo |= read_string(name->payload) == "lo";
  }
  CHECK(saw_lo);

  Request lo = get_link("lo");
  auto reply = sock->ask(lo);
  REQUIRE(reply.ok());
  CHECK(view_message(*reply, RTM_NEWLINK, sizeof(ifinfomsg), "RTM_NEWLINK").ok());
}

TEST_CASE("socket: a kernel error carries its errno; the socket serves the next request") {
  auto sock = open_or_skip(Bus::route);
  if (!sock) return;
  Request missing = get_link("no-such-device0");
  auto reply = sock->ask(missing);
  REQUIRE_FALSE(reply.ok());
  CHECK(reply.error().sys_errno == ENODEV);
  CHECK_THAT(reply.error().message, Catch::StartsWith("No such device"));
  Request lo = get_link("lo");
  CHECK(sock->ask(lo).ok());
}

TEST_CASE("socket: NETLINK_GENERIC resolves a family by name; an unknown family is ENOENT") {
  auto sock = open_or_skip(Bus::generic);
  if (!sock) return;
  CHECK(std::string(sock->bus_name()) == "genetlink");
  auto ctrl = resolve_family(*sock, "nlctrl");
  REQUIRE(ctrl.ok());
  CHECK(*ctrl == GENL_ID_CTRL);
  auto absent = resolve_family(*sock, "no-such-family");
  REQUIRE_FALSE(absent.ok());
  CHECK(absent.error().sys_errno == ENOENT);
  CHECK_THAT(absent.error().message, Catch::StartsWith("CTRL_CMD_GETFAMILY no-such-family: "));
}

}  // namespace roce::test
