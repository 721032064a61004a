// Classifies the failures of a job's NCCL log by what failed.
#include "checks/nccl_failure.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <tuple>
#include <utility>

namespace roce::checks {
namespace {

bool is_verbs_call(const std::string& kind) {
  return kind == "qp_transition" || kind == "qp_create" || kind == "mr_register" || kind == "verbs_call";
}

std::string class_of_result(std::optional<int> code) {
  if (!code) return "other";
  switch (*code) {
    case 1: return "cuda";
    case 2: return "system";
    case 3: return "internal";
    case 6: return "remote";
    default: return "other";
  }
}

// "bootstrap.cc:256", or RCCL's ".../src/bootstrap.cc:256".
bool in_bootstrap(const std::string& where) {
  const auto slash = where.rfind('/');
  return where.compare(slash == std::string::npos ? 0 : slash + 1, 13, "bootstrap.cc:") == 0;
}

bool after(const model::NcclEvent& a, const model::NcclEvent& b) {
  return std::tie(a.last_source, a.last_line) > std::tie(b.last_source, b.last_line);
}

// The class of one process's failure and the event that says it, given its events.
std::pair<std::string, const model::NcclEvent*> classify_process(const model::NcclRank& r) {
  auto first_of = [&](auto&& want) -> const model::NcclEvent* {
    const model::NcclEvent* found = nullptr;
    for (const auto& e : r.events)
      if (want(e) &&
          (!found || std::tie(e.first_source, e.first_line) < std::tie(found->first_source, found->first_line)))
        found = &e;
    return found;
  };
  if (auto* e = first_of([](const model::NcclEvent& x) { return is_verbs_call(x.kind); })) return {"qp_setup", e};
  if (auto* e = first_of([](const model::NcclEvent& x) { return x.kind == "completion_error"; }))
    return {"completion", e};
  if (auto* e = first_of([](const model::NcclEvent& x) { return x.kind == "socket_error"; })) {
    const bool bootstrap =
        in_bootstrap(e->where) || std::any_of(r.events.begin(), r.events.end(), [](const model::NcclEvent& x) {
          return x.kind == "error_return" && in_bootstrap(x.where);
        });
    return {bootstrap ? "bootstrap" : "socket", e};
  }
  if (auto* e = first_of([](const model::NcclEvent& x) { return x.kind == "plugin_error"; })) return {"plugin", e};
  if (auto* e = first_of([](const model::NcclEvent& x) { return x.kind == "timeout"; })) return {"timeout", e};
  if (auto* e = first_of([](const model::NcclEvent& x) { return x.kind == "aborted"; })) return {"aborted", e};
  const model::NcclEvent* warning = first_of([](const model::NcclEvent& x) {
    return x.kind != "error_return" && x.kind != "no_rdma_device" && x.kind != "verbs_missing";
  });
  const model::NcclEvent* last = nullptr;
  for (const auto& e : r.events)
    if (e.kind == "error_return" && (!last || after(e, *last))) last = &e;
  return {class_of_result(last ? last->status : std::nullopt), warning};
}

}  // namespace

std::vector<NcclProcessFailure> nccl_process_failures(const engine::Context& ctx) {
  std::vector<NcclProcessFailure> out;
  for (const auto& p : nccl_processes(ctx)) {
    const auto& events = p.rank->events;
    auto has = [&](auto&& want) { return std::any_of(events.begin(), events.end(), want); };
    const bool traced = has([](const model::NcclEvent& e) { return e.kind == "error_return"; });
    const bool warned = has([](const model::NcclEvent& e) {
      return e.kind != "error_return" && e.kind != "no_rdma_device" && e.kind != "verbs_missing";
    });
    const bool fatal = has([](const model::NcclEvent& e) { return is_verbs_call(e.kind) || e.kind == "aborted"; });
    if (!fatal && !(traced && warned)) continue;
    auto [cls, first] = classify_process(*p.rank);
    const model::NcclEvent* last = nullptr;
    for (const auto& e : events)
      if (e.kind == "error_return" && (!last || after(e, *last))) last = &e;
    out.push_back({cls, p, first, last});
  }
  return out;
}

std::string nccl_job_event_class(const model::NcclEvent& e) {
  if (e.kind == "timeout" || e.message.find("Watchdog caught collective operation timeout") != std::string::npos)
    return "timeout";
  if (e.kind == "aborted") return "aborted";
  return class_of_result(e.status);
}

std::string nccl_result_name(int code) {
  static constexpr std::array<std::string_view, 8> kNames = {
      "ncclSuccess",         "ncclUnhandledCudaError", "ncclSystemError", "ncclInternalError",
      "ncclInvalidArgument", "ncclInvalidUsage",       "ncclRemoteError", "ncclInProgress"};
  if (code >= 0 && code < static_cast<int>(kNames.size())) return std::string(kNames[static_cast<std::size_t>(code)]);
  return "result " + std::to_string(code);
}

std::string verbs_call_of(const model::NcclEvent& e) {
  const auto at = e.message.find("ibv_");
  if (at == std::string::npos) return {};
  auto end = at;
  while (end < e.message.size() && (std::isalnum(static_cast<unsigned char>(e.message[end])) || e.message[end] == '_'))
    ++end;
  return e.message.substr(at, end - at);
}

std::string errno_name(int code) {
  static constexpr std::pair<int, std::string_view> kNames[] = {
      {1, "EPERM"},   {2, "ENOENT"},  {11, "EAGAIN"},  {12, "ENOMEM"},       {13, "EACCES"},     {14, "EFAULT"},
      {19, "ENODEV"}, {22, "EINVAL"}, {61, "ENODATA"}, {101, "ENETUNREACH"}, {110, "ETIMEDOUT"}, {113, "EHOSTUNREACH"}};
  for (const auto& [n, name] : kNames)
    if (n == code) return std::string(name);
  return "errno " + std::to_string(code);
}

}  // namespace roce::checks
