#include "sources/writer/app_table_diff.hpp"

#include <algorithm>

namespace roce::sources::writer {

namespace {
bool contains(const std::vector<model::AppEntry>& v, const model::AppEntry& e) {
  return std::find(v.begin(), v.end(), e) != v.end();
}
}  // namespace

AppTableDiff app_table_diff(const std::vector<model::AppEntry>& current, const std::vector<model::AppEntry>& proposed) {
  AppTableDiff d;
  for (const auto& e : proposed)
    if (!contains(current, e) && !contains(d.add, e)) d.add.push_back(e);
  for (const auto& e : current)
    if (!contains(proposed, e) && !contains(d.remove, e)) d.remove.push_back(e);
  return d;
}

}  // namespace roce::sources::writer
