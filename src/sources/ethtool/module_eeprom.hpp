#pragma once
// Decoder of a pluggable module's EEPROM: which management spec it follows (SFF-8472 SFP, SFF-8636
// QSFP, CMIS QSFP-DD/OSFP, by the SFF-8024 identifier in byte 0), whether it is a cable assembly
// (DAC, active copper or optical cable) or a separable optic, and the cable length an assembly
// reports. Pure: bytes in, facts out.
//
// Offsets (I2C address 0x50; upper page 00h is bytes 128..255):
//   SFF-8472  byte 2 connector, byte 8 bits 2/3 passive/active cable, byte 18 cable length (1 m),
//             byte 36 extended compliance (AOC / ACC codes)
//   SFF-8636  byte 130 connector, byte 146 cable assembly length (1 m), byte 147 bits 7-4
//             transmitter technology (0xA..0xF copper)
//   CMIS      byte 85 module media type (1 MMF, 2 SMF, 3 passive copper, 4 active cable), byte 202
//             cable assembly length (bits 5-0 times 0.1/1/10/100 m by bits 7-6), byte 203 connector,
//             byte 212 media interface technology (0x0A..0x0F copper)
// For a separable optic the length bytes give the fibre reach the module supports (SFF-8472 byte
// 18 and SFF-8636 byte 146 then count OM4 fibre), never the length of the fibre plugged in.
#include <cstdint>
#include <optional>
#include <string>

#include "model/field.hpp"
#include "util/bytes.hpp"
#include "util/expected.hpp"

namespace roce::sources::ethtool {

enum class ModuleSpec { sff8472, sff8636, cmis };

/// What the module says it is, as far as the cable is concerned.
enum class CableMedium {
  passive_copper,     // DAC
  active_copper,      // ACC / AEC
  active_optical,     // AOC
  active_cable,       // an active cable assembly that does not say copper or optical
  separable_optical,  // a transceiver with a fibre connector
  unknown,
};

struct ModuleInfo {
  ModuleSpec spec = ModuleSpec::sff8472;
  std::string identifier;  // SFF-8024 name: "SFP/SFP+/SFP28", "QSFP28", "QSFP-DD"
  CableMedium medium = CableMedium::unknown;
  std::optional<double> length_m;  // a cable assembly's length as the module gives it
  std::string no_length;           // why length_m is empty
  unsigned length_byte = 0;        // the byte length_m was read from
};

const char* to_string(ModuleSpec spec);
const char* to_string(CableMedium medium);

/// The spec an SFF-8024 identifier (EEPROM byte 0) names; nullopt for modules we do not decode.
std::optional<ModuleSpec> module_spec(std::uint8_t identifier);

/// Bytes of the EEPROM to read for a spec (from byte 0): 128 for SFF-8472 (A0h 0..127), 256
/// otherwise (lower page and upper page 00h).
std::size_t module_bytes_needed(ModuleSpec spec);

/// Decodes the module from its EEPROM starting at byte 0 (lower page then upper page 00h).
/// Fails naming the byte for an empty or truncated dump or an identifier it does not decode.
Expected<ModuleInfo> decode_module_eeprom(ByteView eeprom);

/// "QSFP28 (SFF-8636) passive copper cable"
std::string describe(const ModuleInfo& info);

/// The cable length in whole metres, rounded up (headroom must cover the longer cable), as the
/// model keeps it: a value for a cable assembly that gives its length, otherwise absent with why.
model::Field<std::uint32_t> module_cable_field(const ModuleInfo& info, model::Provenance from);

}  // namespace roce::sources::ethtool
