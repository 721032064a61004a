#pragma once
// roce-doctor serve [--listen ADDR:PORT] [--dev NAME] [--profile NAME|FILE] [--timeout DURATION]
// An HTTP endpoint for Prometheus: /metrics reads and judges the host at scrape time (concurrent
// scrapes share one sweep, none waits past --timeout), /healthz says whether the last sweep worked.
// Runs until SIGTERM or SIGINT; exit 0 then, 3 usage/input, 4 cannot listen.
#include <string>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

struct ServeOptions {
  std::string listen = "127.0.0.1:9877";
  std::string dev;
  std::string profile;
  std::string timeout = "5s";
  std::string web_config;  // --web.config.file: TLS and basic authentication
};

/// Adds `serve`; once parsed, it runs until stopped and leaves its exit code in exit_code.
void add_serve_command(CLI::App& app, GlobalOptions& global, int& exit_code);
int run_serve(const GlobalOptions& global, const ServeOptions& options);

}  // namespace roce::cli
