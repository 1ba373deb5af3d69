"""What one search does that another does not: the one diff of two traces.

:class:`~negaviz.widgets.CompareWidget` marks the nodes only one side visits with it, and
:class:`~negaviz.widgets.TreeEditor` says with it what an edit changed (nodes now cut or
no longer cut, a new value at the root, a moved best line).  Nothing here searches.

Nodes are matched across the traces by their *move path*: the moves from the root to the
node.  In a textbook tree a move is named by the child's label, so an edited tree (whose
node numbers shift when a child is added or moved) still matches node for node.

>>> import negaviz
>>> old = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
>>> new = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:6 G:1 H:9))"), algorithm="alphabeta")
>>> d = diff(old, new)
>>> sorted(old.label(n) for n in d.only_a), sorted(new.label(n) for n in d.only_b)
([], ['G'])
>>> d.parting  # the first step at which the two searches do different things
12
>>> change = tree_change(old, new)
>>> change.no_longer_cut, change.value, change.sentence
(('G',), (5, 5), 'Now G is searched: C no longer cuts off after F. The value stays 5; the best line stays B E.')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Hashable

from negaviz.errors import InputError
from negaviz.games.protocol import is_textbook_tree
from negaviz.trace.trace import Trace, check_trace
from negaviz.vocabulary import fmt

__all__ = ["Diff", "TreeChange", "diff", "tree_change"]

Path = tuple[Hashable, ...]


def move_paths(trace: Trace) -> list[Path]:
    """Every node's move path (the moves from its root), by node number.  In a textbook
    tree each move is the child's label (node numbers change when a tree is edited)."""
    nodes = trace.nodes
    named = trace.names.textbook
    paths: list[Path] = []
    for n in nodes:  # parents come before their children
        if n.parent < 0:
            paths.append(())
            continue
        moves = nodes[n.parent].moves
        assert moves is not None
        move: Any = trace.names.child(n.id) if named else moves[n.index]
        try:
            hash(move)
        except TypeError:
            move = repr(move)  # an unhashable move: compared by its text
        paths.append((*paths[n.parent], move))
    return paths


def only_here(paths: list[Path], other: list[Path]) -> frozenset[int]:
    """Nodes (numbers into ``paths``) whose move path does not occur in ``other``."""
    theirs = set(other)
    return frozenset(i for i, p in enumerate(paths) if p not in theirs)


@dataclass(frozen=True)
class Diff:
    """Two searches, compared node by node (by move path) and event by event."""

    only_a: frozenset[int]
    """Nodes of trace A whose move path trace B never visits."""
    only_b: frozenset[int]
    """Nodes of trace B whose move path trace A never visits."""
    value: tuple[float | None, float | None]
    """The value at the root in A and in B (for the side to move there)."""
    pv: tuple[Path, Path]
    """The best line in A and in B, as move paths."""
    parting: int
    """The number of events both traces begin with alike: the first step at which the two
    searches do different things (the shorter's length if one begins the other)."""


def _event_keys(trace: Trace, paths: list[Path]) -> list[tuple[Any, ...]]:
    """Each event as what it says, with nodes named by their move paths."""
    return [
        (e.kind, paths[e.node], e.value, e.alpha, e.beta, e.bound, e.reason, e.ended,
         None if e.child is None else paths[e.child])
        for e in trace.events
    ]


def diff(trace_a: Trace, trace_b: Trace) -> Diff:
    """Compare two searches: the nodes only one of them visits, their values, best lines,
    and the step at which they part."""
    check_trace(trace_a, "trace_a")
    check_trace(trace_b, "trace_b")
    paths_a, paths_b = move_paths(trace_a), move_paths(trace_b)
    keys_a, keys_b = _event_keys(trace_a, paths_a), _event_keys(trace_b, paths_b)
    parting = 0
    while parting < min(len(keys_a), len(keys_b)) and keys_a[parting] == keys_b[parting]:
        parting += 1
    return Diff(
        only_a=only_here(paths_a, paths_b),
        only_b=only_here(paths_b, paths_a),
        value=(trace_a.value, trace_b.value),
        pv=(_line(trace_a, paths_a), _line(trace_b, paths_b)),
        parting=parting,
    )


def _line(trace: Trace, paths: list[Path]) -> Path:
    """The best line as a move path: the path of its last node."""
    pv = trace.pv()
    return paths[pv[-1]] if pv else ()


