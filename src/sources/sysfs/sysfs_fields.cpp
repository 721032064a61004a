#include "sources/sysfs/sysfs_fields.hpp"

#include <cerrno>
#include <cstring>

#include "sources/sysfs/sysfs_decode.hpp"
#include "sources/sysfs/sysfs_file.hpp"

namespace roce::sources::sysfs {
namespace {

std::string last_component(const std::string& path) {
  auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

model::Field<std::string> read_text_field(const std::string& path, const char* einval_means) {
  return read_field<std::string>(
      path,
      [](const std::string& text) -> Expected<std::string> {
        if (text.empty()) return fail("expected a value, got \"\"");
        return text;
      },
      einval_means);
}

model::Field<model::CounterSet> read_counter_dir(const std::string& dir) {
  auto names = list_directory(dir);
  if (!names) return missing_read<model::CounterSet>(names.error(), dir);
  model::CounterSet set;
  std::string problems;
  std::size_t problem_count = 0;
  auto note = [&](const std::string& name, const std::string& why) {
    problems += (problem_count++ == 0 ? "" : "; ") + name + " (" + why + ")";
  };
  for (const auto& name : *names) {
    if (name == "lifespan") continue;  // hw_counters cache time in ms, a setting, not a counter
    auto text = read_attribute(join_path(dir, name));
    if (!text) {
      note(name, std::strerror(text.error().sys_errno));
      continue;
    }
    auto value = decode_unsigned(*text);
    if (!value) {
      note(name, value.error().message);
      continue;
    }
    set.entries.emplace_back(name, *value);
  }
  auto field = model::Field<model::CounterSet>::of(std::move(set), sysfs_provenance(dir));
  if (problem_count > 0) field.cause = dir + ": " + std::to_string(problem_count) + " counter(s) not read: " + problems;
  return field;
}

model::Field<PciFunction> pci_function_of(const std::string& device_link) {
  auto resolved = canonical_path(device_link);
  if (!resolved) {
    auto field = missing_read<PciFunction>(resolved.error(), device_link);
    if (resolved.error().sys_errno == ENOENT) field.cause += " (no parent device: a virtual device)";
    return field;
  }
  std::string name = last_component(*resolved);
  if (is_pci_address(name)) return model::Field<PciFunction>::of({name, *resolved}, sysfs_provenance(device_link));
  std::string parent = parent_of(*resolved);
  std::string parent_name = last_component(parent);
  if (is_pci_address(parent_name))
    return model::Field<PciFunction>::of({parent_name, parent}, sysfs_provenance(device_link));
  return model::Field<PciFunction>::missing(model::Availability::absent,
                                            device_link + " -> " + *resolved + ": not a PCI device",
                                            sysfs_provenance(device_link));
}

}  // namespace roce::sources::sysfs
