"""Students' own code: record a hand-written search, and check it against negaviz's.

>>> import math
>>> from negaviz import Tree
>>> from negaviz.student import check, trace_calls
>>> tree = Tree.parse("[[7,5],[3,1,9]]")
>>> @trace_calls(tree, position="node")
... def negamax(node):
...     if tree.is_terminal(node):
...         return tree.score(node)
...     return max(negamax(tree.play(node, m)) for m in tree.moves(node))  # forgot the minus
>>> negamax(tree.root)
9
>>> report = check(negamax.last_trace, algorithm="negamax")
>>> report.ok, report.divergence.kind.value
(False, 'wrong value')
>>> print(report)  # doctest: +NORMALIZE_WHITESPACE
Not yet: wrong value at B. B returned 7, but the reference returns −5.
Its children returned 7, 5: each is for the opponent, so negate it before taking the largest.
"""

# The recorder lives in the trace layer (negaviz.trace.calls); imported through the
# submodule negaviz.student.capture so that, once that module is loaded, the package's
# name ``capture`` is still the function, not the module.
from negaviz.student.capture import RETURNS, StudentTrace, TracedFunction, WindowWarning, capture, trace_calls
from negaviz.student.check import Divergence, DivergenceKind, Report, check

__all__ = ["trace_calls", "capture", "WindowWarning", "check", "Report", "DivergenceKind"]
