# Two commands for a fresh machine:  `make lab`  and  `make test`.
# Both create .venv when it is missing and (re)install only when pyproject.toml changed.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PORT   ?= 8888
APP_PORT ?= 8866
# Jupyter refuses to run as root unless told; containers and CI often are root.
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: lab test unit notebooks refresh bench app clean-venv

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[lab,test]'
	@touch $(STAMP)

## Set up (if needed) and open the course in JupyterLab at the first notebook.
lab: $(STAMP)
	$(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 --ServerApp.port=$(PORT) $(ALLOW_ROOT) notebooks/00_start_here.ipynb

## The chapters' explorers without code, for a classroom projector: Voilà on 127.0.0.1 only,
## with a token in the printed address.
app: $(STAMP)
	$(BIN)/voila notebooks --strip_sources=True --Voila.ip=127.0.0.1 --port=$(APP_PORT) --token $(APP_ARGS)

## Set up (if needed) and run every test: unit tests, nbval over all notebooks, and the
## browser tests (tests/browser; skipped with a reason when Chromium is missing).
test: $(STAMP)
	$(BIN)/python -m pytest tests notebooks --nbval --nbval-current-env \
		--nbval-sanitize-with nbval_sanitize.cfg $(PYTEST_ARGS)

## Unit tests only (quick, no kernel).
unit: $(STAMP)
	$(BIN)/python -m pytest tests $(PYTEST_ARGS)

## Re-execute notebooks and store their outputs (all, or NB=notebooks/02_confusion_matrix.ipynb).
refresh: $(STAMP)
	$(BIN)/python tools/refresh_notebooks.py $(NB)

## Speed of learnmetrics against scikit-learn, as ratios in one run.
bench: $(STAMP)
	$(BIN)/python benchmarks/run_all.py

clean-venv:
	rm -rf $(VENV)
