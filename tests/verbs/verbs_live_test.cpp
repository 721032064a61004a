#include <infiniband/verbs.h>

#include <catch2/catch.hpp>
#include <iostream>

#include "sources/verbs/verbs.hpp"

namespace roce::test {

using roce::model::Availability;
using roce::model::CollectionNote;

namespace {

bool machine_has_rdma_devices() {
  int count = 0;
  ibv_device** list = ibv_get_device_list(&count);
  if (list) ibv_free_device_list(list);
  return list && count > 0;
}

}  // namespace

TEST_CASE("live: no RDMA devices is a note and nothing else") {
  if (machine_has_rdma_devices()) {
    std::cout << "ROCE-TEST-SKIP: this machine has RDMA devices; the no-device answer cannot be tested\n";
    return;
  }
  roce::model::Host host;
  host.hostname = "testhost";
  roce::model::RdmaDevice dev;
  dev.name = "mlx5_0";  // as if sysfs had listed it: verbs must not touch it
  host.rdma_devices.push_back(dev);
  const roce::model::Host before = host;

  roce::sources::verbs::merge_verbs(host);

  REQUIRE(host.notes.size() == 1);
  const CollectionNote& note = host.notes[0];
  CHECK(note.subject == "verbs");
  CHECK(note.availability == Availability::absent);
  CHECK_THAT(note.message, Catch::StartsWith("no RDMA devices (ibv_get_device_list"));
  host.notes.clear();
  CHECK(host == before);
}

}  // namespace roce::test
