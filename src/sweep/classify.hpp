#pragma once
// Which part of a degraded place it is, and how sure: the tests' shape first, the hosts' and
// switches' own findings where they agree with it.
//   loopback low too                       -> the PCIe link (a loopback crosses nothing else)
//   one direction low, the other at rate   -> the cable (one fibre of it, or its optic)
//   both directions low, loopback at rate  -> the NIC port when the results sit steady at a
//                                             fraction of line rate (a link trained at a lower
//                                             speed), the switch port when they scatter (loss)
// A leaf's spine links: ECMP hides which one a flow took, so the tests name the leaf's set; a
// switch's own counters on one of its uplinks name the link.
#include <string>
#include <vector>

#include "fabric/fabric.hpp"
#include "fabric/test.hpp"
#include "sweep/explain.hpp"
#include "sweep/localize.hpp"
#include "sweep/rail_facts.hpp"

namespace roce::sweep {

/// A test the localizer wants in the next round, before partners are chosen.
struct Wanted {
  enum class Need : std::uint8_t { loopback, send, receive, across } need = Need::send;
  Place place;    // the NIC (or, for `across`, the leaf) to test
  int count = 1;  // how many such tests (each with another partner)
  std::string why;
};

/// True for the checks that name a broken part (a slow link, a narrow PCIe link, a bad signal,
/// a switch port's errors); false for those about traffic (pause storms, ECN, drops).
bool names_a_part(const std::string& check_id);

Suspect judge_rail(const fabric::Fabric& fabric, const Facts& facts, const std::vector<Observation>& observations,
                   const std::vector<fabric::Evidence>& evidence, const Explained& place, std::vector<Wanted>& wanted);

Suspect judge_leaf(const fabric::Fabric& fabric, const Facts& facts, const std::vector<Observation>& observations,
                   const std::vector<fabric::Evidence>& evidence, const Explained& place, std::vector<Wanted>& wanted);

/// "48%", "41-47%".
std::string percent(double share);
std::string percent_range(double low, double high);

}  // namespace roce::sweep
