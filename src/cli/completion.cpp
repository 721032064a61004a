#include "cli/completion.hpp"

#include <cstdio>
#include <filesystem>
#include <set>

#include "checks/registry.hpp"
#include "cli/profile_lookup.hpp"
#include "sources/sysfs/sysfs_root.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {
namespace {

bool hidden(const CLI::Option* opt) { return opt->get_group().empty(); }

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
  return cmd;
}

const char* kind_word(ValueKind k) {
  switch (k) {
    case ValueKind::none: return "none";
    case ValueKind::free: return "free";
    case ValueKind::files: return "files";
    case ValueKind::dirs: return "dirs";
    case ValueKind::checks: return "checks";
    case ValueKind::profiles: return "profiles";
    case ValueKind::devices: return "devices";
    case ValueKind::hosts: return "hosts";
  }
  return "free";
}

std::string bash_kind(const OptionSpec& o) { return std::string(o.many ? "many-" : "") + kind_word(o.kind); }

// The part of the bash script that does not depend on the definition.
constexpr const char* kBashEngine = R"BASH(
# _roce_doctor_values KIND PREFIX PROGRAM [--sysfs-root DIR]: the candidates for a value.
_roce_doctor_values() {
  local kind=$1 cur=$2 prog=$3
  shift 3
  case $kind in
    files) compgen -f -- "$cur" ;;
    dirs) compgen -d -- "$cur" ;;
    checks)
      # A comma-separated list: complete the ID after the last comma.
      local head= tail=$cur
      if [[ $cur == *,* ]]; then head=${cur%,*},; tail=${cur##*,}; fi
      compgen -P "$head" -W "$("$prog" "$@" completion checks 2>/dev/null)" -- "$tail" ;;
    profiles)
      if [[ $cur == */* || $cur == .* ]]; then compgen -f -- "$cur"
      else compgen -W "$("$prog" "$@" completion profiles 2>/dev/null)" -- "$cur"; fi ;;
    devices) compgen -W "$("$prog" "$@" completion devices 2>/dev/null)" -- "$cur" ;;
    hosts)
      if [[ $cur == sim:* ]]; then compgen -P sim: -f -- "${cur#sim:}"
      else compgen -W 'live sim:' -- "$cur"; fi ;;
  esac
}

_roce_doctor() {
  local prog=${COMP_WORDS[0]} raw=${COMP_WORDS[COMP_CWORD]}
  [[ $raw == '=' || $raw == ':' ]] && raw=
  # Glue back what COMP_WORDBREAKS split off: "--dev" "=" "x" is --dev=x, "sim" ":" "f" is sim:f.
  local -a words=()
  local i w glue=0
  for ((i = 1; i <= COMP_CWORD; i++)); do
    w=${COMP_WORDS[i]}
    if ((${#words[@]})) && [[ $glue == 1 || $w == '=' || $w == ':' ]]; then
      words[-1]+=$w
      [[ $w == '=' || $w == ':' ]] && glue=1 || glue=0
    else
      words+=("$w")
      glue=0
    fi
  done
  local cur=${words[-1]} cmd= kind= many= expect= opt=
  local -a sysfs=()
  for ((i = 0; i < ${#words[@]} - 1; i++)); do
    w=${words[i]}
    if [[ -n $expect ]]; then
      [[ $opt == --sysfs-root ]] && sysfs=(--sysfs-root "$w")
      expect=
      continue
    fi
    case $w in
      -*=*)
        opt=${w%%=*}
        [[ $opt == --sysfs-root ]] && sysfs=(--sysfs-root "${w#*=}")
        kind=$(_roce_doctor_value "$cmd" "$opt")
        [[ $kind == many-* ]] && many=${kind#many-} || many= ;;
      -*)
        opt=$w
        kind=$(_roce_doctor_value "$cmd" "$opt")
        many=
        case $kind in
          '' | none) ;;
          many-*) expect=${kind#many-}; many=$expect ;;
          *) expect=$kind ;;
        esac ;;
      *)
        if [[ -z $cmd && " $_roce_doctor_commands " == *" $w "* ]]; then cmd=$w; many=; fi ;;
    esac
  done

  local value=$cur prefix=
  local -a replies=()
  kind=
  if [[ -n $expect ]]; then
    kind=$expect
  elif [[ $cur == -*=* ]]; then
    kind=$(_roce_doctor_value "$cmd" "${cur%%=*}")
    kind=${kind#many-}
    value=${cur#*=}
    prefix=${cur%%=*}=
  elif [[ $cur != -* && -n $many ]]; then
    kind=$many
  elif [[ $cur != -* && -z $cmd ]]; then
    mapfile -t replies < <(compgen -W "$_roce_doctor_commands" -- "$cur")
  elif [[ $cur != -* ]]; then
    kind=$(_roce_doctor_positional "$cmd")
  fi
  # An option, or nothing else to offer after a command: its options.
  if [[ $cur == -* || ( -n $cmd && -z $kind && -z $expect ) ]] && ((${#replies[@]} == 0)); then
    mapfile -t replies < <(compgen -W "$(_roce_doctor_options "$cmd")" -- "$cur")
  fi
  if [[ -n $kind && $kind != none && $kind != free ]]; then
    [[ $kind == files || $kind == dirs || $kind == profiles || $kind == hosts ]] && compopt -o filenames 2>/dev/null
    mapfile -t replies < <(_roce_doctor_values "$kind" "$value" "$prog" "${sysfs[@]}")
  fi
  # Bash replaces only the raw current word: drop what COMP_WORDBREAKS split off before it.
  local drop=$((${#prefix} + ${#value} - ${#raw}))
  COMPREPLY=()
  for w in "${replies[@]}"; do
    w=$prefix$w
    COMPREPLY+=("${w:drop}")
  done
}
complete -F _roce_doctor roce-doctor
)BASH";

// A subcommand's options and, after them, the global options it does not define itself (global
// options may follow the subcommand; its own -h,--help wins).
std::vector<OptionSpec> with_globals(const CommandSpec& cmd, const CommandSpec& program) {
  std::vector<OptionSpec> options = cmd.options;
  std::set<std::string> own;
  for (const auto& o : cmd.options) own.insert(o.names.begin(), o.names.end());
  for (const auto& g : program.options) {
    OptionSpec kept = g;
    std::erase_if(kept.names, [&](const std::string& n) { return own.contains(n); });
    if (!kept.names.empty()) options.push_back(std::move(kept));
  }
  return options;
}

std::string join_names(const std::vector<OptionSpec>& options) {
  std::string out;
  for (const auto& o : options)
    for (const auto& n : o.names) out += (out.empty() ? "" : " ") + n;
  return out;
}

std::string zsh_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Text inside an _arguments spec's [help] or :message: field.
std::string zsh_field(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\\' || c == '[' || c == ']' || c == ':') out += '\\';
    out += c;
  }
  return out;
}

std::string zsh_action(ValueKind k) {
  switch (k) {
    case ValueKind::files: return "_files";
    case ValueKind::dirs: return "_files -/";
    case ValueKind::checks: return "_roce_doctor_checks";
    case ValueKind::profiles: return "_roce_doctor_profiles";
    case ValueKind::devices: return "_roce_doctor_devices";
    case ValueKind::hosts: return "_roce_doctor_hosts";
    case ValueKind::none:
    case ValueKind::free: break;
  }
  return " ";
}

std::string zsh_message(ValueKind k) {
  switch (k) {
    case ValueKind::files: return "file";
    case ValueKind::dirs: return "directory";
    case ValueKind::checks: return "check IDs";
    case ValueKind::profiles: return "profile";
    case ValueKind::devices: return "device";
    case ValueKind::hosts: return "host";
    case ValueKind::none:
    case ValueKind::free: break;
  }
  return "value";
}

// One _arguments spec per option: "(--yes -y)--yes[help]", "*--from=[help]:file:_files".
std::string zsh_option_specs(const std::vector<OptionSpec>& options, const std::string& indent) {
  std::string out;
  for (const auto& o : options) {
    std::string exclude;
    if (o.names.size() > 1 && !o.repeats) {
      for (const auto& n : o.names) exclude += (exclude.empty() ? "(" : " ") + n;
      exclude += ")";
    }
    for (const auto& n : o.names) {
      std::string spec = (o.repeats ? "*" : exclude) + n;
      if (o.kind == ValueKind::none) {
        spec += "[" + zsh_field(o.help) + "]";
      } else {
        spec += "=[" + zsh_field(o.help) + "]:" + zsh_message(o.kind) + ":" + zsh_action(o.kind);
      }
      out += indent + zsh_quote(spec) + " \\\n";
    }
  }
  return out;
}

constexpr const char* kZshHelpers = R"ZSH(
# The dynamic lists come from the program being completed, at completion time.
_roce_doctor_list() {
  local -a values
  values=(${(f)"$(_call_program $1 ${(q)_roce_doctor_prog} ${(q)_roce_doctor_sysfs[@]} completion $1 2>/dev/null)"})
  print -rl -- $values
}
_roce_doctor_checks() {
  local -a ids
  ids=(${(f)"$(_roce_doctor_list checks)"})
  _sequence -s , compadd - $ids
}
_roce_doctor_profiles() {
  local -a roce_doctor_profiles  # a name _alternative does not use itself
  roce_doctor_profiles=(${(f)"$(_roce_doctor_list profiles)"})
  _alternative "profiles:profile:compadd -a roce_doctor_profiles" "files:profile file:_files -g '*.toml'"
}
_roce_doctor_devices() {
  local -a names
  names=(${(f)"$(_roce_doctor_list devices)"})
  _wanted devices expl device compadd -a names
}
_roce_doctor_hosts() {
  if [[ $PREFIX == sim:* ]]; then
    compset -P 'sim:'
    _files -g '*.toml'
  else
    compadd live
    compadd -S '' sim:
  fi
}
)ZSH";

}  // namespace

std::vector<CommandSpec> describe_commands(const CLI::App& app) {
  std::vector<CommandSpec> commands;
  commands.push_back(command_of(app, ""));
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); }))
    commands.push_back(command_of(*sub, sub->get_name()));
  return commands;
}

std::string bash_completion_script(const std::vector<CommandSpec>& commands) {
  std::string out =
      "# bash completion for roce-doctor. Generated by `roce-doctor completion bash` from the program's own\n"
      "# command-line definition: do not edit. Check IDs, profile names and device names are asked from\n"
      "# the program being completed, at completion time.\n\n";
  std::string names;
  for (const auto& c : commands)
    if (!c.name.empty()) names += (names.empty() ? "" : " ") + c.name;
  out += "_roce_doctor_commands='" + names + "'\n\n";

  out += "# _roce_doctor_options COMMAND: its options and the program's (\"\": the program's own).\n";
  out += "_roce_doctor_options() {\n  case $1 in\n";
  for (const auto& c : commands)
    out += "    '" + c.name + "') echo '" + join_names(c.name.empty() ? c.options : with_globals(c, commands.front())) +
           "' ;;\n";
  out += "  esac\n}\n\n";

  out += "# _roce_doctor_value COMMAND OPTION: what the option's value is (none: a flag; many-: several values\n"
         "# may follow); empty when COMMAND has no such option.\n";
  out += "_roce_doctor_value() {\n  case $1:$2 in\n";
  for (const auto& c : commands) {
    if (c.name.empty()) continue;
    for (const auto& o : c.options)
      for (const auto& n : o.names) out += "    " + c.name + ":" + n + ") echo " + bash_kind(o) + " ;;\n";
  }
  for (const auto& o : commands.front().options)
    for (const auto& n : o.names) out += "    *:" + n + ") echo " + bash_kind(o) + " ;;\n";
  out += "  esac\n}\n\n";

  out += "# _roce_doctor_positional COMMAND: what its positional arguments are.\n";
  out += "_roce_doctor_positional() {\n  case $1 in\n";
  for (const auto& c : commands)
    if (!c.name.empty() && !c.positionals.empty())
      out += "    " + c.name + ") echo " + kind_word(c.positionals.front().kind) + " ;;\n";
  out += "  esac\n}\n";
  return out + kBashEngine;
}

std::string zsh_completion_script(const std::vector<CommandSpec>& commands) {
  std::string out =
      "#compdef roce-doctor\n"
      "# zsh completion for roce-doctor. Generated by `roce-doctor completion zsh` from the program's own\n"
      "# command-line definition: do not edit. Check IDs, profile names and device names are asked from\n"
      "# the program being completed, at completion time.\n";
  out += kZshHelpers;
  const std::string globals = zsh_option_specs(commands.front().options, "    ");

  out += "\n_roce_doctor_commands() {\n  local -a commands\n  commands=(\n";
  for (const auto& c : commands)
    if (!c.name.empty()) out += "    " + zsh_quote(c.name + ":" + c.help) + "\n";
  out += "  )\n  _describe -t commands 'roce-doctor command' commands\n}\n";

  for (const auto& c : commands) {
    if (c.name.empty()) continue;
    out += "\n_roce_doctor_cmd_" + c.name + "() {\n  _arguments -s -S \\\n";
    out += zsh_option_specs(with_globals(c, commands.front()), "    ");
    for (const auto& p : c.positionals)
      out += "    " + zsh_quote(std::string(p.many ? "*" : "") + ":" + zsh_message(p.kind) + ":" + zsh_action(p.kind)) +
             " \\\n";
    out += "    && return 0\n  return 1\n}\n";
  }

  out += "\n_roce-doctor() {\n"
         "  local curcontext=$curcontext state line ret=1\n"
         "  local _roce_doctor_prog=$words[1]\n"
         "  local -a _roce_doctor_sysfs\n"
         "  local i=${words[(I)--sysfs-root]}\n"
         "  (( i )) && _roce_doctor_sysfs=(--sysfs-root ${words[i+1]})\n"
         "  _arguments -C \\\n";
  out += globals;
  out += "    '1: :_roce_doctor_commands' \\\n"
         "    '*:: :->args' && ret=0\n"
         "  if [[ $state == args ]]; then\n"
         "    curcontext=${curcontext%:*:*}:roce-doctor-$words[1]:\n"
         "    case $words[1] in\n";
  for (const auto& c : commands)
    if (!c.name.empty()) out += "      " + c.name + ") _roce_doctor_cmd_" + c.name + " && ret=0 ;;\n";
  out += "    esac\n"
         "  fi\n"
         "  return ret\n"
         "}\n\n"
         "# Autoloaded from fpath this file is the body of _roce-doctor; sourced, it registers itself.\n"
         "if [[ $funcstack[1] == _roce-doctor ]]; then\n"
         "  _roce-doctor \"$@\"\n"
         "else\n"
         "  compdef _roce-doctor roce-doctor\n"
         "fi\n";
  return out;
}

CLI::App* add_completion_command(CLI::App& app, CompletionOptions& options) {
  auto* cmd = app.add_subcommand("completion",
                                 "Print the bash or zsh completion script, or a list the scripts complete from");
  cmd->group("");  // hidden: the installed scripts call it
  cmd->add_option("what", options.what, "bash, zsh, checks, profiles or devices")
      ->required()
      ->check(CLI::IsMember({"bash", "zsh", "checks", "profiles", "devices"}));
  return cmd;
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
    for (const auto& name : profile_names()) out += name + "\n";
  } else {
    // Netdevs and RDMA devices, as --dev takes them.
    namespace fs = std::filesystem;
    const fs::path root = sources::sysfs::resolve_sysfs_root(global.sysfs_root);
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
