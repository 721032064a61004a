// The simulated host as a System: its model file read at each sample, written at each change.
#include "sim/sim_system.hpp"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "sim/sim_host.hpp"
#include "sim/sim_lock.hpp"
#include "sim/sim_physics.hpp"
#include "util/atomic_write.hpp"
#include "util/read_file.hpp"

namespace roce::sim {
namespace {

std::string real_path_of(const std::string& path) {
  std::string out = path;
  if (char* real = ::realpath(path.c_str(), nullptr)) {
    out = real;
    ::free(real);
  }
  return out;
}

// PREFIX/share/doc/roce-doctor/ of the install this binary runs from (PREFIX/bin/roce-doctor).
std::string own_doc_dir() {
  const std::string exe = real_path_of("/proc/self/exe");
  const auto slash = exe.rfind('/');
  if (slash == std::string::npos || slash < 4 || exe.compare(slash - 4, 4, "/bin") != 0) return "";
  return exe.substr(0, slash - 4) + "/share/doc/roce-doctor/";
}

// A model this process must not write: a package's example (under /usr, which Debian's dpkg owns,
// even for root, or in the doc folder of the install this binary belongs to, whatever its prefix or
// DESTDIR), or one whose file or folder (the atomic save renames in it) this user cannot write.
bool model_is_read_only(const std::string& file) {
  const std::string path = real_path_of(file);
  if (path.starts_with("/usr/")) return true;
  if (const std::string doc = own_doc_dir(); !doc.empty() && path.starts_with(doc)) return true;
  const auto slash = path.rfind('/');
  const std::string folder = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
  return ::faccessat(AT_FDCWD, path.c_str(), W_OK, AT_EACCESS) != 0 ||
         ::faccessat(AT_FDCWD, folder.c_str(), W_OK | X_OK, AT_EACCESS) != 0;
}

bool is_writable_knob(system::Knob k) {
  switch (k) {
    case system::Knob::mtu:
    case system::Knob::trust:
    case system::Knob::dcb_app:
    case system::Knob::dcb_pfc:
    case system::Knob::dcb_ets:
    case system::Knob::dcb_buffer:
    case system::Knob::nic_ecn:
    case system::Knob::dcb_apptrust: return true;
    case system::Knob::red: return false;
  }
  return false;
}

Expected<SimPort*> port_of(SimModel& m, const system::ObjectRef& object) {
  SimPort* p = m.port(object.netdev);
  if (!p)
    return fail("no port \"" + object.netdev + "\" in the simulated host", "the model file's [[port]] netdev names");
  return p;
}

Expected<system::Value> value_of(const SimPort& p, const system::ObjectRef& object) {
  using system::Knob;
  switch (object.knob) {
    case Knob::mtu: return system::Value{p.mtu};
    case Knob::trust: return system::Value{p.trust};
    case Knob::dcb_apptrust:
      if (!p.apptrust)
        return fail(system::to_string(object) + ": the modelled mlx5_core has no apptrust (dcbnl EOPNOTSUPP)");
      return system::Value{*p.apptrust};
    case Knob::dcb_app: return system::Value{system::app_entries_of(dscp_app_table(p), object.index)};
    case Knob::dcb_pfc: {
      model::Pfc pfc;
      pfc.pfc_cap = 8;
      pfc.pfc_en = p.pfc_en;
      pfc.delay = p.pfc_delay;
      return system::Value{pfc};
    }
    case Knob::dcb_ets: return system::Value{p.ets};
    case Knob::dcb_buffer: return system::Value{p.buffer};
    case Knob::nic_ecn:
      if (object.index > 7) return fail(system::to_string(object) + ": priority out of range 0..7");
      return system::Value{system::EcnEnable{static_cast<bool>((p.ecn_np >> object.index) & 1),
                                             static_cast<bool>((p.ecn_rp >> object.index) & 1)}};
    case Knob::red: break;
  }
  return fail(system::to_string(object) + ": mlx5_core NIC ports have no RED qdisc in the model");
}

// The firmware DSCP map: overrides of the default dscp>>3 (one equal to it is not added, one the
// file has is kept, so a write of what is already there leaves the file as it was).
void set_dscp_priority(SimPort& p, std::uint8_t dscp, std::uint8_t priority) {
  if (priority == dscp >> 3 && !p.dscp_prio.count(dscp)) return;
  p.dscp_prio[dscp] = priority;
}

Outcome sim_wrong_type(const std::string& what) { return fail(what + ": value of the wrong type for this object"); }

Outcome write_sim_mtu(SimPort& p, const std::string& what, const system::Value& value) {
  auto* v = std::get_if<std::uint32_t>(&value);
  if (!v) return sim_wrong_type(what);
  if (*v < 68 || *v > 9978)
    return fail(what + ": MTU " + std::to_string(*v) + " outside 68..9978 (EINVAL)", "", EINVAL);
  p.mtu = *v;
  return done();
}

Outcome write_sim_trust(SimPort& p, const std::string& what, const system::Value& value) {
  auto* v = std::get_if<std::string>(&value);
  if (!v) return sim_wrong_type(what);
  if (*v != "pcp" && *v != "dscp") return fail(what + ": trust must be pcp or dscp (EINVAL)", "", EINVAL);
  if (*v != p.trust) p.dscp_unlisted.clear();  // to dscp: all 64 listed; to pcp: none
  p.trust = *v;
  return done();
}

Outcome write_sim_apptrust(SimPort& p, const std::string& what, const system::Value& value) {
  auto* v = std::get_if<std::vector<std::uint8_t>>(&value);
  if (!v) return sim_wrong_type(what);
  if (!p.apptrust) return fail(what + ": EOPNOTSUPP", "", EOPNOTSUPP);
  p.apptrust = *v;
  return done();
}

Outcome write_sim_dscp_app(SimPort& p, const system::ObjectRef& object, const std::string& what,
                           const system::Value& value) {
  auto* v = std::get_if<std::vector<model::AppEntry>>(&value);
  if (!v) return sim_wrong_type(what);
  const auto key = object.index;
  if (system::app_key_selector(key) != model::kAppSelDscp || system::app_key_protocol(key) > 63)
    return fail(what + ": the model keeps DSCP entries (DSCP 0..63) only", "", EINVAL);
  if (v->size() > 1 ||
      (v->size() == 1 && (system::app_key(v->front().selector, v->front().protocol) != key || v->front().priority > 7)))
    return fail(what + ": mlx5 keeps one entry per DSCP, priority 0..7 (EINVAL)", "", EINVAL);
  const auto dscp = static_cast<std::uint8_t>(system::app_key_protocol(key));
  if (v->empty()) {  // mlx5e_dcbnl_ieee_delapp: priority 0 in firmware; the last one turns trust to pcp
    if (p.trust != "dscp" || p.dscp_unlisted.count(dscp)) return done();
    set_dscp_priority(p, dscp, 0);
    p.dscp_unlisted.insert(dscp);
    if (p.dscp_unlisted.size() == 64) {
      p.trust = "pcp";
      p.dscp_unlisted.clear();
    }
    return done();
  }
  if (p.trust != "dscp") {  // mlx5e_dcbnl_ieee_setapp: the first DSCP entry turns trust to dscp
    p.trust = "dscp";
    for (std::uint8_t d = 0; d < 64; ++d) p.dscp_unlisted.insert(d);
  }
  p.dscp_unlisted.erase(dscp);
  set_dscp_priority(p, dscp, v->front().priority);
  return done();
}

Outcome write_sim_pfc(SimPort& p, const std::string& what, const system::Value& value) {
  auto* v = std::get_if<model::Pfc>(&value);
  if (!v) return sim_wrong_type(what);
  p.pfc_en = v->pfc_en;
  p.pfc_delay = v->delay;
  return done();
}

Outcome write_sim_ets(SimPort& p, const std::string& what, const system::Value& value) {
  auto* v = std::get_if<model::Ets>(&value);
  if (!v) return sim_wrong_type(what);
  p.ets = *v;
  return done();
}

Outcome write_sim_buffer(SimPort& p, const std::string& what, const system::Value& value) {
  auto* v = std::get_if<model::Buffer>(&value);
  if (!v) return sim_wrong_type(what);
  std::uint64_t sum = 0;
  for (auto s : v->buffer_size) sum += s;
  const std::uint32_t total = p.buffer.total_size.value_or(0);
  if (total && sum > total)
    return fail(what + ": buffers total " + std::to_string(sum) + " B, more than the port's " + std::to_string(total) +
                    " B (EINVAL)",
                "", EINVAL);
  for (auto b : v->prio2buffer)
    if (b > 7) return fail(what + ": prio2buffer names buffer " + std::to_string(b) + " (EINVAL)", "", EINVAL);
  p.buffer.prio2buffer = v->prio2buffer;
  p.buffer.buffer_size = v->buffer_size;
  return done();
}

Outcome write_sim_ecn(SimPort& p, const system::ObjectRef& object, const std::string& what,
                      const system::Value& value) {
  auto* v = std::get_if<system::EcnEnable>(&value);
  if (!v) return sim_wrong_type(what);
  if (object.index > 7) return fail(what + ": priority out of range 0..7", "", EINVAL);
  const auto bit = static_cast<std::uint8_t>(1u << object.index);
  p.ecn_np = static_cast<std::uint8_t>(v->np ? p.ecn_np | bit : p.ecn_np & ~bit);
  p.ecn_rp = static_cast<std::uint8_t>(v->rp ? p.ecn_rp | bit : p.ecn_rp & ~bit);
  return done();
}

// Applies a write as mlx5_core would accept it.
Outcome apply(SimPort& p, const system::ObjectRef& object, const system::Value& value) {
  using system::Knob;
  const std::string what = system::to_string(object);
  switch (object.knob) {
    case Knob::mtu: return write_sim_mtu(p, what, value);
    case Knob::trust: return write_sim_trust(p, what, value);
    case Knob::dcb_apptrust: return write_sim_apptrust(p, what, value);
    case Knob::dcb_app: return write_sim_dscp_app(p, object, what, value);
    case Knob::dcb_pfc: return write_sim_pfc(p, what, value);
    case Knob::dcb_ets: return write_sim_ets(p, what, value);
    case Knob::dcb_buffer: return write_sim_buffer(p, what, value);
    case Knob::nic_ecn: return write_sim_ecn(p, object, what, value);
    case Knob::red: break;
  }
  return fail(what + ": mlx5_core NIC ports have no RED qdisc in the model", "", EOPNOTSUPP);
}

}  // namespace

Expected<SimModel> load_sim_file(const std::string& file) {
  auto text = util::read_file(file);
  if (!text) {
    text.error().hint = "a model file: see examples/sim/README.md";
    return fail(std::move(text.error()));
  }
  return parse_sim_model(*text, file);
}

Outcome save_sim_file(const std::string& file, const SimModel& model) {
  return util::write_file_atomically(file, render_sim_model(model));
}

Expected<std::unique_ptr<SimSystem>> SimSystem::open(const std::string& file) {
  if (model_is_read_only(file)) {  // read once, simulated in memory: nothing is locked or written
    auto m = load_sim_file(file);
    if (!m) return fail(m.error());
    return std::unique_ptr<SimSystem>(new SimSystem(file, std::move(*m), true));
  }
  SimLock lock(file);
  if (!lock.error().empty()) return fail(lock.error());
  auto m = load_sim_file(file);
  if (!m) return fail(m.error());
  return std::unique_ptr<SimSystem>(new SimSystem(file, std::move(*m), false));
}

model::Host SimSystem::sample() {
  if (read_only_) return build_host(last_, file_);
  SimLock lock(file_);
  auto m = load_sim_file(file_);
  if (m) last_ = std::move(*m);
  model::Host host = build_host(last_, file_);
  if (!lock.error().empty()) host.notes.push_back({"sim", model::Availability::error, lock.error()});
  if (!m)
    host.notes.push_back({"sim", model::Availability::error, m.error().message + " (showing the last good read)"});
  return host;
}

Expected<system::Value> SimSystem::read(const system::ObjectRef& object) {
  if (!read_only_) {
    SimLock lock(file_);
    if (!lock.error().empty()) return fail(lock.error());
    auto m = load_sim_file(file_);
    if (!m) return fail(m.error());
    last_ = std::move(*m);
  }
  auto p = port_of(last_, object);
  if (!p) return fail(p.error());
  return value_of(**p, object);
}

Outcome SimSystem::writable(const system::ObjectRef& object) {
  auto p = port_of(last_, object);
  if (!p) return fail(p.error());
  if (read_only_) return read_only_refusal();
  if (!is_writable_knob(object.knob))
    return fail(system::to_string(object) + ": " + (*p)->driver + " has no such object (RED is a switchdev qdisc)", "",
                EOPNOTSUPP);
  if (object.knob == system::Knob::dcb_apptrust && !(*p)->apptrust)
    return fail(system::to_string(object) + ": the modelled " + (*p)->driver + " has no dcbnl apptrust (EOPNOTSUPP)",
                "add apptrust = [...] to the port to model a kernel that has it", EOPNOTSUPP);
  if (object.knob == system::Knob::nic_ecn && object.index > 7)
    return fail(system::to_string(object) + ": priority out of range 0..7", "", EINVAL);
  return done();
}

Outcome SimSystem::write(const system::ObjectRef& object, const system::Value& value) {
  if (read_only_) return read_only_refusal();
  SimLock lock(file_);
  if (!lock.error().empty()) return fail(lock.error());
  auto m = load_sim_file(file_);
  if (!m) return fail(m.error());
  auto p = port_of(*m, object);
  if (!p) return fail(p.error());
  if (auto applied = apply(**p, object, value); !applied) return applied;
  if (auto saved = save_sim_file(file_, *m); !saved) return saved;
  last_ = std::move(*m);
  return done();
}

void SimSystem::wait(std::chrono::milliseconds duration) {
  if (duration.count() <= 0) return;
  if (read_only_) {
    const std::uint64_t t0 = last_.clock_ns, t1 = t0 + static_cast<std::uint64_t>(duration.count()) * 1'000'000;
    for (auto& p : last_.ports) advance(p, t0, t1);
    last_.clock_ns = t1;
    return;
  }
  SimLock lock(file_);
  auto m = load_sim_file(file_);
  if (!lock.error().empty() || !m) return;  // the next sample() reports the problem
  const std::uint64_t t0 = m->clock_ns;
  const std::uint64_t t1 = t0 + static_cast<std::uint64_t>(duration.count()) * 1'000'000;
  for (auto& p : m->ports) advance(p, t0, t1);
  m->clock_ns = t1;
  if (save_sim_file(file_, *m)) last_ = std::move(*m);
}

Outcome SimSystem::read_only_refusal() const {
  return fail("the simulated host " + file_ +
                  " is read-only (an installed example, or not writable by this user): "
                  "its changes would be lost; copy it and run on the copy (cp " +
                  file_ + " host.toml; roce-doctor --host sim:host.toml ...)",
              "", EROFS);
}

}  // namespace roce::sim
