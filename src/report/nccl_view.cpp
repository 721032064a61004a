// Groups a job's NCCL log by host and renders it as text and JSON.
#include "report/nccl_view.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "report/json_values.hpp"
#include "util/text.hpp"

namespace roce::report {
namespace {

using nlohmann::ordered_json;

struct HostView {
  std::string host;
  std::vector<const model::NcclRank*> ranks;
  std::vector<std::string> transports, devices;
  std::string oob_interface, oob_address;
  model::NcclChannels channels;
  std::map<std::string, std::string> env;
  std::vector<model::NcclEvent> errors;
};

void add_unique(std::vector<std::string>& v, const std::string& s) {
  if (!s.empty() && std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
}

std::string device_text(const model::NcclNetDevice& d) {
  std::string s = d.name;
  if (d.port) s += ":" + std::to_string(*d.port);
  if (!d.address.empty()) s += ":" + d.address;
  if (!d.link_layer.empty()) s += "/" + d.link_layer;
  for (const auto& f : d.flags) s += "/" + f;
  if (d.virtual_index && d.virtual_name != d.name)
    s += " (in " + d.virtual_name + ")";  // the device NCCL merged it into
  return s;
}

std::vector<HostView> by_host(const model::NcclLog& log) {
  std::vector<HostView> hosts;
  for (const auto& r : log.ranks) {
    if (hosts.empty() || hosts.back().host != r.host) {
      hosts.emplace_back();
      hosts.back().host = r.host;
    }
    HostView& h = hosts.back();
    h.ranks.push_back(&r);
    add_unique(h.transports, r.network.empty() ? (r.net_plugin.empty() ? "" : r.net_plugin.substr(4)) : r.network);
    for (const auto& d : r.devices) add_unique(h.devices, device_text(d));
    if (h.oob_interface.empty()) h.oob_interface = r.oob_interface, h.oob_address = r.oob_address;
    h.channels.net += r.channels.net;
    h.channels.net_gdr += r.channels.net_gdr;
    h.channels.p2p += r.channels.p2p;
    h.channels.shm += r.channels.shm;
    h.channels.other += r.channels.other;
    for (const auto& [k, v] : r.env) h.env.emplace(k, v);
    for (const auto& e : r.events) {
      auto same = std::find_if(h.errors.begin(), h.errors.end(), [&](const model::NcclEvent& x) {
        return x.kind == e.kind && x.status == e.status && x.hca == e.hca && x.where == e.where;
      });
      if (same == h.errors.end()) {
        h.errors.push_back(e);
        continue;
      }
      same->count += e.count;
      if (std::tie(e.first_source, e.first_line) < std::tie(same->first_source, same->first_line))
        same->first_source = e.first_source, same->first_line = e.first_line, same->first_time = e.first_time;
      if (std::tie(e.last_source, e.last_line) > std::tie(same->last_source, same->last_line))
        same->last_source = e.last_source, same->last_line = e.last_line, same->last_time = e.last_time;
    }
  }
  return hosts;
}

ordered_json or_null(const std::string& s) { return s.empty() ? ordered_json(nullptr) : ordered_json(s); }

ordered_json gdr_json(const model::NcclChannels& c) {
  if (c.net == 0) return nullptr;
  return c.net_gdr > 0;
}

}  // namespace

ordered_json nccl_hosts_json(const model::NcclLog& log) {
  ordered_json hosts = ordered_json::array();
  for (const auto& h : by_host(log)) {
    ordered_json ranks = ordered_json::array();
    for (const auto* r : h.ranks)
      ranks.push_back({{"pid", r->pid},
                       {"ranks", r->ranks},
                       {"cuda_device", or_null(r->cuda_device)},
                       {"version", or_null(r->version.empty() ? log.version : r->version)},
                       {"library", or_null(r->version.empty() ? log.library : r->library)},
                       {"lines", r->lines}});
    ordered_json errors = ordered_json::array();
    for (const auto& e : h.errors)
      errors.push_back({{"kind", e.kind},
                        {"status", or_null(e.status)},
                        {"hca", or_null(e.hca)},
                        {"where", or_null(e.where)},
                        {"count", e.count},
                        {"first_source", e.first_source},
                        {"first_line", e.first_line},
                        {"first_time", or_null(e.first_time)},
                        {"last_source", e.last_source},
                        {"last_line", e.last_line},
                        {"last_time", or_null(e.last_time)},
                        {"message", e.message}});
    hosts.push_back({{"host", h.host},
                     {"ranks", ranks},
                     {"transport", or_null(util::join(h.transports, ","))},
                     {"devices", h.devices},
                     {"oob", {{"interface", or_null(h.oob_interface)}, {"address", or_null(h.oob_address)}}},
                     {"gdr", gdr_json(h.channels)},
                     {"channels",
                      {{"net", h.channels.net},
                       {"net_gdr", h.channels.net_gdr},
                       {"p2p", h.channels.p2p},
                       {"shm", h.channels.shm},
                       {"other", h.channels.other}}},
                     {"env", h.env},
                     {"errors", errors}});
  }
  return hosts;
}

// Outside the unnamed namespace: or_null of an optional is json_values' (the local one takes a string).
ordered_json nccl_job_errors_json(const model::NcclLog& log) {
  ordered_json out = ordered_json::array();
  for (const auto& e : log.job_events)
    out.push_back({{"kind", e.kind},
                   {"result", or_null(e.status)},
                   {"where", or_null(e.where)},
                   {"count", e.count},
                   {"ranks", e.ranks},
                   {"hosts", e.hosts},
                   {"first_source", e.first_source},
                   {"first_line", e.first_line},
                   {"last_source", e.last_source},
                   {"last_line", e.last_line},
                   {"message", e.message}});
  return out;
}

ordered_json nccl_log_json(const model::NcclLog& log) {
  return {{"sources", log.sources},
          {"version", or_null(log.version)},
          {"lines", log.lines},
          {"nccl_lines", log.nccl_lines},
          {"unknown_lines", log.unknown_lines},
          {"other_lines", log.other_lines},
          {"unknown_examples", log.unknown_examples},
          {"events_dropped", log.events_dropped},
          {"job_errors", nccl_job_errors_json(log)}};
}

std::string nccl_summary_text(const model::NcclLog& log, bool verbose) {
  std::string out = "NCCL log " + util::join(log.sources, ", ") + ": " + std::to_string(log.lines) + " lines, " +
                    std::to_string(log.nccl_lines) + " from NCCL, " + std::to_string(log.unknown_lines) +
                    " not understood\n";
  for (const auto& h : by_host(log)) {
    std::string versions;
    std::vector<std::string> v;
    std::string pids, library = "NCCL";
    for (const auto* r : h.ranks) {
      add_unique(v, r->version.empty() ? log.version : r->version);
      if ((r->version.empty() ? log.library : r->library) == "RCCL") library = "RCCL";
      pids += (pids.empty() ? "" : " ") + std::to_string(r->pid);
      if (!r->ranks.empty()) {
        pids += "(rank";
        for (int k : r->ranks) pids += " " + std::to_string(k);
        pids += ")";
      }
    }
    out += "\n" + (h.host.empty() ? std::string("(no host prefix)") : h.host) + ": " + std::to_string(h.ranks.size()) +
           " process" + (h.ranks.size() == 1 ? "" : "es") + " " + pids + "\n";
    if (!v.empty()) out += "  " + library + " " + util::join(v, ", ") + "\n";
    out += "  transport " + (h.transports.empty() ? std::string("unknown") : util::join(h.transports, ", ")) +
           "; devices " + (h.devices.empty() ? std::string("none listed") : util::join(h.devices, " ")) + "\n";
    if (!h.oob_interface.empty()) out += "  OOB " + h.oob_interface + " " + h.oob_address + "\n";
    const auto& c = h.channels;
    out += "  channels: " + std::to_string(c.net) + " NET (" + std::to_string(c.net_gdr) + " with GDRDMA), " +
           std::to_string(c.p2p) + " P2P, " + std::to_string(c.shm) + " SHM" +
           (c.other ? ", " + std::to_string(c.other) + " other" : "") + "\n";
    for (const auto& [k, val] : h.env) out += "  " + k + "=" + val + "\n";
    for (const auto& e : h.errors) {
      out += "  " + e.kind + (e.status ? " " + std::to_string(*e.status) : "") + (e.hca.empty() ? "" : " on " + e.hca) +
             ": " + std::to_string(e.count) + "x, first " + e.first_source + ":" + std::to_string(e.first_line) +
             (e.first_time.empty() ? "" : " " + e.first_time) + ", last " + e.last_source + ":" +
             std::to_string(e.last_line) + (e.last_time.empty() ? "" : " " + e.last_time) + "\n    " + e.message + "\n";
    }
  }
  if (!log.job_events.empty()) out += "\nfailures the framework or the test reported:\n";
  for (const auto& e : log.job_events) {
    std::string ranks;
    for (std::size_t i = 0; i < e.ranks.size() && i < 16; ++i)
      ranks += (i ? "," : e.ranks.size() == 1 ? ", rank " : ", ranks ") + std::to_string(e.ranks[i]);
    if (e.ranks.size() > 16) ranks += " and " + std::to_string(e.ranks.size() - 16) + " more";
    out += "  " + e.kind + (e.where.empty() ? "" : " at " + e.where) + ": " + std::to_string(e.count) + "x, first " +
           e.first_source + ":" + std::to_string(e.first_line) + ", last " + e.last_source + ":" +
           std::to_string(e.last_line) + ranks + (e.hosts.empty() ? "" : " on " + util::join(e.hosts, ",")) + "\n    " +
           e.message + "\n";
  }
  if (log.events_dropped)
    out += "\n" + std::to_string(log.events_dropped) + " further warnings of kinds beyond the per-process limit\n";
  if (verbose && !log.unknown_examples.empty()) {
    out += "\nNCCL lines not understood (first " + std::to_string(log.unknown_examples.size()) + "):\n";
    for (const auto& u : log.unknown_examples) out += "  " + u + "\n";
  }
  return out;
}

}  // namespace roce::report
