#include "engine/catalog.hpp"

#include <cstdio>

namespace roce::engine {

std::string render_catalog(std::span<const CheckInfo> catalog) {
  std::string out;
  for (const auto& c : catalog) {
    out += std::string(c.id) + "  [" + to_string(c.default_severity) + "]  " + std::string(c.title) + "\n";
    if (!c.needs.empty()) {
      out += "    reads:";
      for (Need n : c.needs) out += std::string(" ") + to_string(n);
      out += "\n";
    }
    if (!c.profile_keys.empty()) {
      out += "    profile:";
      for (auto k : c.profile_keys) out += " " + std::string(k);
      out += "\n";
    }
    for (const auto& t : c.thresholds) {
      char def[32];
      std::snprintf(def, sizeof def, "%g", t.default_value);
      out += "    thresholds." + std::string(c.id) + "." + std::string(t.key) + " = " + def + "  " +
             std::string(t.doc) + "\n";
    }
    out += "    " + std::string(c.doc) + "\n\n";
  }
  return out;
}

}  // namespace roce::engine
