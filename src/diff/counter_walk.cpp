// Counters below the counter members of each netdev and RDMA device, found through schema.hpp's
// member list; canonical names from the driver maps (counters/canonical.hpp).
#include "diff/counter_walk.hpp"

#include <type_traits>

#include "counters/canonical.hpp"
#include "diff/members.hpp"
#include "diff/value_text.hpp"

namespace roce::diff {
namespace {

// Qdisc qlen and backlog are gauges: a smaller value is not a reset, and has no rate. A counter
// set's counter that is named "from" is left out with them.
bool is_gauge(std::string_view name) { return name == "qlen" || name == "backlog"; }

struct Collector {
  std::string subject;
  CounterValues& out;

  // Below a counter member: every unsigned value, named by its path.
  template <class M>
  void counters(const M& m, const std::string& path) {
    if constexpr (is_field<M>) {
      if (m.value) counters(*m.value, path);
    } else if constexpr (is_optional<M>) {
      if (m) counters(*m, path);
    } else if constexpr (std::is_same_v<M, bool>) {
      return;
    } else if constexpr (std::is_integral_v<M> && std::is_unsigned_v<M>) {
      out.emplace(CounterKey{subject, path}, m);
    } else if constexpr (std::is_integral_v<M>) {
      if (m >= 0) out.emplace(CounterKey{subject, path}, static_cast<std::uint64_t>(m));
    } else if constexpr (std::is_same_v<M, model::CounterSet>) {
      const bool pairs = has_repeated_names(m);
      for (const auto& [name, value] : m.entries)
        if (pairs || (name != "from" && !is_gauge(name)))
          out.emplace(CounterKey{subject, join_path(path, readable(name))}, value);
    } else if constexpr (is_sequence<M>) {
      for (std::size_t i = 0; i < m.size(); ++i) counters(m[i], path + "[" + std::to_string(i) + "]");
    } else if constexpr (model::schema::Described<M>) {
      auto member = [&](const char* name, const auto& x) {
        if constexpr (!std::is_same_v<std::remove_cvref_t<decltype(x)>, model::Provenance>)
          if (!is_gauge(name)) counters(x, join_path(path, name));
      };
      model::schema::describe(member, m);
    }
  }

  // Outside the counter members: into structs, present values and identifiable array elements.
  template <class M>
  void find(const M& m, const std::string& path, std::string_view key) {
    if (is_counter_member(key)) return counters(m, path);
    if constexpr (is_field<M>) {
      if (m.value) find(*m.value, path, key);
    } else if constexpr (is_optional<M>) {
      if (m) find(*m, path, key);
    } else if constexpr (is_sequence<M>) {
      if constexpr (Identified<typename M::value_type>)
        for (const auto& e : m) find(e, path + "[" + identity(e) + "]", key);
    } else if constexpr (model::schema::Described<M>) {
      auto member = [&](const char* name, const auto& x) {
        if constexpr (!std::is_same_v<std::remove_cvref_t<decltype(x)>, model::Provenance>)
          find(x, join_path(path, name), name);
      };
      model::schema::describe(member, m);
    }
  }
};

template <class D>
void collect(const std::vector<D>& subjects, CounterValues& out) {
  for (const auto& s : subjects) Collector{identity(s), out}.find(s, "", "");
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

CounterValues counter_values(const model::Host& host) {
  CounterValues out;
  collect(host.netdevs, out);
  collect(host.rdma_devices, out);
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
