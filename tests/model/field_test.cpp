#include <catch2/catch.hpp>

#include "model/field.hpp"
#include "model/host.hpp"

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
