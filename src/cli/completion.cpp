#include "cli/completion.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <set>

#include "checks/registry.hpp"
#include "judge/open_system.hpp"
#include "profile/lookup.hpp"
#include "sources/sysfs/sysfs_root.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {
namespace {

bool hidden(const CLI::Option* opt) { return opt->get_group().empty(); }

// The words a type name such as "slurm|template" lists; none for a placeholder ("NAME|FILE", "N").
std::vector<std::string> words_of(const std::string& type) {
  std::vector<std::string> words;
  if (type.find('|') == std::string::npos) return words;
  for (std::size_t start = 0, end = 0; start <= type.size(); start = end + 1) {
    end = std::min(type.find('|', start), type.size());
    const std::string word = type.substr(start, end - start);
    if (word.empty() || std::ranges::any_of(word, [](char c) { return std::isupper(static_cast<unsigned char>(c)); }))
      return {};
    words.push_back(word);
  }
  return words;
}

// The value an option takes, from its definition: the dynamic lists by option name, paths by the
// type name it shows in --help (FILE, CAPTURE, PATH..., DIR).
ValueKind kind_of(const CLI::Option* opt) {
  if (opt->nonpositional() && opt->get_expected_min() == 0) return ValueKind::none;  // a flag, as CLI11 tells them
  for (const auto& name : opt->get_lnames()) {
    if (name == "only" || name == "skip") return ValueKind::checks;
    if (name == "profile") return ValueKind::profiles;
    if (name == "dev") return ValueKind::devices;
    if (name == "host") return ValueKind::hosts;
  }
  std::string type = opt->get_type_name();
  type = type.substr(0, type.find(':'));  // "N:POSITIVE": the validator's part
  if (!words_of(type).empty()) return ValueKind::words;
  if (type == "DIR") return ValueKind::dirs;
  if (type == "FILE" || type == "CAPTURE" || type.starts_with("PATH")) return ValueKind::files;
  // Every positional of this program is a capture or a file.
  return opt->nonpositional() ? ValueKind::free : ValueKind::files;
}

// The first clause of a description, short enough for a completion menu.
std::string first_clause(const std::string& text) {
  std::size_t end = 0;
  for (int depth = 0; end < text.size(); ++end) {
    if (text[end] == '(') ++depth;
    if (text[end] == ')') --depth;
    if (depth == 0 && text.compare(end, 2, "; ") == 0) break;
  }
  std::string s = text.substr(0, end);
  if (s.size() > 90) {
    s = s.substr(0, s.rfind(' ', 87));
    s += "...";
  }
  return s;
}

OptionSpec spec_of(const CLI::Option* opt) {
  OptionSpec spec;
  for (const auto& l : opt->get_lnames()) spec.names.push_back("--" + l);
  for (const auto& s : opt->get_snames()) spec.names.push_back("-" + s);
  spec.help = first_clause(opt->get_description());
  spec.kind = kind_of(opt);
  if (spec.kind == ValueKind::words) spec.words = words_of(opt->get_type_name());
  spec.many = spec.kind != ValueKind::none && opt->get_items_expected_max() > 1;
  spec.repeats = spec.many || opt->get_multi_option_policy() == CLI::MultiOptionPolicy::TakeAll;
  return spec;
}

CommandSpec command_of(const CLI::App& app, std::string name) {
  CommandSpec cmd;
  cmd.name = std::move(name);
  cmd.help = first_clause(app.get_description());
  for (const CLI::Option* opt : app.get_options()) {
    if (hidden(opt)) continue;
    (opt->nonpositional() ? cmd.options : cmd.positionals).push_back(spec_of(opt));
  }
  cmd.fallthrough = app.get_fallthrough();
  return cmd;
}

// `app` as `name`, then its visible subcommands, depth first.
void describe(const CLI::App& app, const std::string& name, std::vector<CommandSpec>& commands) {
  const auto subs = app.get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); });
  CommandSpec cmd = command_of(app, name);
  for (const CLI::App* sub : subs) cmd.subcommands.push_back(sub->get_name());
  commands.push_back(std::move(cmd));
  for (const CLI::App* sub : subs)
    describe(*sub, name.empty() ? sub->get_name() : name + " " + sub->get_name(), commands);
}

