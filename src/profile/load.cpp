#include "profile/load.hpp"

#include <toml++/toml.h>
#include <algorithm>
#include <set>

#include "profile/toml_errors.hpp"
#include "util/read_file.hpp"
#include "util/spelling.hpp"

namespace roce::profile {
namespace {

std::string did_you_mean(std::string_view key, const std::vector<std::string>& candidates) {
  const std::string best = util::nearest_name(key, candidates, 2);
  return best.empty() ? "" : "; did you mean '" + best + "'?";
}

std::string list(const std::vector<std::string>& keys) {
  std::string s;
  for (const auto& k : keys) s += (s.empty() ? "" : ", ") + k;
  return s;
}

// Collects every error with its position, then the caller fails once with all of them.
class Loader {
 public:
  Loader(const std::string& file, const ThresholdCatalog& known) : file_(file), known_(known), errors_(file) {}

  Expected<Profile> run(const toml::table& root) {
    p_.file = file_;
    p_.name.clear();
    allow(root, "", {"profile", "qos", "cnp", "ecn", "link", "thresholds"});
    if (auto* t = table(root, "profile")) {
      allow(*t, "profile", {"name", "description"});
      str(*t, "name", p_.name);
      str(*t, "description", p_.description);
    }
    if (auto* t = table(root, "qos")) qos(*t);
    if (auto* t = table(root, "cnp")) cnp(*t);
    if (auto* t = table(root, "ecn")) {
      allow(*t, "ecn", {"priorities"});
      if (const auto* n = t->get("priorities")) p_.ecn_priorities = ints(*n, "ecn.priorities", 0, 7);
    }
    if (auto* t = table(root, "link")) link(*t);
    if (auto* t = table(root, "thresholds")) thresholds(*t);
    cross_checks(root);
    if (p_.name.empty()) p_.name = "unnamed";
    if (!errors_.empty()) return fail(errors_.text(), "profiles/README.md documents every key");
    return p_;
  }

 private:
  void error(const toml::source_region& where, const std::string& message) { errors_.add(where, message); }

  void allow(const toml::table& t, const std::string& path, const std::vector<std::string>& keys) {
    for (auto&& [k, v] : t) {
      (void)v;
      std::string key(k.str());
      if (std::find(keys.begin(), keys.end(), key) != keys.end()) continue;
      error(k.source(), "unknown key '" + key + "'" + (path.empty() ? "" : " in [" + path + "]") +
                            did_you_mean(key, keys) + " (known: " + list(keys) + ")");
    }
  }

  const toml::table* table(const toml::table& t, const std::string& key) {
    const toml::node* n = t.get(key);
    if (!n) return nullptr;
    if (!n->is_table()) {
      error(n->source(), "'" + key + "' must be a table ([" + key + "])");
      return nullptr;
    }
    return n->as_table();
  }

  void str(const toml::table& t, const std::string& key, std::string& out) {
    const toml::node* n = t.get(key);
    if (!n) return;
    if (auto s = n->value<std::string>(); s && n->is_string())
      out = *s;
    else
      error(n->source(), "'" + key + "' must be a string");
  }

  bool boolean(const toml::table& t, const std::string& key, bool& out) {
    const toml::node* n = t.get(key);
    if (!n) return false;
    if (!n->is_boolean()) {
      error(n->source(), "'" + key + "' must be true or false");
      return false;
    }
    out = n->as_boolean()->get();
    return true;
  }

  std::optional<std::int64_t> integer(const toml::node& n, const std::string& what, std::int64_t lo, std::int64_t hi) {
    if (!n.is_integer()) {
      error(n.source(), what + " must be an integer");
      return std::nullopt;
    }
    std::int64_t v = n.as_integer()->get();
    if (v < lo || v > hi) {
      error(n.source(),
            what + " = " + std::to_string(v) + " is out of range " + std::to_string(lo) + ".." + std::to_string(hi));
      return std::nullopt;
    }
    return v;
  }

  std::optional<std::int64_t> integer(const toml::table& t, const std::string& key, const std::string& path,
                                      std::int64_t lo, std::int64_t hi) {
    const toml::node* n = t.get(key);
    if (!n) return std::nullopt;
    return integer(*n, path + "." + key, lo, hi);
  }

  std::vector<int> ints(const toml::node& n, const std::string& what, int lo, int hi) {
    std::vector<int> out;
    if (!n.is_array()) {
      error(n.source(), what + " must be an array of integers");
      return out;
    }
    for (const auto& e : *n.as_array()) {
      auto v = integer(e, what + " element", lo, hi);
      if (!v) continue;
      if (std::find(out.begin(), out.end(), *v) != out.end())
        error(e.source(), what + " lists " + std::to_string(*v) + " twice");
      else
        out.push_back(static_cast<int>(*v));
    }
    return out;
  }

  void qos(const toml::table& t) {
    allow(t, "qos", {"trust", "lossless"});
    if (const toml::node* n = t.get("trust")) {
      auto s = n->value<std::string>();
      if (n->is_string() && *s == "dscp")
        p_.trust = Trust::dscp;
      else if (n->is_string() && *s == "pcp")
        p_.trust = Trust::pcp;
      else
        error(n->source(), "qos.trust must be \"dscp\" or \"pcp\"");
    }
    const toml::node* n = t.get("lossless");
    if (!n) return;
    if (n->is_array() && n->as_array()->empty()) {
      p_.lossless.clear();
      return;
    }
    if (!n->is_array_of_tables()) {
      error(n->source(), "qos.lossless must be an array of tables ([[qos.lossless]])");
      return;
    }
    p_.lossless.clear();
    for (const auto& e : *n->as_array()) {
      const auto& c = *e.as_table();
      allow(c, "qos.lossless", {"priority", "dscp"});
      LosslessClass lc;
      lc.dscp.clear();
      if (auto v = integer(c, "priority", "qos.lossless", 0, 7))
        lc.priority = static_cast<int>(*v);
      else if (!c.get("priority"))
        error(c.source(), "[[qos.lossless]] needs 'priority'");
      if (const toml::node* d = c.get("dscp")) lc.dscp = ints(*d, "qos.lossless.dscp", 0, 63);
      for (const auto& other : p_.lossless)
        if (other.priority == lc.priority)
          error(c.source(), "lossless priority " + std::to_string(lc.priority) + " is listed twice");
      lossless_src_.push_back(c.source());
      p_.lossless.push_back(std::move(lc));
    }
  }

