// NCCL-HCA: every device NCCL_IB_HCA names exists on the host and has an active port. A name that
// matches nothing leaves NCCL without that rail, or without RDMA at all.
#include <algorithm>

#include "checks/link_common.hpp"
#include "checks/nccl_common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "NCCL-HCA";

struct HcaEntry {
  std::string device;
  std::optional<int> port;
};

// "mlx5_0:1,mlx5_1" ("=" exact names, "^" an exclusion list: nothing to look for).
std::vector<HcaEntry> parse_hca(std::string list, bool& exact, bool& exclude) {
  exact = exclude = false;
  if (!list.empty() && list[0] == '^') exclude = true, list.erase(0, 1);
  if (!list.empty() && list[0] == '=') exact = true, list.erase(0, 1);
  std::vector<HcaEntry> out;
  std::size_t start = 0;
  while (start <= list.size()) {
    const auto comma = list.find(',', start);
    std::string item = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (!item.empty()) {
      HcaEntry e;
      const auto colon = item.find(':');
      e.device = item.substr(0, colon);
      if (colon != std::string::npos) try {
          e.port = std::stoi(item.substr(colon + 1));
        } catch (...) {
        }
      out.push_back(std::move(e));
    }
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const auto on_host = nccl_processes_on_host(ctx);
  if (on_host.empty()) return r.skip(ctx.now.hostname, no_process_on_host(ctx));
  std::optional<std::string> value;
  const NcclProcess* proc = nullptr;
  for (const auto& p : on_host)
    if (auto v = nccl_env(p, "NCCL_IB_HCA")) {
      value = v, proc = &p;
      break;
    }
  if (!value)
    return r.skip(
        ctx.now.hostname,
        "NCCL_IB_HCA not in the log (unset, or not echoed by this NCCL or its net plugin): when unset, NCCL uses "
        "every RDMA device");
  if (ctx.now.rdma_devices.empty()) return r.skip(ctx.now.hostname, "the host lists no RDMA device");
  bool exact = false, exclude = false;
  const auto entries = parse_hca(*value, exact, exclude);
  if (exclude) return r.skip(ctx.now.hostname, "NCCL_IB_HCA=" + *value + " excludes devices: nothing to look for");
  r.evaluated();
  std::string present;
  for (const auto& d : ctx.now.rdma_devices) present += (present.empty() ? "" : ", ") + d.name;
  std::vector<std::string> absent;
  for (const auto& e : entries) {
    // NCCL matches a name as a prefix unless the list starts with '=': "mlx5_1" also selects mlx5_10.
    std::vector<const model::RdmaDevice*> matches;
    for (const auto& d : ctx.now.rdma_devices)
      if (exact ? d.name == e.device : d.name.starts_with(e.device)) matches.push_back(&d);
    if (matches.empty()) {
      absent.push_back(e.device + (e.port ? ":" + std::to_string(*e.port) : ""));
      continue;
    }
    for (const auto* d : matches)
      for (const auto& port : d->ports) {
        if (e.port && static_cast<int>(port.number) != *e.port) continue;
        if (!port.state.ok() || port.state->code == link::kPortActive) continue;
        const engine::PortView* view = port_of_device(ctx, d->name, static_cast<int>(port.number));
        r.finding({
            .severity = engine::Severity::warning,
            .subject =
                view ? view->subject() : engine::Subject{.rdma_device = d->name, .port = static_cast<int>(port.number)},
            .title =
                "NCCL_IB_HCA names " + d->name + "/" + std::to_string(port.number) + ", which is " + port.state->name,
            .evidence = {nccl_evidence(*proc, "NCCL_IB_HCA", *value),
                         config("port state", std::to_string(port.state->code) + ": " + port.state->name, port.state)},
            .explanation = "A device NCCL_IB_HCA selects whose port is not active gives the job no path through it: "
                           "NCCL runs on fewer rails, or fails to connect.",
            .remediation = {"rdma link show " + d->name + "/" + std::to_string(port.number),
                            "roce-doctor check --only LINK-STATE"},
        });
      }
  }
  if (absent.empty()) return;
  const bool none = absent.size() == entries.size();
  std::string names;
  for (const auto& a : absent) names += (names.empty() ? "" : ", ") + a;
  r.finding({
      .severity = none ? engine::Severity::critical : engine::Severity::warning,
      .subject = {},
      .title = "NCCL_IB_HCA=" + *value + " names " + names + ", which " + (absent.size() == 1 ? "is" : "are") +
               " not on " + (ctx.now.hostname.empty() ? "the host" : ctx.now.hostname) + " (RDMA devices: " + present +
               ")",
      .evidence = {nccl_evidence(*proc, "NCCL_IB_HCA", *value),
                   config("RDMA devices", present, model::Field<int>::of(0, ctx.now.from))},
      .explanation = none ? "No device NCCL_IB_HCA names exists here, so NCCL finds no RDMA device and falls back "
                            "to TCP sockets (or fails when NCCL_IB_DISABLE is not an option)."
                          : "NCCL uses only the devices NCCL_IB_HCA names that exist: the missing ones are rails the "
                            "job does not use. Device names differ between hosts and after a driver reload.",
      .remediation = {"ls /sys/class/infiniband/", "export NCCL_IB_HCA=" + present},
  });
}

}  // namespace

engine::CheckInfo info_nccl_hca() {
  return {
      .id = kId,
      .title = "NCCL_IB_HCA names devices present and up",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::nccl_log},
      .profile_keys = {},
      .thresholds = {},
      .explained_by = {"LINK-STATE"},
      .doc =
          "For the processes of the job's NCCL log on the judged host that set NCCL_IB_HCA (names matched as "
          "prefixes, exactly after '='; an exclusion list '^...' is not judged): a name no RDMA device of the "
          "host has is a warning, critical when none matches (no RDMA left); a named port that is not ACTIVE "
          "is a warning on that port.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
