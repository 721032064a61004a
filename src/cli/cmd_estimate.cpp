// roce-doctor estimate: the time of a transfer or collective, or the rate a deadline needs.
#include "cli/cmd_estimate.hpp"

#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/duration.hpp"
#include "physics/estimate.hpp"
#include "report/check_json.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {
namespace {

struct EstimateOptions {
  std::string size, rate, busbw, collective = "none", algo = "ring", within;
  int ranks = 0;
  bool json = false;
};

std::string estimate_seconds_text(double s) {
  char buf[48];
  if (s >= 1)
    std::snprintf(buf, sizeof buf, "%.3g s", s);
  else if (s >= 1e-3)
    std::snprintf(buf, sizeof buf, "%.3g ms", s * 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.3g us", s * 1e6);
  return buf;
}

std::string estimate_number(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

int run_estimate(const EstimateOptions& o) {
  const auto fail = [&](const std::string& message, const std::string& hint) {
    const Error e{message, hint};
    if (o.json) {
      const std::string doc = report::render_error_json(e, kExitInputError);
      std::fwrite(doc.data(), 1, doc.size(), stdout);
    }
    return report_error(e, kExitInputError);
  };
  const auto bytes = physics::parse_size(o.size);
  if (!bytes || *bytes <= 0)
    return fail("--size " + o.size + ": not a size", "bytes, or with a unit: 2GB, 512MiB, 1.5T");
  const auto collective = physics::collective_named(o.collective);
  if (!collective)
    return fail("--collective " + o.collective + ": unknown",
                "all_reduce, all_gather, reduce_scatter, alltoall, broadcast, reduce, sendrecv");
  if (o.algo != "ring" && o.algo != "tree") return fail("--algo " + o.algo + ": unknown", "ring or tree");
  const auto algo = o.algo == "tree" ? physics::Algorithm::tree : physics::Algorithm::ring;
  if (physics::needs_ranks(*collective, algo) && o.ranks < 2)
    return fail("--collective " + std::string(physics::to_string(*collective)) + " needs --ranks N (N >= 2)",
                "the number of ranks (GPUs) taking part");
  const double factor = physics::bus_factor(*collective, o.ranks, algo);
  std::optional<double> rate;
  std::string rate_kind = "rate";
  if (!o.rate.empty() && !o.busbw.empty()) return fail("--rate and --busbw exclude each other", "give one");
  if (!o.busbw.empty()) {
    rate = physics::parse_rate_gbps(o.busbw);
    if (!rate) {
      const auto plain = physics::parse_size(o.busbw);  // a bare number is GB/s, as nccl-tests prints busbw
      if (plain && o.busbw.find_first_not_of("0123456789.") == std::string::npos) rate = *plain * 8;
    }
    if (!rate || *rate <= 0)
      return fail("--busbw " + o.busbw + ": not a bandwidth", "GB/s as nccl-tests prints it: 45.2");
    rate_kind = "busbw";
  } else if (!o.rate.empty()) {
    rate = physics::parse_rate_gbps(o.rate);
    if (!rate || *rate <= 0) return fail("--rate " + o.rate + ": not a rate", "400G, 400Gb/s, 100Gbps, 50GB/s");
  }
  nlohmann::ordered_json doc;
  doc["schema_version"] = 1;
  doc["bytes"] = *bytes;
  doc["collective"] = physics::to_string(*collective);
  if (*collective != physics::Collective::none) {
    doc["ranks"] = o.ranks;
    doc["algo"] = o.algo;
  }
  doc["bus_factor"] = factor;
  std::string text;
  const std::string what = *collective == physics::Collective::none
                               ? o.size
                               : std::string(physics::to_string(*collective)) + " of " + o.size +
                                     (o.ranks ? " over " + std::to_string(o.ranks) + " ranks" : std::string()) + " (" +
                                     o.algo + ", bus factor " + estimate_number(factor) + ")";
  if (!o.within.empty()) {
    const auto d = parse_duration(o.within);
    if (!d || d->count() <= 0) return fail("--within " + o.within + ": not a duration", "50ms, 2s, 1.5");
    const double seconds = static_cast<double>(d->count()) / 1000;
    const double needed = physics::rate_needed_gbps(*bytes, seconds, factor);
    doc["seconds"] = seconds;
    doc["rate_gbps_needed"] = needed;
    text = what + " within " + estimate_seconds_text(seconds) + ": needs " + estimate_number(needed) + " Gb/s (" +
           estimate_number(needed / 8) + " GB/s" + (*collective == physics::Collective::none ? "" : " busbw") + ")";
    if (rate) {
      doc["rate_gbps"] = *rate;
      doc["fits"] = *rate >= needed;
      text += "; " + rate_kind + " " + estimate_number(*rate) + " Gb/s " +
              (*rate >= needed ? "is enough" : "is not enough");
    }
  } else {
    if (!rate) return fail("give --rate or --busbw (or --within for the rate needed)", "--rate 400G");
    const double seconds = physics::transfer_seconds(*bytes, *rate, factor);
    doc["rate_gbps"] = *rate;
    doc["rate_is_busbw"] = rate_kind == "busbw";
    doc["seconds"] = seconds;
    text = what + " at " + rate_kind + " " + estimate_number(*rate) + " Gb/s: " + estimate_seconds_text(seconds);
  }
  const std::string out = o.json ? doc.dump(2) + "\n" : text + "\n";
  std::fwrite(out.data(), 1, out.size(), stdout);
  return std::fflush(stdout) == 0 ? kExitHealthy : kExitRuntimeError;
}

}  // namespace

void add_estimate_command(CLI::App& app, GlobalOptions&, int& exit_code) {
  auto o = std::make_shared<EstimateOptions>();
  auto* e = app.add_subcommand("estimate",
                               "How long a transfer or collective takes at a rate or measured busbw, or (--within) "
                               "the rate a deadline needs");
  e->add_option("--size", o->size, "Data per rank: bytes, or 2GB (10^9), 512MiB (2^20), 1.5T")
      ->type_name("SIZE")
      ->required();
  e->add_option("--rate", o->rate, "Link rate: 400G, 400Gb/s, 100Gbps, 50GB/s")->type_name("RATE");
  e->add_option("--busbw", o->busbw, "A measured bus bandwidth in GB/s (nccl-tests' busbw) instead of --rate")
      ->type_name("GBPS");
  e->add_option("--collective", o->collective,
                "all_reduce, all_gather, reduce_scatter, alltoall, broadcast, reduce, sendrecv (default: one transfer)")
      ->type_name("NAME");
  e->add_option("--ranks", o->ranks, "Ranks (GPUs) in the collective")->type_name("N");
  e->add_option("--algo", o->algo, "ring (default) or tree (all_reduce)")->type_name("ALGO");
  e->add_option("--within", o->within, "The inverse: the rate needed to finish within this time (50ms, 2s)")
      ->type_name("DURATION");
  e->add_flag("--json", o->json, "Print the estimate as JSON (seconds, rate_gbps, bus_factor, ...)");
  e->callback([&exit_code, o] { exit_code = run_estimate(*o); });
}

}  // namespace roce::cli
