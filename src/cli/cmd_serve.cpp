// roce-doctor serve: /metrics and /healthz over HTTP, the host read and judged at scrape time.
#include "cli/cmd_serve.hpp"

#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>

#include "cli/duration.hpp"
#include "cli/http_server.hpp"
#include "cli/options.hpp"
#include "cli/shared_sweep.hpp"
#include "cli/web_config.hpp"
#include "engine/context.hpp"
#include "judge/judge.hpp"
#include "metrics/sweep.hpp"
#include "util/exit_codes.hpp"
#include "util/read_file.hpp"
#include "util/stop_signals.hpp"

namespace roce::cli {
namespace {

constexpr std::size_t kMaxPemBytes = 1 << 20;
// Between whole samples a scrape reads only the counters and link state (the system says when a
// link or its DCB changed, and a whole sample is read at once then); the rest of the configuration
// (vendor sysfs knobs such as trust and ECN enables, which send no notification) is at most this old.
constexpr auto kConfigurationEvery = std::chrono::seconds(30);
constexpr auto kFresh = std::chrono::seconds(1);  // scrapes within a second share one sweep's result
constexpr const char* kExpositionType = "text/plain; version=0.0.4; charset=utf-8";

// The host between scrapes: the system read, and its previous sample, which the next sweep's rate
// checks compare with (a simulator's clock is moved on by the real time that passed).
class ScrapeSweeper {
 public:
  /// `first`: the sample taken at start, which the first scrape's rate checks compare with.
  ScrapeSweeper(std::unique_ptr<system::System> system, std::string dev, profile::Profile profile, model::Host first)
      : system_(std::move(system)),
        dev_(std::move(dev)),
        profile_(std::move(profile)),
        previous_(std::move(first)),
        previous_taken_(std::chrono::steady_clock::now()),
        configuration_read_(previous_taken_) {}

  Expected<std::string> sweep() {
    const auto started = std::chrono::steady_clock::now();
    if (previous_ && !judge::runs_in_real_time(*system_))
      system_->wait(std::chrono::duration_cast<std::chrono::milliseconds>(started - previous_taken_));
    std::optional<model::Host> now;
    if (previous_ && started - configuration_read_ < kConfigurationEvery) now = system_->sample_counters(*previous_);
    if (!now) {
      auto whole = judge::sample_device(*system_, dev_);
      if (!whole) return fail(std::move(whole.error()));
      now = std::move(*whole);
      configuration_read_ = started;
    }
    judge::Input input;
    input.now = std::move(*now);
    if (previous_) {
      input.dt = engine::seconds_between(*previous_, input.now);
      if (input.dt > 0) input.before = std::move(previous_);
    }
    std::string text = metrics::judge_as_metrics(input, profile_, started);
    previous_ = std::move(input.now);
    previous_taken_ = started;
    return text;
  }

