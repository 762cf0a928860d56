#!/usr/bin/env bash
# `make install` and `make uninstall` into a scratch staging folder (DESTDIR) under a PREFIX, as a
# packager would: the release binary runs, the man page renders and groff reads it without a
# warning, and each shell loads its completion script and completes a subcommand; uninstall
# removes every file. Costs a release build and the generate-manual plugin's own release build
# of the package (minutes on a first run; see README).
set -euo pipefail
cd "$(dirname "$0")/.."

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
prefix=/opt/restoretrace-test
root="$stage$prefix"
fail() { echo "test-install: $*" >&2; exit 1; }

started=$SECONDS
make install PREFIX="$prefix" DESTDIR="$stage" >"$stage.log" 2>&1 || { tail -n 40 "$stage.log" >&2; rm -f "$stage.log"; fail "make install failed"; }
rm -f "$stage.log"
echo "test-install: make install took $((SECONDS - started)) s" >&2

files=(bin/restoretrace share/man/man1/restoretrace.1 share/bash-completion/completions/restoretrace
       share/zsh/site-functions/_restoretrace share/fish/vendor_completions.d/restoretrace.fish)
for file in "${files[@]}"; do
    [ -s "$root/$file" ] || fail "make install did not put $prefix/$file in place"
done
[ -x "$root/bin/restoretrace" ] || fail "$prefix/bin/restoretrace is not executable"
version="$("$root/bin/restoretrace" --version)" || fail "the installed binary does not run"
[ -n "$version" ] || fail "the installed binary printed no version"

# The man page: groff reads it without a warning, and man renders every subcommand in it.
page="$root/share/man/man1/restoretrace.1"
warnings="$(groff -mandoc -Tutf8 -ww -z "$page" 2>&1)"
[ -z "$warnings" ] || fail "groff warns about the man page: $warnings"
rendered="$(MANWIDTH=100 man -l "$page" 2>/dev/null)" || fail "man -l cannot render the man page"
for command in render diagrams simulate explain summary export diff validate lint import; do
    grep -q "^     $command" <<<"$rendered" || fail "the man page has no entry for $command"
done

# Each shell loads its script and completes `restoretrace dia` to the diagrams subcommand.
export PATH="$root/bin:$PATH"
completions="$root/share/bash-completion/completions/restoretrace"
bash -n "$completions" || fail "bash cannot parse its completion script"
got="$(bash -c 'source "$1"; COMP_WORDS=(restoretrace dia); COMP_CWORD=1; COMP_LINE="restoretrace dia"; COMP_POINT=${#COMP_LINE}
               "$(complete -p restoretrace | sed -E "s/.*-F ([^ ]+).*/\1/")" restoretrace dia restoretrace; printf "%s\n" "${COMPREPLY[@]}"' _ "$completions")"
grep -qx diagrams <<<"$got" || fail "bash did not complete 'restoretrace dia' to diagrams (got: $got)"
if command -v zsh >/dev/null; then
    zsh -n "$root/share/zsh/site-functions/_restoretrace" || fail "zsh cannot parse its completion script"
    head -n 1 "$root/share/zsh/site-functions/_restoretrace" | grep -q '^#compdef restoretrace' \
        || fail "the zsh completion script does not start with #compdef restoretrace"
    zsh -c "fpath=('$root/share/zsh/site-functions' \$fpath); autoload -Uz compinit; compinit -u -d '$stage/zcompdump'; [[ \${_comps[restoretrace]} == _restoretrace ]]" \
        || fail "zsh's compinit did not register _restoretrace for restoretrace"
else
    echo "test-install: zsh is not installed; its completion script was not loaded" >&2
fi
if command -v fish >/dev/null; then
    fish_script="$root/share/fish/vendor_completions.d/restoretrace.fish"
    fish -n "$fish_script" || fail "fish cannot parse its completion script"
    got="$(HOME="$stage" fish --no-config -c "source '$fish_script'; complete -C 'restoretrace dia'")"
    grep -q '^diagrams' <<<"$got" || fail "fish did not complete 'restoretrace dia' to diagrams (got: $got)"
else
    echo "test-install: fish is not installed; its completion script was not loaded" >&2
fi

make uninstall PREFIX="$prefix" DESTDIR="$stage" >/dev/null
for file in "${files[@]}"; do
    [ ! -e "$root/$file" ] || fail "make uninstall left $prefix/$file"
done
echo "test-install: make install put the binary ($version), man page and bash/zsh/fish completions in place; make uninstall removed them ($((SECONDS - started)) s)" >&2
