"""``python -m negaviz.cli`` runs the command line, as ``python -m negaviz`` does."""

from negaviz.cli import main

raise SystemExit(main())
