# Skitgubbe: engine + interactive rules book.
#   make setup   venv in .venv (pinned requirements + `-e .`, which compiles the engine) and node_modules
#   make book    build the static site into _build/html (jupyter-book -W -n --keep-going)
#   make lint    the gates: ruff check, ruff format --check, mypy --strict skitgubbe (config in pyproject.toml)
#   make js-check  the front end's gates: eslint, tsc (JSDoc types, no output), node --test tests/js (in check and test)
#   make test    setup, lint, Debian chromium, book, then pytest on every core (tests/ and the notebooks via nbval)
#   make serve   serve _build/html on http://127.0.0.1:$(PORT)/ (loopback only; .mjs and .wasm with the right types,
#                text gzip-compressed as a host serves it)
#   make audit   Lighthouse (mobile: slow 4G, 4x CPU) on one page of each kind in both editions; prints a table
#   make lab     JupyterLab on the book's notebooks (live game, checker) on http://127.0.0.1:$(LAB_PORT)/
#   make voila   the live game and checker as pages with Voilà on http://127.0.0.1:$(VOILA_PORT)/
#   make clean   remove _build; `make distclean` also removes .venv and node_modules

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := book
.DELETE_ON_ERROR:

PYTHON   ?= python3
VENV     := .venv
BIN      := $(VENV)/bin
STAMP    := $(VENV)/.installed
NPMSTAMP := node_modules/.installed
ENGINESTAMP := _build/.engine-stamp
ENGINE   := $(wildcard skitgubbe/*.py skitgubbe/*/*.py skitgubbe/*/*/*.py)
FRONTSTAMP := _build/.front-stamp
FRONT    := $(wildcard skitgubbe/views/*.js skitgubbe/views/*.mjs skitgubbe/views/*.css skitgubbe/views/*/*.js skitgubbe/views/*/*.css book/_ext/*.py book/_ext/*.mjs)
CHROMIUM := /usr/bin/chromium
PORT     ?= 8000
LAB_PORT ?= 8888
VOILA_PORT ?= 8866
# Jupyter refuses to run as root unless told; containers usually run as root
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)
# extra pytest arguments, e.g. `make test PYTEST_ARGS="-k browser -x"`
PYTEST_ARGS ?=

# the package is installed editable once pyproject.toml exists
EDITABLE := $(if $(wildcard pyproject.toml),-e .,)

export PATH := $(CURDIR)/$(BIN):$(PATH)
export PIP_DISABLE_PIP_VERSION_CHECK := 1
# the five source texts, which the repository does not hold (others' work), for tests/book/test_source_overlap.py:
# read from the folder beside the checkout where there is one; without it that test skips and says so
export SKITGUBBE_SOURCES ?= $(wildcard $(CURDIR)/../shared/sources)

.PHONY: setup book test check lint js-check serve table audit lab voila clean distclean chromium clang csearch-header

# the strong player's search in C (setup.py builds both): the library CPython loads, the browser's WebAssembly
CSEARCH      := skitgubbe/engine/kernel/csearch.c
CSEARCH_SO   := skitgubbe/engine/kernel/_csearch.so
CSEARCH_H    := skitgubbe/engine/kernel/csearch_rules.h
CSEARCH_WASM := skitgubbe/engine/kernel/csearch.wasm
CLANG        := /usr/bin/clang-14

setup: $(STAMP) $(NPMSTAMP) $(CSEARCH_SO)

# without gcc the engine-based players play (setup.py warns; tests/engine/test_csearch.py says so): not an error here
$(CSEARCH_SO): $(CSEARCH) $(CSEARCH_H) setup.py
	-$(BIN)/python setup.py native

# the C header of the rule words, from the table in skitgubbe/engine/kernel/layout.py (after a change to Rules)
csearch-header:
	$(BIN)/python -c 'from skitgubbe.engine.kernel.layout import main; raise SystemExit(main(["--write"]))'

$(CSEARCH_WASM): $(CSEARCH) $(CSEARCH_H) setup.py | clang
	$(BIN)/python setup.py wasm

# (re)install when requirements.txt, pyproject.toml or setup.py change, or an engine module that
# setup.py compiles with mypyc (so the compiled engine is never older than its source)
COMPILED := $(wildcard $(shell grep -o '"skitgubbe/[a-z0-9_/*]*\.py"' setup.py | tr -d '"'))
$(STAMP): requirements.txt $(wildcard pyproject.toml) setup.py $(COMPILED) $(CSEARCH)
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -r requirements.txt $(EDITABLE)
	@touch $@

# `npm ci` only when node_modules is missing or older than package.json / the lock file
$(NPMSTAMP): package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	@touch $@

# Notebook outputs depend on the engine, which neither Sphinx's environment nor the execution
# cache tracks: when skitgubbe/ changes, drop both so every page is read and executed again.
$(ENGINESTAMP): $(ENGINE)
	rm -rf _build/.jupyter_cache _build/.doctrees
	@mkdir -p _build && touch $@

# The log and exit status are kept for tests/site/test_site_build.py; -W makes any warning fail the
# build. A failed build discards Sphinx's environment, so the next (incremental) build re-reads
# every page and cannot pass just because the warning pages were not re-read. The notebook
# execution cache (_build/.jupyter_cache) is kept.
# The front end's files are copied when pages are written; with no page out of date Sphinx writes
# nothing and copies nothing, so a change to them makes every page be read again (the execution
# cache is kept: the notebooks do not run again).
$(FRONTSTAMP): $(FRONT)
	rm -rf _build/.doctrees
	@mkdir -p _build && touch $@

book: setup $(CSEARCH_WASM) $(ENGINESTAMP) $(FRONTSTAMP)
	@mkdir -p _build
	@start=$$(date +%s); rc=0; \
	SKITGUBBE_STATIC_BUILD=1 $(BIN)/jupyter-book build . -W -n --keep-going 2>&1 | sed -u 's/\x1b\[[0-9;]*m//g' | tee _build/build.log || rc=$$?; \
	echo $$rc > _build/build.status; \
	if [ $$rc -ne 0 ]; then \
	  rm -rf _build/.doctrees; \
	  echo "BOOK BUILD FAILED (exit $$rc; warnings are errors): see _build/build.log" >&2; exit $$rc; \
	fi; \
	echo "book built in $$(( $$(date +%s) - start ))s"

chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  echo "installing Debian chromium"; \
	  $$SUDO apt-get update -qq; \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; \
	fi
	@$(CHROMIUM) --version 2>/dev/null | head -1

# clang and wasm-ld for csearch.wasm (the browser engine's native search), the way chromium is installed
clang:
	@if [ ! -x $(CLANG) ] || [ ! -x /usr/bin/wasm-ld-14 ]; then \
	  if [ "$$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  echo "installing Debian clang-14 lld-14"; \
	  $$SUDO apt-get update -qq; \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq clang-14 lld-14; \
	fi
	@$(CLANG) --version 2>/dev/null | head -1

# the gates, before anything slow: lint (rule set and its reasons in pyproject.toml), format, types
lint: setup
	$(BIN)/ruff check
	$(BIN)/ruff format --check
	$(BIN)/mypy --strict skitgubbe

# one pytest run: tests/ plus every notebook under book/ (nbval-lax), on every core (pytest-xdist). Each file stays
# on one worker (--dist loadfile): a notebook's cells run in order in one kernel and a module's fixtures are set up
# once; SKITGUBBE_REQUIRE_NATIVE=1 makes a missing C search (_csearch.so) stop the run with a clear message
# (tests/conftest.py) instead of skipping every C test. (xdist 3.8's loadgroup cannot rename pytest 9's node ids, so
# its groups would be ignored.) See pytest.ini
PYTEST_WORKERS ?= auto
# the seconds per tests/<folder> and per browser file are printed at the end (benchmarks/suite_durations.py, from
# _build/pytest.xml), against the suite's budgets in worker-seconds (issue 57). The budgets are said, not enforced
# here: they hold on a quiet 2-core machine, and a busy host must not fail the tests on time alone (no timed test).
SUITE_BUDGETS := --budget tests/browser=800 --budget all=1200
test: setup lint js-check chromium clang book
	SKITGUBBE_REQUIRE_NATIVE=1 $(BIN)/pytest --nbval-lax -n $(PYTEST_WORKERS) --dist loadfile --junitxml=_build/pytest.xml $(PYTEST_ARGS)
	-$(BIN)/python benchmarks/suite_durations.py _build/pytest.xml --files tests/browser $(SUITE_BUDGETS)

# the front end's gates (a few seconds): ESLint's recommended rules (eslint.config.js), the JSDoc type check of the
# modules tsconfig.json lists (tsc, nothing emitted), and node's own test runner on tests/js/*.test.mjs
NPMBIN := node_modules/.bin
js-check: $(NPMSTAMP)
	$(NPMBIN)/eslint --max-warnings 0 .
	$(NPMBIN)/tsc -p tsconfig.json
	node --test tests/js/

# the fast tiers (lint, the front end's gates, engine, text, views, CLI): no browser, no built site, no notebook;
# a few minutes at most
check: setup lint js-check
	$(BIN)/pytest -n $(PYTEST_WORKERS) --dist loadfile -m "not browser and not slow and not site" tests $(PYTEST_ARGS)

serve:
	@test -f _build/html/index.html || { echo "no _build/html: run make book"; exit 1; }
	$(PYTHON) book/_ext/serve.py --directory _build/html --port $(PORT)

# the table server for phones (skitgubbe/table/, issue 44): `make table TABLE_HOST=0.0.0.0` for the phones of
# the local network; the tables are kept in _build/table-data, so a restart loses no game
TABLE_HOST ?= 127.0.0.1
TABLE_PORT ?= 8765
table: setup
	$(BIN)/skitgubbe serve --host $(TABLE_HOST) --port $(TABLE_PORT) --data _build/table-data

# a benchmark, not a test: run it on a quiet machine (the table says the load average)
AUDIT_ARGS ?=
audit: setup chromium
	@test -f _build/html/index.html || { echo "no _build/html: run make book"; exit 1; }
	$(BIN)/python book/_ext/audit.py --site _build/html $(AUDIT_ARGS)

# the live notebooks (requirements.txt pins jupyterlab, voila and anywidget; `make setup` installs them);
# book/_voila/voila.json makes Voilà list only the notebooks and shut kernels idle for 10 minutes
lab: setup
	$(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 --ServerApp.port=$(LAB_PORT) --notebook-dir=book --no-browser $(ALLOW_ROOT)

voila: setup
	JUPYTER_PATH=book/_voila JUPYTER_CONFIG_PATH=book/_voila $(BIN)/voila --Voila.ip=127.0.0.1 --port=$(VOILA_PORT) --no-browser --template=skitgubbe book

clean:
	rm -rf _build .pytest_cache .mypy_cache .ruff_cache

distclean: clean
	rm -rf $(VENV) node_modules
