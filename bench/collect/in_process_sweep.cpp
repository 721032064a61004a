#include "collect/sweeps.hpp"

namespace roce::bench {

InProcessSweep::InProcessSweep(std::vector<std::string> devices, sources::rtnl::RtnlReader rtnl)
    : devices_(std::move(devices)),
      ethtool_(std::make_unique<sources::ethtool::EthtoolReader>()),
      rtnl_(std::move(rtnl)) {}

Expected<InProcessSweep> InProcessSweep::open(std::vector<std::string> devices) {
  auto rtnl = sources::rtnl::RtnlReader::open();
  if (!rtnl) return fail(std::move(rtnl.error()).context("in-process sweep"));
  return InProcessSweep(std::move(devices), std::move(*rtnl));
}

Outcome InProcessSweep::run() {
  auto dumped = rtnl_.dump_links();
  if (!dumped) return fail(std::move(dumped.error()).context("in-process sweep"));
  links = std::move(*dumped);
  stats.clear();
  dcb.clear();
  for (const auto& name : devices_) {
    stats.push_back(ethtool_->read_stats(name));
    model::NetDev nd;
    nd.name = name;
    rtnl_.read_dcb(nd);
    dcb.push_back(std::move(nd.dcb));
  }
  return done();
}

}  // namespace roce::bench
