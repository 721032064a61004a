#pragma once
// Read one sysfs attribute (or directory) into a model Field: the value with Provenance{"sysfs",
// path}, or why it is missing with the full path in the cause.
#include <cerrno>
#include <string>
#include <utility>

#include "model/counters.hpp"
#include "model/field.hpp"
#include "sources/sysfs/sysfs_file.hpp"

namespace roce::sources::sysfs {

inline model::Provenance sysfs_provenance(const std::string& path) { return {"sysfs", path}; }

template <class T>
model::Field<T> missing_read(const Error& e, const std::string& path) {
  return model::missing_from_errno<T>(e.sys_errno != 0 ? e.sys_errno : EIO, path, sysfs_provenance(path));
}

template <class T>
model::Field<T> decode_failure(const Error& e, const std::string& path) {
  return model::Field<T>::missing(model::Availability::error, path + ": " + e.message, sysfs_provenance(path));
}

// read_attribute(path) then decode(text) -> Expected<T>. Some attributes fail with EINVAL when
// the kernel has no value at the moment (speed of a down link); for those, `einval_means` says
// why, and the field is absent rather than an error.
template <class T, class Decode>
model::Field<T> read_field(const std::string& path, Decode decode, const char* einval_means = nullptr) {
  auto text = read_attribute(path);
  if (!text) {
    auto field = missing_read<T>(text.error(), path);
    if (einval_means != nullptr && text.error().sys_errno == EINVAL) {
      field.availability = model::Availability::absent;
      field.cause += std::string(" (") + einval_means + ")";
    }
    return field;
  }
  auto value = decode(*text);
  if (!value) return decode_failure<T>(value.error(), path);
  return model::Field<T>::of(std::move(*value), sysfs_provenance(path));
}

// The text as it is (fw_ver, board_id, operstate, ...); an empty value is an error.
model::Field<std::string> read_text_field(const std::string& path, const char* einval_means = nullptr);

// Every file of a counters directory as name -> u64, skipping `lifespan`. The set is missing only
// when the directory cannot be listed; files that cannot be read or do not hold an unsigned
// integer are left out and named in the Field's cause.
model::Field<model::CounterSet> read_counter_dir(const std::string& dir);

// The PCI function behind a `device` link: the link target itself when it is a PCI function
// ("../../../0000:b1:00.0"), or its parent (virtio: ".../0000:00:03.0/virtio2"). Absent when there
// is no link (a virtual device) or the device is not on PCI.
struct PciFunction {
  std::string address;  // "0000:b1:00.0"
  std::string dir;      // its directory, symlinks resolved
  bool operator==(const PciFunction&) const = default;
};
model::Field<PciFunction> pci_function_of(const std::string& device_link);

}  // namespace roce::sources::sysfs
