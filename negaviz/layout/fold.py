"""What to draw: the nodes visible at a step, and how to fold them into a budget.

A full tic-tac-toe search has half a million nodes; dot lays out a few hundred in a
blink and chokes on thousands.  :func:`plan` picks at most ``budget`` drawn nodes:

1. it keeps the root, the path to the current node and the principal variation;
2. it opens further nodes breadth first while their children still fit;
3. every node it does not open stands for its whole subtree (a *summary* node);
4. when a kept node's children cannot all be drawn, a window of them (the one searched
   and those after it) is drawn and the rest stand together as one *group*, so a node
   with 10,000 children is a few hundred drawn nodes, not 10,000.

Nothing here walks the whole trace.  Node numbers are a depth-first preorder, so a
subtree is a contiguous range of numbers and its size is "where the next sibling (of
the node or of an ancestor) starts" minus the node's number: a few list look-ups per
drawn node, whatever the size of the trace.

:func:`snapshot` (:mod:`negaviz.layout.snapshot`) gives the state after ``step``
events the same way, for the few nodes it needs: whether a node has been entered or has
returned follows from its enter and exit steps, and only the nodes on the call stack (at
most the depth of the search) need their live window and best value, which the trace's
timeline (:mod:`negaviz.trace.timeline`, built once per trace) gives at any step.

>>> import negaviz
>>> trace = negaviz.record(negaviz.Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta")
>>> snap = snapshot(trace, len(trace))
>>> snap.pv, snap.stack
((0, 1, 3), ())
>>> p = plan(trace, snap, budget=4)
>>> [(i.name, i.kind, i.covers) for i in p.items]
[('n0', 'node', 1), ('n1', 'folded', 3), ('n4', 'folded', 2)]
>>> [(i.name, i.kind, i.covers) for i in plan(trace, snap, budget=3).items]
[('n0', 'node', 1), ('n1', 'folded', 3), ('n4', 'folded', 2)]
>>> [(i.name, i.kind, i.covers) for i in plan(trace, snap, budget=2).items]
[('n0', 'folded', 6)]
"""

from __future__ import annotations

from bisect import bisect_left
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Callable, Literal, NamedTuple, get_args

from negaviz.layout.snapshot import Sizes, Snapshot, snapshot, visible_children  # imported from here too
from negaviz.trace.timeline import timeline_of
from negaviz.trace.trace import Node, Trace

NodeKind = Literal["node", "folded", "group", "pruned", "unvisited"]
"""What a drawn node is (:attr:`negaviz.render.styles.NodeView.kind`); see :data:`NODE_KINDS`."""

NODE_KINDS: tuple[NodeKind, ...] = get_args(NodeKind)
"""``node``: a searched node; ``folded``: one searched subtree drawn as a summary;
``group``: several sibling subtrees drawn as one summary; ``pruned``: a move never tried
because of a cutoff (a ghost); ``unvisited``: a move not tried *yet* at this step."""


# ------------------------------------------------------------------------ the plan
class Item(NamedTuple):
    """One drawn node of the plan."""

    name: str
    """DOT id: ``n17`` (trace node 17), ``f17`` (folded children of 17), ``g17_3``
    (the ghost of move 3 of node 17), ``g17`` (its ghosts grouped), ``n0`` at step 0."""
    kind: NodeKind
    """``node``, ``folded``, ``group``, ``pruned`` or ``unvisited``."""
    node: int
    """The trace node drawn (or summarised), -1 for ghosts and groups."""
    parent: int
    """The trace node above, -1 for the root."""
    moves: tuple[Any, ...] = ()
    """Ghosts and groups: the moves they stand for."""
    covers: int = 1
    """Trace nodes (summaries) or moves (ghosts) it stands for."""
    via: tuple[Any, ...] = ()
    """A ghost deeper down a given tree (:func:`given_plan`): the moves from ``parent``'s
    position to the ghost drawn above it; empty for a ghost right below ``parent``."""
    above: str = ""
    """The DOT id of the item drawn above it; empty: ``n`` + ``parent``."""
    again: tuple[int, ...] = ()
    """A node of a given tree the search entered more than once (a PVS re-search): the
    later entries, in order; ``node`` is the first.  It is drawn once and shows its
    latest entry (:func:`latest`)."""

    @property
    def up(self) -> str:
        """The DOT id of the item above this one (the edge's tail)."""
        return self.above or f"n{self.parent}"

    @property
    def depth_below(self) -> int:
        """How far below ``parent`` the item is drawn (1: a child)."""
        return len(self.via) + 1


