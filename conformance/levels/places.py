"""Where a failure shows, so that a scenario's failure and a divergence can be matched.

A divergence shows at a place: the state paths that differ (seats and indexes as ``*``),
the outcome's, or the kind of action the candidate will not play or plays wrongly. A
scenario's failing check shows at one too (:func:`conformance.steps.common.fail`: the paths
its ``Then the position has:`` found differing, the action type its ``Then the legal
actions include:`` missed). A rule whose own scenarios fail where the divergence shows has
been seen breaking there, in a position built for that rule; a neighbour whose scenarios
fail elsewhere (they pass through the broken code on the way to their own check) has not
(:func:`~conformance.levels.corroboration.corroborate`).

Places are strings: a state path (``players.*.coins``), ``outcome:`` and ``view:`` before
the outcome's and a view's paths, ``legal:missing:TYPE`` (an action of that type listed by
the rulebook, left out or refused by the engine) and ``legal:extra:TYPE`` (listed or
accepted wrongly).
"""

from __future__ import annotations

import re
from typing import Any

#: a seat or list index in a dotted path
_INDEX = re.compile(r"(?<=\.)\d+(?=\.|$)|^\d+(?=\.|$)")
#: what a place may start with: whose paths (the outcome's, a view's) or an action's type
_PREFIX = re.compile(r"^(outcome:|view:|legal:missing:|legal:extra:)")
#: the places that name an action's type, not a path
_ACTION_PLACES = ("legal:",)


def missing_place(kind: Any) -> str:
    """The place of an action of type ``kind`` the engine will not play: left out of its
    listing, or refused."""
    return f"legal:missing:{kind}"


def extra_place(kind: Any) -> str:
    """The place of an action of type ``kind`` the engine lists or accepts wrongly."""
    return f"legal:extra:{kind}"


def normalised_path(path: str) -> str:
    """A path with its seat and list indexes as ``*``: ``players.0.coins`` is
    ``players.*.coins``."""
    return _INDEX.sub("*", path)


def normalised(place: str) -> str:
    """A place with its seats and list indexes as ``*`` (``players.0.coins`` is
    ``players.*.coins``; ``outcome:scores.1`` is ``outcome:scores.*``)."""
    prefix, path = _split(place)
    return prefix + (path if prefix.startswith(_ACTION_PLACES) else normalised_path(path))


def _split(place: str) -> tuple[str, str]:
    """A place's prefix (``outcome:``, ``legal:missing:``; empty for the state's) and the
    rest."""
    found = _PREFIX.match(place)
    prefix = found.group(0) if found else ""
    return prefix, place[len(prefix) :]


def divergence_places(divergence: Any) -> list[str]:
    """Where a :class:`~conformance.levels.differential.Divergence` shows: its differing
    paths (state, start, outcome), the types of the actions listed wrongly (legal), the
    type of the action refused (refused); none for a chance listing's probabilities."""
    kind = divergence.kind
    if kind in ("state", "start"):
        found = [normalised(path) for path in divergence.differing or [divergence.first]]
    elif kind == "outcome":
        found = [normalised(f"outcome:{path}") for path in divergence.differing]
    elif kind == "legal":
        found = [missing_place(action_type(a)) for a in divergence.legal_missing]
        found += [extra_place(action_type(a)) for a in divergence.legal_extra]
    elif kind == "refused" and divergence.actions:
        found = [missing_place(action_type(divergence.actions[-1]))]
    else:
        found = []
    return list(dict.fromkeys(place for place in found if place))


def matches(place: str, other: str) -> bool:
    """Whether two places are the same part: equal action places, or paths of the same
    thing one of which holds the other (``chance`` holds ``chance.type``)."""
    left_prefix, left_path = _split(normalised(place))
    right_prefix, right_path = _split(normalised(other))
    if left_prefix != right_prefix:
        return False
    if left_prefix.startswith(_ACTION_PLACES):
        return left_path == right_path
    left_parts, right_parts = left_path.split("."), right_path.split(".")
    shorter = min(len(left_parts), len(right_parts))
    return left_parts[:shorter] == right_parts[:shorter]


def seen_at(failures: Any, places: list[str]) -> int:
    """How many of ``failures`` (each a failing scenario's places) show at one of
    ``places``."""
    if not places:
        return 0
    return sum(
        1
        for failure in failures
        if any(matches(mine, theirs) for mine in failure for theirs in places)
    )


def action_type(action: Any) -> Any:
    """An action's ``type`` (None for what is no action object)."""
    return action.get("type") if isinstance(action, dict) else None
