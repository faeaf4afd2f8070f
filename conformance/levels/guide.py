"""Rule-guided play: steer a campaign's choices toward the rules it has not fired yet.

A :class:`RuleGuide` follows every game of a campaign on a *shadow* copy of the reference
engine (the reference reports the rules each action fires, so guidance works for
candidates without the ``fired`` capability). At a guided step it looks one action ahead:
it tries a sample of the legal actions (one of each action type first) on clones of the
shadow and scores each by the rules it fires (1 for a rule the campaign never fired,
``1/(1+n)`` for one fired ``n`` times) and by how seldom the campaign
took an action of its kind (its *signature*: type and other text fields, such as "buy an
armory"), which leads toward rules that lie a few actions behind a rare choice. The best
score wins. Guided steps are mixed with uniform ones (``share``), and every
``uniform_every``-th game is played uniformly throughout, so common paths are not starved.
The trial of the chosen action becomes the next shadow (no second apply), and a uniform
game of differential lockstep, where the reference reports what it fired, keeps no shadow.

A step's trials are copies of the shadow, the last one the shadow itself (the trial chosen
replaces it anyway). Each engine copies its state its own way (:meth:`GameState.clone`);
where that costs more than a snapshot, pickled once a step and unpickled per trial (an
engine whose clone is a round trip through its canonical form: Gnomeville, Villagers), the
snapshot is used (:class:`Copier`). A copy only steers the choice: the verdicts come from
the engines' own replies.

When the reference does not know the game, or refuses an action the candidate accepted
(a divergent candidate in the invariant level), the guide stops guiding that game and
play is uniform.
"""

from __future__ import annotations

import pickle
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from operator import itemgetter
from typing import Any

from reference_impl.core import EngineError, GameState

#: legal actions tried per guided step (one per action type first, then at random)
WIDTH = 8
#: share of guided steps in a guided game
SHARE = 0.9
#: every n-th game of a campaign is uniform from start to end
UNIFORM_EVERY = 3
#: weight of an action kind's novelty against the novelty of the rules it fires
KIND_WEIGHT = 1.0

#: the highest score a trial can get (a rule never fired, or a kind never taken)
_TOP_SCORE = max(1.0, KIND_WEIGHT)

Chooser = Callable[[int], int]
#: an action's kind, see :func:`signature`
Kind = tuple[tuple[str, str], ...]