@dataclass
class Plan:
    """The drawn nodes (in an order that keeps each parent's children in move order)."""

    items: list[Item] = field(default_factory=list)
    hidden: int = 0
    """Visible trace nodes not drawn on their own (inside summaries)."""
    summaries: int = 0
    """Summary nodes drawn."""
    kept: frozenset[int] = frozenset()
    """The root, the path to the current node and the principal variation (as drawn)."""


def given_plan(trace: Trace, snap: Snapshot, budget: int) -> Plan | None:
    """The whole given tree of a textbook exercise, or None if it has more than ``budget``
    nodes (then :func:`plan` folds it).

    A textbook tree's shape and leaves are the exercise's data, so every node of it is
    drawn from the first step: the nodes entered by ``snap.step`` as ``node`` items
    (``n17``: trace node 17), every other node as a ghost, ``pruned`` once a cutoff at
    its nearest entered ancestor skipped it, else ``unvisited`` (a whole pruned subtree
    is drawn, children included: ``g4_1`` is move 1 of node 4, ``g4_1_0`` move 0 below
    it).  Children are drawn in the tree's own move order (what the tree gives), not the
    order a search tries them, so nothing of the picture's shape depends on what the
    search does.

    >>> import negaviz
    >>> trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G(I:2 J:4) H:9))"), algorithm="alphabeta")
    >>> p = given_plan(trace, snapshot(trace, len(trace)), 20)
    >>> [(i.name, i.kind, i.node) for i in p.items]  # doctest: +NORMALIZE_WHITESPACE
    [('n0', 'node', 0), ('n1', 'node', 1), ('n4', 'node', 4), ('n2', 'node', 2), ('n3', 'node', 3),
     ('n5', 'node', 5), ('g4_1', 'pruned', -1), ('g4_2', 'pruned', -1), ('g4_1_0', 'pruned', -1),
     ('g4_1_1', 'pruned', -1)]
    >>> [(i.name, i.kind) for i in given_plan(trace, snapshot(trace, 0), 20).items][:3]
    [('n0', 'unvisited'), ('g0_0', 'unvisited'), ('g0_1', 'unvisited')]
    >>> given_plan(trace, snapshot(trace, len(trace)), 9) is None
    True
    """
    game = trace.game
    if game is None:
        return None
    nodes = trace.nodes
    timeline = timeline_of(trace)

    def untried_kind(nid: int) -> NodeKind:
        """What a move ``nid`` has not tried is at this step: pruned once a cutoff skipped it."""
        if nodes[nid].enter_step >= snap.step:
            return "unvisited"
        return "pruned" if timeline.node_at(nid, snap.step).cut else "unvisited"

    out = Plan(kept=frozenset({0, *snap.stack}))
    root_kind: NodeKind = "node" if snap.visible else "unvisited"
    out.items.append(Item("n0", root_kind, 0, -1))
    # (item, its position, the entered node it hangs below or is, the moves from there)
    queue: deque[tuple[Item, Any, int, tuple[Any, ...]]] = deque([(out.items[0], trace.root, 0, ())])
    while queue:
        item, pos, anchor, via = queue.popleft()
        if game.is_terminal(pos):
            continue
        moves = tuple(game.moves(pos))
        entered: dict[Any, list[int]] = {}  # move -> its entries (a re-search enters one twice)
        if item.kind == "node":
            for e in (item.node, *item.again):
                node = nodes[e]
                for c in visible_children(node, snap.visible):
                    entered.setdefault(node.moves[nodes[c].index], []).append(c)  # type: ignore[index]
        for i, move in enumerate(moves):
            entries = sorted(entered.get(move, ()))
            child = entries[0] if entries else None
            name = f"n{child}" if child is not None else f"g{item.name[1:]}_{i}" if item.node >= 0 else f"{item.name}_{i}"
            if len(out.items) >= budget:
                return None
            if child is not None:
                kid = Item(name, "node", child, nodes[child].parent, above=item.name, again=tuple(entries[1:]))
                out.items.append(kid)
                queue.append((kid, game.play(pos, move), child, ()))
                continue
            if item.kind == "node":  # a move of an entered node, not tried (yet) by its latest entry
                last = (item.node, *item.again)[-1]
                kind, parent, path = untried_kind(last), last, ()
            elif item.node == 0 and item.kind == "unvisited":  # below the root before step 1
                kind, parent, path = "unvisited", 0, ()
            else:  # deeper below a ghost: as the ghost is
                kind, parent, path = item.kind, anchor, (*via, item.moves[0])
            ghost = Item(name, kind, -1, parent, (move,), 1, path, item.name)
            out.items.append(ghost)
            queue.append((ghost, game.play(pos, move), parent, path))
    return out


