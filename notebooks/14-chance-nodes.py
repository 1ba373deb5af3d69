# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 12 · Chance: expectimax and star1
#
# In backgammon, Monopoly or a dice race, no one chooses what the dice show.  A position
# where the dice are about to roll is a *chance node*: it is worth the average of its
# outcomes, each weighted by its probability, its *expected value*.  Everything else stays
# as in alpha-beta: the players' nodes take the best of their children for the side to
# move.
#
# * **expectimax** values every node this way.  With MIN's nodes in the tree too, the
#   textbooks call it expectiminimax; it is the same algorithm.
# * **star1**, Bruce Ballard's algorithm, prunes at chance nodes too.  When every leaf's value is
#   known to lie in a range [L, U], the outcomes searched so far, plus the worst and the
#   best the others could add, may already settle the node.
#
# In the tree text a chance node is a name with `?`, drawn as a circle, and each outcome
# follows its probability: `C?(1/6 F:3 5/6 G:-1)`.  With no probability written, the
# outcomes are equally likely.

# %%
import negaviz
from negaviz.analysis.pseudocode import LISTINGS
from negaviz.analysis.steps import Stepper
from negaviz.display import picture
from negaviz.games.dice import DiceRace
from negaviz.render import draw
from negaviz.widgets import StepperWidget

# %% [markdown]
# ## Why not minimax?
#
# Minimax expects the worst of every node it does not control.  Against an opponent that
# is right; against dice it is too gloomy.  Here one player chooses between a gamble B
# (0 or 10, each half the time) and a sure 4 at C.  `players=1` says there is one player
# against chance: the chance nodes take the opponent's turn.

# %%
gamble = negaviz.Tree.parse("A(B?(1/2 D:0 1/2 E:10) C?(1/2 F:4 1/2 G:4))", players=1)
chance = negaviz.record(gamble, algorithm="expectimax")
print("expectimax plays", chance.pv_names()[0], "worth", chance.value, "on average")
as_enemy = negaviz.Tree.parse("A(B(D:0 E:10) C(F:4 G:4))")  # the same leaves, chance taken for an enemy
enemy = negaviz.record(as_enemy, algorithm="alphabeta")
print("minimax plays", enemy.pv_names()[0], "worth", enemy.value)
picture(draw(chance, perspective="minimax"))

# %% [markdown]
# Minimax plays C and earns 4 every time.  Expectimax plays B and earns 5 on average:
# over many games, minimax's move loses 1 a game.  Which is right depends on what the
# numbers mean.  If 0 means ruin, the average hides that; expectimax maximises the
# average, so the leaf values must be worth their average (a *utility*, not a rank).
#
# ## Your turn: an expected value
#
# Below, MAX moves first, then a die decides which of MIN's positions comes up.  Work out
# B and C with pencil and paper, then step through the search to check.  The circles are
# chance nodes; each edge under a circle carries its outcome's probability.

# %%
dice_tree = negaviz.Tree.parse("A(B?(1/3 D(H:2 I:6) 2/3 E(J:5 K:8)) C?(1/2 F(L:9 M:1) 1/2 G(N:6 O:4)))")
expecti = negaviz.record(dice_tree, algorithm="expectimax")
StepperWidget(expecti, perspective="minimax")

# %% [markdown]
# <details><summary><b>Answer</b> (try first)</summary>
#
# MIN takes the smallest child at D, E, F and G: 2, 5, 1 and 4.  B is worth
# 1/3 · 2 + 2/3 · 5 = 4 and C is worth 1/2 · 1 + 1/2 · 4 = 2.5, so A plays B, worth 4.
# Minimax would have compared B's worst case (2) with C's (1) and also played B, for
# another reason.
# </details>
#
# The search's own words, one event at a time (negamax view: each value is for the side
# to move there; a chance node's is for the player who moves after the roll, MIN here):

# %%
stepper = Stepper(expecti)
for event in expecti.events:
    print(f"{event.step + 1:2}. {stepper.sentence(event)}")

# %% [markdown]
# In negamax form nothing new is needed for the players' nodes.  A chance node takes no
# maximum: it adds up its outcomes' values, each times its probability.  An outcome's value
# is negated on the way up only if the turn passes at the roll.  Here the roll comes just
# before MIN moves, so MIN's values come up unchanged.