@dataclass(frozen=True)
class TreeChange:
    """What an edit of a textbook tree changed in its search, in the tree's names."""

    newly_cut: tuple[str, ...]
    """Nodes of both trees the old search visited and the new one cuts off, in tree order."""
    no_longer_cut: tuple[str, ...]
    """Nodes of both trees the old search cut off and the new one visits, in tree order."""
    value: tuple[float | None, float | None]
    """The root's value before and after (for the side to move at the root)."""
    pv: tuple[tuple[str, ...], tuple[str, ...]]
    """The best line before and after, as node names below the root."""
    cut_at: dict[str, tuple[str, str]]
    """For each node in ``newly_cut`` and ``no_longer_cut``: the node whose cutoff skips
    (or skipped) it, and its last child searched before the cutoff."""
    sentence: str
    """What changed, in one or two sentences."""

    @property
    def names(self) -> frozenset[str]:
        """Every node whose cut changed."""
        return frozenset(self.newly_cut) | frozenset(self.no_longer_cut)


def _tree_of(trace: Trace, what: str) -> Any:
    game = trace.game
    if game is None or not is_textbook_tree(game):
        kind = "unknown" if game is None else type(game).__name__
        raise InputError(f"{what} must be a trace of a textbook tree (negaviz.Tree); its game is {kind}")
    return game


def _cut_sites(trace: Trace) -> dict[str, tuple[str, str]]:
    """Each node a cutoff skips (a skipped move's whole subtree) -> the node that cut off
    and its last child searched before it did."""
    game = _tree_of(trace, "trace")
    out: dict[str, tuple[str, str]] = {}
    for nid, moves in trace.pruned():
        node = trace.nodes[nid]
        site = (trace.label(nid), trace.label(node.children[-1]) if node.children else "")
        stack = list(moves)
        while stack:
            pos = stack.pop()
            out.setdefault(game.label(pos), site)
            stack.extend(game.moves(pos))
    return out


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def tree_change(old: Trace, new: Trace) -> TreeChange:
    """What changed from the search ``old`` to the search ``new`` of an edited textbook
    tree, read from :func:`diff` (the one diff; nothing is searched)."""
    check_trace(old, "old")
    check_trace(new, "new")
    tree_old, tree_new = _tree_of(old, "old"), _tree_of(new, "new")
    d = diff(old, new)
    both = set(tree_old.labels) & set(tree_new.labels)
    order = [tree_new.labels[p] for p in tree_new.preorder()]
    went = {old.label(n) for n in d.only_a} & both
    came = {new.label(n) for n in d.only_b} & both
    newly_cut = tuple(x for x in order if x in went)
    no_longer = tuple(x for x in order if x in came)
    was_cut, now_cut = _cut_sites(old), _cut_sites(new)
    cut_at = {x: was_cut[x] for x in no_longer if x in was_cut}
    cut_at.update({x: now_cut[x] for x in newly_cut if x in now_cut})
    pv_old = tuple(str(x) for x in d.pv[0])
    pv_new = tuple(str(x) for x in d.pv[1])
    parts: list[str] = []
    for names, verb, how in ((no_longer, "searched", "no longer cuts off"), (newly_cut, "cut off", "now cuts off")):
        if names:
            sites = sorted({_site(cut_at[x], how) for x in names if x in cut_at})
            parts.append(f"Now {_names(list(names))} {'is' if len(names) == 1 else 'are'} {verb}"
                         + (f": {'; '.join(sites)}." if sites else "."))
    if not parts:
        parts.append("No node's cut changed.")
    v_old, v_new = d.value
    value = (f"The value stays {_v(v_new)}" if v_old == v_new
             else f"The value at the root is now {_v(v_new)} (was {_v(v_old)})")
    line = (f"the best line stays {' '.join(pv_new) or '(none)'}" if pv_old == pv_new
            else f"the best line is now {' '.join(pv_new) or '(none)'} (was {' '.join(pv_old) or '(none)'})")
    parts.append(f"{value}; {line}.")
    return TreeChange(newly_cut=newly_cut, no_longer_cut=no_longer, value=(v_old, v_new), pv=(pv_old, pv_new),
                      cut_at=cut_at, sentence=" ".join(parts))


def _site(site: tuple[str, str], how: str) -> str:
    node, after = site
    return f"{node} {how}" + (f" after {after}" if after else "")


def _v(x: float | None) -> str:
    return "unknown" if x is None else fmt(x)