class RuleGuide:
    """Campaign-wide rule counts and one-step look-ahead on a shadow reference game."""

    def __init__(
        self,
        rules: Iterable[str],
        seed: int | str = 0,
        share: float = SHARE,
        width: int = WIDTH,
        uniform_every: int = UNIFORM_EVERY,
    ) -> None:
        self.rules = list(rules)
        self.counts: Counter[str] = Counter()
        self.taken: Counter[Kind] = Counter()
        self.share = share
        self.width = width
        self.uniform_every = uniform_every
        self.games = 0
        self.guided_steps = 0
        self._rng = random.Random(f"guide:{seed}")
        self._shadow: GameState | None = None
        self._guiding = False
        self._reports_reference = False
        #: the best trial of the last guided step: (its action, the shadow after it)
        self._chosen: tuple[dict[str, Any], GameState] | None = None
        #: whether the last guided step played its last trial on the shadow itself
        self._spent = False
        self._copiers: dict[type, Copier] = {}

    # -- one game ----------------------------------------------------------------------

    def start(
        self,
        game: str,
        num_players: int,
        options: dict[str, Any] | None,
        reports_reference: bool = False,
        state: dict[str, Any] | None = None,
    ) -> None:
        """A new game of the campaign begins (its shadow is a fresh reference game, or the
        loaded position ``state``).

        ``reports_reference``: every :meth:`observe` of this game will be given the rules
        the reference engine itself fired (differential lockstep), so a game played
        uniformly needs no shadow to count them, and keeps none."""
        self.games += 1
        self._reports_reference = reports_reference
        self._guiding = self.uniform_every <= 0 or self.games % self.uniform_every != 0
        self._chosen = None
        self._spent = False
        if reports_reference and not self._guiding:
            self._shadow = None
            return
        try:
            from reference_impl import registry

            definition = registry.get_game(game)
            if state is not None:
                self._shadow = definition.load(state)
            else:
                self._shadow = definition.new_game(num_players, options or None)
            self.counts.update(self._shadow.fired)  # the rules its setup applied
        except (EngineError, KeyError, ValueError):
            self._shadow = None

    def observe(self, action: dict[str, Any], fired: Iterable[str] | None = None) -> list[str]:
        """``action`` was applied; returns the rules it fired (the shadow's, else ``fired``
        when those are the reference's own: a candidate's claims are never counted)."""
        reported = list(fired or []) if self._reports_reference else []
        self.taken[signature(action)] += 1
        chosen, self._chosen = self._chosen, None
        spent, self._spent = self._spent, False
        if chosen is not None and chosen[0] is action:  # the trial already played it
            self._shadow = chosen[1]
            reported = list(self._shadow.fired)
        elif spent:  # the shadow played another action as the last trial: lost for this game
            self._shadow = None
        elif self._shadow is not None:
            try:
                self._shadow.apply(action)
            except EngineError:
                self._shadow = None
            else:
                reported = list(self._shadow.fired)
        self.counts.update(reported)
        return reported

    def choose(self, actions: list[dict[str, Any]], fallback: Chooser) -> int:
        """The index of the next action: guided (look-ahead) or ``fallback(len(actions))``.

        The last trial is played on the shadow itself: :meth:`observe` must then be given
        the action chosen, or the shadow is lost (play goes on uniform for the game)."""
        self._chosen, self._spent = None, False
        if (
            self._shadow is None
            or not self._guiding
            or len(actions) < 2
            or self._rng.random() >= self.share
        ):
            return fallback(len(actions))
        self.guided_steps += 1
        best, best_score = -1, 0.0
        sample = self._sample(actions)
        shadow = self._shadow
        _listing(shadow)  # listed before the copies are taken: they list without working
        copies = self._copier(shadow).copies(shadow)
        for position, index in enumerate(sample):
            if position == len(sample) - 1:  # the last trial: on the shadow itself
                trial, self._spent = shadow, True
            else:
                trial = next(copies)
            score = self._novelty(_own(trial, index, actions[index]), trial)
            if score > best_score:
                best, best_score = index, score
                self._chosen = (actions[index], trial)  # observe takes it as the shadow
                if best_score >= _TOP_SCORE:  # no later trial can beat it: spare the copies
                    break
        return best if best >= 0 else fallback(len(actions))

    # -- helpers -----------------------------------------------------------------------

    def _sample(self, actions: list[dict[str, Any]]) -> list[int]:
        """Up to ``width`` indexes: one per action kind (in random order), then random."""
        by_type = _by_kind(actions)
        picked = [self._rng.choice(group) for group in by_type.values()]
        self._rng.shuffle(picked)
        picked = picked[: self.width]
        need = self.width - len(picked)
        if need > 0:
            # the rest at random: indexes drawn from the whole listing, those already picked
            # left out (as many more drawn as were picked, so enough remain), no list of the
            # rest made (a listing can hold hundreds of actions)
            chosen = set(picked)
            drawn = self._rng.sample(range(len(actions)), min(len(actions), need + len(chosen)))
            picked += [i for i in drawn if i not in chosen][:need]
        return picked

    def _copier(self, state: GameState) -> Copier:
        """How this engine's states are copied for trials (chosen once per state class)."""
        kind = type(state)
        if kind not in self._copiers:
            self._copiers[kind] = Copier.for_state(state)
        return self._copiers[kind]

    def _novelty(self, action: dict[str, Any], trial: GameState) -> float:
        """How new this action is, applied to ``trial`` (a copy of the shadow): the rules
        it fires (1: never fired yet), and its kind."""
        try:
            trial.apply(action)
        except EngineError:
            return 0.0
        rules = max((1.0 / (1 + self.counts[rule]) for rule in trial.fired), default=0.0)
        return max(rules, KIND_WEIGHT / (1 + self.taken[signature(action)]))

    # -- reporting ---------------------------------------------------------------------

    def reached(self) -> list[str]:
        """Catalogue rules fired so far in the campaign."""
        return [rule for rule in self.rules if rule in self.counts]

    def unreached(self) -> list[str]:
        return [rule for rule in self.rules if rule not in self.counts]


def _listing(state: GameState) -> list[Any]:
    """``state``'s legal actions ([] when it lists none, or refuses to list)."""
    try:
        return state.legal_actions()
    except EngineError:
        return []


def _own(state: GameState, index: int, action: dict[str, Any]) -> dict[str, Any]:
    """The engine's own listed object for ``action``, the ``index``-th legal action (the
    guided listing is the reference engine's, so in the shadow's order), when it is equal;
    else ``action``. An engine may check its own object by identity, with no lookup
    (:func:`reference_impl.core.exactly_listed`)."""
    listed = _listing(state)
    if index < len(listed) and listed[index] == action:
        return listed[index]
    return action


