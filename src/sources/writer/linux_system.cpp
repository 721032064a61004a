// tune::System for the live kernel: reads, checks and writes one object at a time.
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
using tune::Knob;
using tune::ObjectRef;
using tune::Value;

namespace {

const char* knob_text(Knob k) {
  switch (k) {
    case Knob::mtu: return "mtu";
    case Knob::trust: return "trust";
    case Knob::dcb_apptrust: return "dcb apptrust";
    case Knob::dcb_app: return "dcb app";
    case Knob::dcb_pfc: return "dcb pfc";
    case Knob::dcb_ets: return "dcb ets";
    case Knob::dcb_buffer: return "dcb buffer";
    case Knob::nic_ecn: return "ecn";
    case Knob::red: return "red";
  }
  return "unknown knob";
}

Unexpected in(const ObjectRef& o, Error e) { return fail(std::move(e).context(describe_object(o))); }

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
      return Value(tune::app_entries_of(*table, o.index));
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

}  // namespace

std::string describe_object(const ObjectRef& o) {
  std::string s = o.netdev + " " + knob_text(o.knob);
  if (o.knob == Knob::nic_ecn) s += " prio " + std::to_string(o.index);
  if (o.knob == Knob::red) s += " parent " + rtnl::format_handle(o.index);
  return s;
}

LinuxSystem::LinuxSystem(LinuxSystemOptions options)
    : options_(std::move(options)), sysfs_(sysfs::resolve_sysfs_root(options_.sysfs_root_flag)) {}

