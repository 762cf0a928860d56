# The two commands of the README:
#   make demo   install what is missing, build, render the bundled sample trace
#   make test   install what is missing, build, run every test and check
# and, like any command-line tool:
#   make install [PREFIX=/usr/local] [DESTDIR=]   the release binary, its man page, bash/zsh/fish completions
#   make uninstall [PREFIX=/usr/local] [DESTDIR=]
.PHONY: demo test setup build release manual install uninstall clean

PREFIX ?= /usr/local
bindir = $(DESTDIR)$(PREFIX)/bin
man1dir = $(DESTDIR)$(PREFIX)/share/man/man1
bashcompletiondir = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
zshcompletiondir = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
fishcompletiondir = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
# The files install puts in place (uninstall removes exactly these).
installed = $(bindir)/restoretrace $(man1dir)/restoretrace.1 $(bashcompletiondir)/restoretrace \
	$(zshcompletiondir)/_restoretrace $(fishcompletiondir)/restoretrace.fish
# The man page's date: the last commit's, so that one checkout always makes the same page.
MANUAL_DATE ?= $(shell git log -1 --format=%cs 2>/dev/null || date +%F)

setup:
	@bash scripts/setup.sh

build: setup
	swift build

# The optimised binary, .build/release/restoretrace, with the Swift runtime and FoundationEssentials
# linked in statically: it starts in ~4 ms instead of ~10 (no dynamic binding of libswiftCore),
# a sixth of a small render. Without SwiftPM's $ORIGIN run path, which nothing statically linked
# needs, the dynamic loader no longer looks for each of libgvc's libraries in a dozen directories
# beside the binary first (0.65 ms of every start). Benchmarks/*.sh build it the same way.
release_flags = -c release --static-swift-stdlib --disable-local-rpath
release: setup
	swift build $(release_flags)

# The man page, from the commands' own help, by swift-argument-parser's generate-manual plugin,
# which builds the package and writes restoretrace.1 under .build/plugins/. It builds the debug
# configuration, which `make build` and `make test` have built already: the help is the same, and
# a release build of its own (without release_flags) would make the next `make release` compile
# everything again. .build/restoretrace.1 is that page with each blank line (a paragraph of a
# command's discussion) made the paragraph macro, which groff reads without a warning.
manual: setup
	swift package plugin generate-manual --configuration debug --date $(MANUAL_DATE)
	sed 's/^$$/.Pp/' "$$(find .build/plugins -path '*GenerateManual*' -name restoretrace.1 | head -n 1)" > .build/restoretrace.1

install: manual release
	install -d "$(bindir)" "$(man1dir)" "$(bashcompletiondir)" "$(zshcompletiondir)" "$(fishcompletiondir)"
	install -m 755 .build/release/restoretrace "$(bindir)/restoretrace"
	install -m 644 .build/restoretrace.1 "$(man1dir)/restoretrace.1"
	.build/release/restoretrace --generate-completion-script bash > "$(bashcompletiondir)/restoretrace"
	.build/release/restoretrace --generate-completion-script zsh > "$(zshcompletiondir)/_restoretrace"
	.build/release/restoretrace --generate-completion-script fish > "$(fishcompletiondir)/restoretrace.fish"
	@echo "installed restoretrace in $(DESTDIR)$(PREFIX): bin/restoretrace, share/man/man1/restoretrace.1, bash, zsh and fish completions"

uninstall:
	rm -f $(installed)

demo: build
	bash scripts/demo.sh

test: 
	@bash scripts/setup.sh --test
	bash scripts/test.sh

clean:
	rm -rf .build
