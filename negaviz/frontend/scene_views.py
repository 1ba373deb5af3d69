"""A scene's views laid out: a growing search's view of a span of steps
(:func:`grow_view`, placed as the search enters its nodes) and a view of a part of the
tree, folded to fit (:func:`add_view`).  Each adds itself to ``scene.views``.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from negaviz.frontend.scene_data import _KINDS, SCHEMA, _jv, _record
from negaviz.frontend.scene_layout import _LayoutBuilder, inline_svg, layout_edge_style, layout_node_style
from negaviz.games.protocol import restore
from negaviz.layout.fold import Item, Plan, Sizes, given_plan, plan, snapshot
from negaviz.layout.growth import ANCHOR, ANCHOR_ATTR, PINNED_GRAPH, Placer, label_size, pinned
from negaviz.layout.slots import game_slots, given_slots
from negaviz.render import labels
from negaviz.render.looks import GREY
from negaviz.render.output import to_svg
from negaviz.render.styles import GHOSTS, SUMMARIES
from negaviz.render.builder import EDGE_ATTR, NODE_ATTR, Builder

if TYPE_CHECKING:
    from negaviz.frontend.scene import Scene


def grow_view(scene: Scene, p: int, start: int, note_new: bool = False) -> int:
    """Lay out the view of pass ``p`` that starts at step ``start``: the call stack then,
    and the nodes the search enters from then on, placed as it enters them
    (:mod:`negaviz.layout.growth`), until ``max_nodes`` are drawn; the view shows
    the steps from ``start`` until the next node would not fit."""
    first, root, part = scene.passes[p]
    tl = scene.timeline
    if (p, start) in scene._grown_views:
        return scene._grown_views[(p, start)]  # laid out already
    spans = scene._spans[p]
    stack, members, stop = spans.stack(start), spans.members(start), spans.stop(start)
    snap = snapshot(part, len(part))
    builder = _LayoutBuilder(part, snap, perspective="negamax", windows=True, dag=False)
    builder.slots = game_slots(part.game)
    import graphviz  # type: ignore[import-untyped]  # (negaviz.render has said in one line if it is missing)

    dot = graphviz.Digraph(name="negaviz", graph_attr=dict(PINNED_GRAPH), node_attr=dict(NODE_ATTR), edge_attr=dict(EDGE_ATTR))
    placer = Placer()
    items: list[list[Any]] = []
    lives: dict[str, list[Any]] = {}
    member_set = set(members)
    settles: dict[int, list[float]] = {}
    waiting: list[tuple[int, int]] = []  # (exit step, node) of the members placed, not settled yet

    def settle_until(step: int) -> None:
        """Centre the members that return before ``step`` over their children, in the
        order they return (layout.growth.Placer.settle): shown from the step after."""
        waiting.sort()
        while waiting and waiting[0][0] < step:
            exit_step, done = waiting.pop(0)
            dx = placer.settle(done)
            if dx:
                settles[done] = [exit_step + 1, dx]

    try:
        for n in members:
            local = n - root
            life = tl.lives[n]
            settle_until(life.enter)
            item = Item(f"n{n}", "node", local, life.parent - root if life.parent >= 0 else -1)
            shown = builder.node_view(item)
            label = builder.label(shown, item)
            w, h = label_size(label)
            x, y = placer.place(n, life.parent, life.depth, (w, h))
            attrs = {"label": label, **pinned((x, y, w, h))}
            attrs.update(layout_node_style(shown))
            dot.node(f"n{n}", _attributes=attrs)
            up = f"n{life.parent}" if life.parent in member_set else ""
            if up:
                dot.edge(up, f"n{n}", _attributes={"color": GREY})
            items.append(_record(
                "item", title=f"n{n}", kind="n", node=n, parent=life.parent, up=up, depth=life.depth, pruned=-1,
                prefix=_prefix(builder, item), only=int(n in scene.only), given=None,
                name=scene.trace.names.short(n), answer=scene.trace.names.full(n) if scene.practice else "", ranges=[], again=[], appear=start if n in stack or n == root else life.enter + 1,
                settle=[], player=(scene.first_player + scene.trace.side(n)) % 2, chance=int(builder.is_chance(local)),
            ))
            lives[str(n)] = scene._life(n)
            if life.exit >= 0:
                waiting.append((life.exit, n))
        settle_until(stop - 1 if stop >= 0 else len(scene.trace))
    finally:
        restore(part.game)
    settle_at = SCHEMA["item"].index("settle")
    for row in items:
        row[settle_at] = settles.get(row[SCHEMA["item"].index("node")], [])
    dot.node(ANCHOR, _attributes=ANCHOR_ATTR)  # (what keeps each node's coordinates the same at every step)
    drawing = {"svg": inline_svg(to_svg(dot))} if scene.by_dot(len(scene.views)) else {"dot": dot.source}
    note = (
        f"The search as it grows: each node is placed when it is entered, and centred over its children once it returns "
        f"(this view: from step {start:,}, at most {scene.max_nodes} nodes)."
    )
    view = {"pass": p, **drawing, "items": items, "lives": lives, "note": note, "span": [start, stop],
            "_nodes": member_set, "_placer": placer}  # (its places as at the view's last step)
    if note_new:
        view["note_new"] = f"A new view from step {start:,}: the path to the current node, and what the search enters from here."
    scene.views.append(view)
    scene._drawn[p] |= member_set
    scene._grown_views[(p, start)] = len(scene.views) - 1
    return len(scene.views) - 1


def _turn(scene: Scene, builder: Any, it: Item, root: int) -> dict[str, int]:
    """An item's ``player`` (who moves there: 0 the first; a chance node's, whose view its
    value is in) and ``chance`` (1: a chance node), as the picture's builder finds them:
    a searched node's from the trace, a ghost's from the game where it knows, else by
    alternation below its parent."""
    if it.kind == "group":
        parent = it.parent + root
        return {"player": (scene.first_player + scene.trace.side(parent) + it.depth_below) % 2, "chance": 0}
    if it.node >= 0:
        return {"player": (scene.first_player + scene.trace.side(it.node + root)) % 2,
                "chance": int(builder.is_chance(it.node))}
    view = builder.node_view(it)
    player = view.player
    if player is None:
        player = (scene.first_player + scene.trace.side(it.parent + root) + it.depth_below) % 2
    return {"player": player, "chance": int(view.chance)}


def add_view(scene: Scene, p: int, keep: Any, note_new: int | None = None, budget: int | None = None) -> int:
    """Lay out a view of pass ``p``: the given tree whole if it fits, else the tree folded
    to ``budget`` nodes (``max_nodes`` unless given) keeping the nodes ``keep``; its index."""
    budget = scene.max_nodes if budget is None else budget
    first, root, part = scene.passes[p]
    trace = part
    # Which nodes a view draws follows from the tree's shape and the part of the search
    # it serves, never from the search's final best line (a view is shown from its
    # first step on): the plan keeps no principal variation.
    snap = dataclasses.replace(snapshot(trace, len(trace)), pv=())
    textbook = labels.family(trace.game) == "textbook"
    # A textbook tree is the exercise's data: drawn whole, in its own order, when it fits.
    whole = given_plan(trace, snap, budget) if textbook else None
    layout = whole or plan(trace, snap, budget, ghosts=None if textbook else 2, also_keep=keep, fill=not keep)
    place = places(whole) if whole else {}  # a given tree's items, by their place in it
    builder = _LayoutBuilder(trace, snap, perspective="negamax", windows=True, dag=False)
    builder.follows_entries = False  # the front-end picks each step's entry (entryAt)
    try:
        given = {it.name: _given(builder, it) for it in layout.items} if textbook else {}
        # sized from the given data alone (a textbook tree's leaves, or the game's best
        # score), never from values the search shows later
        builder.slots = given_slots(given.values()) if textbook else game_slots(trace.game)
        dot = builder.build(by_place(layout, place) if whole else layout, layout_node_style, layout_edge_style,
                            legend=False, max_nodes=budget)
        prefixes = {it.name: _prefix(builder, it) for it in layout.items}
        turns = {it.name: _turn(scene, builder, it, root) for it in layout.items}
        names = {it.name: scene._item_name(builder, it, root) for it in layout.items}
        answers = _answers(scene, layout.items, names, root) if scene.practice else {}
    finally:
        restore(trace.game)
    dot.attr("graph", label="")
    # Laid out here by dot, or in the reader's browser by the bundled Graphviz: the
    # front-end marks the drawing's shapes and cells itself, whichever Graphviz drew it.
    drawing = {"svg": inline_svg(to_svg(dot))} if scene.by_dot(len(scene.views)) else {"dot": dot.source}
    tl = scene.timeline
    sizes = Sizes(trace.nodes, len(trace.nodes))
    index = len(scene.views)
    items: list[list[Any]] = []
    drawn: set[int] = set()
    lives: dict[str, list[Any]] = {}
    for it in layout.items:
        kind = _KINDS[it.kind]
        nid = it.node + root if it.node >= 0 else -1
        parent = it.parent + root if it.parent >= 0 else -1
        depth = tl.lives[nid].depth if nid >= 0 else tl.lives[parent].depth + it.depth_below
        pruned = tl.lives[parent].cut if parent >= 0 and kind == "p" and it.kind == "pruned" else -1
        if kind == "p" and it.kind == "pruned" and pruned < 0 and parent >= 0:
            pruned = tl.lives[parent].exit  # pruned by the game's bounds or a win at once
        ranges: list[list[int]] = []
        if kind == "f":
            ranges = [[nid, sizes.end(it.node) + root]]
        elif kind == "g":  # the parent's children not drawn on their own
            shown = {x.node for x in layout.items if x.parent == it.parent}
            ranges = [[c + root, sizes.end(c) + root] for c in trace.nodes[it.parent].children if c not in shown]
        only = int(nid in scene.only if kind != "p" else names[it.name] in scene.cut_names)
        if whole:
            # A given tree is drawn whole from step 0: its item says only its place.  Which
            # trace node it is (entered when) and when it is pruned are the steps' data
            # (Scene.places, sent with the chunk of steps that reaches them).
            title = place[it.name]
            for n in (nid, *(a + root for a in it.again)) if nid >= 0 else ():
                scene.places.append((tl.lives[n].enter, index, title, n, only))
                scene._life(n)  # (its values' texts, for the scene's fmt; the life itself travels with the steps)
                drawn.add(n)
            if pruned >= 0:
                scene.places.append((pruned, index, title, -1, only))
            items.append(_record(
                "item", title=title, kind="p", node=-1, parent=-1, up=place.get(it.above, ""), depth=depth,
                pruned=-1, prefix=prefixes[it.name], given=_jv(given.get(it.name)), only=0, name=names[it.name],
                answer=answers.get(it.name, ""), ranges=[], again=[], appear=0, settle=[], **turns[it.name],
            ))
            continue
        items.append(_record(
            "item", title=it.name, kind=kind, node=nid, parent=parent, up=it.up if parent >= 0 else "",
            depth=depth, pruned=pruned,
            prefix=prefixes[it.name], given=_jv(given.get(it.name)), only=only,
            name=names[it.name], answer=answers.get(it.name, ""), ranges=ranges, again=[n + root for n in it.again], appear=0, settle=[],
            **turns[it.name],
        ))
        for n in (nid, *(a + root for a in it.again)) if nid >= 0 else ():
            lives[str(n)] = scene._life(n)
            if kind == "n":
                drawn.add(n)
    for n in list(drawn) if not whole else ():  # ancestors (the stack) are always drawn, but make sure
        while n >= 0 and str(n) not in lives:
            lives[str(n)] = scene._life(n)
            n = tl.lives[n].parent
    scene.places.sort()
    note = ""
    if layout.hidden:
        note = (
            f"Folded {layout.hidden:,} of {len(trace.nodes):,} nodes into {layout.summaries} summary "
            f"node{'s' if layout.summaries != 1 else ''} (max_nodes={budget})."
        )
    view = {"pass": p, **drawing, "items": items, "lives": lives, "note": note, "_nodes": drawn}
    if whole:
        view["given"] = True  # its items are named by place; the chunks say which node each is
    if note_new is not None:
        view["note_new"] = f"Laid out a new view of the tree for step {note_new:,} (the search left the last one). {note}"
    scene.views.append(view)
    scene._drawn[p] |= drawn
    return index


def places(layout: Plan) -> dict[str, str]:
    """The name of each item of a given tree's plan (:func:`negaviz.layout.fold.given_plan`)
    by its place in the tree: ``t`` the root, then ``_i`` for child ``i`` (in the tree's
    own order) along the path, as ``t_1_0``.  The same for a node the search enters and
    one it never does, so a drawing named so tells neither which nor in what order.

    >>> import negaviz
    >>> trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
    >>> p = given_plan(trace, snapshot(trace, len(trace)), 20)
    >>> [(i.name, places(p)[i.name]) for i in p.items][4:]
    [('n3', 't_0_1'), ('n5', 't_1_0'), ('g4_1', 't_1_1'), ('g4_2', 't_1_2')]
    """
    out: dict[str, str] = {}
    count: dict[str, int] = {}
    for it in layout.items:  # each item's children come after it, in the tree's order
        if not it.above:
            out[it.name] = "t"
            continue
        i = count.get(it.above, 0)
        count[it.above] = i + 1
        out[it.name] = f"{out[it.above]}_{i}"
    return out


def by_place(layout: Plan, place: dict[str, str]) -> Plan:
    """``layout`` with its items named by :func:`places` (their DOT ids)."""
    items = [it._replace(name=place[it.name], above=place.get(it.above, "")) for it in layout.items]
    return Plan(items, layout.hidden, layout.summaries, layout.kept)


def _given(builder: Builder, item: Any) -> float | None:
    """A textbook leaf's value as the tree gives it (for the side to move there): the
    exercise's data, shown from step 0 as given, not as a result."""
    if item.kind in SUMMARIES or item.covers > 1 and item.node < 0:
        return None
    game = builder.game
    pos = builder.position(item.node) if item.node >= 0 else builder.ghost_position(item)
    return game.score(pos) if game.is_terminal(pos) else None