  void cnp(const toml::table& t) {
    allow(t, "cnp", {"priority", "dscp", "strict"});
    if (auto v = integer(t, "priority", "cnp", 0, 7)) p_.cnp_priority = static_cast<int>(*v);
    if (auto v = integer(t, "dscp", "cnp", 0, 63)) p_.cnp_dscp = static_cast<int>(*v);
    boolean(t, "strict", p_.cnp_strict);
    cnp_src_ = t.source();
  }

  void link(const toml::table& t) {
    allow(t, "link", {"min_mtu", "global_pause", "cable_length_m", "expected_speed_gbps"});
    if (auto v = integer(t, "min_mtu", "link", 68, 65535)) p_.min_mtu = static_cast<std::uint32_t>(*v);
    boolean(t, "global_pause", p_.global_pause);
    if (auto v = integer(t, "cable_length_m", "link", 1, 999)) p_.cable_length_m = static_cast<std::uint32_t>(*v);
    if (auto v = integer(t, "expected_speed_gbps", "link", 1, 1600))
      p_.expected_speed_mbps = static_cast<std::uint32_t>(*v) * 1000;
  }

  void thresholds(const toml::table& t) {
    std::vector<std::string> ids;
    for (const auto& [id, keys] : known_) ids.push_back(id);
    for (auto&& [k, v] : t) {
      std::string id(k.str());
      auto known = known_.find(id);
      if (known == known_.end()) {
        error(k.source(), "unknown check ID '" + id + "' in [thresholds]" + did_you_mean(id, ids));
        continue;
      }
      if (!v.is_table()) {
        error(v.source(), "thresholds." + id + " must be a table ([thresholds." + id + "])");
        continue;
      }
      if (known->second.empty()) {
        error(k.source(), "check " + id + " has no thresholds");
        continue;
      }
      allow(*v.as_table(), "thresholds." + id, known->second);
      for (auto&& [key, val] : *v.as_table()) {
        std::string name(key.str());
        if (std::find(known->second.begin(), known->second.end(), name) == known->second.end()) continue;
        if (!val.is_number()) {
          error(val.source(), "thresholds." + id + "." + name + " must be a number");
          continue;
        }
        double d = val.value<double>().value_or(0);
        if (d < 0) {
          error(val.source(), "thresholds." + id + "." + name + " must not be negative");
          continue;
        }
        p_.thresholds[id][name] = d;
      }
    }
  }

  // Rules that span keys: a DSCP value in one class only; CNP off the lossless priorities.
  void cross_checks(const toml::table& root) {
    toml::source_region where = root.source();
    std::set<int> seen;
    for (std::size_t i = 0; i < p_.lossless.size(); ++i) {
      const auto& c = p_.lossless[i];
      const auto& src = i < lossless_src_.size() ? lossless_src_[i] : where;
      if (p_.trust == Trust::dscp && c.dscp.empty())
        error(src,
              "lossless priority " + std::to_string(c.priority) + " needs 'dscp' values when qos.trust = \"dscp\"");
      if (p_.trust == Trust::pcp && !c.dscp.empty())
        error(src,
              "lossless priority " + std::to_string(c.priority) + " lists 'dscp' but qos.trust = \"pcp\" ignores DSCP");
      for (int d : c.dscp) {
        if (!seen.insert(d).second) error(src, "DSCP " + std::to_string(d) + " is mapped to two lossless classes");
        if (p_.cnp_dscp && *p_.cnp_dscp == d && p_.trust == Trust::dscp)
          error(src, "DSCP " + std::to_string(d) + " is both a lossless DSCP and cnp.dscp");
      }
    }
    if (p_.is_lossless(p_.cnp_priority))
      error(cnp_src_.begin.line ? cnp_src_ : where,
            "cnp.priority " + std::to_string(p_.cnp_priority) +
                " is a lossless priority; CNPs need their own lossy strict priority");
    if (p_.lossless.empty()) error(where, "the profile has no lossless class ([[qos.lossless]])");
  }

  std::string file_;
  const ThresholdCatalog& known_;
  Profile p_;
  TomlErrors errors_;
  std::vector<toml::source_region> lossless_src_;
  toml::source_region cnp_src_{};
};

}  // namespace

Expected<Profile> parse_profile(std::string_view text, const std::string& file, const ThresholdCatalog& known) {
  toml::table root;
  try {
    root = toml::parse(text, file);
  } catch (const toml::parse_error& e) {
    return fail(parse_error_text(file, e));
  }
  return Loader(file, known).run(root);
}

Expected<Profile> load_profile(const std::string& path, const ThresholdCatalog& known) {
  auto text = util::read_file(path);
  if (!text) return fail(path + ": cannot open profile", "give a path to a .toml file, see profiles/");
  return parse_profile(*text, path, known);
}

}  // namespace roce::profile
