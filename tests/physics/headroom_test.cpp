// The worked tables of research/formats.md §4.1, §4.3 and §4.4, reproduced exactly.
#include <catch2/catch.hpp>

#include "physics/headroom.hpp"

namespace roce::test {

using namespace roce::physics;

TEST_CASE("mlx5 xoff and minimum lossless buffer match formats.md 4.1") {
  struct Row {
    std::uint32_t speed, cable, mtu, xoff, min_buffer;
  };
  const Row rows[] = {
      {100000, 5, 4200, 42524, 51868},     {100000, 5, 9216, 56167, 65511},     {100000, 100, 4200, 63124, 72468},
      {100000, 100, 9216, 76767, 86111},   {400000, 5, 4200, 135824, 145168},   {400000, 5, 9216, 149467, 158811},
      {400000, 100, 4200, 218224, 227568}, {400000, 100, 9216, 231867, 241211},
  };
  for (const auto& r : rows) {
    INFO(r.speed << " Mb/s, " << r.cable << " m, MTU " << r.mtu);
    CHECK(mlx5_xoff_bytes(r.speed, r.cable, r.mtu) == r.xoff);
    CHECK(mlx5_min_lossless_buffer(r.speed, r.cable, r.mtu) == r.min_buffer);
  }
}

TEST_CASE("mlx5 formula floors speed at 40G, assumes 40G when unknown, and honours a larger max MTU") {
  CHECK(mlx5_xoff_bytes(25000, 7, 1500) == mlx5_xoff_bytes(40000, 7, 1500));
  CHECK(mlx5_xoff_bytes(std::nullopt, 7, 1500) == mlx5_xoff_bytes(40000, 7, 1500));
  // (301 + 15) * 40 + 40.80 * ... : 216*7/100 = 15 in integer math
  CHECK(mlx5_xoff_bytes(40000, 7, 1500) == 316 * 40 + 272 * 1500 / 100);
  CHECK(mlx5_min_lossless_buffer(100000, 5, 4200, 9978) == 42524 + 9978 + 128);
  CHECK(mlx5_min_lossless_buffer(100000, 5, 4200, 0, 256) == 42524 + 9216 + 256);
}

TEST_CASE("IEEE estimate matches formats.md 4.3") {
  struct Row {
    std::uint32_t speed, cable, mtu, total;
  };
  const Row rows[] = {
      {100000, 5, 4200, 34305}, {100000, 5, 9216, 44337}, {100000, 100, 4200, 46180},  {100000, 100, 9216, 56212},
      {400000, 5, 4200, 68884}, {400000, 5, 9216, 78916}, {400000, 100, 4200, 116384}, {400000, 100, 9216, 126416},
  };
  for (const auto& r : rows) {
    INFO(r.speed << " Mb/s, " << r.cable << " m, MTU " << r.mtu);
    CHECK(ieee_headroom_bytes(r.speed, r.cable, r.mtu) == r.total);
  }
  CHECK_FALSE(ieee_headroom_bytes(123000, 5, 4200).has_value());
  // Without the peer's response (394 quanta x 64 B at 100G): 625 + 8400 + 64; any speed.
  CHECK(ieee_cable_and_frames_bytes(100000, 5, 4200) == 34305 - 394 * 64);
  CHECK(ieee_cable_and_frames_bytes(123000, 0, 1500) == 3064);
  CHECK(pause_quanta(25000) == 80u);
  CHECK(pause_quanta(800000) == 905u);
}

TEST_CASE("SONiC Spectrum-2/3 headroom matches formats.md 4.4") {
  struct Row {
    std::uint32_t speed, cable, mtu;
    SonicHeadroom spp100, spp50;
  };
  const Row rows[] = {
      {100000, 5, 4200, {94208, 18432, 112640}, {41984, 18432, 60416}},
      {100000, 5, 9216, {109568, 18432, 128000}, {48128, 18432, 66560}},
      {100000, 100, 4200, {130048, 18432, 148480}, {56320, 18432, 74752}},
      {100000, 100, 9216, {145408, 18432, 163840}, {62464, 18432, 80896}},
      {400000, 5, 4200, {197632, 18432, 216064}, {83968, 18432, 102400}},
      {400000, 5, 9216, {212992, 18432, 231424}, {91136, 18432, 109568}},
      {400000, 100, 4200, {342016, 18432, 360448}, {143360, 18432, 161792}},
      {400000, 100, 9216, {357376, 18432, 375808}, {149504, 18432, 167936}},
  };
  for (const auto& r : rows) {
    INFO(r.speed << " Mb/s, " << r.cable << " m, port MTU " << r.mtu);
    SonicInputs in;
    in.speed_mbps = r.speed;
    in.cable_m = r.cable;
    in.port_mtu = r.mtu;
    in.small_packet_percentage = 100;
    CHECK(sonic_headroom(in) == r.spp100);
    in.small_packet_percentage = 50;
    CHECK(sonic_headroom(in) == r.spp50);
  }
}

TEST_CASE("SONiC with a shared headroom pool reserves only xon") {
  SonicInputs in;
  in.speed_mbps = 100000;
  in.cable_m = 5;
  in.port_mtu = 4200;
  in.shared_headroom_pool = true;
  auto h = sonic_headroom(in);
  CHECK(h.xoff == 94208);
  CHECK(h.size == 18432);
}

}  // namespace roce::test
