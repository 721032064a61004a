#include "engine/finding.hpp"

namespace roce::engine {

const char* to_string(Severity s) {
  switch (s) {
    case Severity::info: return "info";
    case Severity::warning: return "warning";
    case Severity::critical: return "critical";
  }
  return "info";
}

std::string Subject::to_string() const {
  std::string s = netdev;
  if (!rdma_device.empty()) {
    std::string dev = rdma_device + (port ? "/" + std::to_string(*port) : "");
    s = s.empty() ? dev : s + " (" + dev + ")";
  }
  if (priority) s += " prio " + std::to_string(*priority);
  if (buffer) s += " buffer " + std::to_string(*buffer);
  return s;
}

std::string Subject::port_name() const {
  if (!netdev.empty() || rdma_device.empty()) return netdev;
  return rdma_device + (port ? "/" + std::to_string(*port) : "");
}

}  // namespace roce::engine