# %%
for line in LISTINGS["expectimax"]:
    print(line)

# %% [markdown]
# ## Your turn: write expectimax
#
# The function below is negamax with one line missing: what a chance node returns.
# `game.outcomes(node)` gives a chance node's outcomes with their probabilities (None
# where a player moves), and `game.player(...)` says who moves, so you can tell whether
# the turn passes at the roll.  Write the chance node's value, run the cell, and read what
# `check` says: it runs your function on a battery of trees with chance nodes and a dice
# race, compares every call with negaviz's expectimax, and names a known bug.  As given,
# the chance node takes the plain average of its outcomes.

# %%
from negaviz.student import check


def expectimax(game, node):
    if game.is_terminal(node):
        return game.score(node)
    outcomes = game.outcomes(node)
    if outcomes is not None:
        values = []
        for outcome, probability in outcomes:
            child = game.play(node, outcome)
            value = expectimax(game, child)
            if game.player(child) != game.player(node):  # the turn passes at the roll
                value = -value
            values.append(value)
        return sum(values) / len(values)  # ← the line to fix
    return max(-expectimax(game, game.play(node, move)) for move in game.moves(node))


print(check(expectimax, battery="expectimax").feedback())

# %% [markdown]
# <details><summary><b>Answer</b> (try first)</summary>
#
# Weight each outcome by its probability: keep the pairs, `values.append((probability,
# value))`, and return `sum(p * v for p, v in values)`.  The plain average is right only
# where every outcome is equally likely, which is why `check` finds the bug on some trees
# and not on others.
# </details>

# %%
def expectimax_fixed(game, node):
    if game.is_terminal(node):
        return game.score(node)
    outcomes = game.outcomes(node)
    if outcomes is not None:
        total = 0
        for outcome, probability in outcomes:
            child = game.play(node, outcome)
            value = expectimax_fixed(game, child)
            if game.player(child) != game.player(node):
                value = -value
            total += probability * value
        return total
    return max(-expectimax_fixed(game, game.play(node, move)) for move in game.moves(node))


print(check(expectimax_fixed, battery="expectimax").feedback())

# %% [markdown]
# ## star1: pruning at chance nodes
#
# Alpha-beta's cutoffs still work at the players' nodes.  At a chance node, star1 needs one
# more fact: bounds on every leaf.  Say every leaf lies in [0, 10].  While C's outcomes are
# searched, its value can only be *sum so far + (probability left) × something in
# [0, 10]*.  Once even the best case is at most α (or the worst case at least β), C
# cannot change the result, and its other outcomes are skipped.  Each outcome is also
# searched with the narrowest window that could still matter.

#
# The tree below is the one above with C's die loaded: F comes up three times in four.
# After F, C is worth at most 3/4 · 1 + 1/4 · 10 = 3.25, less than B's 4: G is never
# searched.

# %%
loaded = negaviz.Tree.parse("A(B?(1/3 D(H:2 I:6) 2/3 E(J:5 K:8)) C?(3/4 F(L:9 M:1) 1/4 G(N:6 O:4)))")
star = negaviz.record(loaded, algorithm="star1", leaf_bounds=(0, 10))
full = negaviz.record(loaded, algorithm="expectimax")
print("star1:", star.value, "after", star.counts().nodes, "nodes; expectimax:", full.value, "after",
      full.counts().nodes, "nodes")
print("never searched:", ", ".join(star.pruned_labels()))
StepperWidget(star, windows=True, perspective="minimax")

# %% [markdown]
# The bounds do the work: the tighter they are, the sooner a chance node is settled.  Too
# tight bounds are wrong, not just tighter: star1 refuses a leaf outside them, because a
# cut made with them could be wrong.  Here is the same search with looser bounds, and with
# bounds that a leaf breaks:

# %%
for bounds in ((0, 10), (0, 100), (-100, 100)):
    found = negaviz.search(loaded, algorithm="star1", leaf_bounds=bounds)
    print(f"leaves in {bounds}: value {found.value}, {found.nodes} nodes, {found.cutoffs} cutoffs")
