#pragma once
// Visitors over the Fields of a model object, driven by schema.hpp's describe(): nothing here names
// a member, so a member added to the model is merged, relocated and marked like every other one.
#include <array>
#include <cstddef>
#include <type_traits>
#include <vector>

#include "model/field.hpp"
#include "model/schema.hpp"

namespace roce::model {
namespace detail {

template <class T>
struct IsField : std::false_type {};
template <class T>
struct IsField<Field<T>> : std::true_type {};
template <class T>
struct IsSequence : std::false_type {};
template <class T>
struct IsSequence<std::vector<T>> : std::true_type {};
template <class T, std::size_t N>
struct IsSequence<std::array<T, N>> : std::true_type {};

// Calls f(name, field) for every Field member, in describe() order. Plain members that are model
// structs (NetDev::dcb) are entered. With `Nested`, so are a present Field's value and lists
// (NicEcn's flags, the GIDs' attributes, a device's ports).
template <bool Nested, class F>
struct FieldWalker {
  F& f;
  const char* name = "";

  template <class M>
  void operator()(const char* member, M& m) {
    name = member;
    walk(m);
  }

  template <class M>
  void walk(M& m) {
    using Plain = std::remove_const_t<M>;
    if constexpr (IsField<Plain>::value) {
      f(name, m);
      if constexpr (Nested)
        if (m.ok()) enter(*m);
    } else {
      enter(m);
    }
  }

  template <class M>
  void enter(M& m) {
    using Plain = std::remove_const_t<M>;
    if constexpr (schema::Described<Plain>) {
      schema::describe(*this, m);
    } else if constexpr (Nested && IsSequence<Plain>::value) {
      for (auto& e : m) walk(e);
    }
  }
};

struct AddressCollector {
  std::vector<const void*>& out;
  template <class T>
  void operator()(const char*, const Field<T>& field) {
    out.push_back(&field);
  }
};

template <class F>
struct PairVisitor {
  const std::vector<const void*>& theirs;
  F& f;
  std::size_t next = 0;
  template <class T>
  void operator()(const char*, Field<T>& mine) {
    f(mine, *static_cast<const Field<T>*>(theirs[next++]));
  }
};

}  // namespace detail

/// f(name, field) for every Field member of `x`, entering plain model structs (NetDev::dcb) but
/// not a Field's value nor lists.
template <class T, class F>
void for_each_field(T& x, F&& f) {
  detail::FieldWalker<false, F> walker{f};
  schema::describe(walker, x);
}

/// The same, entering present Fields' values and lists too: every Field reachable from `x`.
template <class T, class F>
void for_each_field_nested(T& x, F&& f) {
  detail::FieldWalker<true, F> walker{f};
  schema::describe(walker, x);
}

/// f(mine, theirs) for each pair of corresponding Field members of `into` and `from` (as
/// for_each_field visits them: same type, same order).
template <class T, class F>
void for_each_field_pair(T& into, const T& from, F&& f) {
  std::vector<const void*> theirs;
  detail::AddressCollector collect{theirs};
  for_each_field(from, [&](const char* name, const auto& field) { collect(name, field); });
  detail::PairVisitor<F> pair{theirs, f};
  for_each_field(into, [&](const char* name, auto& field) { pair(name, field); });
}

}  // namespace roce::model
