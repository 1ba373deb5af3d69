"""The notebooks' .py files are jupytext sources of the .ipynb files beside them, not
test or doctest modules: importing one would run a whole lecture.  nbval tests the
.ipynb; tests/notebooks/test_jupytext_pairs.py checks that each pair is in sync."""

collect_ignore_glob = ["*.py"]
