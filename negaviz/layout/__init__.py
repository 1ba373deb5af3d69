"""Where things go, decided before anything is drawn, and without Graphviz.

* :mod:`negaviz.layout.fold`: which nodes a drawing of step k holds, folded into a budget;
* :mod:`negaviz.layout.growth`: a search placed as it grows, each node when it is entered;
* :mod:`negaviz.layout.slots`: how big the cells are that a stepping front-end rewrites.

Both the drawings (:mod:`negaviz.render`, by dot) and the front-end
(:mod:`negaviz.frontend`, in the page) build on these; this package imports neither.
"""
