"""The recording wrapper of a student's search function now lives in
:mod:`negaviz.trace.traced` (below the quiz and the student checker alike); its names are
imported from here too."""

from negaviz.trace.traced import RETURNS, Returns, TracedFunction, WindowWarning

__all__: list[str] = []
