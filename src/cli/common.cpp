#include "cli/common.hpp"

#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace roce::cli {

int report_error(const Error& error, int exit_code) {
  std::fprintf(stderr, "roce-doctor: %s\n", error.message.c_str());
  if (!error.hint.empty()) std::fprintf(stderr, "hint: %s\n", error.hint.c_str());
  return exit_code;
}

void print_warnings(const std::vector<std::string>& warnings) {
  for (const auto& w : warnings) std::fprintf(stderr, "roce-doctor: %s\n", w.c_str());
}

namespace {

volatile std::sig_atomic_t g_stop = 0;
extern "C" void on_stop_signal(int) { g_stop = 1; }

}  // namespace

void catch_stop_signals() {
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
}

bool stop_requested() { return g_stop != 0; }

void sleep_until(std::chrono::steady_clock::time_point until) {
  using Clock = std::chrono::steady_clock;
  while (!stop_requested() && Clock::now() < until)
    std::this_thread::sleep_for(std::min<Clock::duration>(std::chrono::milliseconds(50), until - Clock::now()));
}

namespace {

bool pairs_with(const model::RdmaDevice& dev, const std::string& netdev) {
  if (dev.netdevs.ok() && std::count(dev.netdevs->begin(), dev.netdevs->end(), netdev)) return true;
  return std::any_of(dev.ports.begin(), dev.ports.end(),
                     [&](const model::RdmaPort& p) { return p.netdev.ok() && *p.netdev == netdev; });
}

}  // namespace

model::Host filter_host(const model::Host& host, const std::string& device) {
  model::Host out = host;
  out.netdevs.clear();
  out.rdma_devices.clear();
  std::vector<std::string> wanted_netdevs{device};
  for (const auto& dev : host.rdma_devices) {
    if (dev.name == device) {
      out.rdma_devices.push_back(dev);
      if (dev.netdevs.ok()) wanted_netdevs.insert(wanted_netdevs.end(), dev.netdevs->begin(), dev.netdevs->end());
      for (const auto& p : dev.ports)
        if (p.netdev.ok()) wanted_netdevs.push_back(*p.netdev);
    } else if (pairs_with(dev, device)) {
      out.rdma_devices.push_back(dev);
    }
  }
  for (const auto& nd : host.netdevs)
    if (std::count(wanted_netdevs.begin(), wanted_netdevs.end(), nd.name)) out.netdevs.push_back(nd);
  return out;
}

bool host_is_empty(const model::Host& host) { return host.netdevs.empty() && host.rdma_devices.empty(); }

bool stdout_wants_colour() {
  if (!isatty(STDOUT_FILENO) || std::getenv("NO_COLOR")) return false;
  const char* term = std::getenv("TERM");
  return term && std::strcmp(term, "dumb") != 0;
}

}  // namespace roce::cli
