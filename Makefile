# Two commands for a fresh machine:  `make lab`  and  `make test`.
# Both create .venv when it is missing and (re)install only when pyproject.toml changed.
# They need Python >= 3.11 (requires-python in pyproject.toml): an older Python is refused
# before anything is created or installed; pick another with  make test PYTHON=python3.11

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PORT   ?= 8888
APP_PORT ?= 8866
# The tests run on every core, up to 4 (pytest-xdist; conftest.py keeps each test file, each
# notebook and the browser tests whole on one process); PARALLEL= runs them in this process.
PARALLEL ?= -n auto --maxprocesses 4
# Extra options of the `pip install` that sets the venv up (none by default; not --no-compile where
# PYTHONDONTWRITEBYTECODE=1: every process would then recompile its imports, see .ci/run)
PIP_ARGS ?=
# Jupyter refuses to run as root unless told; containers and CI often are root.
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: lab test unit notebooks refresh bench bench-browser site app clean-venv

# The Python check runs first, before a venv is created (tools/check_python.py reads the minimum
# from pyproject.toml); an existing venv is checked too, in case it was made by an older Python.
$(STAMP): pyproject.toml
	@if [ -x $(BIN)/python ]; then \
		$(BIN)/python tools/check_python.py --venv; \
	else \
		command -v $(PYTHON) >/dev/null 2>&1 || { \
			echo "No Python found at PYTHON=$(PYTHON); learnmetrics needs Python >= 3.11, e.g. make test PYTHON=python3.11" >&2; \
			exit 1; }; \
		$(PYTHON) tools/check_python.py && $(PYTHON) -m venv $(VENV) && printf '*\n' > $(VENV)/.gitignore; \
	fi
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet $(PIP_ARGS) -e '.[lab,test]'
	@touch $(STAMP)

## Set up (if needed) and open the course in JupyterLab at the first notebook.
lab: $(STAMP)
	@# the course's own notebooks are trusted, so JupyterLab shows their stored explorers and answer
	@# boxes on first open (an untrusted notebook shows only text where a widget was saved)
	@$(BIN)/jupyter trust notebooks/*.ipynb >/dev/null
	@# no "official Jupyter news?" pop-up over the first notebook, and nothing asked of the network:
	@# JupyterLab reads settings overrides from the environment's share/jupyter/lab/settings
	@mkdir -p $(VENV)/share/jupyter/lab/settings
	@cp tools/lab_overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
	@# a NameError in a chapter says to run the cells above (learnmetrics/_notebook_hints.py)
	@mkdir -p $(VENV)/etc/ipython
	@cp tools/ipython_kernel_config.py $(VENV)/etc/ipython/ipython_kernel_config.py
	$(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 --ServerApp.port=$(PORT) $(ALLOW_ROOT) notebooks/00_start_here.ipynb

## The chapters' explorers without code, for a classroom projector: Voilà on 127.0.0.1 only,
## behind a fresh random token (printed in the address; handed over in the environment, never on a
## command line other users can read in the process list), refusing any Host header that does not
## name this machine (Voilà's default accepts any; JupyterLab's refuses). Extra Voilà options go
## in APP_ARGS, e.g. make app APP_ARGS=--theme=dark
app: $(STAMP)
	@LEARNMETRICS_APP_TOKEN=$$($(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(24))') && \
	export LEARNMETRICS_APP_TOKEN && \
	echo "The chapters without code:  http://127.0.0.1:$(APP_PORT)/?token=$$LEARNMETRICS_APP_TOKEN" && \
	exec $(BIN)/python tools/voila_app.py notebooks --strip_sources=True --Voila.ip=127.0.0.1 \
		--port=$(APP_PORT) $(APP_ARGS)

## Set up (if needed) and run every test: unit tests, nbval over all notebooks, and the
## browser tests (tests/browser; skipped with a reason when Chromium is missing).
test: $(STAMP)
	$(BIN)/python -m pytest tests notebooks --nbval --nbval-current-env \
		--nbval-sanitize-with nbval_sanitize.cfg --durations=30 -rfEs $(PARALLEL) $(PYTEST_ARGS)

## Unit tests only (quick, no kernel).
unit: $(STAMP)
	$(BIN)/python -m pytest tests $(PARALLEL) $(PYTEST_ARGS)

## Re-execute notebooks and store their outputs (all, or NB=notebooks/02_confusion_matrix.ipynb).
refresh: $(STAMP)
	$(BIN)/python tools/refresh_notebooks.py $(NB)

## Speed of learnmetrics against scikit-learn, as ratios in one run.
bench: $(STAMP)
	$(BIN)/python benchmarks/run_all.py

## The whole course as a static site under site/ (no kernel, no network needed to read it;
## the explorers' sliders work in the page). Serve it with any static file server.
site: $(STAMP)
	$(BIN)/python tools/build_site.py $(SITE_ARGS)

## Key press -> new figure, timed in Chromium for every explorer in Voila, JupyterLab and the
## static site (not part of make test).
bench-browser: $(STAMP)
	$(BIN)/python benchmarks/bench_browser.py $(BENCH_ARGS)

clean-venv:
	rm -rf $(VENV)
