"""Blame by reproduction, for component data: which one-value change of the game's component
file (``spec/<game>/components.yaml``) makes the reference do what the candidate did.

The code trials (:mod:`conformance.levels.reproduction`) change the reference's code one
token at a time; an engine that misread a component (a card's food, a table's row, which
villager starts on the road) is wrong in data the reference reads from its component file,
where no code mutant reaches. Each component carries provenance and a rule
(``rule: VL-COMP-CARDS``; an entry may name its own, as a Villagers silver card does), so a
one-value change that reproduces the candidate is evidence for that rule.

The changes (:func:`data_mutants`), one leaf of a component's ``data`` at a time:

- an integer: one more, one less (never below zero), and zero;
- ``true`` / ``false``: the other;
- a text: each text the candidate shows at the divergence (its differing values, the
  actions it lists wrongly: the name it read where the reference reads another), then each
  other text the same field holds elsewhere in the component (a villager's ``lock`` another
  villager's lock; the records of a mapping or a list are one field), the most frequent
  first, at most :data:`ALTERNATIVES` of the latter; where the field is empty (``null``)
  elsewhere, empty is one of them (a padlock read as none, as the next card has);
- an empty value (``null``) of a field that holds texts elsewhere: each of those texts, as
  for a text (a padlock read where the card has none);
- a short list: each item left out, and the list reversed.

A game's component file has hundreds of leaves and a step reads a few, so the trials search
by groups (:func:`search`): a component, then each of its entries, is perturbed whole (its
integers one more, its flags flipped, its texts another of their field's) and only a group
whose perturbation changes what the reference does at the step is searched further. A
group whose whole perturbation changes nothing is taken not to matter at the step (an
approximation: a perturbation can cancel itself out, or miss a threshold from the other
side). Each trial imports the engine package afresh with the changed data (a few
milliseconds: the package's code is compiled once).
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import json
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: at most this many other texts of the same field are tried for one text leaf
ALTERNATIVES = 4
#: at most this many of the candidate's texts (:func:`hints`) are tried for one text leaf
HINTS = 8
#: lists up to this long have each item left out in turn
SHORT_LIST = 12
#: the ``rule`` key of a component entry names the entry's own rule (never changed)
RULE_KEY = "rule"

DataPath = tuple[Any, ...]


@dataclass(frozen=True)
class DataMutant:
    """One changed value of a component's data."""

    component: str  # the component's id
    path: DataPath  # keys and indexes inside its ``data``
    before: Any
    after: Any
    rules: tuple[str, ...]  # the entry's own rule first, then the component's

    def change(self, file: str) -> str:
        """How the change reads in a report (``file``: the component file, as
        :func:`shown_file` names it)."""
        where = " › ".join(str(step) for step in self.path) or "(the whole value)"
        return (f"`{_text(self.before)}` changed to `{_text(self.after)}` at "
                f"{file} {self.component} › {where}")  # fmt: skip


def shown_file(game: str, path: Any) -> str:
    """``game``'s component file as a report names it: ``spec/<game>/components.yaml`` for a
    game bundled with rulespec (its place in the source tree), the file's path for a game a
    package registers (its spec folder is its own)."""
    file = Path(str(path))
    if file.parent.name == game and file.parent.parent.name == "spec":
        return f"spec/{game}/components.yaml"
    return str(file)


