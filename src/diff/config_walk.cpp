// Walks two JSON trees side by side. Objects: member by member ("from" is provenance, never a
// difference). Fields: values compared, or which side is missing and why. Arrays: elements matched
// by identity (json_paths.hpp), per-priority arrays element by element, DCB APP tables as sets,
// anything else whole.
#include "diff/config_walk.hpp"

#include <utility>

#include "diff/value_text.hpp"

namespace roce::diff {
namespace {

struct Side {
  const Json* value = nullptr;      // null: missing
  std::string availability = "absent";
  std::string cause;
};

Side side_of(const Json* j) {
  Side s;
  if (!j) return s;
  if (!is_field(*j)) {
    s.value = j;
    s.availability = "present";
    return s;
  }
  if (j->contains("value")) {
    s.value = &(*j)["value"];
    s.availability = "present";
  }
  if (j->contains("availability") && (*j)["availability"].is_string())
    s.availability = (*j)["availability"].get<std::string>();
  if (j->contains("cause") && (*j)["cause"].is_string()) s.cause = (*j)["cause"].get<std::string>();
  return s;
}

std::string missing_text(const Side& s) {
  return "missing (" + s.availability + (s.cause.empty() ? "" : ": " + s.cause) + ")";
}

const Json* member(const Json& obj, const std::string& key) {
  const auto it = obj.find(key);
  return it == obj.end() ? nullptr : &*it;
}

bool is_app_table(std::string_view key, const Json& a, const Json& b) {
  return key == "app" && a.is_array() && b.is_array();
}

struct Walker {
  std::string subject;
  std::vector<ConfigChange>& out;

  void change(const std::string& path, const Side& a, const Side& b, std::string_view key,
              std::vector<std::string> details = {}) {
    ConfigChange c;
    c.subject = subject;
    c.field = path;
    c.before = a.value ? value_text(*a.value, key) : missing_text(a);
    c.after = b.value ? value_text(*b.value, key) : missing_text(b);
    c.before_availability = a.value ? "present" : a.availability;
    c.after_availability = b.value ? "present" : b.availability;
    c.details = std::move(details);
    out.push_back(std::move(c));
  }

  void compare(const Json* ja, const Json* jb, const std::string& path, std::string_view key) {
    if (is_counter_member(key)) return;
    const Side a = side_of(ja), b = side_of(jb);
    if (!a.value && !b.value) {
      if (a.availability != b.availability) change(path, a, b, key);
      return;
    }
    if (!a.value || !b.value) return change(path, a, b, key);
    values(*a.value, *b.value, path, key);
  }

  void values(const Json& a, const Json& b, const std::string& path, std::string_view key) {
    if (a.is_object() && b.is_object() && !is_field(a) && !is_field(b)) return objects(a, b, path);
    if (a.is_array() && b.is_array()) return arrays(a, b, path, key);
    if (a == b) return;
    change(path, side_of(&a), side_of(&b), key, mask_details(key, a, b));
  }

  void objects(const Json& a, const Json& b, const std::string& path) {
    for (const auto& [k, va] : a.items())
      if (k != "from") compare(&va, member(b, k), join_path(path, k), k);
    for (const auto& [k, vb] : b.items())
      if (k != "from" && !a.contains(k)) compare(nullptr, &vb, join_path(path, k), k);
  }

  void arrays(const Json& a, const Json& b, const std::string& path, std::string_view key) {
    if (is_app_table(key, a, b)) {
      auto details = app_set_details(a, b);
      if (details.empty()) return;
      ConfigChange c;
      c.subject = subject;
      c.field = path;
      c.before = std::to_string(a.size()) + " entries";
      c.after = std::to_string(b.size()) + " entries";
      c.details = std::move(details);
      out.push_back(std::move(c));
      return;
    }
    if (keyed(a) && keyed(b)) return keyed_arrays(a, b, path, key);
    const std::string_view label = element_label(key);
    if (!label.empty() && a.size() == b.size()) {
      for (std::size_t i = 0; i < a.size(); ++i)
        compare(&a[i], &b[i], path + " " + std::string(label) + " " + std::to_string(i), key);
      return;
    }
    if (a != b) change(path, side_of(&a), side_of(&b), key);
  }