// The command above `command` in `commands` (the program for a top-level one); null for the program.
const CommandSpec* parent_of(const CommandSpec& command, const std::vector<CommandSpec>& commands) {
  if (command.name.empty()) return nullptr;
  const auto space = command.name.rfind(' ');
  const std::string parent = space == std::string::npos ? "" : command.name.substr(0, space);
  for (const auto& c : commands)
    if (c.name == parent) return &c;
  return nullptr;
}

}  // namespace

std::vector<CommandSpec> describe_commands(const CLI::App& app) {
  std::vector<CommandSpec> commands;
  describe(app, "", commands);
  return commands;
}

std::vector<OptionSpec> offered_options(const CommandSpec& command, const std::vector<CommandSpec>& commands,
                                        bool with_program) {
  std::vector<OptionSpec> options = command.options;
  std::set<std::string> taken;
  for (const auto& o : command.options) taken.insert(o.names.begin(), o.names.end());
  for (const CommandSpec* c = &command; c->fallthrough;) {
    c = parent_of(*c, commands);
    if (c == nullptr || (c->name.empty() && !with_program)) break;
    for (const auto& o : c->options) {
      OptionSpec kept = o;
      std::erase_if(kept.names, [&](const std::string& n) { return taken.contains(n); });
      if (!kept.names.empty()) options.push_back(std::move(kept));
    }
    for (const auto& o : c->options) taken.insert(o.names.begin(), o.names.end());
  }
  return options;
}

void add_completion_command(CLI::App& app, GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<CompletionOptions>();
  auto* cmd =
      app.add_subcommand("completion", "Print the bash or zsh completion script, or a list the scripts complete from");
  cmd->group("");  // hidden: the installed scripts call it
  cmd->add_option("what", options->what, "bash, zsh, checks, profiles or devices")
      ->required()
      ->check(CLI::IsMember({"bash", "zsh", "checks", "profiles", "devices"}));
  cmd->callback([&app, &global, &exit_code, options] { exit_code = run_completion(app, global, *options); });
}

int run_completion(const CLI::App& app, const GlobalOptions& global, const CompletionOptions& options) {
  std::string out;
  if (options.what == "bash") {
    out = bash_completion_script(describe_commands(app));
  } else if (options.what == "zsh") {
    out = zsh_completion_script(describe_commands(app));
  } else if (options.what == "checks") {
    for (const auto& check : checks::all_checks()) out += std::string(check.id) + "\n";
  } else if (options.what == "profiles") {
    for (const auto& name : profile::profile_names()) out += name + "\n";
  } else if (global.system.host.starts_with("sim:")) {
    // The simulated host's netdevs and RDMA devices (a sample reads the model, writes nothing).
    auto sim = judge::open_system(global.system.host);
    if (!sim) return kExitInputError;
    const model::Host host = (*sim)->sample();
    std::set<std::string> names;
    for (const auto& n : host.netdevs) names.insert(n.name);
    for (const auto& d : host.rdma_devices) names.insert(d.name);
    for (const auto& n : names) out += n + "\n";
  } else {
    // Netdevs and RDMA devices, as --dev takes them.
    namespace fs = std::filesystem;
    const fs::path root = sources::sysfs::resolve_sysfs_root(global.system.sysfs_root);
    std::set<std::string> names;
    for (const char* cls : {"class/net", "class/infiniband"}) {
      std::error_code ec;
      for (const auto& entry : fs::directory_iterator(root / cls, ec)) names.insert(entry.path().filename().string());
    }
    for (const auto& n : names) out += n + "\n";
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return std::fflush(stdout) == 0 ? kExitHealthy : kExitRuntimeError;
}

}  // namespace roce::cli
