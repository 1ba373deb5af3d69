# Two commands for a fresh Debian/Ubuntu machine with Python 3.10 or newer:
#   make lab    set everything up, then open the notebooks in JupyterLab
#   make test   set everything up, then run the whole test suite
# and more:
#   make check        the quick tier: everything but the browser and slow tests
#   make test-latest  the whole suite against the newest releases (in .venv-latest)
#   make docs         redraw the figures in docs/ from the commands README.md states
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.negaviz-installed
# Versions known to pass; `make test CONSTRAINTS=` (in a fresh VENV) installs the newest instead.
CONSTRAINTS ?= constraints.txt

.PHONY: lab trust test setup dot poppler browser bench notebooks check test-latest constraints docs site js

setup: $(STAMP) dot

$(STAMP): pyproject.toml $(CONSTRAINTS)
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else "negaviz needs Python 3.10 or newer; this is " + sys.version.split()[0])'
	@$(if $(CONSTRAINTS),$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "$(CONSTRAINTS) pins versions for Python 3.11 or newer; this is " + sys.version.split()[0] + ": run make test-latest (or make lab CONSTRAINTS= VENV=.venv-latest)")')
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet $(if $(CONSTRAINTS),-c $(CONSTRAINTS)) $(if $(CONSTRAINTS),,--upgrade) -e '.[test]'
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

# Poppler's pdftotext, which the tests read the exercise PDF with: installed like dot.
poppler:
	@command -v pdftotext >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null; \
	  else \
	    echo "the tests read PDFs with poppler's pdftotext: run 'sudo apt-get install poppler-utils', then try again" >&2; exit 1; \
	  fi; }

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

# JupyterLab on the lecture notebooks, with:
# - the notebooks trusted, so their stored drawings show before anything is run (Jupyter
#   shows an untrusted notebook's SVG as text); `make trust` does only that;
# - this environment's programs first on PATH, for `!negaviz ...` in a notebook and
#   `negaviz` in JupyterLab's terminals;
# - tools/lab/ among Jupyter's config folders: it keeps the course site's JupyterLite
#   extension (from the test extras) out of JupyterLab's page.
# LAB_ARGS adds options (the tests pass --no-browser, a port and a token).
LAB_ARGS ?=
lab: setup trust
	PATH="$(abspath $(BIN)):$$PATH" JUPYTER_CONFIG_PATH="$(abspath tools/lab)$${JUPYTER_CONFIG_PATH:+:$$JUPYTER_CONFIG_PATH}" \
	  $(BIN)/jupyter lab $(ROOT_FLAG) $(LAB_ARGS) notebooks/

trust:
	$(BIN)/jupyter trust notebooks/[0-9][0-9]-*.ipynb

# Tests run on one worker per core (pytest-xdist), a file to a worker at a time
# (notebook cells and module fixtures stay together), in the order tests/conftest.py
# sets (long files first; xdist would put the files with most tests first):
# `make test WORKERS=1` runs them one after another.
WORKERS ?= auto
XDIST   := $(if $(filter 1,$(WORKERS)),-p no:xdist,-n $(WORKERS) --dist loadscope --no-loadscope-reorder)

test: setup browser poppler
	$(BIN)/python -m pytest $(XDIST)

# The quick tier, for a lecturer who has edited one notebook: no browser, no slow tests
# (nbval still runs every notebook not marked slow).  About 1½ minutes here.
check: setup poppler
	$(BIN)/python -m pytest $(XDIST) -m "not browser and not slow"

# The whole suite against the newest releases, in its own environment (.venv-latest),
# so the pinned .venv stays as it is.
test-latest:
	rm -f .venv-latest/.negaviz-installed
	$(MAKE) test VENV=.venv-latest CONSTRAINTS=

# Rewrite constraints.txt from an environment where the tests passed, e.g. after
# `make test-latest`: make constraints VENV=.venv-latest
constraints:
	@test -x $(BIN)/python || { echo "no $(VENV) to take versions from: run make test (or make test-latest) first" >&2; exit 1; }
	{ sed -n '/^#/p' constraints.txt; $(BIN)/python -m pip freeze --exclude negaviz | grep -v '^-e \|^#'; } > constraints.txt.new
	mv constraints.txt.new constraints.txt

# Redraw every figure in docs/ with the command written next to it in README.md.
docs: setup
	$(BIN)/python tools/build_docs.py

# Join the front-end's source modules (negaviz/frontend/src/) into the one module every
# front-end loads, negaviz/frontend/stepper.js (committed; a test checks it is fresh).
js:
	python3 tools/bundle_js.py

bench: setup
	$(BIN)/python benchmarks/bench_core.py

# Re-execute every lecture notebook from its jupytext source (notebooks/NN-name.py) and
# save the .ipynb deterministically; `tools/build_notebooks.py 03` rebuilds one.  Then the
# starter lecture `negaviz init` copies into a new course (negaviz/course/template/).
notebooks: setup
	$(BIN)/python tools/build_notebooks.py
	$(BIN)/python tools/build_notebooks.py --course

# A JupyterLite course site of the lecture notebooks in _site/: copy the folder to any
# static web space (see README.md). Pyodide and wheels are downloaded once, then cached.
site: setup
	$(BIN)/negaviz site notebooks/*.ipynb -o _site
