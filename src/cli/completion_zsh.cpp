// The zsh completion script (_arguments specs), generated from the CommandSpecs of the CLI.
#include <algorithm>
#include <string>
#include <vector>

#include "cli/completion.hpp"
#include "util/text.hpp"

namespace roce::cli {
namespace {

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

std::string zsh_action(const OptionSpec& o) {
  switch (o.kind) {
    case ValueKind::files: return "_files";
    case ValueKind::dirs: return "_files -/";
    case ValueKind::checks: return "_roce_doctor_checks";
    case ValueKind::profiles: return "_roce_doctor_profiles";
    case ValueKind::devices: return "_roce_doctor_devices";
    case ValueKind::hosts: return "_roce_doctor_hosts";
    case ValueKind::words: return "(" + util::join(o.words, " ") + ")";
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
    case ValueKind::words:
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
        spec += "=[" + zsh_field(o.help) + "]:" + zsh_message(o.kind) + ":" + zsh_action(o);
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

// The name of a command's function, of the list of its subcommands: "sweep plan" -> "sweep_plan".
std::string zsh_ident(const std::string& command) {
  std::string out = command;
  std::ranges::replace(out, ' ', '_');
  return out;
}

std::string list_function(const CommandSpec& c) {
  return c.name.empty() ? "_roce_doctor_commands" : "_roce_doctor_commands_" + zsh_ident(c.name);
}

// _roce_doctor_commands_sweep: the subcommands of a command, described.
std::string zsh_list(const CommandSpec& c, const std::vector<CommandSpec>& commands) {
  std::string out = "\n" + list_function(c) + "() {\n  local -a commands\n  commands=(\n";
  for (const auto& sub : c.subcommands) {
    const std::string name = c.name.empty() ? sub : c.name + " " + sub;
    std::string help;
    for (const auto& d : commands)
      if (d.name == name) help = d.help;
    out += "    " + zsh_quote(sub + ":" + help) + "\n";
  }
  const std::string what = c.name.empty() ? "roce-doctor command" : c.name + " command";
  return out + "  )\n  _describe -t commands " + zsh_quote(what) + " commands\n}\n";
}

// The _arguments call of a command with subcommands, options before them, then the chosen one's function.
std::string zsh_dispatch(const CommandSpec& c, const std::string& arguments, const std::string& options) {
  std::string out = "  _arguments " + arguments + " \\\n" + options;
  out += "    " + zsh_quote("1: :" + list_function(c)) + " \\\n";
  out +=
      "    '*:: :->args' && ret=0\n"
      "  if [[ $state == args ]]; then\n"
      "    curcontext=${curcontext%:*:*}:roce-doctor-" +
      (c.name.empty() ? "" : zsh_ident(c.name) + "-") +
      "$words[1]:\n"
      "    case $words[1] in\n";
  for (const auto& sub : c.subcommands)
    out += "      " + sub + ") _roce_doctor_cmd_" + zsh_ident(c.name.empty() ? sub : c.name + " " + sub) +
           " && ret=0 ;;\n";
  return out + "    esac\n  fi\n  return ret\n";
}

}  // namespace

std::string zsh_completion_script(const std::vector<CommandSpec>& commands) {
  std::string out =
      "#compdef roce-doctor\n"
      "# zsh completion for roce-doctor. Generated by `roce-doctor completion zsh` from the program's own\n"
      "# command-line definition: do not edit. Check IDs, profile names and device names are asked from\n"
      "# the program being completed, at completion time.\n";
  out += kZshHelpers;

  for (const auto& c : commands)
    if (!c.subcommands.empty()) out += zsh_list(c, commands);

  for (const auto& c : commands) {
    if (c.name.empty()) continue;
    const std::string options = zsh_option_specs(offered_options(c, commands), "    ");
    out += "\n_roce_doctor_cmd_" + zsh_ident(c.name) + "() {\n";
    if (!c.subcommands.empty()) {
      out += "  local curcontext=$curcontext state line ret=1\n" + zsh_dispatch(c, "-C -s -S", options) + "}\n";
      continue;
    }
    out += "  _arguments -s -S \\\n" + options;
    for (const auto& p : c.positionals)
      out += "    " + zsh_quote(std::string(p.many ? "*" : "") + ":" + zsh_message(p.kind) + ":" + zsh_action(p)) +
             " \\\n";
    out += "    && return 0\n  return 1\n}\n";
  }

  out +=
      "\n_roce-doctor() {\n"
      "  local curcontext=$curcontext state line ret=1\n"
      "  local _roce_doctor_prog=$words[1]\n"
      "  local -a _roce_doctor_sysfs\n"
      "  local i=${words[(I)--sysfs-root]}\n"
      "  (( i )) && _roce_doctor_sysfs=(--sysfs-root ${words[i+1]})\n"
      "  i=${words[(I)--host]}\n"
      "  (( i )) && _roce_doctor_sysfs+=(--host ${words[i+1]})\n";
  out += zsh_dispatch(commands.front(), "-C", zsh_option_specs(commands.front().options, "    "));
  out +=
      "}\n\n"
      "# Autoloaded from fpath this file is the body of _roce-doctor; sourced, it registers itself.\n"
      "if [[ $funcstack[1] == _roce-doctor ]]; then\n"
      "  _roce-doctor \"$@\"\n"
      "else\n"
      "  compdef _roce-doctor roce-doctor\n"
      "fi\n";
  return out;
}

}  // namespace roce::cli
