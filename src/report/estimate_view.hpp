#pragma once
// `roce-doctor estimate`: the answer as one line of text, or as JSON.
#include <string>

#include "physics/estimate.hpp"

namespace roce::report {

/// "all_reduce of 2GB over 8 ranks (ring, bus factor 1.75) at rate 400 Gb/s: 70 ms"; `size` is the
/// size as given.
std::string render_estimate_text(const physics::EstimateQuestion& q, const physics::EstimateAnswer& a,
                                 const std::string& size);
/// schema_version 1: bytes, collective, ranks and algo (for a collective), bus_factor, seconds,
/// rate_gbps, rate_is_busbw or rate_gbps_needed and fits.
std::string render_estimate_json(const physics::EstimateQuestion& q, const physics::EstimateAnswer& a);

}  // namespace roce::report
