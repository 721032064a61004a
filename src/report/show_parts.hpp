#pragma once
// Internal pieces of the show text view, one file each.
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "model/host.hpp"
#include "report/text_style.hpp"

namespace roce::report::detail {

constexpr const char* kIndent = "    ";

// One line per DCB object (dcbx, trust, dscp-prio, app, apptrust, pfc, ets, buffer, maxrate) and
// the vendor ECN enables.
std::vector<std::string> dcb_lines(const model::NetDev& nd, const Style& style);

// Headline counters through canonical names: per-priority pause/discards, port discards, out of
// buffer, link down events (netdev); ECN/CNP/sequence errors (RDMA port; with roce false, an
// InfiniBand port, only its link counters).
std::vector<std::string> netdev_counter_lines(const model::NetDev& nd, const Style& style);
std::vector<std::string> rdma_counter_lines(const model::NetDev* nd, const model::RdmaPort& port, bool roce,
                                            const Style& style);

std::string qdisc_text(const model::Qdisc& q);

// The host's devlink shared buffers: per device a header line, its pools, and per port the
// bindings of its lossless priorities (ingress PG, egress TC); none when they were not read.
std::vector<std::string> shared_buffer_lines(const model::Host& host, const Style& style);

// With Style::quotes, for each capture line the object's values cite, by file and line,
// `evidence pfc,buffer: FILE:LINE` and under it `  > ` and each line quoted (model/raw_lines.hpp);
// none without. A device's lines leave its ports out.
std::vector<std::string> evidence_lines(const model::NetDev& nd, const Style& style);
std::vector<std::string> evidence_lines(const model::RdmaDevice& dev, const Style& style);
std::vector<std::string> evidence_lines(const model::RdmaPort& port, const Style& style);
// A quote's lines (a block's are joined by '\n').
std::vector<std::string> quote_lines(const std::string& quote);

// The compact view (without Style::verbose) prints what is known and lists the missing values
// after it, grouped by reason: "n/a (absent): dcbx apptrust ets". Labels by reason:
using MissingByReason = std::map<std::string, std::string>;

// `line` without its "LABEL n/a (REASON)" pairs, whose labels go to `missing`.
std::string take_missing(std::string line, MissingByReason& missing, const Style& style);

// The lines without their missing pairs (lines left empty are dropped), then one line per reason
// of `missing` and of what was taken from them.
std::vector<std::string> known_first(std::vector<std::string> lines, const Style& style, MissingByReason missing = {});

// Each line longer than `width` columns broken at spaces, its continuation indented 4 more, never
// between a label and its value; 0: unchanged. A quoted capture line ("    > ...") is never broken.
std::string wrap_text(const std::string& text, std::size_t width);

}  // namespace roce::report::detail
