// Which tc queue serves a priority.
#include "model/qdisc.hpp"

#include <algorithm>

namespace roce::model {

bool has_red(const std::vector<Qdisc>& qdiscs) {
  return std::any_of(qdiscs.begin(), qdiscs.end(), [](const Qdisc& q) { return q.red.has_value(); });
}

PrioQueue queue_for_priority(const std::vector<Qdisc>& qdiscs, int prio) {
  const Qdisc* root = nullptr;
  for (const auto& q : qdiscs)
    if (q.parent == kTcRoot) root = &q;
  if (!root) return {};
  if (root->red) return {root, kTcRoot};
  if (root->kind != "ets" && root->kind != "prio") return {};
  std::uint32_t band;
  if (static_cast<std::size_t>(prio) < root->priomap.size())
    band = root->priomap[prio];
  else if (root->bands && *root->bands > 0)
    band = *root->bands - 1;
  else
    return {};
  const std::uint32_t classid = (root->handle & 0xffff0000) | (band + 1);
  PrioQueue out{nullptr, classid};
  for (const auto& q : qdiscs)
    if (q.parent == classid && q.red) out.red = &q;
  return out;
}

}  // namespace roce::model
