// The simulated fabric's TOML file -> FabricSimSpec and back. toml++ may throw; this edge catches
// and reports every error as FILE:LINE:COL: message, collecting all of them before failing once.
#include "sim/fabric_file.hpp"

#include <toml++/toml.h>
#include <algorithm>
#include <span>
#include <sstream>

#include "fabric/hostlist.hpp"
#include "profile/toml_errors.hpp"
#include "sim/fabric_faults.hpp"
#include "util/read_file.hpp"

namespace roce::sim {
namespace {

using fabric::Direction;
using fabric::Kind;

// 32,768 hosts of 8 rails: far above the benchmark's 1,024; a bound on what a file can ask to build.
constexpr std::size_t kMaxPorts = 262'144;

constexpr const char* kHint = "examples/sim/fabric/README.md documents every key of a simulated fabric";

const char* direction_name(Direction d) {
  switch (d) {
    case Direction::out: return "to-switch";
    case Direction::in: return "to-host";
    case Direction::both: return "both";
  }
  return "both";
}

class FabricReader : profile::TomlFields {
 public:
  explicit FabricReader(const std::string& file) : TomlFields(file) {}

  Expected<FabricSimSpec> run(const toml::table& root) {
    allow(root, "", {"seed", "fabric", "physics", "fault"});
    if (auto* n = root.get("seed")) spec_.seed = static_cast<std::uint64_t>(integer(*n, "seed", 0, INT64_MAX));
    if (auto* t = table(root, "fabric"))
      read_fabric(*t);
    else if (!root.get("fabric"))
      error(root.source(), "the file has no [fabric]");
    if (auto* t = table(root, "physics")) read_physics(*t);
    if (auto* n = root.get("fault")) {
      if (auto* arr = n->as_array()) {
        for (auto& e : *arr) {
          if (auto* t = e.as_table())
            read_fault(*t);
          else
            error(e.source(), "each [[fault]] must be a table");
        }
      } else {
        error(n->source(), "'fault' must be an array of tables ([[fault]])");
      }
    }
    if (!errors().empty()) return fail(errors().text(), kHint);
    return spec_;
  }

 private:
  const toml::value<std::string>* text(const toml::table& t, std::string_view key, const std::string& path) {
    auto* n = t.get(key);
    if (!n) return nullptr;
    if (auto* s = n->as_string()) return s;
    error(n->source(), path + "." + std::string(key) + " must be a string");
    return nullptr;
  }

  void read_fabric(const toml::table& t) {
    allow(t, "fabric", {"hosts", "rails", "devices", "line_gbps", "hosts_per_leaf", "rail_optimized", "spines"});
    fabric::Design& d = spec_.design;
    const int errors_before = error_count();
    std::vector<std::string> names;
    if (auto* s = text(t, "hosts", "fabric")) {
      spec_.hosts = s->get();
      auto expanded = fabric::expand_hostlist(spec_.hosts);
      if (!expanded)
        error(s->source(), "fabric.hosts: " + expanded.error().message);
      else if (expanded->empty())
        error(s->source(), "fabric.hosts names no host");
      else
        names = std::move(*expanded);
    } else if (!t.get("hosts")) {
      error(t.source(), "[fabric] needs 'hosts', a Slurm host list such as \"gpu[001-064]\"");
    }
    if (auto* n = t.get("rails")) d.rails = static_cast<int>(integer(*n, "fabric.rails", 1, 64));
    if (auto* n = t.get("devices")) {
      if (auto* arr = n->as_array()) {
        for (auto& e : *arr) {
          if (auto* s = e.as_string(); s && std::find(d.devices.begin(), d.devices.end(), s->get()) != d.devices.end())
            error(e.source(), "fabric.devices names " + s->get() + " twice");
          else if (s)
            d.devices.push_back(s->get());
          else
            error(e.source(), "fabric.devices entries must be strings (RDMA device names)");
        }
      } else {
        error(n->source(), "fabric.devices must be an array of RDMA device names, one per rail");
      }
    }
    if (auto* n = t.get("line_gbps")) d.line_gbps = number(*n, "fabric.line_gbps", 0, 3200, true);
    if (auto* n = t.get("hosts_per_leaf"))
      d.hosts_per_leaf = static_cast<int>(integer(*n, "fabric.hosts_per_leaf", 0, 1 << 20));
    if (auto* n = t.get("rail_optimized")) d.rail_optimized = boolean(*n, "fabric.rail_optimized");
    if (auto* n = t.get("spines")) d.spines = static_cast<int>(integer(*n, "fabric.spines", 0, 1024));
    if (names.empty() || error_count() != errors_before) return;
    if (names.size() * static_cast<std::size_t>(d.rails) > kMaxPorts) {
      error(t.source(), "[fabric]: " + std::to_string(names.size()) + " hosts x " + std::to_string(d.rails) +
                            " rails is more than the " + std::to_string(kMaxPorts) +
                            " NIC ports a simulated fabric takes");
      return;
    }
    auto built = fabric::build_fabric(names, d);
    if (built)
      spec_.fabric = std::move(*built);
    else
      error(t.source(), "[fabric]: " + built.error().message);
    built_ = built.ok();
  }

