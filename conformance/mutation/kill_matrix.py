"""Make a game's kill matrix (``spec/<game>/kill_matrix.json``) from a ``--killers`` run.

``rulespec mutate GAME --kill-matrix FILE`` runs every mutant on past its first failing
scenario (``--killers``; :data:`~conformance.mutation.KILL_MATRIX_KILLERS` unless given) and
writes, for each killed mutant, the rule its line implements and the scenarios it failed, in
the form :mod:`conformance.levels.kill_signatures` reads (``spec/kill_matrix.schema.json``).
The rule is read from the source now, at the run, so lines that move later never move a
mutant to another rule (made from an earlier ``--report`` with ``--mutation-results``, the
rules and scenarios are today's: make it right after the run). A mutant that reached the
``--killers`` bound is left out (its kill set is not known whole), as is one whose line and
function name no rule; mutants alike in rules and kill set are stored once.

A maintainer remakes a game's matrix after changing its reference engine or scenarios::

    rulespec mutate GAME -j 2 --kill-matrix spec/GAME/kill_matrix.json

After a change to one module that keeps the engine's behaviour (a speed-up), that module's
mutants alone can be run again and merged into the matrix (:func:`merge`)::

    rulespec mutate GAME --module state.py -j 2 --kill-matrix spec/GAME/kill_matrix.json

The other modules' entries are kept: their kill sets are the same as long as the engine
does what it did. A change of behaviour or of scenarios needs the whole run. A change of the
rule ids the engine's comments and docstrings name, and nothing else, needs no run: each
entry's line is found again (by its code, where lines moved) and its rule read again
(:func:`reread_rules`)::

    rulespec mutate GAME --reread-rules --kill-matrix spec/GAME/kill_matrix.json

(``tests/harness/test_kill_signatures.py`` fails when a shipped matrix no longer covers most
of its game's scenarios).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from conformance.levels.kill_signatures import scenario_key
from conformance.levels.rule_sites import function_at, rules_for_line
from conformance.mutation.engine_package import package_dir
from conformance.specification.catalogue import load


def line_rules(game: str, record: dict[str, Any], known: set[str]) -> tuple[str, ...]:
    """The rule a mutant's line names (the first of ``rules_for_line``), else every rule of
    its function (the report's ``rules``)."""
    filename = str(package_dir(game) / record["module"])
    function = function_at(filename, record["line"])
    named = rules_for_line(filename, function, record["line"], known) if function else []
    return tuple(named[:1] or record.get("rules") or ())


def build(
    game: str,
    records: list[dict[str, Any]],
    header: dict[str, Any],
    made_by: str,
    universe: Sequence[str] = (),
) -> dict[str, Any]:
    """The kill matrix of a report's mutant ``records`` (each with its ``killers``) run with
    ``header["killers"]`` as the bound, over the ``universe`` of the game's scenarios (node
    ids: :func:`collected_with_digests`), listed whole so that a scenario added later is told
    apart from one that no mutant fails."""
    from conformance.mutation.generate import code_of

    bound = int(header.get("killers") or 1)
    if bound < 2:
        raise ValueError("a kill matrix needs kill sets: run with --killers 2 or more")
    known = {rule.id for rule in load(game).rules}
    scenarios: dict[str, int] = {}
    for nodeid in universe:
        scenarios.setdefault(scenario_key(nodeid), len(scenarios))
    mutants, seen = [], set()
    for record in records:
        killers = [scenario_key(k) for k in record.get("killers") or () if "::" in k]
        if record.get("status") != "killed" or not killers or len(killers) >= bound:
            continue
        rules = line_rules(game, record, known)
        if not rules:
            continue
        indices = sorted({scenarios.setdefault(k, len(scenarios)) for k in killers})
        identity = (rules, tuple(indices))
        if identity in seen:
            continue
        seen.add(identity)
        before, after = (code_of(record[side]).strip() for side in ("before", "after"))
        change = f"`{before}` -> `{after}`"
        mutants.append({"rules": list(rules), "at": f"{record['module']}:{record['line']}",
                        "change": change, "killed_by": indices})  # fmt: skip
    return {
        "game": game,
        "made_by": made_by,
        "fingerprint": str(header.get("fingerprint") or "unknown"),
        "killers": bound,
        "mutants_run": len(records),
        "scenarios": list(scenarios),
        "mutants": mutants,
    }


def merge(
    old: dict[str, Any], new: dict[str, Any], module: str, mutants_now: int
) -> dict[str, Any]:
    """``old``'s matrix with its mutants of ``module`` replaced by ``new``'s (a run of that
    module alone, :func:`build`): the other entries are kept, their scenarios found by name
    in ``new``'s list (a scenario no longer collected is appended, as :func:`build` appends
    a killer it did not collect). ``mutants_now``: every mutant of the engine today, which
    the merged matrix stands for (the kept modules are unchanged since ``old`` was made).

    Refused (:class:`ValueError`) for another game or another ``--killers`` bound."""
    if old.get("game") != new["game"]:
        raise ValueError(f"it is a kill matrix of {old.get('game')!r}, not of {new['game']!r}")
    if old.get("killers") != new["killers"]:
        raise ValueError(f"it was made with --killers {old.get('killers')}, this run with "
                         f"--killers {new['killers']}: make it whole again")  # fmt: skip
    scenarios = list(new["scenarios"])
    index = {name: position for position, name in enumerate(scenarios)}

    def position(name: str) -> int:
        if name not in index:
            index[name] = len(scenarios)
            scenarios.append(name)
        return index[name]

    kept, seen = [], set()
    for entry in old.get("mutants", ()):
        if entry["at"].rsplit(":", 1)[0] == module:
            continue
        names = [old["scenarios"][i] for i in entry["killed_by"]]
        killed_by = sorted({position(name) for name in names})
        seen.add((tuple(entry["rules"]), tuple(killed_by)))
        kept.append({**entry, "killed_by": killed_by})
    for entry in new["mutants"]:
        if (tuple(entry["rules"]), tuple(entry["killed_by"])) not in seen:
            kept.append(entry)
    return {
        **new,
        "made_by": f"{old.get('made_by')}; then {module} remade by {new['made_by']}",
        "mutants_run": mutants_now,
        "scenarios": scenarios,
        "scenario_digests": _merged_digests(old, new, scenarios),
        "mutants": kept,
    }


#: how far from its recorded line an entry's code is looked for when lines moved
_MOVED = 40


def reread_rules(game: str, matrix: dict[str, Any]) -> tuple[dict[str, Any], int, int, int]:
    """``matrix`` with each entry's rule read again from its line as the source names it
    now (:func:`line_rules`), after a change of comments or docstrings only; an entry whose
    line no longer holds its code (the ``before`` side of its ``change``) is looked for
    nearby and moved with it, else left as it was. Returns the matrix, and how many entries
    changed rule, moved, and could not be found."""
    known = {rule.id for rule in load(game).rules}
    sources: dict[str, list[str]] = {}
    entries, seen = [], set()
    renamed = moved = lost = 0
    for entry in matrix["mutants"]:
        module, _, number = entry["at"].rpartition(":")
        if module not in sources:
            path = package_dir(game) / module
            sources[module] = path.read_text("utf-8").splitlines() if path.is_file() else []
        found = _line_of(sources[module], int(number), _before(entry["change"]))
        if found is None:
            lost += 1
            line, rules = int(number), tuple(entry["rules"])
        else:
            line = found
            record = {"module": module, "line": line, "rules": entry["rules"]}
            rules = line_rules(game, record, known) or tuple(entry["rules"])
        moved += line != int(number)
        renamed += rules != tuple(entry["rules"])
        identity = (rules, tuple(entry["killed_by"]))
        if identity in seen:
            continue
        seen.add(identity)
        entries.append({**entry, "rules": list(rules), "at": f"{module}:{line}"})
    return {**matrix, "mutants": entries}, renamed, moved, lost


def _before(change: str) -> str:
    """The first line of a ``change``'s code before the mutation (```a` -> `b```)."""
    before = change.split("` -> `", 1)[0].removeprefix("`")
    return before.splitlines()[0].strip() if before.strip() else ""


def _line_of(lines: list[str], recorded: int, code: str) -> int | None:
    """The line (1-based) holding ``code`` nearest ``recorded`` (that line itself first, then
    below before above: comments added above a line push it down)."""
    if not code or not lines:
        return None
    for distance in range(_MOVED + 1):
        for line in dict.fromkeys((recorded + distance, recorded - distance)):  # below first
            if 1 <= line <= len(lines) and code in lines[line - 1]:
                return line
    return None


def _merged_digests(old: dict[str, Any], new: dict[str, Any], scenarios: list[str]) -> list[str]:
    """The digests of a merged matrix's ``scenarios``: the new run's, except where a
    scenario's steps changed since ``old`` was made, whose kept entries' kill sets predate
    the change: there the old digest stays, so the scenario stays out of the match until the
    whole matrix is made again."""
    before = dict(zip(old["scenarios"], old.get("scenario_digests") or [], strict=False))
    now = dict(zip(new["scenarios"], new.get("scenario_digests") or [], strict=False))
    return [before[k] if before.get(k) and before[k] != now.get(k, before[k]) else
            now.get(k) or before.get(k, "") for k in scenarios]  # fmt: skip


#: the matrix's arrays, written an item a line
_ARRAYS = ("scenarios", "scenario_digests", "mutants")


def write(path: Path, matrix: dict[str, Any]) -> None:
    """The matrix as one JSON document, a scenario or a mutant a line (diffs stay readable)."""
    head = {k: v for k, v in matrix.items() if k not in _ARRAYS}
    arrays = [f' "{name}": [\n' + ",\n".join(f"  {json.dumps(item, ensure_ascii=False)}"
                                             for item in matrix[name]) + "\n ]"
              for name in _ARRAYS if name in matrix]  # fmt: skip
    text = json.dumps(head, ensure_ascii=False)[:-1] + ",\n" + ",\n".join(arrays) + "\n}\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def collected_with_digests(game: str) -> tuple[list[str], dict[str, str]]:
    """The node ids of the game's scenarios as the suite collects them now (a child
    pytest's ``--collect-only``, with the mutation workers' arguments), and each scenario's
    digest of its steps by key (:func:`~conformance.levels.kill_signatures.scenario_digest`)."""
    from conformance.mutation.run import worker_arguments

    with tempfile.TemporaryDirectory(prefix="rulespec-kill-matrix-") as folder:
        arguments = worker_arguments(game, Path(folder))
        where = Path(folder) / "digests.json"
        done = subprocess.run([sys.executable, "-m", "pytest", *arguments, "--collect-only",
                               "--rulespec-scenario-digests", str(where)],
                              capture_output=True, text=True, timeout=600)  # fmt: skip
        digests = json.loads(where.read_text("utf-8")) if where.is_file() else {}
    found = [line.strip() for line in done.stdout.splitlines() if "::" in line]
    if done.returncode != 0 or not found:
        tail = (done.stdout + done.stderr).strip().splitlines()[-3:]
        raise ValueError(f"{game}'s scenarios could not be collected: {' / '.join(tail)}")
    return found, digests


def with_digests(matrix: dict[str, Any], digests: dict[str, str]) -> dict[str, Any]:
    """``matrix`` with each of its scenarios' digest (``scenario_digests``, in the order of
    ``scenarios``; an empty string for one not collected now)."""
    return {**matrix, "scenario_digests": [digests.get(k, "") for k in matrix["scenarios"]]}
