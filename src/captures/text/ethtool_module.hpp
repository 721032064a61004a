#pragma once
// Parser of `ethtool -m <if>` (`--module-info`): the cable length a pluggable module reports, in
// every form ethtool prints it:
//   SFP (SFF-8472)      Length (Copper)                 : 2m      (ethtool before 6.9)
//                       Length (Copper or Active cable) : 2m      (later)
//   QSFP (SFF-8636)     Length (Copper or Active cable) : 3m
//   QSFP-DD/OSFP (CMIS) Cable assembly length           : 3.00m   ("> 6.3km" at the field's maximum)
// The length is a cable's only for a cable assembly: the Connector line says "0x21 (Copper pigtail)"
// or "0x23 (No separable connector)", or (SFP) a "Transceiver type" line says "Passive Cable" /
// "Active Cable". For a separable optic ethtool prints the fibre reach the module supports under the
// same labels (SFF-8636 byte 146 counts OM4 metres then): that is no cable length, and the result is
// missing(absent) saying so. Metres are rounded up (0.50m -> 1). A tool failure ("Cannot get Module
// EEPROM data: Operation not supported", "netlink error: ...") is a result: missing(unsupported /
// denied / error) with that text. Conventions: parse_result.hpp.
#include <cstdint>
#include <string_view>

#include "captures/text/parse_result.hpp"

namespace roce::captures::text {

Expected<Parsed<model::Field<std::uint32_t>>> parse_ethtool_module(std::string_view text, const TextOrigin& origin);

}  // namespace roce::captures::text
