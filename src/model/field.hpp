#pragma once
// A Field is a value or the reason it is missing, and always where it came from.
// Zero is a value, never a default: an unread field is `absent`, a field the driver does not
// implement is `unsupported`, one we may not read is `denied`, and a failed read is `error` with
// its cause. Output must say which.
#include <cerrno>
#include <cstring>
#include <optional>
#include <string>
#include <utility>

#include "util/error.hpp"

namespace roce::model {

enum class Availability { present, unsupported, denied, absent, error };

inline const char* to_string(Availability a) {
  switch (a) {
    case Availability::present: return "present";
    case Availability::unsupported: return "unsupported";
    case Availability::denied: return "denied";
    case Availability::absent: return "absent";
    case Availability::error: return "error";
  }
  return "error";
}

// Where a datum came from: `source` names the interface ("sysfs", "ethtool-ioctl",
// "ethtool-netlink", "rtnetlink", "dcbnl", "tc", "verbs", "bundle", "sim"); `locator` names the
// object within it ("/sys/class/infiniband/mlx5_0/ports/1/state", "ens1f0np0 DCB_ATTR_IEEE_PFC",
// "bundle:host.json sample 0").
struct Provenance {
  std::string source;
  std::string locator;
  bool operator==(const Provenance&) const = default;
};

template <class T>
struct Field {
  std::optional<T> value;
  Availability availability = Availability::absent;
  std::string cause;  // why it is missing: errno text, kernel extack, parse error with location
  Provenance from;

  static Field of(T v, Provenance p = {}) {
    Field f;
    f.value = std::move(v);
    f.availability = Availability::present;
    f.from = std::move(p);
    return f;
  }
  static Field missing(Availability a, std::string why, Provenance p = {}) {
    Field f;
    f.availability = a;
    f.cause = std::move(why);
    f.from = std::move(p);
    return f;
  }
  /// A field whose read failed: its errno says how it is missing (`error` without one), its
  /// message and hint are the cause ("ens1 ETHTOOL_MSG_PAUSE_GET: Operation not supported (hint)").
  static Field from_error(const Error& e, Provenance p = {});

  bool ok() const { return value.has_value(); }
  const T& operator*() const { return *value; }
  T& operator*() { return *value; }
  const T* operator->() const { return &*value; }
  T* operator->() { return &*value; }
  bool operator==(const Field&) const = default;
};

// Maps an errno from a read (positive or negative) to why the datum is missing.
inline Availability availability_from_errno(int err) {
  if (err < 0) err = -err;
  switch (err) {
    case EOPNOTSUPP:
    case ENODEV:
    case ENOSYS: return Availability::unsupported;
    case EPERM:
    case EACCES: return Availability::denied;
    case ENOENT: return Availability::absent;
    default: return Availability::error;
  }
}

template <class T>
Field<T> missing_from_errno(int err, const std::string& what, Provenance p = {}) {
  if (err < 0) err = -err;
  return Field<T>::missing(availability_from_errno(err), what + ": " + std::strerror(err), std::move(p));
}

template <class T>
Field<T> Field<T>::from_error(const Error& e, Provenance p) {
  std::string cause = e.message;
  if (!e.hint.empty()) cause += " (" + e.hint + ")";
  const Availability a = e.sys_errno ? availability_from_errno(e.sys_errno) : Availability::error;
  return missing(a, std::move(cause), std::move(p));
}

/// Why a field is missing, as output says it: "unsupported (dcbnl: veth0: Operation not supported)",
/// or the availability alone when there is no cause.
inline std::string describe_missing(Availability a, const std::string& cause) {
  std::string s = to_string(a);
  if (!cause.empty()) s += " (" + cause + ")";
  return s;
}
template <class T>
std::string describe_missing(const Field<T>& f) {
  return describe_missing(f.availability, f.cause);
}

}  // namespace roce::model
