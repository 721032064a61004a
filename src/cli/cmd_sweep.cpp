// roce-doctor sweep: plan bandwidth tests over a fabric, run them through Slurm or a command
// template, and find the slow link.
#include "cli/cmd_sweep.hpp"

#include <unistd.h>

#include <climits>
#include <cmath>
#include <cstdio>
#include <memory>

#include "cli/duration.hpp"
#include "cli/line_rate.hpp"
#include "cli/options.hpp"
#include "fabric/hostlist.hpp"
#include "import/host_paths.hpp"
#include "judge/judge.hpp"
#include "physics/estimate.hpp"
#include "sweep/adaptive_round.hpp"
#include "sweep/capture_cables.hpp"
#include "sweep/launch.hpp"
#include "sweep/localize_folder.hpp"
#include "sweep/plan_make.hpp"
#include "sweep/plan_text.hpp"
#include "sweep/render.hpp"
#include "sweep/replay.hpp"
#include "sweep/run_sweep.hpp"
#include "sweep/step_run.hpp"
#include "util/atomic_write.hpp"
#include "util/exit_codes.hpp"
#include "util/text.hpp"

namespace roce::cli {
namespace {

// Whole seconds of a duration option, at least 1.
Expected<std::uint32_t> seconds_of(const std::string& text, const char* option) {
  const auto d = parse_duration(text);
  if (!d) return fail(Error(d.error()).context(option));
  return static_cast<std::uint32_t>(std::max<std::int64_t>(1, (d->count() + 999) / 1000));
}

// The test settings of `sweep plan`'s options; an input error names the option.
Expected<sweep::TestSettings> settings_of(const SweepPlanOptions& o) {
  sweep::TestSettings s;
  if (o.test != "write" && o.test != "read" && o.test != "send")
    return fail("--test " + o.test + ": not a perftest bandwidth test", "write, read or send");
  s.test = o.test;
  const auto size = physics::parse_size(o.size);
  if (!size || *size < 1 || *size > 4294967295.0 || std::floor(*size) != *size)
    return fail("--size " + o.size + ": not a message size", "bytes, or with a unit: 65536, 64KiB, 1MiB");
  s.size = static_cast<std::uint64_t>(*size);
  auto duration = seconds_of(o.duration, "--duration");
  if (!duration) return fail(duration.error());
  s.duration_s = *duration;
  if (o.qps == 0) return fail("--qps 0: perftest needs at least one QP");
  s.qps = o.qps;
  s.timeout_s = s.duration_s + 60;
  if (!o.timeout.empty()) {
    auto timeout = seconds_of(o.timeout, "--timeout");
    if (!timeout) return fail(timeout.error());
    s.timeout_s = *timeout;
  }
  if (s.timeout_s <= s.duration_s) return fail("--timeout must be longer than --duration");
  if (o.rounds < 0 || o.rounds > 1000) return fail("--rounds " + std::to_string(o.rounds) + ": 1 to 1000");
  s.round_limit = o.rounds;
  return s;
}

// The hosts given by --hosts or --hostfile, as a fabric of the design the options describe.
Expected<fabric::Fabric> designed_fabric(const SweepPlanOptions& o, double line_gbps) {
  auto hosts = !o.hosts.empty() ? fabric::expand_hostlist(o.hosts) : sweep::read_hostfile(o.hostfile);
  if (!hosts) return fail(hosts.error());
  fabric::Design d;
  d.rails = o.rails;
  if (!o.devices.empty()) {
    for (const auto dev : util::split_on(o.devices, ',')) d.devices.emplace_back(util::trim(dev));
    d.rails = static_cast<int>(d.devices.size());
  }
  d.line_gbps = line_gbps;
  d.hosts_per_leaf = o.hosts_per_leaf;
  d.rail_optimized = !o.no_rail_optimized;
  d.spines = o.spines;
  return fabric::build_fabric(*hosts, d);
}

// The fabric the captures' LLDP cables describe (each capture, or folder or archive of them, as fleet reads it).
Expected<fabric::Fabric> captured_fabric(const GlobalOptions& global, const SweepPlanOptions& o,
                                         std::vector<std::string>& notes) {
  auto switches = sweep::read_switches(o.switch_exports);
  if (!switches) return fail(switches.error());
  sweep::CaptureCables read;
  for (const auto& path : o.captures)
    import::for_each_host(
        path,
        [&](const std::string& host_path, const std::string& label) {
          sweep::add_capture_cables(read, global.system, host_path, label, *switches);
        },
        [&](const std::string& label, const Error& error) { read.notes.push_back(label + ": " + error.message); });
  notes = read.notes;
  return sweep::fabric_of_captures(read, *switches);
}

// roce-doctor's own path, for the commands it runs on the nodes (the same path on each).
std::string own_path() {
  char buffer[PATH_MAX] = {};
  const ssize_t n = ::readlink("/proc/self/exe", buffer, sizeof buffer - 1);
  return n > 0 ? std::string(buffer, static_cast<std::size_t>(n)) : "roce-doctor";
}

void add_plan(CLI::App& sweep, GlobalOptions& global, int& exit_code) {
  auto o = std::make_shared<SweepPlanOptions>();
  auto* plan = sweep.add_subcommand(
      "plan",
      "Plan the tests: rounds in which no NIC is in two tests, rail-aligned, first every NIC alone, then paired "
      "across and under its leaves; writes the plan file and prints it");
  auto* hosts =
      plan->add_option("--hosts", o->hosts, "The hosts as a Slurm node list: gpu[001-128]")->type_name("LIST");
  auto* hostfile =
      plan->add_option("--hostfile", o->hostfile, "The hosts, one a line (# comments; an MPI host file's slots= left)")
          ->type_name("FILE");
  auto* from = plan->add_option("--from", o->captures,
                                "Hosts' captures (roce-doctor collect bundles, capture folders, folders or archives "
                                "of them, as fleet reads them): their NICs, line rates and LLDP cables")
                   ->type_name("CAPTURE")
                   ->expected(1)
                   ->take_all();
  hosts->excludes(hostfile)->excludes(from);
  hostfile->excludes(from);
  add_switch_option(*plan, o->switch_exports, "with --from: their LLDP tables give the leaf-spine links")->needs(from);
  plan->add_option("--rails", o->rails, "NICs per host (default 8), with --hosts or --hostfile")->type_name("N");
  plan->add_option("--devices", o->devices, "The NICs' RDMA device names in rail order (default mlx5_0...)")
      ->type_name("LIST");
  plan->add_option("--line-rate", o->line_rate, "Each NIC's line rate (default 400G), with --hosts or --hostfile")
      ->type_name("RATE");
  plan->add_option("--hosts-per-leaf", o->hosts_per_leaf, "Hosts under one leaf (default 32; 0: all under one)")
      ->type_name("N");
  plan->add_option("--spines", o->spines, "Spine switches (default 8; 0: not modelled)")->type_name("N");
  plan->add_flag("--no-rail-optimized", o->no_rail_optimized, "Every NIC of a host under the same leaf");
  plan->add_option("--rounds", o->rounds, "At most this many rounds (default ceil(log2 hosts) + 3)")->type_name("N");
  plan->add_option("--test", o->test, "ib_write_bw (write, default), ib_read_bw or ib_send_bw")
      ->type_name("write|read|send");
  plan->add_option("--size", o->size, "Message size (default 1MiB)")->type_name("BYTES");
  plan->add_option("--duration", o->duration, "Traffic per test (default 10s)")->type_name("DURATION");
  plan->add_option("--qps", o->qps, "Queue pairs per test (default 1)")->type_name("N");
  plan->add_option("--timeout", o->timeout, "Kill a test still running after this (default: duration + 60 s)")
      ->type_name("DURATION");
  plan->add_option("-o,--output", o->output, "Write the plan here (default sweep-plan.json)")->type_name("FILE");
  add_json_flag(*plan, o->json, "the plan file's content");
  plan->callback([&global, &exit_code, o] { exit_code = run_sweep_plan(global, *o); });
}

void add_run(CLI::App& sweep, int& exit_code) {
  auto o = std::make_shared<SweepRunOptions>();
  auto* run = sweep.add_subcommand(
      "run",
      "Run a plan: each round's tests at once as Slurm job steps (inside an allocation) or through a command "
      "template, then adaptive rounds from the results so far; results and pairs.csv into a folder");
  run->add_option("PLAN", o->plan, "The plan file sweep plan wrote")->required()->type_name("FILE");
  run->add_option("-o,--output", o->out_dir, "The results folder (new; on a filesystem every node shares)")
      ->required()
      ->type_name("DIR");
  run->add_option("--runner", o->runner, "slurm (default: srun job steps) or template (--template)")
      ->type_name("slurm|template");
  run->add_option("--template", o->command_template,
                  "With --runner template: the command that runs {command} on {host}: 'ssh {host} {command}'")
      ->type_name("COMMAND");
  run->add_option("--timeout", o->timeout, "Kill a test still running after this (default: the plan's)")
      ->type_name("DURATION");
  run->add_option("--duration", o->duration, "Traffic per test (default: the plan's)")->type_name("DURATION");
  run->add_option("--replay", o->replay,
                  "Take each test's result from a simulated fabric (examples/sim/fabric/) instead of perftest")
      ->type_name("FILE");
  run->add_flag("!--no-adaptive", o->adaptive, "Run the plan's rounds only, no adaptive rounds after them");
  run->callback([&exit_code, o] { exit_code = run_sweep_run(*o); });
}

void add_step(CLI::App& sweep, int& exit_code) {
  auto o = std::make_shared<SweepStepOptions>();
  auto* step = sweep.add_subcommand("step", "internal: this node's side of a job step's tests");
  step->group("");  // hidden: sweep run starts it on the nodes
  step->add_option("PLAN", o->plan, "The plan in the results folder")->required();
  step->add_option("IDS", o->ids, "The tests, by id: 7,8,9")->required();
  step->add_option("--out", o->out_dir, "The results folder")->required();
  step->add_option("--node", o->node, "This node's name (default SLURMD_NODENAME, else the host name)");
  step->add_option("--replay", o->replay, "The simulated fabric to take results from");
  step->callback([&exit_code, o] { exit_code = run_sweep_step(*o); });
}

void add_localize(CLI::App& sweep, GlobalOptions& global, int& exit_code) {
  auto o = std::make_shared<SweepLocalizeOptions>();
  auto* localize = sweep.add_subcommand(
      "localize",
      "Find the degraded parts (NIC port, PCIe, cable, leaf port, spine link) from a results folder: sweep run's, or "
      "perftest/nccl-tests outputs with a pairs.csv; exit codes as check");
  localize->add_option("DIR", o->dir, "The results folder: pairs.csv (file,client,client_dev,server,server_dev)")
      ->required()
      ->type_name("DIR");
  localize
      ->add_option("--from", o->captures,
                   "The hosts' captures: their own findings explain a suspect (and their cables give the fabric "
                   "of a folder without a plan)")
      ->type_name("CAPTURE")
      ->expected(1)
      ->take_all();
  add_switch_option(*localize, o->switch_exports, "their counters are evidence about leaf ports and spine links");
  localize->add_option("--line-rate", o->line_rate, "The NICs' line rate where no plan or capture gives it: 400G")
      ->type_name("RATE");
  add_profile_option(*localize, o->profile, "the captures' findings are judged against it");
  localize->add_option("-o,--output", o->html_out, "Also write the fabric with the suspects marked as one HTML file")
      ->type_name("FILE");
  add_json_flag(*localize, o->json, "the localization");
  localize->callback([&global, &exit_code, o] { exit_code = run_sweep_localize(global, *o); });
}

}  // namespace

void add_sweep_command(CLI::App& app, GlobalOptions& global, int& exit_code) {
  auto* sweep = app.add_subcommand(
      "sweep",
      "Find the slow link: plan bandwidth tests over the fabric in rounds, run them through Slurm or a command "
      "template, and localize the degraded parts");
  sweep->require_subcommand(1);
  add_plan(*sweep, global, exit_code);
  add_run(*sweep, exit_code);
  add_localize(*sweep, global, exit_code);
  add_step(*sweep, exit_code);
}

int run_sweep_plan(const GlobalOptions& global, const SweepPlanOptions& o) {
  const bool json = o.json;
  if (o.hosts.empty() && o.hostfile.empty() && o.captures.empty())
    return report_error({"no hosts given", "--hosts 'gpu[001-128]', --hostfile FILE, or --from CAPTURE..."},
                        kExitInputError, json);
  auto settings = settings_of(o);
  if (!settings) return report_error(settings.error(), kExitInputError, json);
  std::vector<std::string> notes;
  Expected<fabric::Fabric> fabric = fail("");
  if (o.captures.empty()) {
    auto rate = line_rate_of(o.line_rate);
    if (!rate) return report_error(rate.error(), kExitInputError, json);
    fabric = designed_fabric(o, rate->gbps_per_nic);
  } else {
    fabric = captured_fabric(global, o, notes);
  }
  if (!fabric) return report_error(fabric.error(), kExitInputError, json);
  auto made = sweep::make_plan(std::move(*fabric), *settings);
  if (!made) return report_error(made.error(), kExitInputError, json);
  notes.insert(notes.end(), made->notes.begin(), made->notes.end());
  print_warnings(notes);
  if (auto w = sweep::write_plan(o.output, made->plan); !w) return report_error(w.error(), kExitRuntimeError, json);
  const std::string text = json ? sweep::plan_to_json(made->plan)
                                : sweep::render_plan_text(made->plan) + "\nwritten to " + o.output +
                                      "; run it: roce-doctor sweep run " + o.output + " -o DIR\n";
  std::fwrite(text.data(), 1, text.size(), stdout);
  return std::fflush(stdout) == 0 ? kExitHealthy : kExitRuntimeError;
}

int run_sweep_run(const SweepRunOptions& o) {
  sweep::RunRequest request;
  request.plan_path = o.plan;
  request.out_dir = o.out_dir;
  if (o.runner == "slurm") {
    request.launch.runner = sweep::RunnerKind::slurm;
    if (!o.command_template.empty())
      return report_error({"--template is for --runner template", "drop it, or give --runner template"},
                          kExitInputError);
  } else if (o.runner == "template") {
    request.launch.runner = sweep::RunnerKind::command_template;
    request.launch.command_template = o.command_template;
  } else {
    return report_error({"--runner " + o.runner + ": not a runner", "slurm or template"}, kExitInputError);
  }
  request.launch.self = own_path();
  request.launch.replay = o.replay;
  if (!o.timeout.empty()) {
    auto t = seconds_of(o.timeout, "--timeout");
    if (!t) return report_error(t.error(), kExitInputError);
    request.timeout_s = *t;
  }
  if (!o.duration.empty()) {
    auto d = seconds_of(o.duration, "--duration");
    if (!d) return report_error(d.error(), kExitInputError);
    request.duration_s = *d;
  }
  if (!o.replay.empty())  // a bad model is the command's error, before any step reads it
    if (auto r = sweep::open_replay(o.replay); !r) return report_error(r.error(), kExitInputError);
  if (o.adaptive) request.next_round = sweep::adaptive_round;
  request.run_line = "roce-doctor sweep run " + sweep::shell_join({o.plan}) + " -o " + sweep::shell_join({o.out_dir});

  const bool tty = ::isatty(STDERR_FILENO) != 0;
  std::string last;
  const auto progress = [&](const sweep::Progress& p) {
    if (!tty) return;
    const std::string line = sweep::progress_line(p);
    if (line == last) return;
    last = line;
    std::fprintf(stderr, "\r\033[K%s", line.c_str());
    std::fflush(stderr);
  };
  auto summary = sweep::run_sweep(request, progress);
  if (tty && !last.empty()) std::fputs("\n", stderr);
  if (!summary) return report_error(summary);
  const std::string text = sweep::render_run_summary(*summary, o.out_dir);
  std::fwrite(text.data(), 1, text.size(), stdout);
  if (std::fflush(stdout) != 0) return kExitRuntimeError;
  return summary->failed + summary->timed_out == 0 ? kExitHealthy : kExitWarnings;
}

int run_sweep_step(const SweepStepOptions& o) {
  auto plan = sweep::read_plan(o.plan);
  if (!plan) return report_error(plan.error(), kExitInputError);
  auto ids = sweep::parse_id_list(o.ids);
  if (!ids) return report_error(ids.error(), kExitInputError);
  sweep::StepRequest request;
  request.ids = *ids;
  request.out_dir = o.out_dir;
  request.node = o.node.empty() ? sweep::this_node_name() : o.node;
  request.self = own_path();
  if (!o.replay.empty()) {
    auto replay = sweep::open_replay(o.replay);
    if (!replay) return report_error(replay.error(), kExitInputError);
    request.replay = std::move(*replay);
  }
  auto ran = sweep::run_step(*plan, request, [](const std::string& line) {
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fflush(stdout);
  });
  if (!ran) return report_error(ran.error(), kExitInputError);
  return *ran ? kExitHealthy : kExitRuntimeError;
}

int run_sweep_localize(const GlobalOptions& global, const SweepLocalizeOptions& o) {
  const bool json = o.json;
  sweep::LocalizeRequest request;
  request.dir = o.dir;
  request.captures = o.captures;
  request.switch_exports = o.switch_exports;
  request.system = global.system;
  if (!o.line_rate.empty()) {
    auto rate = line_rate_of(o.line_rate);
    if (!rate) return report_error(rate.error(), kExitInputError, json);
    request.line_gbps = rate->gbps_per_nic;
  }
  const auto profile = judge::load_profile(o.profile);
  if (!profile) return report_error(profile.error(), kExitInputError, json);
  auto localized = sweep::localize_folder(request, *profile);
  if (!localized) return report_error(localized, json);
  if (!o.html_out.empty())
    if (auto w = util::write_file_atomically(o.html_out,
                                             sweep::render_html(localized->fabric, localized->localization, o.dir));
        !w)
      return report_error(w.error(), kExitRuntimeError, json);
  const std::string text =
      json ? sweep::render_localization_json(localized->fabric, localized->localization, o.dir, localized->exit_code)
           : sweep::render_localization_text(localized->fabric, localized->localization, o.dir, localized->exit_code);
  std::fwrite(text.data(), 1, text.size(), stdout);
  if (std::fflush(stdout) != 0) return kExitRuntimeError;
  return localized->exit_code;
}

}  // namespace roce::cli
