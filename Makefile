# papergraph: one entry point. `make up` runs the whole product, `make test` the whole suite.
# The virtualenv and the Neo4j jars live outside the clone (PAPERGRAPH_HOME), so a second clone
# or a CI run on the same machine reuses them.
PAPERGRAPH_HOME ?= $(HOME)/.cache/papergraph
VENV ?= $(PAPERGRAPH_HOME)/venv
PY := $(VENV)/bin/python
PG := $(VENV)/bin/papergraph
SEED ?= examples/iclr2025-seed.txt
SOURCES := graph api loaders papergraph tests bench scripts
# Marks that this clone's install is current: pip runs again only when pyproject.toml changes
# or the virtualenv is new, so `make test` twice does not reinstall anything.
INSTALLED := .make/installed
# The install is editable, so the virtualenv serves one clone at a time: when another clone has
# installed itself since, this clone's marker is stale and pip runs again.
CLONE_MARK := $(VENV)/.papergraph-clone
ifneq ($(shell cat $(CLONE_MARK) 2>/dev/null),$(CURDIR))
$(shell rm -f $(INSTALLED))
endif
export PAPERGRAPH_HOME

.PHONY: setup browser up test lint bench notebook clean-venv

$(PY):
	@echo "==> Creating the virtualenv in $(VENV)"
	python3.11 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(INSTALLED): pyproject.toml | $(PY)
	@echo "==> Installing papergraph and its dev tools (pip shows its progress; a first install downloads a few GB, most of it torch)"
	$(PY) -m pip install --disable-pip-version-check --progress-bar on -e '.[dev,ray]'
	@echo $(CURDIR) > $(CLONE_MARK)
	@mkdir -p $(@D) && touch $@

setup: $(INSTALLED)  ## Install papergraph (+ dev tools) and Neo4j's jars (once).
	$(PG) neo4j provision

browser:  ## Chromium and its WebDriver for the browser tests (apt, only when missing).
	bash scripts/install-browser.sh

up: setup  ## Start Neo4j, load the seed corpus, serve the API and print the URLs.
	$(PG) up $(SEED)

lint: $(INSTALLED)  ## The linters and the type checker alone.
	$(VENV)/bin/ruff check $(SOURCES)
	$(VENV)/bin/ruff format --check $(SOURCES)
	$(VENV)/bin/mypy

test: setup browser lint  ## Run every check: the linters, then pytest against a real Neo4j.
	$(PY) -m pytest

bench: setup  ## Benchmarks (see bench/README.md); QUICK=1 for the short CI variant.
	$(PY) -m bench $(if $(QUICK),--quick,)

notebook: setup  ## Jupyter on examples/explore.ipynb (start `make up` first, in another shell).
	$(PY) -m pip install --disable-pip-version-check --quiet -e '.[notebook]'
	$(VENV)/bin/jupyter lab examples/explore.ipynb

clean-venv:
	rm -rf $(VENV) .make