try:
    negaviz.search(loaded, algorithm="star1", leaf_bounds=(0, 8))
except negaviz.InputError as error:
    print("refused:", error)

# %% [markdown]
# ## Your turn: can this chance node stop?
#
# A has already found B, worth 5 to it.  C's outcomes follow; every leaf lies in [0, 10].
# After C's first outcome, F, is searched, can C stop, before it looks at G?  Decide, then
# step the search (→) to the cutoff, or past it.

# %%
one_player = negaviz.Tree.parse("A(B?(1/2 D:4 1/2 E:6) C?(1/4 F:2 3/4 G:9))", players=1)
StepperWidget(negaviz.record(one_player, algorithm="star1", leaf_bounds=(0, 10)), windows=True, perspective="minimax")

# %% [markdown]
# <details><summary><b>Answer</b> (try first)</summary>
#
# No.  After F, C's sum so far is 1/4 · 2 = 0.5, with 3/4 of the probability left.  At
# best the rest adds 3/4 · 10 = 7.5, so C could still be worth up to 8, more than B's 5:
# C must look at G, and is worth 0.5 + 3/4 · 9 = 7.25.  Had G's probability been 1/4
# (and F's 3/4), the best case after F would have been 1.5 + 2.5 = 4, at most 5: C could
# stop there.
# </details>
#
# ## Practise as the search goes
#
# The stepper below stops for you: a chance node's expected value just before it returns
# (type a number, or a fraction such as 7/3), which of a node's outcomes or moves are
# never searched, with every leaf in [0, 10], and which node is entered next.  A wrong
# answer is told with its numbers; answers that follow a misconception, such as taking
# chance for MIN or averaging outcomes without their probabilities, are named.

# %%
practice_tree = negaviz.Tree.parse("A(B?(1/2 D(H:3 I:7) 1/2 E(J:6 K:4)) C?(3/4 F(L:1 M:5) 1/4 G(N:8 O:9)))")
StepperWidget(negaviz.record(practice_tree, algorithm="star1", leaf_bounds=(0, 10)), practice="steps",
              perspective="minimax")

# %% [markdown]
# ## A dice race
#
# A game to play with the same searches: two runners, red and blue, each a few squares
# from home.  On a turn a runner either *walks* one square, surely, or *runs*: a
# three-sided die is thrown and the runner goes 2 or 3 squares, or none at all on a 1.  A
# run is worth 5/3 squares on average, more than a walk, but risky.  The first home wins
# (10); after the last move the runner nearer home wins by the difference.

# %%
race = DiceRace("2 2 4")
print(race.label(race.root))
result = negaviz.search(race, algorithm="expectimax")
print("expectimax:", result.pv_names[0], "worth", round(result.value, 3), "to red")
print("star1:", negaviz.search(race, algorithm="star1").nodes, "nodes; expectimax:", result.nodes, "nodes")
picture(draw(negaviz.record(race, algorithm="star1"), perspective="minimax", max_nodes=40))

# %% [markdown]
# The race's scores lie in [−10, 10] (its `max_score`), so star1 takes its bounds from
# the game.  How much it saves on longer races, and the move each search plays:

# %%
print("race       value   move  expectimax  star1  cutoffs")
for position in ("2 2 4", "3 3 6", "3 3 8", "4 4 8"):
    game = DiceRace(position)
    full, pruned = (negaviz.search(game, algorithm=a) for a in ("expectimax", "star1"))
    assert abs(full.value - pruned.value) < 1e-9  # the same value, always
    print(f"{position:9}  {full.value:6.3f}  {full.pv_names[0]:4}  {full.nodes:10,}  {pruned.nodes:5,}  "
          f"{pruned.cutoffs:7}")

# %% [markdown]
# Whatever the race, red runs first: with several moves to go, the average pays.  And
# star1 reaches the same value with fewer nodes, more so the longer the race.
#
# ## Where to go next
#
# * Your own game with chance: give it `outcomes(pos)`, a list of (outcome, probability)
#   pairs where the dice roll (None elsewhere), and `player(pos)`, who moves there (at a
#   chance position: the player whose view its value is in).
# * Searching a game with chance with alpha-beta is refused: it would treat the dice as a
#   player.
