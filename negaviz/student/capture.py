"""Where :func:`trace_calls` and :func:`capture` are imported from (besides
:mod:`negaviz.student`): the recorder itself is :mod:`negaviz.trace.calls`, in the trace
layer, below both the quiz (whose practice records the catalogue's mistaken searches with
it) and the checking of a student's code."""

from negaviz.trace.calls import capture, trace_calls
from negaviz.trace.trace import StudentTrace
from negaviz.trace.traced import RETURNS, Returns, TracedFunction, WindowWarning

__all__ = ["trace_calls", "capture", "WindowWarning"]

