// Walks two hosts side by side through schema.hpp's member list. Structs: member by member
// (provenance is never a difference). Fields: values compared, or which side is missing and why.
// Arrays: elements matched by identity (members.hpp), per-priority arrays element by element, DCB
// APP tables as sets, anything else whole.
#include "diff/config_walk.hpp"

#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "diff/members.hpp"
#include "diff/value_text.hpp"

namespace roce::diff {
namespace {

// What one host holds at a member or an array element.
template <class T>
struct Side {
  const T* value = nullptr;
  // An absent Field that carries a cause or provenance (as an array element, any absent Field) is
  // compared as an object holding only its cause: it differs from every plain value, and against a
  // struct it is compared member by member.
  bool cause_object = false;
  std::string availability = "absent";  // why there is no value
  std::string cause;

  bool has_value() const { return value || cause_object; }
  bool set() const { return has_value() || availability != "absent"; }
};

template <class T>
Side<T> side_of(const T& value) {
  Side<T> s;
  s.value = &value;
  return s;
}

template <class T>
Side<T> side_of(const std::optional<T>& value) {
  Side<T> s;
  if (value) s.value = &*value;
  return s;
}

template <class T>
Side<T> side_of(const model::Field<T>& field, bool element = false) {
  Side<T> s;
  if (field.value) {
    s.value = &*field.value;
    return s;
  }
  s.availability = model::to_string(field.availability);
  s.cause = field.cause;
  s.cause_object = field.availability == model::Availability::absent && (element || !is_unset(field));
  return s;
}

template <class T>
auto element_side(const T& element) {
  if constexpr (is_field<T>)
    return side_of(element, /*element=*/true);
  else
    return side_of(element);
}

// Equal as configuration: strings as written (invalid UTF-8 replaced), doubles that are not
// finite all alike.
template <class T>
bool same(const T& a, const T& b) {
  if constexpr (std::is_same_v<T, std::string>) {
    return a == b || readable(a) == readable(b);
  } else if constexpr (std::is_floating_point_v<T>) {
    return a == b || (!std::isfinite(a) && !std::isfinite(b));
  } else if constexpr (is_sequence<T>) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!same(a[i], b[i])) return false;
    return true;
  } else {
    return a == b;
  }
}

template <class T>
std::vector<std::string> bit_details(std::string_view key, const T& a, const T& b) {
  if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T> && !std::is_same_v<T, bool>)
    return mask_details(key, a, b);
  else
    return {};
}

template <class T>
std::string text(const Side<T>& s, std::string_view key) {
  if (s.value) return value_text(*s.value, key);
  if (s.cause_object) return cause_object_text(s.cause);
  return "missing (" + s.availability + (s.cause.empty() ? "" : ": " + readable(s.cause)) + ")";
}

template <class T>
Side<std::string> cause_of(const Side<T>& s) {
  Side<std::string> c;
  if (!s.cause.empty()) c.value = &s.cause;
  return c;
}

// f(name, member) for every member of `x` that is set, provenance aside.
template <class T, class F>
void for_each_set_member(const T& x, F&& f) {
  auto member = [&](const char* name, const auto& m) {
    if constexpr (!std::is_same_v<std::remove_cvref_t<decltype(m)>, model::Provenance>)
      if (side_of(m).set()) f(name, m);
  };
  model::schema::describe(member, x);
}

struct Walker {
  std::string subject;
  std::vector<ConfigChange>& out;

  template <class T>
  void change(const std::string& path, const Side<T>& a, const Side<T>& b, std::string_view key,
              std::vector<std::string> details = {}) {
    ConfigChange c;
    c.subject = subject;
    c.field = path;
    c.before = text(a, key);
    c.after = text(b, key);
    c.before_availability = a.has_value() ? "present" : a.availability;
    c.after_availability = b.has_value() ? "present" : b.availability;
    c.details = std::move(details);
    out.push_back(std::move(c));
  }

  template <class T>
  void compare(const Side<T>& a, const Side<T>& b, const std::string& path, std::string_view key) {
    if (is_counter_member(key)) return;
    if (!a.has_value() && !b.has_value()) {
      if (a.availability != b.availability) change(path, a, b, key);
      return;
    }
    if (!a.has_value() || !b.has_value()) return change(path, a, b, key);
    values(a, b, path, key);
  }

  template <class T>
  void values(const Side<T>& a, const Side<T>& b, const std::string& path, std::string_view key) {
    if (a.cause_object || b.cause_object) return cause_objects(a, b, path, key);
    const T& x = *a.value;
    const T& y = *b.value;
    if constexpr (model::schema::Described<T>) {
      objects(x, y, path);
    } else if constexpr (is_sequence<T>) {
      arrays(x, y, path, key);
    } else {
      if (!same(x, y)) change(path, a, b, key, bit_details(key, x, y));
    }
  }