def latest(layout: Plan, nodes: Sequence[Node], visible: int) -> Plan:
    """``layout`` with each node of a given tree entered more than once standing for its
    latest entry among the first ``visible`` nodes (the front-end does the same at each
    step: ``src/scene-data.js``'s ``entryAt``)."""
    if not any(item.again for item in layout.items):
        return layout
    renamed: dict[str, str] = {}
    items = []
    for item in layout.items:
        if item.above in renamed:
            item = item._replace(above=renamed[item.above])
        if item.again:
            seen = [n for n in (item.node, *item.again) if n < visible]
            if seen and seen[-1] != item.node:
                renamed[item.name] = f"n{seen[-1]}"
                item = item._replace(name=f"n{seen[-1]}", node=seen[-1], parent=nodes[seen[-1]].parent)
        items.append(item)
    return Plan(items, layout.hidden, layout.summaries, layout.kept)


def extras(snap: Snapshot, nid: int) -> tuple[NodeKind | Literal[""], tuple[Any, ...]]:
    """The moves of ``nid`` not entered by this step: ``('pruned', moves)`` after a
    cutoff, ``('unvisited', moves)`` while it is on the stack, else ``('', ())``."""
    node = snap.trace.nodes[nid]
    if node.moves is None:
        return "", ()
    kids = visible_children(node, snap.visible)
    last = snap.trace.nodes[kids[-1]].index if kids else -1
    rest = node.moves[last + 1 :]
    if not rest:
        return "", ()
    if snap.done(nid):
        return ("pruned", rest) if node.cutoff is not None else ("", ())
    if nid == snap.current and not kids and not snap.expanded_current:
        return "", ()
    state = snap.live.get(nid)
    return ("pruned" if state is not None and state.cut else "unvisited"), rest


def _siblings(
    keep: Sequence[int], open_: set[int], children: Callable[[int], list[int]], spare: int,
    depth: Callable[[int], int], parent: Callable[[int], int],
) -> set[int]:
    """Children of opened nodes to draw beside the kept ones (``keep``, by priority)
    when the rest are grouped: up to ``spare`` of them, deepest parents first, the
    siblings searched after the parent's first kept child by priority (the one on the
    stack) first, then those before it.  A node with thousands of children is then
    drawn as a window of them and one group, and a stepping front-end needs one view
    per window, not one per child."""
    kept = set(keep)
    anchor: dict[int, int] = {}
    for k in keep:
        anchor.setdefault(parent(k), k)
    shown: set[int] = set()
    for p in sorted(open_, key=depth, reverse=True):
        if spare <= 0:
            break
        kids = children(p)
        first = bisect_left(kids, anchor[p]) if p in anchor else 0
        extra = [c for c in kids[first:first + spare + len(kept)] if c not in kept][:spare]
        extra += [c for c in kids[max(first - spare, 0):first][::-1] if c not in kept][: spare - len(extra)]
        shown.update(extra)
        spare -= len(extra)
    return shown


