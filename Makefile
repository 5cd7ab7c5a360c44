# papergraph: one entry point. `make up` runs the whole product, `make test` the whole suite.
# The virtualenv and the Neo4j jars live outside the clone (PAPERGRAPH_HOME), so a second clone
# or a CI run on the same machine reuses them.
PAPERGRAPH_HOME ?= $(HOME)/.cache/papergraph
VENV ?= $(PAPERGRAPH_HOME)/venv
PY := $(VENV)/bin/python
PG := $(VENV)/bin/papergraph
SEED ?= examples/iclr2025-seed.txt
export PAPERGRAPH_HOME

.PHONY: setup up test lint bench clean-venv

$(PY):
	python3.11 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

setup: $(PY)  ## Install papergraph (+ dev tools), Neo4j's jars and Chromium for browser tests (once).
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev,ray]'
	$(PG) neo4j provision
	bash scripts/install-browser.sh
	npm ci --prefix api/graphiql --no-audit --no-fund --silent

up: setup  ## Start Neo4j, load the seed corpus, serve the API and print the URLs.
	$(PG) up $(SEED)

test: setup  ## Run every check: ruff, mypy and pytest against a real Neo4j.
	$(VENV)/bin/ruff check graph api loaders papergraph tests bench scripts
	$(VENV)/bin/ruff format --check graph api loaders papergraph tests bench scripts
	$(VENV)/bin/mypy
	$(PY) -m pytest

bench: setup  ## Benchmarks (see bench/README.md); QUICK=1 for the short CI variant.
	$(PY) -m bench $(if $(QUICK),--quick,)

clean-venv:
	rm -rf $(VENV)
