#pragma once
// The APP table is written as a difference, like `dcb app replace`: dcbnl has no "set the whole
// table" command, only add (DCB_CMD_IEEE_SET) and delete (DCB_CMD_IEEE_DEL) of entries.
#include <vector>

#include "model/dcb.hpp"

namespace roce::sources::writer {

struct AppTableDiff {
  std::vector<model::AppEntry> add;     // in proposed, not in current (proposed order)
  std::vector<model::AppEntry> remove;  // in current, not in proposed (current order)
  bool empty() const { return add.empty() && remove.empty(); }
};

AppTableDiff app_table_diff(const std::vector<model::AppEntry>& current, const std::vector<model::AppEntry>& proposed);

}  // namespace roce::sources::writer
