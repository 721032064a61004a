#include "captures/text/ibstat.hpp"

#include <array>

#include "captures/text/ib_names.hpp"
#include "captures/text/text_input.hpp"

namespace roce::captures::text {
namespace {

// infiniband-diags ibstat.c port_state_str / port_phy_state_str, indexed by code.
constexpr std::array<std::string_view, 5> kStates = {"???", "Down", "Initializing", "Armed", "Active"};
constexpr std::array<std::string_view, 8> kPhysStates = {
    "No state change",           "Sleep",  "Polling",           "Disabled",
    "PortConfigurationTraining", "LinkUp", "LinkErrorRecovery", "PhyTest"};

template <std::size_t N>
std::optional<std::uint32_t> code_of(const std::array<std::string_view, N>& names, std::string_view name) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == name) return static_cast<std::uint32_t>(i);
  return std::nullopt;
}

// "CA 'mlx5_0'" or "CA: 'mlx5_0'" -> "mlx5_0".
std::optional<std::string_view> ca_name(std::string_view body) {
  if (!consume(body, "CA '") && !consume(body, "CA: '")) return std::nullopt;
  if (body.size() < 2 || body.back() != '\'') return std::nullopt;
  return body.substr(0, body.size() - 1);
}

std::optional<std::uint32_t> port_number(std::string_view body) {
  if (!consume(body, "Port ") || !body.ends_with(':')) return std::nullopt;
  return to_u32(body.substr(0, body.size() - 1));
}

class IbstatParser {
 public:
  IbstatParser(std::string_view text, const TextOrigin& origin) : in_(text, origin) {}

  Expected<Parsed<std::vector<model::RdmaDevice>>> run() {
    if (in_.lines().empty()) return in_.error("empty: no ibstat output");
    const Line& first = in_.lines().front();
    if (panic(first)) return in_.result(std::move(devices_));
    if (!ca_name(first.body()))
      return in_.error(first, "not ibstat output: expected \"CA '<name>'\", got " + shown(first.text));
    for (const Line& line : in_.lines()) {
      auto ok = take(line);
      if (!ok) return fail(ok.error());
    }
    return in_.result(std::move(devices_));
  }

 private:
  // ibstat's IBPANIC ("ibpanic: [PID] main: stat of IB device 'mlx5_8' failed: <errno text>", exit
  // 255) ends the run: that device and those after it are missing. A note, not a malformed line.
  bool panic(const Line& line) {
    std::string_view body = line.body();
    if (!consume(body, "ibpanic:")) return false;
    std::string what = "ibstat failed (" + std::string(trim(body)) + "): the RDMA device list is incomplete";
    if (const auto at = body.find("IB device '"); at != std::string_view::npos) {
      const std::string_view rest = body.substr(at + 11);
      what += ", " + std::string(rest.substr(0, rest.find('\''))) + " and the devices after it are missing";
    }
    in_.warn(line, what);
    return true;
  }

  Outcome take(const Line& line) {
    const std::string_view body = line.body();
    if (panic(line)) return done();
    if (auto name = ca_name(body)) {
      devices_.emplace_back().name = std::string(*name);
      port_ = nullptr;
      return done();
    }
    if (auto number = port_number(body)) {
      port_ = &devices_.back().ports.emplace_back();
      port_->number = *number;
      return done();
    }
    auto kv = split_key(body);
    if (!kv || !plain_key(kv->first)) {
      in_.warn(line, "not a 'key: value' line of ibstat, skipped: " + shown(line.text));
      return done();
    }
    if (device_key(line, kv->first, kv->second)) return done();
    if (port_key(line, kv->first, kv->second)) return done();
    return done();  // a field of ibstat that roce-doctor does not use (Base lid, Port GUID, ...)
  }

  bool device_key(const Line& line, std::string_view key, std::string_view value) {
    model::RdmaDevice& dev = devices_.back();
    const auto from = in_.at(line);
    if (key == "CA type") {
      dev.hca_type = value.empty() ? model::Field<std::string>::missing(model::Availability::absent,
                                                                        "ibstat printed an empty CA type", from)
                                   : model::Field<std::string>::of(std::string(value), from);
    } else if (key == "Firmware version") {
      dev.fw_ver = model::Field<std::string>::of(std::string(value), from);
    } else if (key == "Number of ports") {
      if (auto n = to_u32(value))
        dev.port_count = model::Field<std::uint32_t>::of(*n, from);
      else
        dev.port_count = in_.garbled<std::uint32_t>(line, "number of ports", value);
    } else if (key == "Node GUID") {
      if (auto guid = guid_in_sysfs_form(value))
        dev.node_guid = model::Field<std::string>::of(*guid, from);
      else
        dev.node_guid = in_.garbled<std::string>(line, "node GUID (0x + 16 hex digits)", value);
    } else {
      return false;
    }
    return true;
  }

  bool port_key(const Line& line, std::string_view key, std::string_view value) {
    static constexpr std::array<std::string_view, 5> kPortKeys = {"State", "Physical state", "Rate", "Link layer",
                                                                  "Base lid"};
    if (!port_) {
      for (auto k : kPortKeys)
        if (key == k) in_.warn(line, "port field before any 'Port N:' line, skipped: " + shown(line.text));
      return false;
    }
    const auto from = in_.at(line);
    if (key == "State") {
      auto code = code_of(kStates, value);
      port_->state = code ? model::Field<model::PortState>::of(port_state_from_code(*code), from)
                          : in_.garbled<model::PortState>(line, "port state", value);
    } else if (key == "Physical state") {
      auto code = value == "Phy Test" ? std::optional<std::uint32_t>(7) : code_of(kPhysStates, value);
      port_->phys_state = code ? model::Field<model::PortState>::of(phys_state_from_code(*code), from)
                               : in_.garbled<model::PortState>(line, "physical state", value);
    } else if (key == "Rate") {
      // "400", "2.5", "10 (FDR10)".
      const auto words = split_words(value);
      auto gbps = words.empty() ? std::nullopt : to_double(words[0]);
      port_->rate_gbps = gbps ? model::Field<double>::of(*gbps, from) : in_.garbled<double>(line, "rate", value);
      port_->rate = model::Field<std::string>::missing(
          model::Availability::absent, "ibstat prints the rate in Gb/s only, without width and encoding", from);
    } else if (key == "Link layer") {
      port_->link_layer = model::Field<std::string>::of(std::string(value), from);
    } else {
      return false;
    }
    return true;
  }

  TextInput in_;
  std::vector<model::RdmaDevice> devices_;
  model::RdmaPort* port_ = nullptr;
};

}  // namespace

Expected<Parsed<std::vector<model::RdmaDevice>>> parse_ibstat(std::string_view text, const TextOrigin& origin) {
  return IbstatParser(text, origin).run();
}

}  // namespace roce::captures::text