def _by_kind(actions: list[dict[str, Any]]) -> dict[Kind, list[int]]:
    """The actions' indexes by :func:`signature`, kinds in order of first appearance.

    A listing of one kind throughout (most of an Isle Traces game: 100-700 card placements)
    is told in a few passes of built-in functions, one per field, making no object per
    action: every action has as many fields as the first and each of the first's fields
    (so the same fields), the first's text fields hold the same values throughout, and its
    other fields no text anywhere."""
    if _one_kind(actions):
        return {signature(actions[0]): list(range(len(actions)))}
    by_kind: dict[Kind, list[int]] = {}
    for index, action in enumerate(actions):
        by_kind.setdefault(signature(action), []).append(index)
    return by_kind


def _one_kind(actions: list[dict[str, Any]]) -> bool:
    """Whether every action is an object of the first's :func:`signature` (False: maybe
    not, then the loop tells)."""
    if len(actions) < 2 or set(map(type, actions)) != {dict}:
        return False
    first = actions[0]
    if set(map(len, actions)) != {len(first)}:
        return False
    count = len(actions)
    try:
        for key, value in first.items():
            values = map(itemgetter(key), actions)  # KeyError: a field the first lacks
            if key == "actor":  # not part of a kind: only there
                list(values)
            elif type(value) is str:
                if list(values).count(value) != count:  # another text, or no text
                    return False
            elif str in set(map(type, values)):  # a text where the first has none
                return False
    except KeyError:
        return False
    return True


def signature(action: dict[str, Any]) -> Kind:
    """An action's kind: its text fields but the actor (``type``, ``kind``, ``tile``...).

    Called for every legal action at every guided step (Isle Traces lists about 175), so it
    is kept cheap: a subclass of ``str`` cannot come off the wire, and one field (the
    ``type`` alone, the common case) needs no sort."""
    found = [(key, value) for key, value in action.items()
             if type(value) is str and key != "actor"]  # fmt: skip
    if len(found) > 1:
        found.sort()
    return tuple(found)


#: copies a look-ahead step is priced at when choosing how to copy (about 5 on Gnomeville
#: and Villagers: one trial per action kind, up to :data:`WIDTH`)
PRICED_COPIES = 3


class Copier:
    """Independent copies of one engine's game states, for look-ahead trials.

    ``snapshot``: pickled once a step, unpickled per copy; else :meth:`GameState.clone`.
    :meth:`for_state` picks the snapshot only for states whose pickled copy exports the
    same canonical state, when it is the cheaper for :data:`PRICED_COPIES` copies (timed
    once, on the first state of the kind: the choice changes the cost, never the copies).
    """

    def __init__(self, snapshot: bool) -> None:
        self.snapshot = snapshot

    @classmethod
    def for_state(cls, state: GameState, rounds: int = 3) -> Copier:
        """The cheaper way to copy states like ``state`` (CPU time of ``rounds`` of each)."""
        try:
            blob = pickle.dumps(state, pickle.HIGHEST_PROTOCOL)
            if pickle.loads(blob).to_canonical() != state.to_canonical():
                return cls(snapshot=False)
        except Exception:  # not picklable (a lock, a generator...): the engine's clone
            return cls(snapshot=False)
        started = time.process_time()
        for _ in range(rounds):
            state.clone()
        cloned = (time.process_time() - started) / rounds
        started = time.process_time()
        for _ in range(rounds):
            blob = pickle.dumps(state, pickle.HIGHEST_PROTOCOL)
        dumped = (time.process_time() - started) / rounds
        started = time.process_time()
        for _ in range(rounds):
            pickle.loads(blob)
        loaded = (time.process_time() - started) / rounds
        return cls(snapshot=dumped + PRICED_COPIES * loaded < PRICED_COPIES * cloned)

    def copies(self, state: GameState) -> Iterator[GameState]:
        """Endless independent copies of ``state`` as it is now (made as they are taken);
        a state that no longer pickles is cloned, from then on."""
        if self.snapshot:
            try:
                blob = pickle.dumps(state, pickle.HIGHEST_PROTOCOL)
            except Exception:
                self.snapshot = False
            else:
                while True:
                    yield pickle.loads(blob)
        while True:
            yield state.clone()
