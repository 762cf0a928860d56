# The two commands of the README:
#   make demo   install what is missing, build, render the bundled sample trace
#   make test   install what is missing, build, run every test and check
.PHONY: demo test setup build release clean

setup:
	@bash scripts/setup.sh

build: setup
	swift build

# The optimised binary, .build/release/restoretrace, with the Swift runtime and FoundationEssentials
# linked in statically: it starts in ~4 ms instead of ~10 (no dynamic binding of libswiftCore),
# a sixth of a small render. Without SwiftPM's $ORIGIN run path, which nothing statically linked
# needs, the dynamic loader no longer looks for each of libgvc's libraries in a dozen directories
# beside the binary first (0.65 ms of every start). Benchmarks/*.sh build it the same way.
release: setup
	swift build -c release --static-swift-stdlib --disable-local-rpath

demo: build
	bash scripts/demo.sh

test: 
	@bash scripts/setup.sh --test
	bash scripts/test.sh

clean:
	rm -rf .build
