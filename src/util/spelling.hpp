#pragma once
// "Did you mean": how many edits apart two words are, and the known name nearest to a typo.
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace roce::util {

enum class LetterCase { sensitive, insensitive };

/// Levenshtein distance: insertions, deletions and substitutions that turn `a` into `b`.
inline std::size_t edit_distance(std::string_view a, std::string_view b, LetterCase letters = LetterCase::sensitive) {
  const auto same = [letters](char x, char y) {
    if (letters == LetterCase::sensitive) return x == y;
    return std::toupper(static_cast<unsigned char>(x)) == std::toupper(static_cast<unsigned char>(y));
  };
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (same(a[i - 1], b[j - 1]) ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

/// The name (of `candidates`, through `name_of`) fewest edits away from `word`, if at most
/// `max_edits` away (the first of equals); "" when none is that near.
template <class Candidates, class NameOf = std::identity>
std::string nearest_name(std::string_view word, const Candidates& candidates, std::size_t max_edits,
                         LetterCase letters = LetterCase::sensitive, NameOf name_of = {}) {
  std::string best;
  std::size_t best_edits = max_edits + 1;
  for (const auto& c : candidates) {
    const std::string_view name = std::invoke(name_of, c);
    const std::size_t edits = edit_distance(word, name, letters);
    if (edits < best_edits) {
      best_edits = edits;
      best = std::string(name);
    }
  }
  return best;
}

}  // namespace roce::util
