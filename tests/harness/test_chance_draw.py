"""Differential play draws a chance outcome by its stated probability, exactly
(``conformance.levels.differential._weighted``): the point ``p`` of ``R`` falls in the
first outcome whose running sum passes ``p / R``, in integers over one denominator and in
Fractions over several."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import example, given, settings
from hypothesis import strategies as st

from conformance.levels.differential import CHANCE_RESOLUTION, _weighted


def _text(probability: Fraction) -> str:
    return "1" if probability == 1 else f"{probability.numerator}/{probability.denominator}"


def _by_fractions(probabilities: list[Fraction], point: int) -> int:
    """The definition: the first index whose running sum exceeds ``point / R``."""
    at, cumulative = Fraction(point, CHANCE_RESOLUTION), Fraction(0)
    for index, probability in enumerate(probabilities):
        cumulative += probability
        if at < cumulative:
            return index
    return len(probabilities) - 1


@st.composite
def _listings(draw: st.DrawFn) -> list[Fraction]:
    """Copies per outcome over their total (some share a denominator, some do not)."""
    copies = draw(st.lists(st.integers(1, 9), min_size=1, max_size=30))
    return [Fraction(count, sum(copies)) for count in copies]


@settings(max_examples=300, deadline=None)
@given(probabilities=_listings(), data=st.data())
@example(probabilities=[Fraction(1, 3)] * 3, data=None)
def test_the_outcome_drawn_is_the_one_the_point_falls_in(
    probabilities: list[Fraction], data: st.DataObject | None
) -> None:
    outcomes = [{"probability": _text(p)} for p in probabilities]
    edges = [int(sum(probabilities[:k], Fraction(0)) * CHANCE_RESOLUTION)
             for k in range(len(probabilities) + 1)]  # fmt: skip
    points = {0, CHANCE_RESOLUTION - 1, *edges, *(e - 1 for e in edges if e)}
    if data is not None:
        points.add(data.draw(st.integers(0, CHANCE_RESOLUTION - 1), label="point"))
    for point in sorted(p for p in points if 0 <= p < CHANCE_RESOLUTION):
        assert _weighted(outcomes, point) == _by_fractions(probabilities, point), point
