#pragma once
// A Diff as text (sections per netdev/RDMA device: configuration, then counters) and as JSON
// ({"format": "roce-doctor-diff", "schema_version": 1, ...}, snake_case keys).
#include <cstddef>
#include <string>

#include "diff/diff.hpp"

namespace roce::diff {

struct RenderOptions {
  std::string label_a, label_b;  // where each sample came from: "FILE, sample 2 of 2"
  std::size_t top = 20;          // counters shown, lossless-relevant first
  bool all = false;              // every changed counter
};

std::string render_text(const Diff& diff, const RenderOptions& options);
std::string render_json(const Diff& diff, const RenderOptions& options);

}  // namespace roce::diff