  // Members set in A, in schema order, then those set in B only. `skip` names members left out.
  template <class T>
  void objects(const T& a, const T& b, const std::string& path, bool (*skip)(std::string_view) = nullptr) {
    for (const bool b_only : {false, true})
      for_each_member_pair(a, b, [&](const char* name, const auto& ma, const auto& mb) {
        if constexpr (!std::is_same_v<std::remove_cvref_t<decltype(ma)>, model::Provenance>) {
          if (skip && skip(name)) return;
          const auto sa = side_of(ma), sb = side_of(mb);
          if (b_only ? (sa.set() || !sb.set()) : !sa.set()) return;
          compare(sa, sb, join_path(path, name), name);
        }
      });
  }

  // At least one side is an absent Field's cause object (Side::cause_object).
  template <class T>
  void cause_objects(const Side<T>& a, const Side<T>& b, const std::string& path, std::string_view key) {
    const std::string cause_path = join_path(path, "cause");
    if (a.cause_object && b.cause_object) return compare(cause_of(a), cause_of(b), cause_path, "cause");
    if constexpr (model::schema::Described<T>) {
      const auto one_side = [&](const T& x, bool in_a) {
        for_each_set_member(x, [&](const char* name, const auto& m) {
          const auto s = side_of(m);
          const decltype(s) none{};
          compare(in_a ? s : none, in_a ? none : s, join_path(path, name), name);
        });
      };
      if (a.cause_object) {
        compare(cause_of(a), Side<std::string>{}, cause_path, "cause");
        one_side(*b.value, false);
      } else {
        one_side(*a.value, true);
        compare(Side<std::string>{}, cause_of(b), cause_path, "cause");
      }
    } else {
      change(path, a, b, key);
    }
  }

  template <class C>
  void arrays(const C& a, const C& b, const std::string& path, std::string_view key) {
    using E = typename C::value_type;
    if constexpr (std::is_same_v<E, model::AppEntry>) {
      if (key == "app") return app_tables(a, b, path);
    }
    if constexpr (Identified<E>) {
      if (!a.empty() && !b.empty()) return matched(a, b, path);
    }
    const std::string_view label = element_label(key);
    if (!label.empty() && a.size() == b.size()) {
      for (std::size_t i = 0; i < a.size(); ++i)
        compare(element_side(a[i]), element_side(b[i]), path + " " + std::string(label) + " " + std::to_string(i), key);
      return;
    }
    if (!same(a, b)) change(path, side_of(a), side_of(b), key);
  }

  void app_tables(const std::vector<model::AppEntry>& a, const std::vector<model::AppEntry>& b,
                  const std::string& path) {
    auto details = app_set_details(a, b);
    if (details.empty()) return;
    ConfigChange c;
    c.subject = subject;
    c.field = path;
    c.before = std::to_string(a.size()) + " entries";
    c.after = std::to_string(b.size()) + " entries";
    c.details = std::move(details);
    out.push_back(std::move(c));
  }

  // Elements matched by identity; one present on one side only is listed as such.
  template <class C>
  void matched(const C& a, const C& b, const std::string& path) {
    using E = typename C::value_type;
    const auto find = [](const C& in, const std::string& id) -> const E* {
      for (const auto& e : in)
        if (identity(e) == id) return &e;
      return nullptr;
    };
    for (const auto& ea : a) {
      const std::string id = identity(ea);
      if (const E* eb = find(b, id))
        objects(ea, *eb, path + "[" + id + "]");
      else
        one_sided<E>(path + "[" + id + "]", &ea, nullptr);
    }
    for (const auto& eb : b) {
      const std::string id = identity(eb);
      if (!find(a, id)) one_sided<E>(path + "[" + id + "]", nullptr, &eb);
    }
  }

  template <class E>
  void one_sided(const std::string& path, const E* a, const E* b) {
    const auto element_text = [](const E* e) -> std::string {
      if (!e) return "absent";
      if constexpr (std::is_same_v<E, model::Gid>)
        return readable(e->gid);
      else
        return "present";
    };
    ConfigChange c;
    c.subject = subject;
    c.field = path;
    c.before = element_text(a);
    c.after = element_text(b);
    c.before_availability = a ? "present" : "absent";
    c.after_availability = b ? "present" : "absent";
    out.push_back(std::move(c));
  }
};

// Netdevs and RDMA devices are subjects of their own, matched by name.
template <class D>
void subject_changes(const std::vector<D>& a, const std::vector<D>& b, std::vector<ConfigChange>& out) {
  const auto find = [](const std::vector<D>& in, const std::string& name) -> const D* {
    for (const auto& e : in)
      if (identity(e) == name) return &e;
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
  for (const auto& ea : a) {
    const std::string name = identity(ea);
    if (const D* eb = find(b, name))
      Walker{name, out}.objects(ea, *eb, "");
    else
      only(name, true);
  }
  for (const auto& eb : b) {
    const std::string name = identity(eb);
    if (!find(a, name)) only(name, false);
  }
}

bool subject_or_sample(std::string_view key) {
  return is_sample_member(key) || key == "netdevs" || key == "rdma_devices";
}

}  // namespace

std::vector<ConfigChange> config_changes(const model::Host& a, const model::Host& b) {
  std::vector<ConfigChange> out;
  Walker{"host", out}.objects(a, b, "", subject_or_sample);
  subject_changes(a.netdevs, b.netdevs, out);
  subject_changes(a.rdma_devices, b.rdma_devices, out);
  return out;
}

}  // namespace roce::diff
