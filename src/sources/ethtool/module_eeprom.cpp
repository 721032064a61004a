// The module EEPROM decoder: identifier, cable medium and cable assembly length.
#include "sources/ethtool/module_eeprom.hpp"

#include <cmath>
#include <cstdio>

namespace roce::sources::ethtool {
namespace {

// SFF-8024 connector codes of a cable assembly.
constexpr std::uint8_t kCopperPigtail = 0x21, kNoSeparableConnector = 0x23;

bool assembly_connector(std::uint8_t connector) {
  return connector == kCopperPigtail || connector == kNoSeparableConnector;
}

const char* identifier_name(std::uint8_t id) {
  switch (id) {
    case 0x03: return "SFP/SFP+/SFP28";
    case 0x0C: return "QSFP";
    case 0x0D: return "QSFP+";
    case 0x11: return "QSFP28";
    case 0x18: return "QSFP-DD";
    case 0x19: return "OSFP";
    case 0x1E: return "QSFP+ or later with CMIS";
    default: return "unknown";
  }
}

std::string hex(std::uint8_t b) {
  char s[8];
  std::snprintf(s, sizeof s, "0x%02x", b);
  return s;
}

// The highest byte offset each decoder reads, plus one.
std::size_t bytes_read(ModuleSpec spec) {
  switch (spec) {
    case ModuleSpec::sff8472: return 37;
    case ModuleSpec::sff8636: return 148;
    case ModuleSpec::cmis: return 213;
  }
  return 256;
}

void set_length(ModuleInfo& m, double metres, unsigned byte) {
  m.length_byte = byte;
  if (metres > 0)
    m.length_m = metres;
  else
    m.no_length = "the module gives no cable length (byte " + std::to_string(byte) + " is 0)";
}

void decode_sff8472(ByteView e, ModuleInfo& m) {
  const std::uint8_t connector = e[2], cable_tech = e[8], extended = e[36];
  const bool passive = cable_tech & 0x04, active = cable_tech & 0x08;
  if (passive)
    m.medium = CableMedium::passive_copper;
  else if (active)
    m.medium = extended == 0x01 || extended == 0x18   ? CableMedium::active_optical
               : extended == 0x08 || extended == 0x19 ? CableMedium::active_copper
                                                      : CableMedium::active_cable;
  else if (connector == kCopperPigtail)
    m.medium = CableMedium::passive_copper;
  else if (connector == kNoSeparableConnector)
    m.medium = CableMedium::active_cable;
  else
    m.medium = CableMedium::separable_optical;
  if (m.medium != CableMedium::separable_optical) set_length(m, e[18], 18);
}

void decode_sff8636(ByteView e, ModuleInfo& m) {
  const std::uint8_t connector = e[130], technology = e[147] >> 4;
  if (technology >= 0xA)
    m.medium = technology <= 0xB ? CableMedium::passive_copper : CableMedium::active_copper;
  else if (assembly_connector(connector))
    m.medium = CableMedium::active_optical;
  else
    m.medium = CableMedium::separable_optical;
  if (m.medium == CableMedium::separable_optical) return;
  if (e[146] == 0xFF) {  // the field's maximum: "longer than 254 m"
    m.length_byte = 146;
    m.no_length = "the module gives its cable length as longer than 254 m (byte 146 is 0xff)";
    return;
  }
  set_length(m, e[146], 146);
}

void decode_cmis(ByteView e, ModuleInfo& m) {
  const std::uint8_t media_type = e[85], connector = e[203], technology = e[212];
  const bool copper_tech = technology >= 0x0A && technology <= 0x0F;
  if (media_type == 0x03)
    m.medium = CableMedium::passive_copper;
  else if (media_type == 0x04)
    m.medium = copper_tech ? CableMedium::active_copper : CableMedium::active_optical;
  else if (assembly_connector(connector))
    m.medium = copper_tech ? CableMedium::passive_copper : CableMedium::active_cable;
  else if (media_type == 0x01 || media_type == 0x02)
    m.medium = CableMedium::separable_optical;
  else
    m.medium = CableMedium::unknown;
  if (m.medium == CableMedium::separable_optical) return;
  const std::uint8_t len = e[202];
  if (len == 0xFF) {
    m.length_byte = 202;
    m.no_length = "the module gives its cable length as longer than 6.3 km (byte 202 is 0xff)";
    return;
  }
  static constexpr double kMultiplier[4] = {0.1, 1, 10, 100};
  set_length(m, (len & 0x3F) * kMultiplier[len >> 6], 202);
}

}  // namespace

const char* to_string(ModuleSpec spec) {
  switch (spec) {
    case ModuleSpec::sff8472: return "SFF-8472";
    case ModuleSpec::sff8636: return "SFF-8636";
    case ModuleSpec::cmis: return "CMIS";
  }
  return "unknown";
}

const char* to_string(CableMedium medium) {
  switch (medium) {
    case CableMedium::passive_copper: return "passive copper cable";
    case CableMedium::active_copper: return "active copper cable";
    case CableMedium::active_optical: return "active optical cable";
    case CableMedium::active_cable: return "active cable";
    case CableMedium::separable_optical: return "separable optical module";
    case CableMedium::unknown: return "module of unknown medium";
  }
  return "module of unknown medium";
}

std::optional<ModuleSpec> module_spec(std::uint8_t identifier) {
  switch (identifier) {
    case 0x03: return ModuleSpec::sff8472;
    case 0x0C:
    case 0x0D:
    case 0x11: return ModuleSpec::sff8636;
    case 0x18:
    case 0x19:
    case 0x1E: return ModuleSpec::cmis;
    default: return std::nullopt;
  }
}

std::size_t module_bytes_needed(ModuleSpec spec) { return spec == ModuleSpec::sff8472 ? 128 : 256; }

Expected<ModuleInfo> decode_module_eeprom(ByteView e) {
  if (e.empty()) return fail("module EEPROM: no bytes");
  const auto spec = module_spec(e[0]);
  if (!spec)
    return fail("module EEPROM byte 0: identifier " + hex(e[0]) + " is not an SFP, QSFP or CMIS module",
                "SFF-8024 identifiers decoded: 0x03, 0x0c, 0x0d, 0x11, 0x18, 0x19, 0x1e");
  if (e.size() < bytes_read(*spec))
    return fail("module EEPROM: " + std::to_string(e.size()) + " bytes, " + to_string(*spec) + " needs " +
                std::to_string(bytes_read(*spec)));
  ModuleInfo m;
  m.spec = *spec;
  m.identifier = identifier_name(e[0]);
  switch (*spec) {
    case ModuleSpec::sff8472: decode_sff8472(e, m); break;
    case ModuleSpec::sff8636: decode_sff8636(e, m); break;
    case ModuleSpec::cmis: decode_cmis(e, m); break;
  }
  return m;
}

std::string describe(const ModuleInfo& info) {
  return info.identifier + " (" + to_string(info.spec) + ") " + to_string(info.medium);
}

model::Field<std::uint32_t> module_cable_field(const ModuleInfo& info, model::Provenance from) {
  const std::string where = from.locator + ": " + describe(info) + ": ";
  if (info.medium == CableMedium::separable_optical)
    return model::Field<std::uint32_t>::missing(
        model::Availability::absent,
        where + "its EEPROM gives the fibre reach it supports, not the length of the fibre plugged in", from);
  if (!info.length_m)
    return model::Field<std::uint32_t>::missing(model::Availability::absent, where + info.no_length, from);
  from.locator += " byte " + std::to_string(info.length_byte) + " (" + describe(info) + ")";
  // 0.1 m steps: 2.5 m is 3 m of headroom; a small epsilon keeps 3.0 (30 * 0.1) at 3.
  return model::Field<std::uint32_t>::of(static_cast<std::uint32_t>(std::ceil(*info.length_m - 1e-6)), from);
}

}  // namespace roce::sources::ethtool
