# papergraph: `make up` runs the product, `make test` the whole suite, `make check` the quick loop.
# The virtualenv and the Neo4j jars live outside the clone (PAPERGRAPH_HOME), so a second clone
# or a CI run on the same machine reuses them.
PAPERGRAPH_HOME ?= $(HOME)/.cache/papergraph
VENV ?= $(PAPERGRAPH_HOME)/venv
PY := $(VENV)/bin/python
PG := $(VENV)/bin/papergraph
PIP := $(PY) -m pip install --disable-pip-version-check --progress-bar on
SEED ?= examples/iclr2025-seed.txt
SOURCES := graph api loaders papergraph tests bench scripts
# `make up TORCH_INDEX=https://download.pytorch.org/whl/cpu`: torch's CPU-only build, without
# the CUDA libraries of PyPI's default wheel (see the README).
TORCH_INDEX ?=
# Extra pytest arguments, e.g. PYTEST_ARGS="--durations=25" or PYTEST_ARGS="-k tour".
PYTEST_ARGS ?=
# Markers that this clone's installs are current: pip runs again only when pyproject.toml
# changes or the virtualenv is new, so `make test` twice does not reinstall anything. The user
# install (`make up`) is the product alone; the developer install (`make test`, `make check`)
# adds the dev tools and Ray, and also satisfies the user install.
USER_INSTALL := .make/installed-user
DEV_INSTALL := .make/installed-dev
# The install is editable, so the virtualenv serves one clone at a time: when another clone has
# installed itself since, this clone's markers are stale and pip runs again.
CLONE_MARK := $(VENV)/.papergraph-clone
ifneq ($(shell cat $(CLONE_MARK) 2>/dev/null),$(CURDIR))
$(shell rm -f $(USER_INSTALL) $(DEV_INSTALL))
endif
export PAPERGRAPH_HOME

.PHONY: setup dev browser up test check lint bench notebook clean-venv

$(PY):
	@echo "==> Creating the virtualenv in $(VENV)"
	python3.11 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

define torch_from_index
	$(if $(TORCH_INDEX),$(PIP) --index-url $(TORCH_INDEX) 'torch>=2.2')
endef

$(USER_INSTALL): pyproject.toml | $(PY)
	@echo "==> Installing papergraph (pip shows its progress; a first install downloads a few GB, most of it torch)"
	$(torch_from_index)
	$(PIP) -e .
	@echo $(CURDIR) > $(CLONE_MARK)
	@mkdir -p $(@D) && touch $@

$(DEV_INSTALL): pyproject.toml | $(PY)
	@echo "==> Installing papergraph with its dev tools and Ray (pip shows its progress)"
	$(torch_from_index)
	$(PIP) -e '.[dev,ray]'
	@echo $(CURDIR) > $(CLONE_MARK)
	@mkdir -p $(@D) && touch $@ $(USER_INSTALL)

setup: $(USER_INSTALL)  ## Install papergraph (what the product runs) and Neo4j's jars (once).
	$(PG) neo4j provision

dev: $(DEV_INSTALL)  ## Install papergraph with the dev tools and Ray, and Neo4j's jars (once).
	$(PG) neo4j provision

browser:  ## Chromium and its WebDriver for the browser tests (apt, only when missing).
	bash scripts/install-browser.sh

up: setup  ## Start Neo4j, load the seed corpus, serve the API and print the URLs.
	$(PG) up $(SEED)

lint: $(DEV_INSTALL)  ## The linters and the type checker alone.
	$(VENV)/bin/ruff check $(SOURCES)
	$(VENV)/bin/ruff format --check $(SOURCES)
	$(VENV)/bin/mypy

check: lint  ## The quick loop: the linters, then the unit tests (tests/unit: no Neo4j).
	$(PY) -m pytest tests/unit $(PYTEST_ARGS)

test: dev browser lint  ## Every check CI runs: the linters, then pytest against a real Neo4j.
	$(PY) -m pytest $(PYTEST_ARGS)

bench: dev  ## Benchmarks (bench/results/README.md); QUICK=1 for the short CI variant.
	$(if $(QUICK),PAPERGRAPH_BENCH_RESULTS=$(CURDIR)/.make/bench-quick,) $(PY) -m bench $(if $(QUICK),--quick,)

notebook: setup  ## Jupyter on examples/explore.ipynb (start `make up` first, in another shell).
	$(PIP) --quiet -e '.[notebook]'
	$(VENV)/bin/jupyter lab examples/explore.ipynb

clean-venv:
	rm -rf $(VENV) .make
