// Typical and drawn faults of each class.
#include "sim/fabric_faults.hpp"

#include <algorithm>

namespace roce::sim {

using fabric::Direction;
using fabric::Kind;

Fault typical_fault(fabric::Component component) {
  Fault f{component, Direction::both, 0.5, false};
  switch (component.kind) {
    case Kind::nic: break;
    case Kind::pcie: f.share = 0.28; break;
    case Kind::cable:
      f.direction = Direction::in;
      f.share = 0.45;
      f.lossy = true;
      break;
    case Kind::leaf_port: f.lossy = true; break;
    case Kind::spine_link:
      f.share = 0.45;
      f.lossy = true;
      break;
  }
  return f;
}

Fault drawn_fault(fabric::Component component, Draws& draws) {
  Fault f = typical_fault(component);
  switch (component.kind) {
    case Kind::nic: break;
    case Kind::pcie: f.share = draws.uniform(0.26, 0.30); break;
    case Kind::cable:
      f.share = draws.uniform(0.2, 0.7);
      f.direction = draws.chance(0.5) ? Direction::out : Direction::in;
      break;
    case Kind::leaf_port: f.share = draws.uniform(0.3, 0.7); break;
    case Kind::spine_link: f.share = draws.uniform(0.3, 0.6); break;
  }
  return f;
}

std::vector<Fault> draw_faults(const fabric::Fabric& fabric, int k, Draws& draws) {
  const fabric::HostRails rails(fabric);
  std::vector<Kind> classes;
  if (rails.size() > 0) classes = {Kind::nic, Kind::pcie, Kind::cable, Kind::leaf_port};
  if (!fabric.uplinks.empty()) classes.push_back(Kind::spine_link);
  std::vector<Fault> faults;
  if (classes.empty()) return faults;
  const std::size_t available = 4 * rails.size() + fabric.uplinks.size();
  while (static_cast<int>(faults.size()) < k && faults.size() < available) {
    const Kind kind = classes[draws.below(classes.size())];
    const auto count = kind == Kind::spine_link ? fabric.uplinks.size() : rails.size();
    const fabric::Component c{kind, static_cast<std::uint32_t>(draws.below(count))};
    if (std::any_of(faults.begin(), faults.end(), [&](const Fault& f) { return f.component == c; })) continue;
    faults.push_back(drawn_fault(c, draws));
  }
  return faults;
}

}  // namespace roce::sim
