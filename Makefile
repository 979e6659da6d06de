# provgraph: two commands on a fresh machine (needs python3, java 17+, maven).
#   make demo   - venv + packages + local Neo4j + the main job on examples/
#   make test   - venv + packages + the test suite against a real Neo4j it starts
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test bench venv server clean

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

# pytest exits 5 when it collected no test: that must fail, not pass silently.
test: $(STAMP)
	@$(BIN)/python -m pytest $(PYTEST_ARGS); rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make test: no tests were collected" >&2; exit 1; fi; exit $$rc

bench: server
	$(BIN)/python -m bench $(BENCH_ARGS)

clean:
	-$(BIN)/provgraph server stop
	rm -rf $(VENV) build *.egg-info provgraph-report
