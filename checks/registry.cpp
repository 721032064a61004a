#include "checks/registry.hpp"

#include "checks/check_list.hpp"

namespace roce::checks {

#define ROCE_DECLARE_CHECK(name) engine::CheckInfo info_##name();
ROCE_FOR_EACH_CHECK(ROCE_DECLARE_CHECK)
#undef ROCE_DECLARE_CHECK

std::span<const engine::CheckInfo> all_checks() {
#define ROCE_CALL_CHECK(name) info_##name(),
  static const std::vector<engine::CheckInfo> catalog{ROCE_FOR_EACH_CHECK(ROCE_CALL_CHECK)};
#undef ROCE_CALL_CHECK
  return catalog;
}

profile::ThresholdCatalog threshold_catalog() {
  profile::ThresholdCatalog out;
  for (const auto& c : all_checks()) {
    auto& keys = out[std::string(c.id)];
    for (const auto& t : c.thresholds) keys.emplace_back(t.key);
  }
  return out;
}

std::vector<engine::CheckResult> run_checks(const engine::Context& ctx, const engine::Selection& selection) {
  return engine::run_checks(all_checks(), ctx, selection);
}

}  // namespace roce::checks