model::Host LinuxSystem::sample() { return collect_host(options_.collect); }

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
  if (if_nametoindex(o.netdev.c_str()) == 0)
    return in(o, Error{"device " + o.netdev + " does not exist", {}, ENODEV});
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
  auto result = [&]() -> Outcome {
    switch (o.knob) {
      case Knob::trust: {
        auto t = value_as<std::string>(value, "a trust string");
        if (!t) return fail(std::move(t.error()));
        return sysfs_.write_trust(o.netdev, **t);
      }
      case Knob::nic_ecn: {
        auto e = value_as<tune::EcnEnable>(value, "an ECN enable pair");
        if (!e) return fail(std::move(e.error()));
        return sysfs_.write_ecn(o.netdev, o.index, **e);
      }
      default: break;
    }
    auto sock = open_socket(options_);
    if (!sock) return fail(std::move(sock.error()));

    if (o.knob == Knob::mtu) {
      auto mtu = value_as<std::uint32_t>(value, "an MTU");
      if (!mtu) return fail(std::move(mtu.error()));
      Request req = encode_set_mtu(o.netdev, **mtu);
      auto r = ask(*sock, req, "RTM_SETLINK IFLA_MTU " + std::to_string(**mtu));
      if (!r) return fail(std::move(r.error()));
      return done();
    }

    if (o.knob == Knob::red) {
      auto proposed = value_as<model::RedParams>(value, "RED parameters");
      if (!proposed) return fail(std::move(proposed.error()));
      auto current = read_red(*sock, o.netdev, o.index);
      if (!current) return fail(std::move(current.error()));
      model::RedParams next = current->params;
      next.limit = (*proposed)->limit;
      next.qth_min = (*proposed)->qth_min;
      next.qth_max = (*proposed)->qth_max;
      next.wlog = (*proposed)->wlog;
      next.plog = (*proposed)->plog;
      next.flags = (*proposed)->flags;
      next.max_p = (*proposed)->max_p;
      auto table = red_idle_table(next.wlog, kRedAvpkt, link_rate(sysfs::resolve_sysfs_root(options_.sysfs_root_flag), o.netdev));
      if (!table) {
        table.error().sys_errno = EINVAL;
        return fail(std::move(table.error()));
      }
      next.scell_log = table->scell_log;  // derived, as tc derives it
      Request req = encode_red_replace(current->ifindex, o.index, current->handle, next, table->stab);
      auto r = ask(*sock, req, "RTM_NEWQDISC red (replace)");
      if (!r) return fail(std::move(r.error()));
      return done();
    }

    // DCB: fetch the object, replace the fields the knob owns, write the whole object.
    auto dcb = read_dcb(*sock, o.netdev);
    if (!dcb) return fail(std::move(dcb.error()));
    switch (o.knob) {
      case Knob::dcb_pfc: {
        auto p = value_as<model::Pfc>(value, "a PFC object");
        if (!p) return fail(std::move(p.error()));
        auto cur = dcb_object(dcb->pfc);
        if (!cur) return fail(std::move(cur.error()));
        model::Pfc next = *cur;  // pfc_cap is the device's
        next.pfc_en = (*p)->pfc_en;
        next.mbc = (*p)->mbc;
        next.delay = (*p)->delay;
        Request req = encode_dcb_set_pfc(o.netdev, next);
        return send_dcb(*sock, req, DCB_CMD_IEEE_SET);
      }
      case Knob::dcb_ets: {
        auto e = value_as<model::Ets>(value, "an ETS object");
        if (!e) return fail(std::move(e.error()));
        auto cur = dcb_object(dcb->ets);
        if (!cur) return fail(std::move(cur.error()));
        model::Ets next = **e;
        next.ets_cap = cur->ets_cap;  // the device's
        Request req = encode_dcb_set_ets(o.netdev, next);
        return send_dcb(*sock, req, DCB_CMD_IEEE_SET);
      }
      case Knob::dcb_buffer: {
        auto b = value_as<model::Buffer>(value, "a buffer object");
        if (!b) return fail(std::move(b.error()));
        auto cur = dcb_object(dcb->buffer);
        if (!cur) return fail(std::move(cur.error()));
        model::Buffer next = *cur;  // total_size is the device's
        next.prio2buffer = (*b)->prio2buffer;
        next.buffer_size = (*b)->buffer_size;
        Request req = encode_dcb_set_buffer(o.netdev, next);
        return send_dcb(*sock, req, DCB_CMD_IEEE_SET);
      }
      case Knob::dcb_apptrust: {
        auto s = value_as<std::vector<std::uint8_t>>(value, "a list of trusted selectors");
        if (!s) return fail(std::move(s.error()));
        if (auto cur = dcb_object(dcb->apptrust); !cur) return fail(std::move(cur.error()));
        Request req = encode_dcb_set_apptrust(o.netdev, **s);
        return send_dcb(*sock, req, DCB_CMD_IEEE_SET);
      }
      case Knob::dcb_app: {
        auto a = value_as<std::vector<model::AppEntry>>(value, "the APP entries of one key");
        if (!a) return fail(std::move(a.error()));
        for (const auto& e : **a)
          if (tune::app_key(e.selector, e.protocol) != o.index)
            return fail("an entry of " + tune::app_key_text(tune::app_key(e.selector, e.protocol)) +
                            " in a write of " + tune::app_key_text(o.index), {}, EINVAL);
        auto table = dcb_object(dcb->app);
        if (!table) return fail(std::move(table.error()));
        const AppTableDiff diff = app_table_diff(tune::app_entries_of(*table, o.index), **a);
        // Add before removing, like `dcb app replace`: on mlx5 deleting the last DSCP entry
        // switches trust back to PCP, which adding first avoids.
        if (!diff.add.empty()) {
          Request req = encode_dcb_app(o.netdev, DCB_CMD_IEEE_SET, diff.add);
          if (auto r = send_dcb(*sock, req, DCB_CMD_IEEE_SET); !r) return r;
        }
        if (diff.remove.empty()) return done();
        // mlx5 keeps one entry per DSCP and replaced the old one on the add: deleting it again
        // would fail (ENOENT). Delete only what is still listed.
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
      default: return fail("unknown knob", {}, EINVAL);
    }
  }();
  if (!result) return in(o, std::move(result.error()));
  return done();
}

}  // namespace roce::sources::writer
