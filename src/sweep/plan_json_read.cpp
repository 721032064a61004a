// A sweep's plan read back from JSON, strictly: every value's type and range checked, every name
// resolved in the plan's own fabric, errors naming the file and the JSON path of the value.
#include <cmath>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "sweep/plan_file.hpp"
#include "util/json_dump.hpp"
#include "util/json_parse.hpp"
#include "util/read_file.hpp"

namespace roce::sweep {
namespace {

using Json = nlohmann::json;

constexpr const char* kPlanHint = "is this a plan `roce-doctor sweep plan` wrote? Write it again with sweep plan";

// A JSON value and where it is ("$.rounds[1].tests[4]"), with typed, checked reads of its members.
class At {
 public:
  At(const Json& value, std::string path, const std::string& file) : v_(value), path_(std::move(path)), file_(file) {}
  const Json& value() const { return v_; }
  const std::string& path() const { return path_; }

  Unexpected error(const std::string& why) const { return fail(file_ + ": " + path_ + ": " + why, kPlanHint); }

  /// An object holding exactly `keys` (nullable ones may be null or absent).
  roce::Outcome object_with(std::initializer_list<const char*> keys) const {
    if (!v_.is_object()) return error("expected an object, found " + std::string(v_.type_name()));
    std::set<std::string> known(keys.begin(), keys.end());
    for (const auto& [k, unused] : v_.items())
      if (!known.count(k)) return error("unknown key \"" + k + "\"");
    for (const char* k : keys)
      if (!v_.contains(k)) return member_error(k, "missing");
    return done();
  }
  At member(const char* key) const { return At(v_.at(key), path_ + "." + key, file_); }
  At element(std::size_t i) const { return At(v_.at(i), path_ + "[" + std::to_string(i) + "]", file_); }

  Expected<std::string> string(const char* key) const {
    const Json& m = v_.at(key);
    if (!m.is_string()) return member_error(key, "expected a string, found " + std::string(m.type_name()));
    return m.get<std::string>();
  }
  /// A string, or "" for null.
  Expected<std::string> string_or_null(const char* key) const {
    if (v_.at(key).is_null()) return std::string();
    return string(key);
  }
  Expected<std::uint64_t> unsigned_integer(const char* key, std::uint64_t low, std::uint64_t high) const {
    const Json& m = v_.at(key);
    if (!m.is_number_unsigned() && !(m.is_number_integer() && m.get<std::int64_t>() >= 0))
      return member_error(key, "expected a whole number >= 0, found " + util::json_dump(m));
    const auto n = m.get<std::uint64_t>();
    if (n < low || n > high)
      return member_error(
          key, std::to_string(n) + " is out of range (" + std::to_string(low) + " to " + std::to_string(high) + ")");
    return n;
  }
  Expected<double> number(const char* key, double low, double high) const {
    const Json& m = v_.at(key);
    if (!m.is_number()) return member_error(key, "expected a number, found " + std::string(m.type_name()));
    const double d = m.get<double>();
    if (!std::isfinite(d) || d < low || d > high) return member_error(key, util::json_dump(m) + " is out of range");
    return d;
  }
  Expected<bool> array(const char* key) const {
    if (!v_.at(key).is_array()) return member_error(key, "expected an array");
    return true;
  }