def plan(
    trace: Trace, snap: Snapshot, budget: int, *, ghosts: int | None = None, also_keep: Sequence[int] = (),
    fill: bool = True,
) -> Plan:
    """At most ``budget`` drawn nodes showing ``snap``; see the module docstring.

    A node's moves never tried are drawn one ghost each up to ``ghosts`` of them
    (None: no limit), else as one ghost standing for all of them.  ``also_keep``: more nodes
    to keep after the stack, before the best line (each with its ancestors before it).
    ``fill``: open more nodes, breadth first, while the budget allows (False: draw only
    what must be kept, with the rest folded).
    """
    if snap.visible == 0:
        return Plan([Item("n0", "unvisited", 0, -1)], kept=frozenset({0}))
    nodes = trace.nodes
    size = Sizes(nodes, snap.visible)
    kids: dict[int, list[int]] = {}  # memo: visible children of the nodes looked at

    def children(nid: int) -> list[int]:
        if nid not in kids:
            kids[nid] = visible_children(nodes[nid], snap.visible)
        return kids[nid]

    def one_each(moves: tuple[Any, ...]) -> bool:
        return ghosts is None or len(moves) <= ghosts

    def full_cost(nid: int) -> int:
        moves = extras(snap, nid)[1]
        return len(children(nid)) + (len(moves) if one_each(moves) else 1)

    # Must-keep nodes, by priority: the stack (root first), then the best line.
    priority = list(dict.fromkeys((0, *snap.stack, *also_keep, *snap.pv)))
    current = snap.current

    def opened(keep: set[int]) -> set[int]:
        """Kept nodes whose children must be drawn: parents of kept nodes, the current node."""
        out = {nodes[k].parent for k in keep if k}
        if current is not None and current in keep:
            out.add(current)
        return out

    def full_total(keep: set[int]) -> int:
        return 1 + sum(full_cost(p) for p in opened(keep))

    # Keep as much of the priority list as fits even in the tightest form; fold the
    # other children of kept nodes into groups only if they cannot all be shown.  The
    # tightest cost (``tight``: each kept node's other children folded into one group) is
    # kept up to date as nodes are added: adding one changes only its parent's share (and
    # the current node's, once it is kept), so hundreds of kept nodes cost one pass.
    keep: set[int] = set()
    kept_kids: dict[int, int] = {}
    counted: set[int] = set()  # opened(keep), as it grows

    def share(p: int, kids: int) -> int:
        return kids + (len(children(p)) > kids) + bool(extras(snap, p)[1])

    def added(k: int) -> int:
        """How much keeping ``k`` too adds to the tightest cost."""
        delta = 0
        if k:
            p = nodes[k].parent
            kids = kept_kids.get(p, 0)
            delta += share(p, kids + 1) - (share(p, kids) if p in counted else 0)
        if k == current and current not in counted:
            delta += share(k, kept_kids.get(k, 0))
        return delta

    tight = 1
    for k in priority:
        extra = added(k)
        if keep and tight + extra > budget:
            break
        keep.add(k)
        tight += extra
        if k:
            kept_kids[nodes[k].parent] = kept_kids.get(nodes[k].parent, 0) + 1
            counted.add(nodes[k].parent)
        if k == current:
            counted.add(k)
    open_ = opened(keep)
    used = full_total(keep)
    grouped = used > budget
    shown: set[int] = set()
    if grouped:
        by_priority = [k for k in priority if k in keep]
        shown = _siblings(by_priority, open_, children, budget - tight, lambda n: nodes[n].depth, lambda n: nodes[n].parent)
    if not grouped and fill:
        # Room to spare: open more nodes, breadth first, while their children fit.
        queue = deque([0])
        while queue:
            p = queue.popleft()
            if p not in open_:
                cost = full_cost(p)
                if cost == 0 or used + cost > budget:
                    continue
                open_.add(p)
                used += cost
            queue.extend(children(p))

    out = Plan(kept=frozenset(keep))

    def add_child(c: int, parent: int) -> None:
        n = size(c)
        folded = c not in open_ and (n > 1 or bool(extras(snap, c)[1]))
        out.items.append(Item(f"n{c}", "folded" if folded else "node", c, parent, covers=n if folded else 1))
        if folded:
            out.hidden += n
            out.summaries += 1

    # Emit breadth first from the root; each parent's children in move order, ghosts last.
    add_child(0, -1)
    queue = deque([0] if 0 in open_ else [])
    while queue:
        p = queue.popleft()
        rest: list[int] = []
        for c in children(p):
            if grouped and c not in keep and c not in shown:
                rest.append(c)
                continue
            add_child(c, p)
            if c in open_:
                queue.append(c)
        if rest:
            # The group holds p's subtree less p and the children drawn: a few look-ups
            # even when it stands for thousands of children.
            n = size(p) - 1 - sum(size(c) for c in children(p) if c in keep or c in shown)
            moves = tuple(nodes[p].moves[nodes[c].index] for c in rest)  # type: ignore[index]
            out.items.append(Item(f"f{p}", "group", -1, p, moves, n))
            out.hidden += n
            out.summaries += 1
        kind, moves = extras(snap, p)
        if not kind or not moves:  # no kind comes with no moves
            continue
        if len(moves) > 1 and (grouped or not one_each(moves)):
            out.items.append(Item(f"g{p}", kind, -1, p, moves, len(moves)))
        else:
            first = len(nodes[p].moves or ()) - len(moves)
            for i, m in enumerate(moves):
                out.items.append(Item(f"g{p}_{first + i}", kind, -1, p, (m,)))
    return out
