"""``python -m negaviz`` runs the command line."""

from negaviz.cli import main

raise SystemExit(main())
