# Completes command lines as zsh does: each LINE is typed into an interactive zsh (a pseudo
# terminal), followed by Tab and Return; a stub `qadvisor` function prints the words the line
# then has, one "words: ..." line per LINE. The completion function is the one in DIR, found on
# fpath by compinit as an installed one would be.
# Usage: zsh zsh_complete.zsh DIR LINE...
zmodload zsh/zpty || exit 2
zpty z 'zsh -f -i' || exit 2
zpty -w z "PS1='> '; fpath=(${(q)1} \$fpath); autoload -U compinit; compinit -u -D"
zpty -w z "qadvisor() { print -r -- \"words: \$*.\" }"
shift
for typed in "$@"; do
  zpty -w -n z "$typed"$'\t\r'
  # Up to the stub's output: zsh reads the keys in order, so Return comes after the completion.
  zpty -r z out '*words: *.'$'\r' || exit 2
  print -r -- "${${out##*words: }%$'\r'}"
done
zpty -d z
