// system::System for the live kernel: reads, checks and writes one object at a time.
#include "sources/writer/linux_system.hpp"

#include <algorithm>
#include <cerrno>
#include <thread>

#include <net/if.h>

#include "sources/netlink/uapi.hpp"
#include "sources/rtnl/qdisc_decoder.hpp"
#include "sources/sysfs/sysfs_decode.hpp"
#include "sources/sysfs/sysfs_file.hpp"
#include "sources/sysfs/sysfs_root.hpp"
#include "sources/writer/app_table_diff.hpp"
#include "sources/writer/capability.hpp"
#include "sources/writer/netlink_objects.hpp"
#include "sources/writer/red_stab.hpp"
#include "sources/writer/write_messages.hpp"

namespace roce::sources::writer {

using netlink::Socket;
using system::Knob;
using system::ObjectRef;
using system::Value;

namespace {

Unexpected in(const ObjectRef& o, Error e) { return fail(std::move(e).context(system::to_string(o))); }

Expected<Socket> open_socket(const LinuxSystemOptions& opt) {
  return Socket::open(netlink::Bus::route, opt.reply_timeout);
}

Expected<Value> read_dcb_object(Socket& sock, const ObjectRef& o) {
  auto dcb = read_dcb(sock, o.netdev);
  if (!dcb) return fail(std::move(dcb.error()));
  auto wrap = [](auto v) -> Expected<Value> {
    if (!v) return fail(std::move(v.error()));
    return Value(std::move(*v));
  };
  switch (o.knob) {
    case Knob::dcb_pfc: return wrap(dcb_object(dcb->pfc));
    case Knob::dcb_ets: return wrap(dcb_object(dcb->ets));
    case Knob::dcb_app: {
      auto table = dcb_object(dcb->app);
      if (!table) return fail(std::move(table.error()));
      return Value(system::app_entries_of(*table, o.index));
    }
    case Knob::dcb_apptrust: return wrap(dcb_object(dcb->apptrust));
    case Knob::dcb_buffer: return wrap(dcb_object(dcb->buffer));
    default: return fail("not a DCB object", {}, EINVAL);
  }
}

// Bytes per second of the link, from sysfs speed (Mb/s); tc's 10 Mbit/s when unknown.
std::uint64_t link_rate(const std::string& sysfs_root, const std::string& dev) {
  auto text = sysfs::read_attribute(sysfs::join_path(sysfs_root, "class/net/" + dev + "/speed"));
  if (!text) return kRedDefaultRateBytesPerSec;
  auto speed = sysfs::decode_netdev_speed(*text);
  if (!speed || !*speed || **speed == 0) return kRedDefaultRateBytesPerSec;
  return std::uint64_t{**speed} * 1'000'000 / 8;
}

template <class T>
Expected<const T*> value_as(const Value& v, const char* type) {
  if (const T* p = std::get_if<T>(&v)) return p;
  return fail(std::string("the value given is not ") + type, {}, EINVAL);
}

// The read-modify-write of one whole DCB object (PFC, ETS, buffer, apptrust): `value` as a T, the
// device's current T (`object_of` picks it from the DCB read), then the DCB_CMD_IEEE_SET that
// `change(current, wanted)` builds.
template <class T, class Change>
Outcome rewrite_dcb_object(const LinuxSystemOptions& opt, const ObjectRef& o, const Value& value, const char* type,
                           model::Field<T> model::Dcb::*object_of, Change change) {
  auto wanted = value_as<T>(value, type);
  if (!wanted) return fail(std::move(wanted.error()));
  auto sock = open_socket(opt);
  if (!sock) return fail(std::move(sock.error()));
  auto dcb = read_dcb(*sock, o.netdev);
  if (!dcb) return fail(std::move(dcb.error()));
  auto current = dcb_object((*dcb).*object_of);
  if (!current) return fail(std::move(current.error()));
  Request req = change(std::move(*current), **wanted);
  return send_dcb(*sock, req, DCB_CMD_IEEE_SET);
}

}  // namespace

LinuxSystem::LinuxSystem(LinuxSystemOptions options)
    : options_(std::move(options)), sysfs_(sysfs::resolve_sysfs_root(options_.sysfs_root_flag)) {}

model::Host LinuxSystem::sample() {
  // Changes from here on are seen by the next counters-only sample (those made while this one reads
  // cost one more whole sample, never a stale configuration).
  if (!changes_)
    changes_ = rtnl::ChangeWatch::open();
  else if (*changes_)
    (*changes_)->changed();
  return collect_host(options_.collect);
}

std::optional<model::Host> LinuxSystem::sample_counters(const model::Host& before) {
  // No watch, or a link or its DCB changed since the last sample: the configuration is read again.
  if (!changes_ || !*changes_ || (*changes_)->changed()) return std::nullopt;
  return refresh_counters(before, options_.collect);
}

void LinuxSystem::wait(std::chrono::milliseconds duration) { std::this_thread::sleep_for(duration); }

Expected<Value> LinuxSystem::read(const ObjectRef& o) {
  if (o.knob == Knob::trust) {
    auto t = sysfs_.read_trust(o.netdev);
    if (!t) return in(o, std::move(t.error()));
    return Value(*t);
  }
  if (o.knob == Knob::nic_ecn) {
    auto e = sysfs_.read_ecn(o.netdev, o.index);
    if (!e) return in(o, std::move(e.error()));
    return Value(*e);
  }
  auto sock = open_socket(options_);
  if (!sock) return in(o, std::move(sock.error()));
  if (o.knob == Knob::mtu) {
    auto mtu = read_mtu(*sock, o.netdev);
    if (!mtu) return in(o, std::move(mtu.error()));
    return Value(*mtu);
  }
  if (o.knob == Knob::red) {
    auto red = read_red(*sock, o.netdev, o.index);
    if (!red) return in(o, std::move(red.error()));
    return Value(red->params);
  }
  auto v = read_dcb_object(*sock, o);
  if (!v) return in(o, std::move(v.error()));
  return v;
}

Outcome LinuxSystem::writable(const ObjectRef& o) {
  if (o.knob == Knob::trust) {
    if (auto r = sysfs_.writable_trust(o.netdev); !r) return in(o, std::move(r.error()));
    return done();
  }
  if (o.knob == Knob::nic_ecn) {
    if (auto r = sysfs_.writable_ecn(o.netdev, o.index); !r) return in(o, std::move(r.error()));
    return done();
  }
  if (if_nametoindex(o.netdev.c_str()) == 0) return in(o, Error{"device " + o.netdev + " does not exist", {}, ENODEV});
  auto caps = current_capabilities();
  if (!caps) return in(o, std::move(caps.error()));
  if (auto r = require_net_admin(*caps); !r) return in(o, std::move(r.error()));
  if (o.knob == Knob::mtu) return done();

  auto sock = open_socket(options_);
  if (!sock) return in(o, std::move(sock.error()));
  if (o.knob == Knob::red) {
    if (auto red = read_red(*sock, o.netdev, o.index); !red) return in(o, std::move(red.error()));
    return done();
  }
  // The object must be readable whole: read-modify-write and the rollback both need it.
  if (auto v = read_dcb_object(*sock, o); !v) {
    Error e = std::move(v.error());
    if (e.sys_errno == EOPNOTSUPP) e.message = "unsupported by the driver: " + e.message;
    return in(o, std::move(e));
  }
  return done();
}

Outcome LinuxSystem::write(const ObjectRef& o, const Value& value) {
  Outcome result = [&]() -> Outcome {
    switch (o.knob) {
      case Knob::mtu: return write_mtu(o, value);
      case Knob::dcb_pfc: return write_pfc(o, value);
      case Knob::dcb_ets: return write_ets(o, value);
      case Knob::dcb_buffer: return write_buffer(o, value);
      case Knob::dcb_app: return write_app(o, value);
      case Knob::dcb_apptrust: return write_apptrust(o, value);
      case Knob::red: return write_red(o, value);
      case Knob::trust: return write_trust(o, value);
      case Knob::nic_ecn: return write_nic_ecn(o, value);
    }
    return fail("unknown knob", {}, EINVAL);
  }();
  if (!result) return in(o, std::move(result.error()));
  return done();
}

// `ip link set dev DEV mtu N`: the MTU is the whole object.
Outcome LinuxSystem::write_mtu(const ObjectRef& o, const Value& value) {
  auto mtu = value_as<std::uint32_t>(value, "an MTU");
  if (!mtu) return fail(std::move(mtu.error()));
  auto sock = open_socket(options_);
  if (!sock) return fail(std::move(sock.error()));
  Request req = encode_set_mtu(o.netdev, **mtu);
  if (auto r = ask(*sock, req, "RTM_SETLINK IFLA_MTU " + std::to_string(**mtu)); !r) return fail(std::move(r.error()));
  return done();
}

// `dcb pfc set`: the enabled priorities, mbc and delay are the knob's; pfc_cap is the device's.
Outcome LinuxSystem::write_pfc(const ObjectRef& o, const Value& value) {
  return rewrite_dcb_object(options_, o, value, "a PFC object", &model::Dcb::pfc,
                            [&](model::Pfc next, const model::Pfc& wanted) {
                              next.pfc_en = wanted.pfc_en;
                              next.mbc = wanted.mbc;
                              next.delay = wanted.delay;
                              return encode_dcb_set_pfc(o.netdev, next);
                            });
}

// `dcb ets set`: everything but ets_cap, which is the device's.
Outcome LinuxSystem::write_ets(const ObjectRef& o, const Value& value) {
  return rewrite_dcb_object(options_, o, value, "an ETS object", &model::Dcb::ets,
                            [&](const model::Ets& current, model::Ets next) {
                              next.ets_cap = current.ets_cap;
                              return encode_dcb_set_ets(o.netdev, next);
                            });
}

// `dcb buffer set`: prio2buffer and the buffer sizes; total_size is the device's.
Outcome LinuxSystem::write_buffer(const ObjectRef& o, const Value& value) {
  return rewrite_dcb_object(options_, o, value, "a buffer object", &model::Dcb::buffer,
                            [&](model::Buffer next, const model::Buffer& wanted) {
                              next.prio2buffer = wanted.prio2buffer;
                              next.buffer_size = wanted.buffer_size;
                              return encode_dcb_set_buffer(o.netdev, next);
                            });
}

// `dcb apptrust set`: the trust order is the whole object; the device must report one.
Outcome LinuxSystem::write_apptrust(const ObjectRef& o, const Value& value) {
  return rewrite_dcb_object(options_, o, value, "a list of trusted selectors", &model::Dcb::apptrust,
                            [&](const std::vector<std::uint8_t>&, const std::vector<std::uint8_t>& wanted) {
                              return encode_dcb_set_apptrust(o.netdev, wanted);
                            });
}

// `dcb app replace` of one key (selector and protocol): add the entries that are new, then
// delete the ones that went away.
Outcome LinuxSystem::write_app(const ObjectRef& o, const Value& value) {
  auto wanted = value_as<std::vector<model::AppEntry>>(value, "the APP entries of one key");
  if (!wanted) return fail(std::move(wanted.error()));
  for (const auto& e : **wanted)
    if (system::app_key(e.selector, e.protocol) != o.index)
      return fail("an entry of " + system::app_key_text(system::app_key(e.selector, e.protocol)) + " in a write of " +
                      system::app_key_text(o.index),
                  {}, EINVAL);
  auto sock = open_socket(options_);
  if (!sock) return fail(std::move(sock.error()));
  auto dcb = read_dcb(*sock, o.netdev);
  if (!dcb) return fail(std::move(dcb.error()));
  auto table = dcb_object(dcb->app);
  if (!table) return fail(std::move(table.error()));
  const AppTableDiff diff = app_table_diff(system::app_entries_of(*table, o.index), **wanted);
  // Add before removing, like `dcb app replace`: on mlx5 deleting the last DSCP entry switches
  // trust back to PCP, which adding first avoids.
  if (!diff.add.empty()) {
    Request req = encode_dcb_app(o.netdev, DCB_CMD_IEEE_SET, diff.add);
    if (auto r = send_dcb(*sock, req, DCB_CMD_IEEE_SET); !r) return r;
  }
  if (diff.remove.empty()) return done();
  // mlx5 keeps one entry per DSCP and replaced the old one on the add: deleting it again would
  // fail (ENOENT). Delete only what is still listed.
  auto after = read_dcb(*sock, o.netdev);
  if (!after) return fail(std::move(after.error()));
  auto now = dcb_object(after->app);
  if (!now) return fail(std::move(now.error()));
  std::vector<model::AppEntry> remove;
  for (const auto& e : diff.remove)
    if (std::find(now->begin(), now->end(), e) != now->end()) remove.push_back(e);
  if (remove.empty()) return done();
  Request req = encode_dcb_app(o.netdev, DCB_CMD_IEEE_DEL, remove);
  return send_dcb(*sock, req, DCB_CMD_IEEE_DEL);
}

// `tc qdisc replace ... red ...` of the qdisc at the object's parent: limit, thresholds, Wlog,
// Plog, flags and max_p are the knob's; Scell_log and the idle table follow from Wlog and the
// link speed, as tc derives them.
Outcome LinuxSystem::write_red(const ObjectRef& o, const Value& value) {
  auto wanted = value_as<model::RedParams>(value, "RED parameters");
  if (!wanted) return fail(std::move(wanted.error()));
  auto sock = open_socket(options_);
  if (!sock) return fail(std::move(sock.error()));
  auto current = read_red(*sock, o.netdev, o.index);
  if (!current) return fail(std::move(current.error()));
  model::RedParams next = current->params;
  next.limit = (*wanted)->limit;
  next.qth_min = (*wanted)->qth_min;
  next.qth_max = (*wanted)->qth_max;
  next.wlog = (*wanted)->wlog;
  next.plog = (*wanted)->plog;
  next.flags = (*wanted)->flags;
  next.max_p = (*wanted)->max_p;
  auto table =
      red_idle_table(next.wlog, kRedAvpkt, link_rate(sysfs::resolve_sysfs_root(options_.sysfs_root_flag), o.netdev));
  if (!table) {
    table.error().sys_errno = EINVAL;
    return fail(std::move(table.error()));
  }
  next.scell_log = table->scell_log;
  Request req = encode_red_replace(current->ifindex, o.index, current->handle, next, table->stab);
  if (auto r = ask(*sock, req, "RTM_NEWQDISC red (replace)"); !r) return fail(std::move(r.error()));
  return done();
}

// The vendor sysfs `qos/trust`: one word, written whole.
Outcome LinuxSystem::write_trust(const ObjectRef& o, const Value& value) {
  auto trust = value_as<std::string>(value, "a trust string");
  if (!trust) return fail(std::move(trust.error()));
  return sysfs_.write_trust(o.netdev, **trust);
}

// The vendor sysfs ECN enables of one priority, both reaction and notification points.
Outcome LinuxSystem::write_nic_ecn(const ObjectRef& o, const Value& value) {
  auto ecn = value_as<system::EcnEnable>(value, "an ECN enable pair");
  if (!ecn) return fail(std::move(ecn.error()));
  return sysfs_.write_ecn(o.netdev, o.index, **ecn);
}

}  // namespace roce::sources::writer
