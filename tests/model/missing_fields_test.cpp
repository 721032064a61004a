// Marking the fields a source did not fill: values are kept, and a copied /sys (kernel interfaces
// not read) marks only what sysfs cannot give.
#include <catch2/catch.hpp>

#include "sources/missing_fields.hpp"

namespace roce::test {

using namespace roce;
using model::Availability;
using model::Field;

TEST_CASE("missing fields: values kept; a copied sysfs tree marks only the kernel-interface fields") {
  model::NetDev nd;
  nd.mtu = Field<std::uint32_t>::of(9000);
  nd.ifindex = Field<std::uint32_t>::of(4);
  sources::mark_kernel_interface_fields(nd, Availability::absent, "not read: copy of /sys");
  CHECK(*nd.mtu == 9000u);
  CHECK(*nd.ifindex == 4u);
  CHECK(nd.operstate.cause.empty());  // sysfs gives it: not this mark's business
  CHECK(nd.trust.cause.empty());
  CHECK(nd.link.cause == "not read: copy of /sys");
  CHECK(nd.dcb.pfc.cause == "not read: copy of /sys");
  CHECK(nd.qdiscs.cause == "not read: copy of /sys");

  sources::mark_netdev_worker_fields(nd, Availability::error, "worker missed its deadline");
  CHECK(*nd.mtu == 9000u);
  CHECK(nd.operstate.availability == Availability::error);
  CHECK(nd.trust.cause == "worker missed its deadline");
  CHECK(nd.link.cause == "worker missed its deadline");

  model::RdmaDevice dev;
  sources::mark_rdma_device_fields(dev, Availability::error, "ports/ unreadable");
  CHECK(dev.fw_ver.cause == "ports/ unreadable");
  CHECK(dev.port_count.cause == "ports/ unreadable");
}

}  // namespace roce::test
