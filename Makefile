# provgraph: two commands on a fresh machine (needs python3, java 17+, maven).
#   make demo   - venv + packages + local Neo4j + the main job on examples/
#   make test   - venv + packages + the test suite against a real Neo4j it starts
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench venv server clean chromium

venv: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	@touch $(STAMP)

server: $(STAMP)
	$(BIN)/provgraph server start

demo: server
	@bash examples/demo.sh

# The Neo4j Browser test drives Debian's chromium (Playwright never downloads a browser here):
# installed when missing and root, else that test skips and says why.
chromium:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium >/dev/null 2>&1 || \
		{ apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium >/dev/null; } || \
		echo "make test: could not install chromium: the Neo4j Browser test will skip" >&2; \
	else echo "make test: chromium not installed and not root: the Neo4j Browser test will skip (apt-get install chromium)" >&2; fi

# Lint first (seconds), then the suite; a lint finding fails `make test`. `make lint` runs only the lint.
# pytest exits 5 when it collected no test: that must fail, not pass silently.
lint: $(STAMP)
	$(BIN)/ruff check --quiet provgraph tests bench
	$(BIN)/mypy

test: lint chromium
	@$(BIN)/python -m pytest $(PYTEST_ARGS); rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make test: no tests were collected" >&2; exit 1; fi; exit $$rc

# The bench starts its own Neo4j (port 7686, env PROVGRAPH_BENCH_PORT, data under PROVGRAPH_HOME/bench-server-PORT)
# and stops it afterwards; BENCH_ARGS e.g. "--sizes 25k --no-adversarial", "--large", "--profile". See bench/README.md.
bench: $(STAMP)
	@$(BIN)/python -c "import pyinstrument" 2>/dev/null || $(BIN)/python -m pip install --quiet -e ".[bench]"
	$(BIN)/python -m bench $(BENCH_ARGS)

clean:
	-$(BIN)/provgraph server stop
	rm -rf $(VENV) build *.egg-info provgraph-report
