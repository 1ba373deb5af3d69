"""The course commands: ``negaviz site`` (a JupyterLite course site), ``negaviz init``
(a course repository) and ``negaviz check-notebooks`` (notebooks that nbval and the
site can trust)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from negaviz.cli.files import _terminate_as_ctrl_c
from negaviz.cli.parser import PROG

__all__: list[str] = []


def _cmd_site(args: argparse.Namespace) -> int:
    from negaviz.site import build_site

    say = None if args.quiet else (lambda line: print(f"{PROG} site: {line}", file=sys.stderr, flush=True))
    with _terminate_as_ctrl_c():  # a killed build removes its work folder too
        info = build_site(args.notebooks, args.output, force=args.force, pyodide=args.pyodide, say=say,
                          refresh=args.refresh)
    print(f"{info.path}: a JupyterLite site of {info.notebooks} notebook{'s' if info.notebooks != 1 else ''}, "
          f"{info.bytes / 1e6:.1f} MB in {info.files:,} files; copy the folder to any static web space")
    if info.moved_aside is not None:
        print(f"the folder that was there is now {str(info.moved_aside)!r}", file=sys.stderr)
    _warn_older_outputs(args.notebooks)
    return 0


def _warn_older_outputs(paths: list[str]) -> None:
    """One line per notebook whose stored drawings or steppers an older negaviz saved (they
    show no picture in the site before the notebook runs)."""
    from negaviz.course.rules import OLDER, check_notebook
    from negaviz.site.notebooks import collect

    for file in collect(paths):
        if file.source.suffix.lower() != ".ipynb":
            continue
        cells = [f.cell for f in check_notebook(file.source) if OLDER in f.rules]
        if cells:
            print(f"warning: {file.name}: cell{'s' if len(cells) > 1 else ''} {', '.join(map(str, cells))} "
                  "were saved by an older negaviz and show no picture until the notebook runs: run it again, save "
                  "it and build the site again", file=sys.stderr)


def _cmd_init(args: argparse.Namespace) -> int:
    from negaviz.course.init import init_course

    from negaviz.course.rules import check_notebook

    info = init_course(args.folder, notebooks=args.notebooks or (), force=args.force, wheel=args.wheel,
                       assignments=args.assignments or (), nbgrader=args.nbgrader, conventions=args.conventions)
    print(info.source)
    if info.missing:
        lacks = "; ".join(f"the {extra} extra ({', '.join(names)})" for extra, names in info.missing.items())
        print(f"warning: this environment lacks {lacks}, so constraints.txt pins none of it: run init from an "
              f"environment with negaviz[notebook,site] installed", file=sys.stderr)
    for name in info.kept:
        print(f"kept {name} (not written by negaviz init, or changed since)", file=sys.stderr)
    for name in info.notebooks:  # what the course's CI would trip on, said now
        for finding in check_notebook(info.path / name):
            print(f"warning: {finding.line(name)}", file=sys.stderr)
    lectures = len(info.notebooks)
    print(f"{info.path}: a course of {lectures} notebook{'s' if lectures != 1 else ''}, {len(info.written)} files "
          f"written{f', {len(info.kept)} kept' if info.kept else ''}; README.md says what to run next")
    return 0


def _cmd_check_notebooks(args: argparse.Namespace) -> int:
    from negaviz.course.pairs import pair_problems
    from negaviz.course.rules import check_notebook
    from negaviz.site.notebooks import collect

    notebooks = [file.source for file in collect(args.paths) if file.name.suffix == ".ipynb"]
    count = f"{len(notebooks)} notebook{'s' if len(notebooks) != 1 else ''}"
    # The pairs first: a notebook that is not what its .py says is checked in vain.
    pairs = [line for path in notebooks for line in pair_problems(path, str(path))]
    for line in pairs:
        print(line)
    found = 0
    for path in notebooks:
        for finding in check_notebook(path):
            print(finding.line(str(path)))
            found += 1
    if pairs:
        one = len(pairs) == 1
        print(f"{len(pairs)} notebook{'' if one else 's'} of {len(notebooks)} differ{'s' if one else ''} from "
              f"{'its' if one else 'their'} .py", file=sys.stderr)
    if found:
        print(f"{found} cell{'s' if found != 1 else ''} in {count} would make nbval fail for the wrong reason",
              file=sys.stderr)
    if pairs or found:
        return 1
    paired = sum(path.with_suffix(".py").is_file() for path in notebooks)
    agree = ("each agrees with its .py" if paired == len(notebooks) else "none has a .py to differ from" if not paired
             else f"the {paired} with a .py agree with it")
    print(f"{count}: {agree}, and no cell breaks the rules for stable notebooks")
    return 0


def add_command(commands: Any) -> None:
    """Add ``site``, ``init`` and ``check-notebooks`` to the subcommands."""
    site = commands.add_parser(
        "site", help="build a JupyterLite course site: the notebooks run in any browser, nothing installed",
        description="Build a static JupyterLite site (JupyterLab, Notebook and a REPL) holding the notebooks, "
        "with negaviz, the widgets and Pyodide (Python in the browser) bundled: copy DIR to any static web "
        "space, at any sub-path, and students run every notebook with nothing installed. Downloads (Pyodide "
        "from npm, wheels from PyPI) are cached, so building again needs no network.",
        epilog="examples:\n"
        "  negaviz site notebooks/ -o _site\n"
        "  negaviz site 03-alphabeta.ipynb 12-write-your-own-alphabeta.ipynb -o ~/public_html/cs440\n"
        "exit status: 0 done, 2 bad input or a failed build (DIR is left as it was), 130 Ctrl-C",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    site.add_argument("notebooks", metavar="NOTEBOOK_OR_FOLDER", nargs="+",
                      help="a .ipynb notebook (its jupytext .py pair comes along), or a folder of them")
    site.add_argument("-o", "--output", required=True, metavar="DIR", help="the site's folder")
    site.add_argument("--force", action="store_true",
                      help="if DIR is not a site negaviz built, move it aside to DIR.old (nothing is deleted)")
    site.add_argument("--pyodide", metavar="PATH_OR_URL",
                      help="a full Pyodide distribution (folder, .tar.bz2 or its URL) instead of npm's core")
    site.add_argument("--refresh", action="store_true",
                      help="fetch every download the site takes anew (Pyodide's core, the kernel's wheels), "
                      "replacing the cached files; needs the network")
    site.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    site.set_defaults(run=_cmd_site)

    init = commands.add_parser(
        "init", help="start a course repository: a lecture, pinned requirements, nbval tests, CI that publishes a site",
        description="Write a course repository into DIR that a lecturer can push as it is: a starter lecture (or "
        "the notebooks --from names) as jupytext pairs, pinned requirements, pytest set up for strict nbval with "
        "negaviz's sanitizer, CI for GitHub Actions and GitLab CI that tests the notebooks and publishes the "
        "course site, Binder files, and a README for the course staff. DIR must be empty (a .git folder aside).",
        epilog="examples:\n"
        "  negaviz init cs440\n"
        "  negaviz init cs440 --from notebooks/03-alphabeta.ipynb notebooks/12-write-your-own-alphabeta.ipynb\n"
        "  negaviz init . --force    # add what is missing; a file init did not write is never replaced\n"
        "  negaviz init cs440 --wheel dist/negaviz-0.1.0-py3-none-any.whl   # the course installs this wheel\n"
        "  negaviz init cs188-games --conventions cs188   # no pruning on equality, as CS188's autograder expects\n"
        "exit status: 0 done, 2 bad input (found before any file is written) or a failed write",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    init.add_argument("folder", metavar="DIR", help="the course's folder (made if missing; must be empty)")
    init.add_argument("--from", dest="notebooks", metavar="NOTEBOOK", nargs="+",
                      help="lecture notebooks (.ipynb, or folders of them) instead of the starter lecture; "
                      "each brings its jupytext .py pair")
    init.add_argument("--force", action="store_true",
                      help="write into a folder that holds files: add what is missing, replace only files "
                      "init wrote before and nobody changed")
    init.add_argument("--wheel", metavar="FILE.whl",
                      help="the negaviz wheel the course installs (copied into its wheels/ folder); default: where "
                      "this negaviz was installed from (a wheel, a checkout, a URL or a package index)")
    init.add_argument("--assignment", dest="assignments", action="append", metavar="KIND",
                      choices=("alphabeta", "tt", "depth-limited"),
                      help="add a \"write your own\" notebook graded on negaviz's battery, with its nbgrader checking "
                      "cell and otter tests: alphabeta, tt or depth-limited (may be given more than once)")
    init.add_argument("--nbgrader", action="store_true",
                      help="add an nbgrader course: nbgrader_config.py, requirements-staff.txt (nbgrader), "
                      "week1.json (the exercise set) and a first graded assignment in source/week1/ whose grading "
                      "cell grades the students' answers file afresh; the course README says what to run")
    init.add_argument("--conventions", default="notes", choices=("notes", "aima", "cs188"),
                      help="the rules the course teaches where textbooks differ, written to negaviz.toml: notes "
                      "(the lecture notes: cut on equality, negamax), aima (AIMA: cut on equality, MAX/MIN) or "
                      "cs188 (Berkeley CS188: no pruning on equality, MAX/MIN, depth in rounds); default: notes")
    init.set_defaults(run=_cmd_init)

    check = commands.add_parser(
        "check-notebooks", help="check that each notebook agrees with its .py, and warn about cells that would "
        "make nbval fail for the wrong reason",
        description="Read notebooks (nothing runs). First, each notebook with a jupytext .py beside it must have "
        "the cells the .py has (an edit made to the .py alone would leave nbval and the course site on the old "
        "notebook). Then print one line per cell that breaks a rule for stable notebooks: random numbers with no "
        "seed, a printed time, a widget without a static form, an Output widget, or an nbval marker not alone on "
        "its line.",
        epilog="examples:\n"
        "  negaviz check-notebooks notebooks/\n"
        "  negaviz check-notebooks notebooks/03-alphabeta.ipynb\n"
        "exit status: 0 all well, 1 a pair that differs or a cell that breaks a rule (one line each), 2 bad input",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    check.add_argument("paths", metavar="PATH", nargs="+", help="a .ipynb notebook, or a folder of them")
    check.set_defaults(run=_cmd_check_notebooks)
