#include "fake_system.hpp"

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "apply/value_json.hpp"

namespace roce::test {
using namespace roce::apply;

namespace {
constexpr std::uint64_t kDropsPerSecond = 100;
}

model::Host FakeSystem::sample() {
  model::Host host;
  host.hostname = "fake";
  host.monotonic_ns = clock_ns_;
  host.time_unix_ms = clock_ns_ / 1'000'000;
  host.lldp_agents = model::Field<std::vector<std::string>>::of(lldp_agents);
  model::NetDev eth0;
  eth0.name = "eth0";
  eth0.operstate = model::Field<std::string>::of(link_up ? "up" : "down");
  eth0.driver = model::Field<model::DriverInfo>::of({"mlx5_core", "", "", ""});
  eth0.dcb.dcbx = model::Field<std::uint8_t>::of(dcbx);
  for (const auto& [object, value] : load()) {
    if (object.knob == system::Knob::mtu) eth0.mtu = model::Field<std::uint32_t>::of(std::get<std::uint32_t>(value));
    if (object.knob == system::Knob::dcb_pfc) eth0.dcb.pfc = model::Field<model::Pfc>::of(std::get<model::Pfc>(value));
  }
  model::CounterSet counters;
  counters.entries = {{"rx_prio3_discards", drops_}, {"rx_prio3_pause_duration", pause_us_}};
  eth0.ethtool_stats = model::Field<model::CounterSet>::of(counters);
  host.netdevs.push_back(std::move(eth0));
  return host;
}

Expected<system::Value> FakeSystem::read(const system::ObjectRef& object) {
  if (auto e = read_errno.find(describe(object)); e != read_errno.end())
    return fail("injected read failure of " + e->first, {}, e->second);
  for (const auto& [o, v] : load())
    if (o == object) return v;
  return fail("no such object: " + describe(object), {}, ENOENT);
}

Outcome FakeSystem::writable(const system::ObjectRef& object) {
  if (not_writable.count(describe(object))) return fail("read-only here (test)", {}, EPERM);
  return done();
}

Outcome FakeSystem::write(const system::ObjectRef& object, const system::Value& value) {
  const int call = static_cast<int>(writes.size());
  writes.emplace_back(object, value);
  Objects objects = load();
  auto it = objects.begin();
  while (it != objects.end() && !(it->first == object)) ++it;
  if (it == objects.end()) return fail("no such object: " + describe(object), {}, ENOENT);
  system::Value stored = value;
  if (auto* pfc = std::get_if<model::Pfc>(&stored)) {  // the counters are the device's, not the writer's
    const auto& old = std::get<model::Pfc>(it->second);
    pfc->requests = old.requests;
    pfc->indications = old.indications;
    pfc->pfc_cap = old.pfc_cap;
  }
  if (call == fault_at_write) {
    if (fault == WriteFault::fail) return fail("injected write failure", {}, EIO);
    if (fault == WriteFault::fail_after_applying) {
      it->second = stored;
      store(objects);
      return fail("injected failure after applying", {}, EIO);
    }
    if (fault == WriteFault::write_other_value) {
      if (auto* mtu = std::get_if<std::uint32_t>(&stored)) *mtu += 1;
      if (auto* pfc = std::get_if<model::Pfc>(&stored)) pfc->pfc_en ^= 0x80;
    }
  }
  it->second = stored;
  store(objects);
  return done();
}

void FakeSystem::wait(std::chrono::milliseconds duration) {
  if (on_wait) on_wait(*this);
  clock_ns_ += duration.count() * 1'000'000;
  bool pfc3 = false;
  for (const auto& [o, v] : load())
    if (o.knob == system::Knob::dcb_pfc) pfc3 = std::get<model::Pfc>(v).enabled(3);
  if (pfc3)
    pause_us_ += static_cast<std::uint64_t>(duration.count()) * 100;  // 10% paused
  else
    drops_ += kDropsPerSecond * static_cast<std::uint64_t>(duration.count()) / 1000;
}

void FileSystem::create(const std::string& path, const Objects& objects) { FileSystem(path).store(objects); }

FakeSystem::Objects FileSystem::load() {
  std::ifstream in(path_);
  std::stringstream text;
  text << in.rdbuf();
  const auto j = nlohmann::json::parse(text.str(), nullptr, false);
  Objects out;
  if (!j.is_array()) return out;
  for (const auto& e : j) {
    auto o = object_from_json(e["object"], "object");
    auto v = value_from_json(e["value"], "value");
    if (o && v) out.emplace_back(*o, *v);
  }
  return out;
}

void FileSystem::store(const Objects& objects) {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& [o, v] : objects) j.push_back({{"object", object_to_json(o)}, {"value", value_to_json(v)}});
  std::ofstream(path_ + ".tmp") << j.dump(1) << "\n";
  std::rename((path_ + ".tmp").c_str(), path_.c_str());
}

Expected<std::unique_ptr<system::System>> open_file_system(const std::string& spec) {
  if (spec.rfind("file:", 0) != 0) return fail("not a file system: " + spec);
  return std::unique_ptr<system::System>(std::make_unique<FileSystem>(spec.substr(5)));
}

ApplyOptions apply_options(const std::string& state_dir) {
  ApplyOptions o;
  o.state_dir = state_dir;
  o.yes = true;
  return o;
}

std::vector<std::pair<system::ObjectRef, system::Value>> default_objects(std::uint8_t pfc_en) {
  model::Pfc pfc;
  pfc.pfc_cap = 8;
  pfc.pfc_en = pfc_en;
  pfc.delay = 7;
  pfc.requests[3] = 12345;
  model::Buffer buffer;
  buffer.prio2buffer = {0, 0, 0, 1, 0, 0, 0, 0};
  buffer.buffer_size = {130944, 130944, 0, 0, 0, 0, 0, 0};
  buffer.total_size = 1024000;
  return {{{"eth0", system::Knob::mtu, 0}, system::Value{std::uint32_t{1500}}},
          {{"eth0", system::Knob::dcb_pfc, 0}, system::Value{pfc}},
          {{"eth0", system::Knob::dcb_buffer, 0}, system::Value{buffer}},
          {{"eth0", system::Knob::nic_ecn, 3}, system::Value{system::EcnEnable{true, true}}}};
}

std::vector<tune::Change> pfc_plan(std::uint8_t from, std::uint8_t to) {
  const auto objects = default_objects(from);
  tune::Change pfc;
  pfc.object = {"eth0", system::Knob::dcb_pfc, 0};
  pfc.current = objects[1].second;
  model::Pfc proposed = std::get<model::Pfc>(objects[1].second);
  proposed.pfc_en = to;
  pfc.proposed = proposed;
  pfc.disruptive = true;
  tune::Change mtu;
  mtu.object = {"eth0", system::Knob::mtu, 0};
  mtu.current = std::uint32_t{1500};
  mtu.proposed = std::uint32_t{4200};
  return {pfc, mtu};
}

}  // namespace roce::test
