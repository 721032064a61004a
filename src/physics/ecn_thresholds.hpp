#pragma once
// RED/ECN marking thresholds for a lossless (RoCE) queue on a switch port, from link speed and
// the queue's buffer. Bytes throughout; probability is the marking probability at `max`.
//
// Basis (research/formats.md §6):
//  * NVIDIA Onyx / Cumulus `roce lossless`: min 150 KB, max 1500 KB (absolute ECN thresholds of
//    the RoCE traffic class) on 100G-class ports. At 100 Gb/s (12.5 bytes/ns) that is 12 us of
//    queue before marking starts and 120 us at full marking.
//  * SONiC WRED_PROFILE AZURE_LOSSLESS: min 1 MiB, max 2 MiB, drop (mark) probability 5 %.
//  * DCQCN paper (Zhu et al., SIGCOMM 2015): Kmin 5 KB, Kmax 200 KB, Pmax 1 %.
//
// Rule: keep NVIDIA's queueing *time* at any speed, i.e. scale 150 KB / 1500 KB linearly with
// the link speed (100 Gb/s when unknown), with SONiC's 5 % probability. The DCQCN paper's
// Kmin (5 KB) is the floor of min. When the queue's buffer is known and smaller than max, max is
// capped at the buffer (marking must saturate before the buffer is full) and min kept at a tenth of
// max (NVIDIA's ratio), never below the floor. limit (the RED queue length) = 2 * max.
// These values sit inside ECN-RED's bounds: min <= 100 us and max <= 200 us of queue at link speed.
//
// Worked example, 400 Gb/s, buffer unknown: min = 150 000 * 4 = 600 000 B, max = 6 000 000 B,
// probability 0.05, limit 12 000 000 B. 25 Gb/s: 37 500 / 375 000 B. 100 Gb/s with an 800 000 B
// buffer: max 800 000 B, min 80 000 B.
#include <cstdint>
#include <optional>

namespace roce::physics {

constexpr std::uint32_t kEcnAnchorSpeedMbps = 100000;  // NVIDIA's values are for 100G-class ports
constexpr std::uint32_t kEcnAnchorMinBytes = 150000;   // NVIDIA Onyx/Cumulus min (150 KB)
constexpr std::uint32_t kEcnAnchorMaxBytes = 1500000;  // NVIDIA Onyx/Cumulus max (1500 KB)
constexpr double kEcnProbability = 0.05;               // SONiC AZURE_LOSSLESS drop probability 5 %
constexpr std::uint32_t kEcnMinFloorBytes = 5000;      // DCQCN paper Kmin (5 KB)
constexpr std::uint32_t kSonicWredMinBytes = 1 << 20;  // SONiC min threshold (documentation anchor)
constexpr std::uint32_t kSonicWredMaxBytes = 2 << 20;  // SONiC max threshold (documentation anchor)

struct EcnThresholds {
  std::uint32_t min = 0, max = 0, limit = 0;  // bytes
  double probability = kEcnProbability;
  bool operator==(const EcnThresholds&) const = default;
};

EcnThresholds ecn_thresholds(std::optional<std::uint32_t> speed_mbps,
                             std::optional<std::uint32_t> buffer_bytes = std::nullopt);

/// RED max_p (TCA_RED_MAX_P) for a probability: probability * 2^32, saturated.
std::uint32_t red_max_p(double probability);

}  // namespace roce::physics
