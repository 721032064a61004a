// roce-doctor estimate: the time of a transfer or collective, or the rate a deadline needs.
#include "cli/cmd_estimate.hpp"

#include <cstdio>
#include <memory>
#include <string>

#include "cli/duration.hpp"
#include "physics/estimate.hpp"
#include "report/estimate_view.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {
namespace {

struct EstimateOptions {
  std::string size, rate, busbw, collective = "none", algo = "ring", within;
  int ranks = 0;
  bool json = false;
};

// The options as the question physics::answer takes; an input error names the option.
Expected<physics::EstimateQuestion> question_of(const EstimateOptions& o) {
  physics::EstimateQuestion q;
  const auto bytes = physics::parse_size(o.size);
  if (!bytes || *bytes <= 0)
    return fail("--size " + o.size + ": not a size", "bytes, or with a unit: 2GB, 512MiB, 1.5T");
  q.bytes = *bytes;
  const auto collective = physics::collective_named(o.collective);
  if (!collective)
    return fail("--collective " + o.collective + ": unknown",
                "all_reduce, all_gather, reduce_scatter, alltoall, broadcast, reduce, sendrecv");
  q.collective = *collective;
  if (o.algo != "ring" && o.algo != "tree") return fail("--algo " + o.algo + ": unknown", "ring or tree");
  q.algo = o.algo == "tree" ? physics::Algorithm::tree : physics::Algorithm::ring;
  if (physics::needs_ranks(q.collective, q.algo) && o.ranks < 2)
    return fail("--collective " + std::string(physics::to_string(q.collective)) + " needs --ranks N (N >= 2)",
                "the number of ranks (GPUs) taking part");
  q.ranks = o.ranks;
  if (!o.rate.empty() && !o.busbw.empty()) return fail("--rate and --busbw exclude each other", "give one");
  if (!o.busbw.empty()) {
    q.rate_gbps = physics::parse_rate_gbps(o.busbw);
    if (!q.rate_gbps) {
      const auto plain = physics::parse_size(o.busbw);  // a bare number is GB/s, as nccl-tests prints busbw
      if (plain && o.busbw.find_first_not_of("0123456789.") == std::string::npos) q.rate_gbps = *plain * 8;
    }
    if (!q.rate_gbps || *q.rate_gbps <= 0)
      return fail("--busbw " + o.busbw + ": not a bandwidth", "GB/s as nccl-tests prints it: 45.2");
    q.rate_is_busbw = true;
  } else if (!o.rate.empty()) {
    q.rate_gbps = physics::parse_rate_gbps(o.rate);
    if (!q.rate_gbps || *q.rate_gbps <= 0)
      return fail("--rate " + o.rate + ": not a rate", "400G, 400Gb/s, 100Gbps, 50GB/s");
  }
  if (!o.within.empty()) {
    const auto d = parse_duration(o.within);
    if (!d || d->count() <= 0) return fail("--within " + o.within + ": not a duration", "50ms, 2s, 1.5");
    q.within_s = static_cast<double>(d->count()) / 1000;
  } else if (!q.rate_gbps) {
    return fail("give --rate or --busbw (or --within for the rate needed)", "--rate 400G");
  }
  return q;
}

int run_estimate(const EstimateOptions& o) {
  const auto q = question_of(o);
  if (!q) return report_error(q.error(), kExitInputError, o.json);
  const physics::EstimateAnswer a = physics::answer(*q);
  const std::string out = o.json ? report::render_estimate_json(*q, a) : report::render_estimate_text(*q, a, o.size);
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
