// The bash completion script, generated from the CommandSpecs of the CLI.
#include <string>
#include <vector>

#include "cli/completion.hpp"
#include "util/text.hpp"

namespace roce::cli {
namespace {

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
    case ValueKind::words: return "words";
  }
  return "free";
}

// The kind of a value as the script's tables give it, quoted: 'files', 'many-checks', 'words:slurm template'.
std::string bash_kind(const OptionSpec& o, bool many) {
  std::string kind = std::string(many ? "many-" : "") + kind_word(o.kind);
  if (o.kind == ValueKind::words) kind += ":" + util::join(o.words, " ");
  return "'" + kind + "'";
}

// The part of the bash script that does not depend on the definition.
constexpr const char* kBashEngine = R"BASH(
# _roce_doctor_values KIND PREFIX PROGRAM [--sysfs-root DIR] [--host SPEC]: the candidates for a value.
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
    words:*) compgen -W "${kind#words:}" -- "$cur" ;;
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
  local -a sysfs=() host=()
  for ((i = 0; i < ${#words[@]} - 1; i++)); do
    w=${words[i]}
    if [[ -n $expect ]]; then
      [[ $opt == --sysfs-root ]] && sysfs=(--sysfs-root "$w")
      [[ $opt == --host ]] && host=(--host "$w")
      expect=
      continue
    fi
    case $w in
      -*=*)
        opt=${w%%=*}
        [[ $opt == --sysfs-root ]] && sysfs=(--sysfs-root "${w#*=}")
        [[ $opt == --host ]] && host=(--host "${w#*=}")
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
        # A subcommand of the command so far selects it ("sweep" then "plan": "sweep plan").
        if [[ -n $w && " $(_roce_doctor_subcommands "$cmd") " == *" $w "* ]]; then cmd=${cmd:+$cmd }$w; many=; fi ;;
    esac
  done
  local subcommands
  subcommands=$(_roce_doctor_subcommands "$cmd")

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
  elif [[ $cur != -* && -n $subcommands ]]; then
    mapfile -t replies < <(compgen -W "$subcommands" -- "$cur")
  elif [[ $cur != -* ]]; then
    kind=$(_roce_doctor_positional "$cmd")
  fi
  # An option, or nothing else to offer after a command: its options.
  if [[ $cur == -* || ( -n $cmd && -z $kind && -z $expect ) ]] && ((${#replies[@]} == 0)); then
    mapfile -t replies < <(compgen -W "$(_roce_doctor_options "$cmd")" -- "$cur")
  fi
  if [[ -n $kind && $kind != none && $kind != free ]]; then
    [[ $kind == files || $kind == dirs || $kind == profiles || $kind == hosts ]] && compopt -o filenames 2>/dev/null
    mapfile -t replies < <(_roce_doctor_values "$kind" "$value" "$prog" "${sysfs[@]}" "${host[@]}")
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

std::string join_names(const std::vector<OptionSpec>& options) {
  std::string out;
  for (const auto& o : options)
    for (const auto& n : o.names) out += (out.empty() ? "" : " ") + n;
  return out;
}

}  // namespace

std::string bash_completion_script(const std::vector<CommandSpec>& commands) {
  std::string out =
      "# bash completion for roce-doctor. Generated by `roce-doctor completion bash` from the program's own\n"
      "# command-line definition: do not edit. Check IDs, profile names and device names are asked from\n"
      "# the program being completed, at completion time.\n\n";

  out += "# _roce_doctor_subcommands COMMAND: the subcommands it has (\"\": the program's; \"sweep\": sweep's).\n";
  out += "_roce_doctor_subcommands() {\n  case $1 in\n";
  for (const auto& c : commands)
    if (!c.subcommands.empty()) out += "    '" + c.name + "') echo '" + util::join(c.subcommands, " ") + "' ;;\n";
  out += "  esac\n}\n\n";

  out += "# _roce_doctor_options COMMAND: its options and those it passes on to the commands above it.\n";
  out += "_roce_doctor_options() {\n  case $1 in\n";
  for (const auto& c : commands)
    out += "    '" + c.name + "') echo '" + join_names(offered_options(c, commands)) + "' ;;\n";
  out += "  esac\n}\n\n";

  out +=
      "# _roce_doctor_value COMMAND OPTION: what the option's value is (none: a flag; many-: several values\n"
      "# may follow; words: one of those); empty when COMMAND has no such option.\n";
  out += "_roce_doctor_value() {\n  case $1:$2 in\n";
  for (const auto& c : commands) {
    if (c.name.empty()) continue;
    for (const auto& o : offered_options(c, commands, false))
      for (const auto& n : o.names) out += "    '" + c.name + ":" + n + "') echo " + bash_kind(o, o.many) + " ;;\n";
  }
  for (const auto& o : commands.front().options)
    for (const auto& n : o.names) out += "    *:" + n + ") echo " + bash_kind(o, o.many) + " ;;\n";
  out += "  esac\n}\n\n";

  out += "# _roce_doctor_positional COMMAND: what its positional arguments are.\n";
  out += "_roce_doctor_positional() {\n  case $1 in\n";
  for (const auto& c : commands)
    if (!c.name.empty() && !c.positionals.empty())
      out += "    '" + c.name + "') echo " + bash_kind(c.positionals.front(), false) + " ;;\n";
  out += "  esac\n}\n";
  return out + kBashEngine;
}

}  // namespace roce::cli