def _prefix(builder: Builder, item: Any) -> str:
    """Text the front-end writes before a value: the ▲/▼ marker on boards and text labels."""
    single_ghost = item.kind in GHOSTS and len(item.moves) == 1
    if (item.kind != "node" and not single_ghost) or builder.family == "textbook":
        return ""
    view = builder.node_view(item)
    mark = labels.marker(view.player)
    return f"{mark} " if mark else ""


def _answers(scene: Scene, items: list[Item], names: dict[str, str], root: int) -> dict[str, str]:
    """The name the practice's answer key gives each drawn item that an answer can name
    (see :meth:`negaviz.trace.names.Names.full`): a node's own; an untried move's, drawn
    as the node it leads to, from the names of the nodes drawn above it: on a board the
    moves from the root, in a textbook tree the labels below the root where the tree
    shows its label more than once."""
    trace_names = scene.trace.names
    drawn = {it.name: it for it in items}
    out: dict[str, str] = {}
    for it in items:
        if it.node >= 0:
            out[it.name] = trace_names.full(it.node + root)
            continue
        if it.kind not in GHOSTS or len(it.moves) != 1:
            continue  # a group of moves: no answer names it
        parent = it.parent + root
        if trace_names.textbook:  # the labels of the untried moves drawn from the nearest node entered
            below: list[str] = []
            at: Item | None = it
            while at is not None and at.node < 0:
                below.insert(0, names[at.name])
                at = drawn.get(at.up)
            out[it.name] = trace_names.full_below(parent, tuple(below))
        elif (up := drawn.get(it.up)) is not None and up.node >= 0:  # a move not tried at a node entered
            out[it.name] = trace_names.full_below(parent, (trace_names.move_from(parent, it.moves[0]),))
    return out
