# Prints, one a line, the matches zsh's completion system offers for the command line $1, with the
# completion function found in the folder $2 (fpath). Used by test_completion.cpp. The markers are
# typed split ("<RE""ADY>"): the terminal echoes what is typed, and an echo holding a whole marker
# would be read as the output on a loaded machine.
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "PROMPT= ; fpath=(${(q)2} \$fpath); autoload -U compinit; compinit -u -D"
zpty -w z 'compadd () { builtin compadd -O __hits "$@"; local h; for h in $__hits; do print -r -- "<""M>$h</""M>"; done; builtin compadd "$@" }'
zpty -w z '_capture_done () { print -r -- "<E""ND>" }; comppostfuncs=(_capture_done)'
zpty -w z 'print "<RE""ADY>"'
zpty -r z line '*<READY>*'
zpty -w z "$1"$'\t'
zpty -r z output '*<END>*'
for line in ${(f)output}; do
  [[ $line == *'<M>'* ]] && print -r -- "${${line#*<M>}%%</M>*}"
done
zpty -d z
