#include "tune/apply_change.hpp"

#include <algorithm>
#include <variant>

namespace roce::tune {
namespace {

template <class T>
void set(model::Field<T>& field, const system::Value& v, const system::ObjectRef& object) {
  if (const T* value = std::get_if<T>(&v)) field = model::Field<T>::of(*value, {"tune", to_string(object)});
}

void set_red(model::NetDev& nd, const system::ObjectRef& object, const model::RedParams& red) {
  if (!nd.qdiscs.ok()) nd.qdiscs = model::Field<std::vector<model::Qdisc>>::of({}, {"tune", to_string(object)});
  const bool offloads = nd.driver.ok() && nd.driver->driver.starts_with("mlxsw");
  for (auto& q : *nd.qdiscs)
    if (q.parent == object.index && q.red) {
      q.red = red;
      q.offloaded = q.offloaded || offloads;
      return;
    }
  std::uint32_t major = 0x100;  // a handle no other qdisc uses
  for (const auto& q : *nd.qdiscs) major = std::max(major, (q.handle >> 16) + 1);
  model::Qdisc q;
  q.kind = "red";
  q.handle = major << 16;
  q.parent = object.index;
  q.offloaded = offloads;
  q.red = red;
  // `tc qdisc replace root` replaces the root qdisc.
  if (object.index == model::kTcRoot)
    std::erase_if(*nd.qdiscs, [](const model::Qdisc& other) { return other.parent == model::kTcRoot; });
  nd.qdiscs->push_back(std::move(q));
}

}  // namespace

void apply_change(model::Host& host, const Change& change) {
  model::NetDev* nd = nullptr;
  for (auto& n : host.netdevs)
    if (n.name == change.object.netdev) nd = &n;
  if (!nd) return;
  const auto& object = change.object;
  const system::Value& v = change.proposed;
  switch (object.knob) {
    case system::Knob::mtu: set(nd->mtu, v, object); break;
    case system::Knob::trust: set(nd->trust, v, object); break;
    case system::Knob::dcb_apptrust: set(nd->dcb.apptrust, v, object); break;
    case system::Knob::dcb_app:
      if (const auto* entries = std::get_if<std::vector<model::AppEntry>>(&v)) {
        std::vector<model::AppEntry> table = nd->dcb.app.ok() ? *nd->dcb.app : std::vector<model::AppEntry>{};
        nd->dcb.app = model::Field<std::vector<model::AppEntry>>::of(
            system::with_app_entries(std::move(table), object.index, *entries), {"tune", to_string(object)});
      }
      break;
    case system::Knob::dcb_ets: set(nd->dcb.ets, v, object); break;
    case system::Knob::dcb_buffer: set(nd->dcb.buffer, v, object); break;
    case system::Knob::dcb_pfc:
      if (const auto* pfc = std::get_if<model::Pfc>(&v)) {
        if (!nd->dcb.pfc.ok()) {
          set(nd->dcb.pfc, v, object);
          break;
        }
        // The PFC counters are the port's, not part of the configuration written.
        nd->dcb.pfc->pfc_cap = pfc->pfc_cap;
        nd->dcb.pfc->pfc_en = pfc->pfc_en;
        nd->dcb.pfc->mbc = pfc->mbc;
        nd->dcb.pfc->delay = pfc->delay;
      }
      break;
    case system::Knob::nic_ecn:
      if (const auto* e = std::get_if<system::EcnEnable>(&v); e && object.index < model::kPriorities) {
        if (!nd->ecn.ok()) nd->ecn = model::Field<model::NicEcn>::of({}, {"tune", to_string(object)});
        const model::Provenance from{"tune", to_string(object)};
        nd->ecn->np[object.index] = model::Field<bool>::of(e->np, from);
        nd->ecn->rp[object.index] = model::Field<bool>::of(e->rp, from);
      }
      break;
    case system::Knob::red:
      if (const auto* red = std::get_if<model::RedParams>(&v)) set_red(*nd, object, *red);
      break;
  }
}

void apply_changes(model::Host& host, const std::vector<Change>& changes) {
  for (const auto& c : changes) apply_change(host, c);
}

}  // namespace roce::tune
