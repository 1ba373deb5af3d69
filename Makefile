# Two commands for a fresh Debian/Ubuntu machine with Python 3.10 or newer:
#   make lab    set everything up, then open the notebooks in JupyterLab
#   make test   set everything up, then run the whole test suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.negaviz-installed

.PHONY: lab test setup dot browser bench notebooks site

setup: $(STAMP) dot

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else "negaviz needs Python 3.10 or newer; this is " + sys.version.split()[0])'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@

# Graphviz's dot: installed with apt when missing and we are root; otherwise we say how.
dot:
	@command -v dot >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq graphviz >/dev/null; \
	  else \
	    echo "negaviz needs Graphviz's 'dot' program: run 'sudo apt-get install graphviz' (or 'conda install -c conda-forge graphviz'), then try again" >&2; exit 1; \
	  fi; }
	@dot -V

# Debian's Chromium, for the browser tests (test tools must never download a browser).
browser:
	@test -x /usr/bin/chromium || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else \
	    echo "the browser tests need Chromium: run 'sudo apt-get install chromium', then try again" >&2; exit 1; \
	  fi; }
	@/usr/bin/chromium --version 2>/dev/null || true

# JupyterLab refuses to run as root unless told to (containers, fresh machines).
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

lab: setup
	$(BIN)/jupyter lab $(ROOT_FLAG) notebooks/

test: setup browser
	$(BIN)/python -m pytest

bench: setup
	$(BIN)/python benchmarks/bench_core.py

# Re-execute every lecture notebook from its jupytext source (notebooks/NN-name.py) and
# save the .ipynb deterministically; `tools/build_notebooks.py 03` rebuilds one.
notebooks: setup
	$(BIN)/python tools/build_notebooks.py

# A JupyterLite course site of the lecture notebooks in _site/: copy the folder to any
# static web space (see README.md). Pyodide and wheels are downloaded once, then cached.
site: setup
	$(BIN)/negaviz site notebooks/*.ipynb -o _site
