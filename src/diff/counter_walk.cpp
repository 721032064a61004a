#include "diff/counter_walk.hpp"

#include "counters/canonical.hpp"

namespace roce::diff {
namespace {

struct Collector {
  std::string subject;
  CounterValues& out;

  void counters(const Json& j, const std::string& path) {
    if (is_field(j)) {
      if (j.contains("value")) counters(j["value"], path);
      return;
    }
    if (j.is_number_unsigned()) {
      out.emplace(CounterKey{subject, path}, j.get<std::uint64_t>());
    } else if (j.is_object()) {
      for (const auto& [k, v] : j.items())
        // qdisc qlen and backlog are gauges: a smaller value is not a reset, and has no rate.
        if (k != "from" && k != "qlen" && k != "backlog") counters(v, join_path(path, k));
    } else if (j.is_array()) {
      for (std::size_t i = 0; i < j.size(); ++i) {
        const Json& e = j[i];
        // Duplicate counter names are written as [[name, value], ...] (bundle_write.cpp).
        if (e.is_array() && e.size() == 2 && e[0].is_string()) counters(e[1], join_path(path, e[0].get<std::string>()));
        else counters(e, path + "[" + std::to_string(i) + "]");
      }
    }
  }

  // Outside the counter members: descend into objects, fields and identifiable array elements.
  void find(const Json& j, const std::string& path, std::string_view key) {
    if (is_counter_member(key)) return counters(j, path);
    if (is_field(j)) {
      if (j.contains("value")) find(j["value"], path, key);
    } else if (j.is_object()) {
      for (const auto& [k, v] : j.items())
        if (k != "from") find(v, join_path(path, k), k);
    } else if (j.is_array()) {
      for (const auto& e : j)
        if (const auto id = element_identity(e)) find(e, path + "[" + *id + "]", key);
    }
  }
};

void subjects(const Json& host, const char* member, CounterValues& out) {
  const auto it = host.find(member);
  if (it == host.end() || !it->is_array()) return;
  for (const auto& e : *it)
    if (const auto name = element_identity(e)) Collector{*name, out}.find(e, "", "");
}

std::string set_path(std::string_view set) {
  if (set == "ethtool") return "ethtool_stats";
  if (set == "rtnl") return "stats";
  return std::string(set);  // "hw_counters", "counters"
}

void add_names(const counters::Canonical& canonical, const std::string& netdev, const std::string& rdma,
               const std::string& port_path, std::map<CounterKey, std::string>& out) {
  for (const auto& [name, metric] : canonical) {
    const bool of_port = metric.set == "hw_counters" || metric.set == "counters";
    if (of_port && rdma.empty()) continue;
    const CounterKey key = of_port ? CounterKey{rdma, join_path(port_path, metric.set) + "." + metric.raw_name}
                                   : CounterKey{netdev, set_path(metric.set) + "." + metric.raw_name};
    out.emplace(key, name);
  }
}

}  // namespace

CounterValues counter_values(const Json& host) {
  CounterValues out;
  subjects(host, "netdevs", out);
  subjects(host, "rdma_devices", out);
  return out;
}

std::map<CounterKey, std::string> canonical_names(const model::Host& host) {
  std::map<CounterKey, std::string> out;
  for (const auto& dev : host.rdma_devices)
    for (const auto& port : dev.ports) {
      const model::NetDev* netdev = port.netdev.ok() ? host.netdev(*port.netdev) : nullptr;
      add_names(counters::canonicalize(netdev, &port), netdev ? netdev->name : "", dev.name,
                "ports[" + std::to_string(port.number) + "]", out);
    }
  for (const auto& netdev : host.netdevs) add_names(counters::canonicalize(&netdev, nullptr), netdev.name, "", "", out);
  return out;
}

}  // namespace roce::diff
