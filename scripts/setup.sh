#!/usr/bin/env bash
# Installs what restoretrace needs on a Debian machine that has Swift: only what is missing,
# so a second run takes well under a second.
#   libgraphviz-dev    libgvc headers, libraries and plugins (in-process rendering)
#   fonts-dejavu-core  a fixed font set: text measurement, hence layout, depends on fonts
#   pkg-config         how SwiftPM finds libgvc
#   python3-jsonschema only with --test: the independent JSON Schema validator used in tests
#   chromium, chromium-driver, python3-selenium
#                      only with --test: the report page is tested in headless Chromium
#   zsh, fish, man-db  only with --test: scripts/test-install.sh loads the installed completion
#                      scripts in each shell and renders the man page (about 4 MB to download)
set -euo pipefail

want_test_tools=0
[ "${1:-}" = "--test" ] && want_test_tools=1

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
if ! pkg-config --exists libgvc 2>/dev/null || ! ls /usr/lib/*/graphviz/config6* >/dev/null 2>&1; then
    missing+=(libgraphviz-dev)
fi
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
if [ "$want_test_tools" = 1 ] && ! python3 -c 'import jsonschema' >/dev/null 2>&1; then
    missing+=(python3-jsonschema)
fi
if [ "$want_test_tools" = 1 ]; then
    command -v chromium >/dev/null 2>&1 || missing+=(chromium)
    command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
    # Debian's package, for Debian's python3 (scripts/test.sh runs the browser test with it).
    /usr/bin/python3 -c 'import selenium' >/dev/null 2>&1 || missing+=(python3-selenium)
    command -v zsh >/dev/null 2>&1 || missing+=(zsh)
    command -v fish >/dev/null 2>&1 || missing+=(fish)
    command -v man >/dev/null 2>&1 || missing+=(man-db)
    command -v groff >/dev/null 2>&1 || missing+=(groff-base)
fi

if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! ls /usr/lib/*/graphviz/config6* >/dev/null 2>&1; then
    # The libgvc6 package writes its plugin list at install; regenerate it if that was skipped.
    dot_bin=$(ls /usr/lib/*/graphviz/../../../bin/dot 2>/dev/null | head -n1 || true)
    echo "setup: Graphviz plugin configuration (config6a) is missing; reinstall libgvc6" >&2
    exit 1
fi
echo "setup: libgvc $(pkg-config --modversion libgvc), fonts and tools present" >&2