  static bool keyed(const Json& arr) {
    if (arr.empty()) return false;
    for (const auto& e : arr)
      if (!element_identity(e)) return false;
    return true;
  }

  void keyed_arrays(const Json& a, const Json& b, const std::string& path, std::string_view key) {
    const auto find = [](const Json& arr, const std::string& id) -> const Json* {
      for (const auto& e : arr)
        if (element_identity(e) == id) return &e;
      return nullptr;
    };
    const auto element_path = [&](const std::string& id) { return path + "[" + id + "]"; };
    for (const auto& ea : a) {
      const std::string id = *element_identity(ea);
      if (const Json* eb = find(b, id)) values(ea, *eb, element_path(id), key);
      else one_sided(element_path(id), &ea, nullptr);
    }
    for (const auto& eb : b) {
      const std::string id = *element_identity(eb);
      if (!find(a, id)) one_sided(element_path(id), nullptr, &eb);
    }
  }

  void one_sided(const std::string& path, const Json* a, const Json* b) {
    const auto text = [](const Json* e) -> std::string {
      if (!e) return "absent";
      if (e->contains("gid")) return value_text((*e)["gid"], "gid");
      return "present";
    };
    ConfigChange c;
    c.subject = subject;
    c.field = path;
    c.before = text(a);
    c.after = text(b);
    c.before_availability = a ? "present" : "absent";
    c.after_availability = b ? "present" : "absent";
    out.push_back(std::move(c));
  }
};

// Netdevs and RDMA devices are subjects of their own, matched by name.
void subjects(const Json* a, const Json* b, std::vector<ConfigChange>& out) {
  static const Json kEmpty = Json::array();
  const Json& arr_a = a && a->is_array() ? *a : kEmpty;
  const Json& arr_b = b && b->is_array() ? *b : kEmpty;
  const auto find = [](const Json& arr, const std::string& name) -> const Json* {
    for (const auto& e : arr)
      if (element_identity(e) == name) return &e;
    return nullptr;
  };
  const auto only = [&](const std::string& name, bool in_a) {
    ConfigChange c;
    c.subject = name;
    c.before = in_a ? "present" : "absent";
    c.after = in_a ? "absent" : "present";
    (in_a ? c.after_availability : c.before_availability) = "absent";
    out.push_back(std::move(c));
  };
  for (const auto& ea : arr_a) {
    const std::string name = element_identity(ea).value_or("?");
    if (const Json* eb = find(arr_b, name)) Walker{name, out}.values(ea, *eb, "", "");
    else only(name, true);
  }
  for (const auto& eb : arr_b) {
    const std::string name = element_identity(eb).value_or("?");
    if (!find(arr_a, name)) only(name, false);
  }
}

}  // namespace

std::vector<ConfigChange> config_changes(const Json& host_a, const Json& host_b) {
  std::vector<ConfigChange> out;
  Walker host{"host", out};
  const auto host_member = [](std::string_view k) {
    return is_sample_member(k) || k == "netdevs" || k == "rdma_devices";
  };
  for (const auto& [k, va] : host_a.items())
    if (!host_member(k)) host.compare(&va, member(host_b, k), k, k);
  for (const auto& [k, vb] : host_b.items())
    if (!host_member(k) && !host_a.contains(k)) host.compare(nullptr, &vb, k, k);
  subjects(member(host_a, "netdevs"), member(host_b, "netdevs"), out);
  subjects(member(host_a, "rdma_devices"), member(host_b, "rdma_devices"), out);
  return out;
}

}  // namespace roce::diff
