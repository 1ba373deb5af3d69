"""The catalogue of mistakes students make in negamax and alpha-beta, as users import it.

The catalogue itself is :mod:`negaviz.mistakes`: it sits below both graders that use it,
practice (:mod:`negaviz.quiz.mistakes`) and the checking of a student's code
(:func:`negaviz.student.check`), so that neither reaches up into the other.

>>> [m.id for m in MISTAKES][:3]
['negation', 'equality', 'window']
"""

from negaviz.mistakes import MISTAKES, How, Mistake, Need, Run, mistake, run

__all__ = ["MISTAKES", "Mistake"]