  void read_physics(const toml::table& t) {
    allow(t, "physics", {"efficiency", "noise_sd", "lossy_sd", "busy_host", "busy_low", "busy_high"});
    Physics& p = spec_.physics;
    if (auto* n = t.get("efficiency")) p.efficiency = number(*n, "physics.efficiency", 0, 1, true);
    if (auto* n = t.get("noise_sd")) p.noise_sd = number(*n, "physics.noise_sd", 0, 0.5, false);
    if (auto* n = t.get("lossy_sd")) p.lossy_sd = number(*n, "physics.lossy_sd", 0, 1, false);
    if (auto* n = t.get("busy_host")) p.busy_host = number(*n, "physics.busy_host", 0, 1, false);
    if (auto* n = t.get("busy_low")) p.busy_low = number(*n, "physics.busy_low", 0, 1, true);
    if (auto* n = t.get("busy_high")) p.busy_high = number(*n, "physics.busy_high", 0, 1, true);
    if (p.busy_low > p.busy_high) error(t.source(), "physics.busy_low is above physics.busy_high");
  }

  void read_fault(const toml::table& t) {
    allow(t, "fault", {"class", "host", "device", "rail", "direction", "share", "lossy", "leaf", "spine"});
    auto* cls = text(t, "class", "fault");
    if (!cls) {
      if (!t.get("class"))
        error(t.source(), "[[fault]] needs 'class': \"nic\", \"pcie\", \"cable\", \"leaf-port\" or \"spine-link\"");
      return;
    }
    const auto kind = kind_named(cls->get());
    if (!kind) {
      error(cls->source(), "fault.class \"" + cls->get() +
                               "\" is not one of \"nic\", \"pcie\", \"cable\", \"leaf-port\", \"spine-link\"");
      return;
    }
    const bool spine = *kind == Kind::spine_link;
    static constexpr std::string_view host_keys[] = {"host", "device", "rail"}, link_keys[] = {"leaf", "spine"};
    for (std::string_view key : spine ? std::span<const std::string_view>(host_keys) : link_keys)
      if (auto* n = t.get(key))
        error(n->source(), "fault." + std::string(key) + " does not locate a " + cls->get() + " fault" +
                               (spine ? " (give 'leaf' and 'spine')" : " (give 'host' and 'device' or 'rail')"));
    if (auto* n = t.get("direction"); n && *kind != Kind::cable)
      error(n->source(), "fault.direction is for cables only (one bad fibre)");
    const auto component = spine ? locate_uplink(t) : locate_host_rail(t, *kind);
    if (!component) return;
    Fault f = typical_fault(*component);
    if (auto* d = text(t, "direction", "fault"); d && *kind == Kind::cable) {
      if (d->get() == "to-host")
        f.direction = Direction::in;
      else if (d->get() == "to-switch")
        f.direction = Direction::out;
      else if (d->get() == "both")
        f.direction = Direction::both;
      else
        error(d->source(), "fault.direction must be \"to-host\", \"to-switch\" or \"both\"");
    }
    if (auto* n = t.get("share")) f.share = number(*n, "fault.share", 0, 1, true);
    if (auto* n = t.get("lossy")) f.lossy = boolean(*n, "fault.lossy");
    for (const auto& other : spec_.faults)
      if (other.component == f.component) {
        error(t.source(), "a second fault on " + fabric::name_of(spec_.fabric, *rails_, f.component) +
                              ": one fault per component (a cable bad both ways: direction = \"both\")");
        return;
      }
    spec_.faults.push_back(f);
  }

  std::optional<fabric::Component> locate_host_rail(const toml::table& t, Kind kind) {
    auto* host = text(t, "host", "fault");
    if (!host) {
      if (!t.get("host")) error(t.source(), "a " + std::string(fabric::to_string(kind)) + " fault needs 'host'");
      return std::nullopt;
    }
    if (!built_) return std::nullopt;
    rails_.emplace(spec_.fabric);
    const auto& hosts = spec_.fabric.hosts;
    const auto h =
        std::find_if(hosts.begin(), hosts.end(), [&](const fabric::Host& x) { return x.name == host->get(); });
    if (h == hosts.end()) {
      error(host->source(), "fault.host " + host->get() + " is not in fabric.hosts");
      return std::nullopt;
    }
    int rail = -1;
    auto* device = text(t, "device", "fault");
    auto* rail_node = t.get("rail");
    if (device && rail_node) {
      error(rail_node->source(), "give fault.device or fault.rail, not both");
      return std::nullopt;
    }
    if (device) {
      for (std::size_t r = 0; r < h->rails.size(); ++r)
        if (h->rails[r].device == device->get()) rail = static_cast<int>(r);
      if (rail < 0) error(device->source(), "fault.device " + device->get() + " is not a rail of " + h->name);
    } else if (rail_node) {
      rail = static_cast<int>(integer(*rail_node, "fault.rail", 0, static_cast<std::int64_t>(h->rails.size()) - 1));
    } else if (!t.get("device")) {
      error(t.source(), "a " + std::string(fabric::to_string(kind)) + " fault needs 'device' (or 'rail')");
    }
    if (rail < 0) return std::nullopt;
    const auto hr = rails_->of(static_cast<int>(h - hosts.begin()), rail);
    return fabric::Component{kind, *hr};
  }

