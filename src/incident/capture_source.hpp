#pragma once
// A capture (a `collect` bundle, a capture folder or archive, read by import::load_capture as
// `check --from` and `fleet` read it): its samples as series, its host's LLDP neighbours (the
// bundle's host_lldp, lldpctl outputs in a folder) for the cables. A capture is small: it is read
// once, whole.
#include <memory>
#include <string>

#include "incident/source.hpp"

namespace roce::incident {

std::unique_ptr<Source> capture_source(std::string path, std::string label);

}  // namespace roce::incident