 private:
  Unexpected member_error(const char* key, const std::string& why) const {
    return fail(file_ + ": " + path_ + "." + key + ": " + why, kPlanHint);
  }
  const Json& v_;
  std::string path_;
  const std::string& file_;
};

// Propagates a failed Expected out of the enclosing function, else binds its value.
#define ROCE_PLAN_READ(name, expr)                    \
  auto name##_read = (expr);                          \
  if (!name##_read) return fail(name##_read.error()); \
  auto name = std::move(*name##_read)

Expected<TestSettings> read_settings(const At& at) {
  if (auto o = at.object_with({"round_limit", "test", "size", "duration_s", "qps", "timeout_s", "base_port"}); !o)
    return fail(o.error());
  TestSettings s;
  ROCE_PLAN_READ(limit, at.unsigned_integer("round_limit", 1, 1000));
  ROCE_PLAN_READ(test, at.string("test"));
  if (test != "write" && test != "read" && test != "send")
    return at.member("test").error("\"" + test + "\" is not write, read or send");
  ROCE_PLAN_READ(size, at.unsigned_integer("size", 1, 4294967295ULL));
  ROCE_PLAN_READ(duration, at.unsigned_integer("duration_s", 1, 86400));
  ROCE_PLAN_READ(qps, at.unsigned_integer("qps", 1, 65536));
  ROCE_PLAN_READ(timeout, at.unsigned_integer("timeout_s", 1, 86400));
  ROCE_PLAN_READ(port, at.unsigned_integer("base_port", 1024, 65535 - kPortSpan));
  s.round_limit = static_cast<int>(limit);
  s.test = test;
  s.size = size;
  s.duration_s = static_cast<std::uint32_t>(duration);
  s.qps = static_cast<std::uint32_t>(qps);
  s.timeout_s = static_cast<std::uint32_t>(timeout);
  s.base_port = static_cast<std::uint32_t>(port);
  return s;
}

// Names of switches, each once.
Expected<std::map<std::string, int>> read_names(const At& at, const char* key, std::vector<std::string>& names) {
  ROCE_PLAN_READ(is_array, at.array(key));
  (void)is_array;
  std::map<std::string, int> index;
  const At list = at.member(key);
  for (std::size_t i = 0; i < list.value().size(); ++i) {
    const At e = list.element(i);
    if (!e.value().is_string() || e.value().get<std::string>().empty()) return e.error("expected a switch's name");
    if (!index.emplace(e.value().get<std::string>(), static_cast<int>(i)).second)
      return e.error("\"" + e.value().get<std::string>() + "\" is listed twice");
    names.push_back(e.value().get<std::string>());
  }
  return index;
}

// A switch by name: -1 for null; an error for a name the list does not hold.
Expected<int> switch_index(const At& at, const char* key, const std::map<std::string, int>& index, const char* list) {
  ROCE_PLAN_READ(name, at.string_or_null(key));
  if (name.empty()) return -1;
  const auto it = index.find(name);
  if (it == index.end()) return at.member(key).error("\"" + name + "\" is not in $.fabric." + list);
  return it->second;
}

roce::Outcome read_hosts(const At& at, fabric::Fabric& f, const std::map<std::string, int>& leaves) {
  ROCE_PLAN_READ(is_array, at.array("hosts"));
  (void)is_array;
  const At list = at.member("hosts");
  std::set<std::string> names;
  for (std::size_t h = 0; h < list.value().size(); ++h) {
    const At host = list.element(h);
    if (auto o = host.object_with({"name", "rails"}); !o) return fail(o.error());
    ROCE_PLAN_READ(name, host.string("name"));
    if (name.empty()) return host.member("name").error("a host needs a name");
    if (!names.insert(name).second) return host.member("name").error("host \"" + name + "\" is listed twice");
    ROCE_PLAN_READ(rails_array, host.array("rails"));
    (void)rails_array;
    fabric::Host out{name, {}};
    std::set<std::string> devices;
    const At rails = host.member("rails");
    for (std::size_t r = 0; r < rails.value().size(); ++r) {
      const At rail = rails.element(r);
      if (auto o = rail.object_with({"device", "netdev", "line_gbps", "leaf", "leaf_port"}); !o) return fail(o.error());
      fabric::Rail x;
      ROCE_PLAN_READ(device, rail.string("device"));
      if (device.empty()) return rail.member("device").error("a rail needs its RDMA device");
      if (!devices.insert(device).second) return rail.member("device").error("\"" + device + "\" is listed twice");
      ROCE_PLAN_READ(netdev, rail.string("netdev"));
      ROCE_PLAN_READ(line, rail.number("line_gbps", 0, 100000));
      ROCE_PLAN_READ(leaf, switch_index(rail, "leaf", leaves, "leaves"));
      ROCE_PLAN_READ(port, rail.string("leaf_port"));
      x.device = device;
      x.netdev = netdev;
      x.line_gbps = line;
      x.leaf = leaf;
      x.leaf_port = port;
      out.rails.push_back(std::move(x));
    }
    f.hosts.push_back(std::move(out));
  }
  return done();
}

Expected<fabric::Fabric> read_fabric(const At& at) {
  if (auto o = at.object_with({"built_from", "leaves", "spines", "uplinks", "hosts"}); !o) return fail(o.error());
  fabric::Fabric f;
  ROCE_PLAN_READ(built_from, at.string("built_from"));
  f.built_from = built_from;
  ROCE_PLAN_READ(leaves, read_names(at, "leaves", f.leaves));
  ROCE_PLAN_READ(spines, read_names(at, "spines", f.spines));
  ROCE_PLAN_READ(uplinks_array, at.array("uplinks"));
  (void)uplinks_array;
  const At uplinks = at.member("uplinks");
  for (std::size_t i = 0; i < uplinks.value().size(); ++i) {
    const At u = uplinks.element(i);
    if (auto o = u.object_with({"leaf", "spine", "leaf_port", "spine_port"}); !o) return fail(o.error());
    ROCE_PLAN_READ(leaf, switch_index(u, "leaf", leaves, "leaves"));
    ROCE_PLAN_READ(spine, switch_index(u, "spine", spines, "spines"));
    if (leaf < 0 || spine < 0) return u.error("an uplink joins a leaf and a spine");
    ROCE_PLAN_READ(leaf_port, u.string("leaf_port"));
    ROCE_PLAN_READ(spine_port, u.string("spine_port"));
    f.uplinks.push_back({leaf, spine, leaf_port, spine_port});
  }
  if (auto hosts = read_hosts(at, f, leaves); !hosts) return fail(hosts.error());
  return f;
}

// "host device" -> host rail, for the tests' names.
using RailIndex = std::map<std::pair<std::string, std::string>, fabric::HostRail>;

RailIndex index_rails(const fabric::Fabric& f) {
  const fabric::HostRails rails(f);
  RailIndex index;
  for (fabric::HostRail hr = 0; hr < rails.size(); ++hr)
    index[{f.hosts[rails.host(hr)].name, f.hosts[rails.host(hr)].rails[rails.rail(hr)].device}] = hr;
  return index;
}

Expected<fabric::HostRail> rail_named(const At& at, const char* host_key, const char* dev_key, const RailIndex& index) {
  ROCE_PLAN_READ(host, at.string(host_key));
  ROCE_PLAN_READ(device, at.string(dev_key));
  const auto it = index.find({host, device});
  if (it == index.end())
    return at.member(dev_key).error("\"" + host + " " + device + "\" is not a NIC of $.fabric.hosts");
  return it->second;
}

roce::Outcome read_rounds(const At& at, Plan& plan, const RailIndex& index) {
  ROCE_PLAN_READ(is_array, at.array("rounds"));
  (void)is_array;
  const At rounds = at.member("rounds");
  std::set<std::uint32_t> ids;
  for (std::size_t i = 0; i < rounds.value().size(); ++i) {
    const At r = rounds.element(i);
    if (auto o = r.object_with({"purpose", "tests"}); !o) return fail(o.error());
    Round round;
    ROCE_PLAN_READ(purpose, r.string("purpose"));
    round.purpose = purpose;
    ROCE_PLAN_READ(tests_array, r.array("tests"));
    (void)tests_array;
    const At tests = r.member("tests");
    std::set<fabric::HostRail> busy;
    for (std::size_t k = 0; k < tests.value().size(); ++k) {
      const At t = tests.element(k);
      if (auto o = t.object_with({"id", "client", "client_dev", "server", "server_dev", "flow"}); !o)
        return fail(o.error());
      fabric::Test test;
      ROCE_PLAN_READ(id, t.unsigned_integer("id", 1, std::numeric_limits<std::uint32_t>::max()));
      if (!ids.insert(static_cast<std::uint32_t>(id)).second)
        return t.member("id").error("test " + std::to_string(id) + " is listed twice");
      ROCE_PLAN_READ(client, rail_named(t, "client", "client_dev", index));
      ROCE_PLAN_READ(server, rail_named(t, "server", "server_dev", index));
      ROCE_PLAN_READ(flow, t.unsigned_integer("flow", 0, std::numeric_limits<std::uint32_t>::max()));
      if (!busy.insert(client).second || (server != client && !busy.insert(server).second))
        return t.error("a NIC of this test is in another test of its round");
      test.id = static_cast<std::uint32_t>(id);
      test.client = client;
      test.server = server;
      test.flow = static_cast<std::uint32_t>(flow);
      round.tests.push_back(test);
    }
    plan.rounds.push_back(std::move(round));
  }
  return done();
}

roce::Outcome read_unpaired(const At& at, Plan& plan, const RailIndex& index) {
  ROCE_PLAN_READ(is_array, at.array("unpaired"));
  (void)is_array;
  const At list = at.member("unpaired");
  for (std::size_t i = 0; i < list.value().size(); ++i) {
    const At u = list.element(i);
    if (auto o = u.object_with({"host", "device"}); !o) return fail(o.error());
    ROCE_PLAN_READ(hr, rail_named(u, "host", "device", index));
    plan.unpaired.push_back(hr);
  }
  return done();
}

}  // namespace

Expected<Plan> plan_from_json(std::string_view text, const std::string& file) {
  Json doc;
  try {
    auto parsed = util::json_parse<Json>(text, true);
    if (!parsed) return fail(file + ": " + parsed.error().message, parsed.error().hint);
    doc = std::move(*parsed);
  } catch (const Json::exception& e) {  // parse_error, and out_of_range for a number too large
    return fail(file + ": " + e.what(), kPlanHint);
  }
  const At root(doc, "$", file);
  if (auto o = root.object_with({"format", "schema_version", "settings", "fabric", "rounds", "unpaired"}); !o)
    return fail(o.error());
  ROCE_PLAN_READ(format, root.string("format"));
  if (format != kPlanFormat) return root.member("format").error("\"" + format + "\" is not " + kPlanFormat);
  ROCE_PLAN_READ(version, root.unsigned_integer("schema_version", 0, 1000));
  if (version != kPlanSchemaVersion)
    return root.member("schema_version")
        .error("version " + std::to_string(version) + " (this roce-doctor reads " + std::to_string(kPlanSchemaVersion) +
               ")");
  Plan plan;
  ROCE_PLAN_READ(settings, read_settings(root.member("settings")));
  plan.settings = settings;
  ROCE_PLAN_READ(fabric, read_fabric(root.member("fabric")));
  plan.fabric = std::move(fabric);
  const RailIndex index = index_rails(plan.fabric);
  if (auto r = read_rounds(root, plan, index); !r) return fail(r.error());
  if (auto u = read_unpaired(root, plan, index); !u) return fail(u.error());
  return plan;
}

#undef ROCE_PLAN_READ

Expected<Plan> read_plan(const std::string& path) {
  auto text = util::read_file(path);
  if (!text) return fail(text.error());
  return plan_from_json(*text, path);
}

}  // namespace roce::sweep
