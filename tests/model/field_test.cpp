#include <catch2/catch.hpp>

#include "model/field.hpp"
#include "model/host.hpp"

namespace roce::test {

using namespace roce::model;

TEST_CASE("a default field is absent, not zero") {
  Field<std::uint32_t> f;
  CHECK_FALSE(f.ok());
  CHECK(f.availability == Availability::absent);
}

TEST_CASE("zero is a value") {
  auto f = Field<std::uint32_t>::of(0, {"sysfs", "/sys/class/net/eth0/mtu"});
  REQUIRE(f.ok());
  CHECK(*f == 0);
  CHECK(f.availability == Availability::present);
  CHECK(f.from.source == "sysfs");
}

TEST_CASE("errno maps to the reason a datum is missing") {
  CHECK(availability_from_errno(EOPNOTSUPP) == Availability::unsupported);
  CHECK(availability_from_errno(-EOPNOTSUPP) == Availability::unsupported);
  CHECK(availability_from_errno(EPERM) == Availability::denied);
  CHECK(availability_from_errno(ENOENT) == Availability::absent);
  CHECK(availability_from_errno(EIO) == Availability::error);
  auto f = missing_from_errno<Pfc>(EOPNOTSUPP, "dcb pfc of veth0");
  CHECK(f.availability == Availability::unsupported);
  CHECK(f.cause == "dcb pfc of veth0: Operation not supported");
}

TEST_CASE("pfc enable mask") {
  Pfc p;
  p.pfc_en = 0x08;
  CHECK(p.enabled(3));
  CHECK_FALSE(p.enabled(0));
}

TEST_CASE("a failed read becomes a missing field: errno picks the kind, message and hint the cause") {
  const roce::Error denied{"ens1 ETHTOOL_MSG_PAUSE_GET: Operation not permitted", "run as root", EPERM};
  auto f = Field<PauseParams>::from_error(denied, {"ethtool-netlink", "ens1 ETHTOOL_MSG_PAUSE_GET"});
  CHECK_FALSE(f.ok());
  CHECK(f.availability == Availability::denied);
  CHECK(f.cause == "ens1 ETHTOOL_MSG_PAUSE_GET: Operation not permitted (run as root)");
  CHECK(f.from.source == "ethtool-netlink");
  // Without an errno the read failed for a reason of its own (a truncated attribute): an error.
  auto g = Field<Pfc>::from_error(roce::Error{"DCB_ATTR_IEEE_PFC: 4 bytes, need 13", {}, 0});
  CHECK(g.availability == Availability::error);
  CHECK(g.cause == "DCB_ATTR_IEEE_PFC: 4 bytes, need 13");
  CHECK(Field<Pfc>::from_error(roce::Error{"x", {}, -EOPNOTSUPP}).availability == Availability::unsupported);
}

TEST_CASE("a missing field is described by its availability and cause") {
  CHECK(describe_missing(Field<Pfc>::missing(Availability::unsupported, "dcbnl: veth0: Operation not supported")) ==
        "unsupported (dcbnl: veth0: Operation not supported)");
  CHECK(describe_missing(Field<Pfc>{}) == "absent");
  CHECK(describe_missing(Availability::denied, "") == "denied");
}

}  // namespace roce::test
