// roce-doctor estimate's arithmetic: transfer time, bus factors, the inverse, sizes and rates.
#include <catch2/catch.hpp>

#include "physics/estimate.hpp"

namespace roce::test {

using physics::Algorithm;
using physics::Collective;

TEST_CASE("estimate: 2 GB of gradients over 400 Gb/s take 40 ms") {
  const auto bytes = physics::parse_size("2GB");
  const auto rate = physics::parse_rate_gbps("400G");
  REQUIRE(bytes);
  REQUIRE(rate);
  CHECK(*bytes == 2e9);
  CHECK(*rate == 400);
  CHECK(physics::transfer_seconds(*bytes, *rate, 1) == Approx(0.040));
}

TEST_CASE("estimate: bus factors are nccl-tests' (ring all_reduce moves 2(n-1)/n of the data)") {
  CHECK(physics::bus_factor(Collective::all_reduce, 8, Algorithm::ring) == Approx(1.75));
  CHECK(physics::bus_factor(Collective::all_reduce, 2, Algorithm::ring) == Approx(1.0));
  CHECK(physics::bus_factor(Collective::all_reduce, 8, Algorithm::tree) == Approx(2.0));
  CHECK(physics::bus_factor(Collective::all_gather, 4, Algorithm::ring) == Approx(0.75));
  CHECK(physics::bus_factor(Collective::reduce_scatter, 4, Algorithm::ring) == Approx(0.75));
  CHECK(physics::bus_factor(Collective::alltoall, 16, Algorithm::ring) == Approx(15.0 / 16));
  CHECK(physics::bus_factor(Collective::broadcast, 16, Algorithm::ring) == 1.0);
  CHECK(physics::bus_factor(Collective::sendrecv, 0, Algorithm::ring) == 1.0);
  CHECK(physics::needs_ranks(Collective::all_reduce, Algorithm::ring));
  CHECK_FALSE(physics::needs_ranks(Collective::all_reduce, Algorithm::tree));
  // 2 GB all_reduce over 8 ranks at 400 Gb/s: 2e9 x 1.75 x 8 / 400e9 = 70 ms.
  CHECK(physics::transfer_seconds(2e9, 400, 1.75) == Approx(0.070));
}

TEST_CASE("estimate: the inverse gives the rate that meets a deadline") {
  CHECK(physics::rate_needed_gbps(2e9, 0.050, 1) == Approx(320));
  CHECK(physics::rate_needed_gbps(2e9, 0.040, 1) == Approx(400));
}

TEST_CASE("estimate: an answer gives the time at a rate, or the rate a deadline needs and whether the rate makes it") {
  physics::EstimateQuestion q;
  q.bytes = 2e9;
  q.collective = physics::Collective::all_reduce;
  q.ranks = 8;
  q.rate_gbps = 400;
  const auto at_rate = physics::answer(q);
  CHECK(at_rate.bus_factor == Approx(1.75));
  CHECK(*at_rate.seconds == Approx(0.07));
  CHECK_FALSE(at_rate.rate_needed_gbps);
  q.within_s = 0.05;
  const auto deadline = physics::answer(q);
  CHECK(*deadline.rate_needed_gbps == Approx(560));
  CHECK(*deadline.seconds == Approx(0.05));
  CHECK_FALSE(*deadline.fits);
}

TEST_CASE("estimate: sizes and rates in the units people write") {
  CHECK(physics::parse_size("512MiB") == 512.0 * 1048576);
  CHECK(physics::parse_size("1.5T") == 1.5e12);
  CHECK(physics::parse_size("4096") == 4096.0);
  CHECK(physics::parse_size("2 gib") == 2.0 * 1073741824);
  CHECK_FALSE(physics::parse_size("two GB"));
  CHECK_FALSE(physics::parse_size("2XB"));
  CHECK_FALSE(physics::parse_size("-1GB"));
  CHECK(physics::parse_rate_gbps("400Gb/s") == 400.0);
  CHECK(physics::parse_rate_gbps("100Gbps") == 100.0);
  CHECK(physics::parse_rate_gbps("100 Gbit/s") == 100.0);
  CHECK(physics::parse_rate_gbps("25000M") == 25.0);
  CHECK(physics::parse_rate_gbps("50GB/s") == 400.0);
  CHECK_FALSE(physics::parse_rate_gbps("fast"));
  CHECK_FALSE(physics::parse_rate_gbps("400"));
  CHECK(physics::collective_named("all_reduce_perf") == Collective::all_reduce);
  CHECK(physics::collective_named("allgather") == Collective::all_gather);
  CHECK_FALSE(physics::collective_named("gossip"));
}

}  // namespace roce::test