def _text(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


# -- the changes ----------------------------------------------------------------------------


def _shape(path: DataPath, records: set[DataPath]) -> DataPath:
    """``path`` with the keys of record mappings and every list index as ``*``: the field
    a leaf is, whichever record holds it."""
    shaped: list[Any] = []
    for depth, step in enumerate(path):
        record = isinstance(step, int) or tuple(path[:depth]) in records
        shaped.append("*" if record else step)
    return tuple(shaped)


def _records(data: Any, path: DataPath = ()) -> set[DataPath]:
    """The paths of mappings whose values are all mappings (records keyed by a name)."""
    found: set[DataPath] = set()
    if isinstance(data, dict):
        if len(data) >= 2 and all(isinstance(v, dict) for v in data.values()):
            found.add(path)
        for key, value in data.items():
            found |= _records(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found |= _records(value, (*path, index))
    return found


def _leaves(data: Any, path: DataPath = ()) -> Iterator[tuple[DataPath, Any]]:
    """Every value of ``data`` with its path, containers included (a list is changed whole
    too), the entries' own ``rule`` names left out."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == RULE_KEY and isinstance(value, str):
                continue
            yield from _leaves(value, (*path, key))
    elif isinstance(data, list):
        yield path, data
        for index, value in enumerate(data):
            yield from _leaves(value, (*path, index))
    else:
        yield path, data


def hints(values: Any) -> tuple[str, ...]:
    """The texts in ``values`` (what the candidate shows at the divergence), in order, at
    most :data:`HINTS`."""
    found: dict[str, None] = {}

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.setdefault(value)
        elif isinstance(value, dict):
            for inner in value.values():
                walk(inner)
        elif isinstance(value, list | tuple):
            for inner in value:
                walk(inner)

    walk(values)
    return tuple(found)[:HINTS]


def _changes(value: Any, others: list[Any], hinted: tuple[str, ...] = ()) -> list[Any]:
    """The values a leaf is changed to (``others``: the same field's texts and ``None``
    where it is empty elsewhere, most frequent first; ``hinted``: the candidate's texts,
    tried on every text leaf first)."""
    if value is None:  # empty where the field holds texts elsewhere: read as one of them
        texts = [v for v in others if v is not None][:ALTERNATIVES]
        return list(dict.fromkeys((*hinted, *texts))) if texts else []
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):  # a count read one off either way, or as none
        lower = [value - 1] if value > 0 else []
        return list(dict.fromkeys(v for v in (value + 1, *lower, 0) if v != value))
    if isinstance(value, str):
        field = [v for v in others if v != value][:ALTERNATIVES]
        return list(dict.fromkeys(v for v in (*hinted, *field) if v != value))
    if isinstance(value, list) and 1 < len(value) <= SHORT_LIST:
        dropped = [value[:i] + value[i + 1 :] for i in range(len(value))]
        reversed_ = [value[::-1]] if value[::-1] != value else []
        return [*dropped, *reversed_]
    return []


def _rules_at(item: dict[str, Any], path: DataPath, known: set[str]) -> tuple[str, ...]:
    """The rules a change at ``path`` is evidence for: the innermost entry's own ``rule``,
    then the component's."""
    rules: list[str] = []
    value: Any = item.get("data")
    for step in path:
        if isinstance(value, dict) and isinstance(value.get(RULE_KEY), str):
            rules.insert(0, value[RULE_KEY])
        try:
            value = value[step]
        except (KeyError, IndexError, TypeError):
            break
    if isinstance(item.get(RULE_KEY), str):
        rules.append(item[RULE_KEY])
    return tuple(r for r in dict.fromkeys(rules) if r in known)


def data_mutants(
    items: dict[str, dict[str, Any]], known: set[str], under: tuple[str, DataPath] | None = None,
    hinted: tuple[str, ...] = (), texts: Callable[[DataPath], list[str | None]] | None = None,
) -> list[DataMutant]:  # fmt: skip
    """The one-value changes of the components ``items`` (id -> the file's entry), or of
    the group ``under`` (a component id and a path inside its data) only; ``hinted``: the
    candidate's texts (:func:`hints`); ``texts``: the component's :func:`group_fields`, when
    the caller has them."""
    found: list[DataMutant] = []
    for component, item in items.items():
        if under is not None and component != under[0]:
            continue
        field = texts if texts is not None else group_fields(items, component)
        for path, value in _leaves(item.get("data")):
            if under is not None and path[: len(under[1])] != under[1]:
                continue
            for after in _changes(value, field(path), hinted):
                found.append(DataMutant(component, path, value, after,
                                        _rules_at(item, path, known)))  # fmt: skip
    return found


def perturbed(
    data: Any, fields: Callable[[DataPath], list[str | None]], path: DataPath = ()
) -> Any:
    """``data`` with every integer one more, every flag flipped and every text another of
    its field's (``fields(path)``: the field's texts), for the group search."""
    if isinstance(data, dict):
        return {k: (v if k == RULE_KEY else perturbed(v, fields, (*path, k)))
                for k, v in data.items()}  # fmt: skip
    if isinstance(data, list):
        return [perturbed(v, fields, (*path, i)) for i, v in enumerate(data)]
    if isinstance(data, bool):
        return not data
    if isinstance(data, int):
        return data + 1
    if isinstance(data, str) or data is None:  # an empty field reads as a text of its own
        others = [text for text in fields(path) if text != data]
        if data is None:
            others = [text for text in others if text is not None]
        return others[0] if others else data
    return data


# -- trying them ----------------------------------------------------------------------------


@contextlib.contextmanager
def data_swapped(package: str, game: str, edit: Callable[[dict[str, Any]], None]) -> Iterator[None]:
    """Within the block, ``package`` imports afresh reading ``game``'s component entries as
    ``edit`` leaves them (the package and every shared cache forgotten before and after;
    :func:`conformance.mutation.worker.keep_components` must have run)."""
    from conformance.mutation.worker import purge
    from reference_impl import components

    original = components._load

    @functools.cache
    def edited(wanted: str) -> Any:
        items = original(wanted)  # a fresh copy after the purge
        if wanted == game:
            edit(items)
        return items

    purge(package)
    components._load = edited
    try:
        yield
    finally:
        components._load = original
        purge(package)


def _set(items: dict[str, Any], component: str, path: DataPath, value: Any) -> None:
    if not path:
        items[component]["data"] = value
        return
    target = items[component]["data"]
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value


def _at(items: dict[str, Any], component: str, path: DataPath) -> Any:
    value = items[component]["data"]
    for step in path:
        value = value[step]
    return value


def try_change(
    package: str, game: str, edit: Callable[[dict[str, Any]], None],
    step: Callable[[Any], Any],
) -> tuple[bool, Any]:  # fmt: skip
    """What the reference does at the step with its components edited: (True, the result),
    or (False, None) when the edited data cannot be imported or the step cannot run."""
    try:
        with data_swapped(package, game, edit):
            definition = importlib.import_module(package).GAME
            return True, step(definition)
    except BaseException as error:  # a refusal, anything the changed data breaks, the alarm
        if isinstance(error, KeyboardInterrupt):
            raise
        return False, None


def groups(items: dict[str, Any]) -> list[tuple[str, DataPath]]:
    """The components, smallest first (counts and tables before card lists)."""
    sizes = {cid: sum(1 for _ in _leaves(item.get("data"))) for cid, item in items.items()}
    return [(cid, ()) for cid in sorted(items, key=lambda cid: (sizes[cid], cid))]


def entries(items: dict[str, Any], group: tuple[str, DataPath]) -> list[tuple[str, DataPath]]:
    """The entries of a component's data (its keys or items), when it has several."""
    component, path = group
    value = _at(items, component, path)
    keys: list[Any] = []
    if isinstance(value, dict):
        keys = [k for k in value if k != RULE_KEY]
    elif isinstance(value, list) and not all(isinstance(v, (str, int, float)) for v in value):
        keys = list(range(len(value)))
    return [(component, (*path, key)) for key in keys] if len(keys) > 1 else []


def group_fields(items: dict[str, Any], component: str) -> Callable[[DataPath], list[str | None]]:
    """The texts of each field of a component, with ``None`` for a field empty somewhere
    (for :func:`perturbed` and :func:`_changes`), most frequent first."""
    data = items[component].get("data")
    records = _records(data)
    fields: dict[DataPath, Counter[str | None]] = {}
    for path, value in _leaves(data):
        if isinstance(value, str) or value is None:
            fields.setdefault(_shape(path, records), Counter())[value] += 1
    return lambda path: [t for t, _ in fields.get(_shape(path, records), Counter()).most_common()]


@dataclass
class DataTrials:
    """What the data trials found: each reproducing change with its match (``exact`` or
    ``partly``), how many trials ran, whether the search finished."""

    found: list[tuple[DataMutant, str]]
    tried: int = 0
    complete: bool = True


def search(
    game: str, package: str, items: dict[str, Any], known: set[str],
    step: Callable[[Any], Any], match: Callable[[Any], str | None], reference: Any,
    deadline: float, clock: Callable[[], float], hinted: tuple[str, ...] = (),
) -> DataTrials:  # fmt: skip
    """Search ``items`` (the game's parsed component entries, by id) for the one-value
    changes whose ``step`` result ``match`` says reproduces the candidate (``hinted``: the
    candidate's texts, :func:`hints`): groups whose whole perturbation changes the step (or
    stops it from running) are searched inside, depth first, until the leaves' own changes
    are tried, or ``deadline`` passes."""
    trials = DataTrials([])
    queue = groups(items)
    texts = {component: group_fields(items, component) for component in items}
    while queue:
        if clock() > deadline:
            trials.complete = False
            break
        component, path = queue.pop(0)
        fields = texts[component]
        whole = perturbed(_at(items, component, path), fields, path)
        trials.tried += 1
        ran, result = try_change(package, game,
                                 lambda it, c=component, p=path, v=whole: _set(it, c, p, v),
                                 step)  # fmt: skip
        if ran and result == reference:
            continue  # the step does not read this group
        inner = entries(items, (component, path))
        if inner:
            queue[0:0] = inner
            continue
        inside = data_mutants({component: items[component]}, known, (component, path), hinted,
                              fields)  # fmt: skip
        for mutant in inside:
            if clock() > deadline:
                trials.complete = False
                return trials
            trials.tried += 1
            ran, result = try_change(
                package, game,
                lambda it, m=mutant: _set(it, m.component, m.path, m.after), step,
            )  # fmt: skip
            found = match(result) if ran else None
            if found is not None:
                trials.found.append((mutant, found))
    return trials
