#pragma once
// roce-doctor completion bash|zsh|checks|profiles|devices: hidden. Prints a shell completion script
// generated from the command-line definition itself (CLI11's App tree: subcommands, options, which
// take values), or one of the dynamic value lists the scripts ask for while completing.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

struct CompletionOptions {
  std::string what;  // bash, zsh, checks, profiles, devices
};

/// What an option's value (or a positional) is, for completing it.
enum class ValueKind {
  none,      // a flag: takes no value
  free,      // any text (a duration, a number): nothing to offer
  files,     // a path
  dirs,      // a directory
  checks,    // check IDs of the catalog, comma-separated
  profiles,  // profile names of the profile directories, or a file
  devices,   // netdev and RDMA device names of the host
  hosts,     // "live" or "sim:FILE.toml"
  words,     // one of the words its type name lists: "slurm|template"
};

/// One option or positional as completion sees it.
struct OptionSpec {
  std::vector<std::string> names;  // "--only", "-o"; empty for a positional
  std::string help;                // the first clause of the description
  ValueKind kind = ValueKind::none;
  std::vector<std::string> words;  // ValueKind::words: the words it takes
  bool many = false;     // takes several values in a row (--only A B, report PATH...)
  bool repeats = false;  // may be given more than once (check --from A --from B)
};

/// A subcommand at any depth, or the program itself (name empty) with its global options.
struct CommandSpec {
  std::string name;  // the words that select it, space-separated: "check", "sweep plan"
  std::string help;
  std::vector<OptionSpec> options;
  std::vector<OptionSpec> positionals;
  std::vector<std::string> subcommands;  // its visible subcommands' own names: "plan", "run"
  bool fallthrough = false;              // an option it does not define goes to the command above it
};

/// The program first (name ""), then each visible subcommand in definition order, each followed by
/// its own subcommands, at any depth. Hidden subcommands and options (CLI11 group "") are left out.
std::vector<CommandSpec> describe_commands(const CLI::App& app);

/// A command's options and, after them, those of the commands above it, nearest first, that it does
/// not define itself, as far up as CLI11's fallthrough passes an option on (global options may follow
/// the subcommand; its own -h,--help wins). `with_program` false leaves the program's global options out.
std::vector<OptionSpec> offered_options(const CommandSpec& command, const std::vector<CommandSpec>& commands,
                                        bool with_program = true);

/// completion_bash.cpp: the bash script, `complete -F _roce_doctor roce-doctor`.
std::string bash_completion_script(const std::vector<CommandSpec>& commands);
/// completion_zsh.cpp: the zsh script, `#compdef roce-doctor`.
std::string zsh_completion_script(const std::vector<CommandSpec>& commands);

/// Adds the hidden `completion`; once parsed, it runs and leaves its exit code in exit_code.
void add_completion_command(CLI::App& app, GlobalOptions& global, int& exit_code);
/// `app` is the whole program's App, the tree the scripts are generated from.
int run_completion(const CLI::App& app, const GlobalOptions& global, const CompletionOptions& options);

}  // namespace roce::cli
