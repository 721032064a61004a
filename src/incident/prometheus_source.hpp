#pragma once
// The port series `roce-doctor serve` exports, from a Prometheus server's HTTP API over
// [since, until]: the first pass asks /api/v1/query_range for when each port's pause counters
// changed (`changes()` of the PFC and 802.3x pause series, summed per instance and netdev, steps of
// at least 15 s); the second asks /api/v1/query for the raw samples of every series the analysis
// reads (a range vector: the scrapes as they were taken, with their own timestamps) of the
// instances active in each window. Hosts are named by roce_doctor_host_info's hostname label,
// else their instance.
//
// Series read (man/roce-doctor.8 PROMETHEUS METRICS): roce_doctor_pfc_pause_frames_total,
// roce_doctor_pfc_pause_seconds_total, roce_doctor_pause_frames_total,
// roce_doctor_priority_rx_discards_total and _rx_buffer_discards_total (the larger),
// roce_doctor_port_discards_total, roce_doctor_rx_out_of_buffer_total +
// roce_doctor_roce_out_of_buffer_total, roce_doctor_roce_ecn_marked_packets_total (a switch
// port's roce_doctor_port_ecn_marked_packets_total), roce_doctor_roce_cnp_sent_total and
// _cnp_handled_total, roce_doctor_port_bytes_total, roce_doctor_link_speed_bytes_per_second.
#include <cstdint>
#include <memory>
#include <string>

#include "incident/source.hpp"

namespace roce::incident {

struct PrometheusQuery {
  std::string url;  // "http://prom:9090", a path prefix allowed; "https://user:password@..." for basic auth
  std::int64_t since_ms = 0, until_ms = 0;
};

std::unique_ptr<Source> prometheus_source(PrometheusQuery query);

}  // namespace roce::incident
