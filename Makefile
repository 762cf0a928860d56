# The two commands of the README:
#   make demo   install what is missing, build, render the bundled sample trace
#   make test   install what is missing, build, run every test and check
.PHONY: demo test setup build release clean

setup:
	@bash scripts/setup.sh

build: setup
	swift build

release: setup
	swift build -c release

demo: build
	bash scripts/demo.sh

test: 
	@bash scripts/setup.sh --test
	bash scripts/test.sh

clean:
	rm -rf .build
