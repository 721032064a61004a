#pragma once
// The text view of a check run: a one-line verdict, the ranked findings (severity, ID, subject,
// title, evidence with provenance and, from an imported capture, the line it was read from, the
// explanation, the fix, what caused it), then the skipped checks with their reasons and how many
// checks were ok. A pure function of the run.
#include <string>

#include "report/check_run.hpp"
#include "report/text_style.hpp"

namespace roce::report {

// "roce-doctor: 2 critical, 1 warning on host gpu-node-07 (ConnectX-6 Dx mlx5_0, from bundle F)"
std::string verdict_line(const CheckRun& run);

std::string render_check_text(const CheckRun& run, const Style& style);

// Greedy word wrap of one paragraph to `width` columns, every line prefixed with `indent` (the
// first with `first_indent`). A word longer than the line stays whole.
std::string wrap_paragraph(const std::string& text, const std::string& indent, std::size_t width);
std::string wrap_hanging(const std::string& text, const std::string& first_indent, const std::string& indent,
                         std::size_t width);

}  // namespace roce::report