 private:
  std::unique_ptr<system::System> system_;
  std::string dev_;
  profile::Profile profile_;
  std::optional<model::Host> previous_;
  std::chrono::steady_clock::time_point previous_taken_;
  std::chrono::steady_clock::time_point configuration_read_;  // the last whole sample
};

HttpResponse health(SharedSweep& shared) {
  const SharedSweep::Status s = shared.status();
  if (s.ended == std::chrono::steady_clock::time_point{})
    return {200, "text/plain; charset=utf-8", s.running ? "ok: first sweep running\n" : "ok: no sweep yet\n"};
  const double ago = std::chrono::duration<double>(std::chrono::steady_clock::now() - s.ended).count();
  char when[64];
  std::snprintf(when, sizeof when, "%.1f s ago", ago);
  if (!s.ok)
    return {503, "text/plain; charset=utf-8", "failing: last sweep " + std::string(when) + ": " + s.error + "\n"};
  return {200, "text/plain; charset=utf-8", "ok: last sweep " + std::string(when) + "\n"};
}

// The web configuration file's TLS certificate and key (read now, as PEM) and its users.
Expected<HttpServer::Security> security_of(const std::string& path) {
  HttpServer::Security security;
  if (path.empty()) return security;
  auto config = read_web_config(path);
  if (!config) return fail(std::move(config.error()));
  security.users = config->users;
  if (!config->tls()) return security;
  auto cert = util::read_file(config->cert_file, kMaxPemBytes);
  if (!cert) return fail(std::move(cert.error()).context(path + ": tls_server_config.cert_file"));
  auto key = util::read_file(config->key_file, kMaxPemBytes);
  if (!key) return fail(std::move(key.error()).context(path + ": tls_server_config.key_file"));
  security.cert_pem = std::move(*cert);
  security.key_pem = std::move(*key);
  return security;
}

}  // namespace

void add_serve_command(CLI::App& app, GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<ServeOptions>();
  auto* serve = app.add_subcommand(
      "serve", "Serve Prometheus metrics over HTTP (/metrics, /healthz), reading and judging the host at scrape time");
  serve
      ->add_option("--listen", options->listen,
                   "ADDR:PORT to listen on (default 127.0.0.1:9877; [::1]:9877 for IPv6, :9877 for every address)")
      ->type_name("ADDR:PORT");
  add_system_options(*serve, global);
  add_dev_option(*serve, options->dev);
  add_profile_option(*serve, options->profile);
  serve
      ->add_option("--timeout", options->timeout,
                   "How long a scrape waits for the sweep before it gets the last complete one (default 5s)")
      ->type_name("DURATION");
  serve
      ->add_option("--web.config.file", options->web_config,
                   "TLS and basic authentication from an exporter web configuration file (tls_server_config: "
                   "cert_file, key_file; basic_auth_users: user: bcrypt hash), as node_exporter takes it")
      ->type_name("FILE");
  serve->callback([&global, &exit_code, options] { exit_code = run_serve(global, *options); });
}

int run_serve(const GlobalOptions& global, const ServeOptions& options) {
  const auto address = parse_listen_address(options.listen);
  if (!address) return report_error(address.error(), kExitInputError);
  const auto timeout = parse_duration(options.timeout);
  if (!timeout) return report_error(timeout.error(), kExitInputError);
  auto profile = judge::load_profile(options.profile);
  if (!profile) return report_error(profile.error(), kExitInputError);
  auto system = judge::open_input_system(global.system, options.dev);
  if (!system) return report_error(system.error(), kExitInputError);

  auto security = security_of(options.web_config);
  if (!security) return report_error(security.error(), kExitInputError);
  // Read once before listening: a --dev that names nothing here, or a host that cannot be read, is
  // an error now rather than a 503 at every scrape.
  auto first = judge::sample_device(**system, options.dev);
  if (!first) return report_error(std::move(first.error()), kExitInputError);

  const process::FinishOnStop finish_on_stop;  // the first SIGINT or SIGTERM ends the wait below
  ScrapeSweeper sweeper(std::move(*system), options.dev, std::move(*profile), std::move(*first));
  SharedSweep shared([&sweeper] { return sweeper.sweep(); }, kFresh);
  const auto handler = [&](const std::string& path) -> HttpResponse {
    if (path == "/metrics") {
      SharedSweep::Reply reply = shared.get(*timeout);
      if (!reply.text) return {503, "text/plain; charset=utf-8", reply.text.error().with_hint() + "\n"};
      return {200, kExpositionType, std::move(*reply.text)};
    }
    if (path == "/healthz") return health(shared);
    if (path == "/")
      return {200, "text/html; charset=utf-8",
              "<html><body><h1>roce-doctor</h1><p><a href=\"/metrics\">/metrics</a> "
              "<a href=\"/healthz\">/healthz</a></p></body></html>\n"};
    return {404, "text/plain; charset=utf-8", "not found: /metrics or /healthz\n"};
  };
  auto server = HttpServer::start(*address, handler, *security);
  if (!server) return report_error(server.error(), kExitRuntimeError);
  std::fprintf(stderr, "roce-doctor: serving /metrics and /healthz on %s%s%s\n", address->text().c_str(),
               security->cert_pem.empty() ? "" : " over TLS",
               security->users.empty() ? "" : ", with basic authentication");
  process::wait_for_stop();  // no timer wakes the process between scrapes
  server->reset();  // no request runs past this point: the sweeper and the shared sweep outlive them
  return kExitHealthy;
}

}  // namespace roce::cli