  std::optional<fabric::Component> locate_uplink(const toml::table& t) {
    auto* leaf = text(t, "leaf", "fault");
    auto* spine = text(t, "spine", "fault");
    if (!leaf || !spine) {
      if (!t.get("leaf") || !t.get("spine")) error(t.source(), "a spine-link fault needs 'leaf' and 'spine'");
      return std::nullopt;
    }
    if (!built_) return std::nullopt;
    rails_.emplace(spec_.fabric);
    const auto& f = spec_.fabric;
    const auto index = [](const std::vector<std::string>& names, const std::string& name) {
      const auto it = std::find(names.begin(), names.end(), name);
      return it == names.end() ? -1 : static_cast<int>(it - names.begin());
    };
    const int l = index(f.leaves, leaf->get()), s = index(f.spines, spine->get());
    if (l < 0) error(leaf->source(), "fault.leaf " + leaf->get() + " is not a leaf of the fabric");
    if (s < 0) error(spine->source(), "fault.spine " + spine->get() + " is not a spine of the fabric");
    if (l < 0 || s < 0) return std::nullopt;
    for (std::size_t u = 0; u < f.uplinks.size(); ++u)
      if (f.uplinks[u].leaf == l && f.uplinks[u].spine == s)
        return fabric::Component{Kind::spine_link, static_cast<std::uint32_t>(u)};
    error(t.source(), "no link between " + leaf->get() + " and " + spine->get());
    return std::nullopt;
  }

  FabricSimSpec spec_;
  bool built_ = false;
  std::optional<fabric::HostRails> rails_;
};

}  // namespace

std::optional<fabric::Kind> kind_named(std::string_view name) {
  for (Kind k : {Kind::nic, Kind::pcie, Kind::cable, Kind::leaf_port, Kind::spine_link})
    if (name == fabric::to_string(k)) return k;
  return std::nullopt;
}

Expected<FabricSimSpec> parse_fabric_sim(std::string_view text, const std::string& file) {
  toml::table root;
  try {
    root = toml::parse(text, file);
  } catch (const toml::parse_error& e) {
    return fail(profile::parse_error_text(file, e), kHint);
  }
  return FabricReader(file).run(root);
}

Expected<FabricSimSpec> read_fabric_sim(const std::string& path) {
  auto text = util::read_file(path);
  if (!text) return fail(std::move(text.error()));
  return parse_fabric_sim(*text, path);
}

std::string render_fabric_sim(const FabricSimSpec& spec) {
  toml::table root;
  root.insert("seed", static_cast<std::int64_t>(spec.seed));
  const fabric::Design& d = spec.design;
  toml::table design{{"hosts", spec.hosts},
                     {"rails", d.rails},
                     {"line_gbps", d.line_gbps},
                     {"hosts_per_leaf", d.hosts_per_leaf},
                     {"rail_optimized", d.rail_optimized},
                     {"spines", d.spines}};
  if (!d.devices.empty()) {
    toml::array devices;
    for (const auto& name : d.devices) devices.push_back(name);
    design.insert("devices", std::move(devices));
  }
  root.insert("fabric", std::move(design));
  const Physics& p = spec.physics;
  root.insert("physics", toml::table{{"efficiency", p.efficiency},
                                     {"noise_sd", p.noise_sd},
                                     {"lossy_sd", p.lossy_sd},
                                     {"busy_host", p.busy_host},
                                     {"busy_low", p.busy_low},
                                     {"busy_high", p.busy_high}});
  const fabric::HostRails rails(spec.fabric);
  toml::array faults;
  for (const Fault& f : spec.faults) {
    toml::table t{{"class", fabric::to_string(f.component.kind)}};
    if (f.component.kind == Kind::spine_link) {
      const auto& link = spec.fabric.uplinks[f.component.index];
      t.insert("leaf", spec.fabric.leaves[link.leaf]);
      t.insert("spine", spec.fabric.spines[link.spine]);
    } else {
      const auto& host = spec.fabric.hosts[rails.host(f.component.index)];
      t.insert("host", host.name);
      t.insert("device", host.rails[rails.rail(f.component.index)].device);
    }
    if (f.component.kind == Kind::cable) t.insert("direction", direction_name(f.direction));
    t.insert("share", f.share);
    t.insert("lossy", f.lossy);
    faults.push_back(std::move(t));
  }
  if (!faults.empty()) root.insert("fault", std::move(faults));
  std::ostringstream out;
  out << "# roce-doctor simulated fabric (examples/sim/fabric/README.md)\n" << root << "\n";
  return out.str();
}

}  // namespace roce::sim
