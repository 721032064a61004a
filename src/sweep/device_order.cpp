// Natural order of device names.
#include "sweep/device_order.hpp"

#include <algorithm>
#include <cctype>

namespace roce::sweep {

bool natural_less(std::string_view a, std::string_view b) {
  const auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (digit(a[i]) && digit(b[j])) {
      std::size_t ei = i, ej = j;
      while (ei < a.size() && digit(a[ei])) ++ei;
      while (ej < b.size() && digit(b[ej])) ++ej;
      const auto strip = [](std::string_view d) { return d.substr(std::min(d.find_first_not_of('0'), d.size())); };
      const auto na = strip(a.substr(i, ei - i)), nb = strip(b.substr(j, ej - j));
      if (na.size() != nb.size()) return na.size() < nb.size();
      if (na != nb) return na < nb;
      i = ei;
      j = ej;
      continue;
    }
    if (a[i] != b[j]) return a[i] < b[j];
    ++i;
    ++j;
  }
  return a.size() - i < b.size() - j;
}

}  // namespace roce::sweep
