"""``negaviz class serve``: a vote collector for the lecture hall (:mod:`negaviz.quiz.collector`).

It listens only on the address given (``--host``, default ``127.0.0.1``: this machine
alone; give the laptop's address on the hall's network, or ``0.0.0.0`` for all of its
networks) and prints the address to give out.  Ctrl-C stops it.
"""

from __future__ import annotations

import argparse
import socket
from typing import Any

from negaviz.cli.parser import _whole
from negaviz.errors import InputError

__all__: list[str] = []

MAX_BUFFER = 64 * 1024
"""tornado drops a request body past this before any handler sees it (the collector answers
413 itself for bodies past :data:`negaviz.quiz.collector.MAX_BODY`, smaller)."""


def _lan_address() -> str | None:
    """This machine's address on the network its default route leaves by (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
    except OSError:
        return None


def _cmd_serve(args: argparse.Namespace) -> int:
    from negaviz.quiz.collector import Collector, make_app

    if not 0 <= args.port <= 65535:
        raise InputError(f"--port {args.port} is not a port: give 1 to 65535 (or 0: any free port)")
    if args.flood < 1:
        raise InputError(f"--flood {args.flood} is not allowed: give the votes one address may send a minute, 1 or more")
    collector = Collector(flood=args.flood)
    try:
        import tornado.httpserver
        import tornado.ioloop
        import tornado.netutil
    except ImportError:
        raise InputError("negaviz class serve needs tornado (it comes with jupyterlab: pip install jupyterlab)") from None
    server = tornado.httpserver.HTTPServer(make_app(collector), max_body_size=MAX_BUFFER, xheaders=False)
    try:
        sockets = tornado.netutil.bind_sockets(args.port, address=args.host)
    except (OSError, ValueError) as exc:
        raise InputError(f"cannot listen on {args.host}:{args.port}: {exc.strerror if isinstance(exc, OSError) and exc.strerror else exc}") from None
    server.add_sockets(sockets)
    port = sockets[0].getsockname()[1]
    shown = args.host
    if args.host in ("0.0.0.0", "::", ""):
        shown = _lan_address() or "127.0.0.1"
    host = f"[{shown}]" if ":" in shown else shown
    print(f"negaviz class: collecting votes at http://{host}:{port}/ (listening on {args.host} only; "
          f"give this address to the room, and to the presenter's page as collector=; Ctrl-C stops)", flush=True)
    try:
        tornado.ioloop.IOLoop.current().start()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    return 0


def add_command(commands: Any) -> None:
    """Add ``class`` (with ``serve``) to the subcommands."""
    import negaviz.quiz.collector as c

    group = commands.add_parser(
        "class", help="run a lecture's votes: a collector the room votes through (class serve)",
        description="Votes in a lecture: the presenter's stepper page (vote='presenter') asks the room a question "
        "at a step; `negaviz class serve` collects the room's votes.")
    group.add_argument("action", choices=["serve"], help="serve: run a vote collector (tornado) where you say, "
                       "and print its address: followers' pages post votes to it, the presenter's page reads the tally live")
    serve = group
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this "
                       "machine only; the laptop's address on the hall's network, or 0.0.0.0 for all)")
    serve.add_argument("--port", type=_whole, default=8765, help="the port (default 8765; 0: any free port)")
    serve.add_argument("--flood", type=_whole, default=c.FLOOD,
                       help=f"votes one address may send a minute before it is refused (default {c.FLOOD})")
    serve.set_defaults(run=_cmd_serve)  # (the one action)

