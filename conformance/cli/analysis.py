"""Analysis commands of ``rulespec``: perft, firing, proofs, decisions.

Registered on the main app by :func:`register`; they share its console and error style.
"""

from __future__ import annotations

import json
from pathlib import Path

import click
from click.exceptions import Exit
from rich.console import Console

from conformance.cli.base import PATH, Command, argument, fail, player_count

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def known_game(game: str, known: list[str]) -> str:
    """``game`` if it is one of ``known``; otherwise a named error, exit 4 (usage)."""
    if game not in known:
        fail(f"unknown game {game!r} (known: {', '.join(known) or 'none'})")
    return game


@click.command(cls=Command)
@argument("game", "game id")
@click.option(
    "--players", "-p", type=int, help="number of players (default: the game's only count)"
)
@click.option("--depth", "-d", type=int, default=2, help="number of decisions")
@click.option("--engine", help="engine command; default: reference")
@click.option("--from", "start", type=PATH, help="canonical state JSON")
@click.option("--divide/--no-divide", default=False, help="count under each first action")
@click.option("--compare/--no-compare", default=False,
              help="also count with the reference; diff")  # fmt: skip
def perft(
    game: str, players: int | None, depth: int, engine: str | None, start: Path | None,
    divide: bool, compare: bool,
) -> None:  # fmt: skip
    """Count the action sequences of length DEPTH (chance outcomes count as branches)."""
    from conformance.engine.client import connect
    from conformance.engine.errors import HarnessError
    from conformance.levels.perft import divide as divide_counts
    from conformance.levels.perft import perft as count

    if depth < 1:
        fail("--depth must be at least 1")
    if compare and engine is None:
        fail("--compare counts --engine's tree against the reference's: give --engine CMD")
    try:
        client = connect(engine)
    except HarnessError as error:
        fail(f"cannot start the engine: {error}", 3)
    reference = connect(None) if compare and engine else None
    try:
        known_game(game, sorted(client.games))
        if start is not None:
            try:
                position = client.load_state(json.loads(start.read_text(encoding="utf-8")))
            except OSError as error:
                fail(f"--from {start}: cannot read ({error.strerror})")
            except json.JSONDecodeError as error:
                fail(f"--from {start}: not JSON (line {error.lineno}, column {error.colno}: "
                     f"{error.msg})")  # fmt: skip
        else:
            declared = client.games[game]
            count_of = player_count(game, players, declared["min_players"],
                                    declared["max_players"])  # fmt: skip
            position = client.new_game(game, count_of)
        if not divide:
            total = count(client, position, depth)
            out.print(f"perft({depth}) = {total}")
            if reference is not None:
                expected = count(reference, reference.load_state(position), depth)
                out.print(f"reference perft({depth}) = {expected}")
                out.print("agreed with the reference" if expected == total else
                          f"differs from the reference: {total} against {expected}")  # fmt: skip
                raise Exit(0 if expected == total else 1)
            return
        rows = divide_counts(client, position, depth)
        expected_rows = dict(divide_counts(reference, reference.load_state(position), depth)) \
            if reference is not None else {}  # fmt: skip
        bad = 0
        for action, below in rows:
            mark = ""
            if reference is not None:
                wanted = expected_rows.pop(action, None)
                if wanted != below:
                    mark = f"   <- reference {wanted}"
                    bad += 1
            out.print(f"{action}: {below}{mark}", markup=False)
        for action, wanted in expected_rows.items():
            out.print(f"{action}: missing   <- reference {wanted}", markup=False)
            bad += 1
        out.print(f"perft({depth}) = {sum(b for _, b in rows)} over {len(rows)} first actions")
        if reference is not None:
            plural = "s" if bad != 1 else ""
            agreed = f"agreed with the reference on all {len(rows)} first actions"
            out.print(f"{bad} difference{plural} from the reference" if bad else agreed)
        raise Exit(1 if bad else 0)
    except HarnessError as error:  # the engine broke the protocol mid-count: say so, once
        fail(f"{engine or 'the reference'}: {error}", 3)
    finally:
        client.close()


@click.command(cls=Command)
@argument("game", "game id")
@click.option("--games", "-n", type=int, default=200)
@click.option("--seed", type=int, default=0)
@click.option("--policy", default="mixed", help="random, steered or mixed")
def firing(game: str, games: int, seed: int, policy: str) -> None:
    """Which catalogue rules random play reaches (the engine reports fired rule ids)."""
    from conformance.levels.firing import POLICIES, firing_report
    from reference_impl import registry

    known_game(game, registry.available_games())
    if policy not in POLICIES:
        fail(f"--policy {policy!r}: choose one of {', '.join(POLICIES)}")
    if games < 1:
        fail("--games must be at least 1")
    report = firing_report(registry.get_game(game), games, seed, policy)
    for rule in report.rules:
        if rule in report.fired:
            out.print(f"  {report.fired[rule]:>8}  {rule}")
    for rule in report.never:
        out.print(f"     never  {rule}")
    for rule in report.unknown:
        out.print(f"  [red]unknown[/]  {rule} (fired but not in the catalogue)")
    reached = len(report.rules) - len(report.never)
    out.print(f"rules {len(report.rules)}, fired {reached}, never {len(report.never)}")
    raise Exit(1 if report.unknown else 0)


@click.command(cls=Command)
@click.option("--game", "-g", multiple=True)
def proofs(game: tuple[str, ...]) -> None:
    """Run the z3 proofs and decision-table checks, reported per rule id."""
    from conformance.specification import catalogue
    from conformance.specification.decisions import check_game, decision_tables
    from conformance.specification.proofs import proofs as all_proofs
    from conformance.specification.proofs import run

    known = catalogue.games_with_catalogue()
    games = [known_game(g, known) for g in game] if game else known
    selected = [p for p in all_proofs() if p.game in games]
    outcomes = run(selected)
    failed = skipped = 0
    for proof in selected:
        outcome = outcomes[proof.test]
        failed += outcome.status not in ("PASSED", "SKIPPED")
        skipped += outcome.status == "SKIPPED"
        out.print(f"{outcome.status:>8}  {', '.join(proof.patterns)}  {proof.claim[:110]}",
                  markup=False)  # fmt: skip
        if outcome.status != "PASSED" and outcome.detail:
            out.print(f"          {outcome.detail[:300]}", markup=False)
    tables = 0
    for name in games:
        tables += len(decision_tables(name))
        for finding in check_game(name):
            failed += 1
            out.print(f"  FAILED  {name}: {finding}", markup=False)
    from conformance.specification.proofs import proof_module

    for name in games:
        if proof_module(name) is None:
            out.print(f"{name}: proofs absent (its game unit names no proofs module)")
    skips = f", skipped {skipped}" if skipped else ""
    out.print(f"proofs {len(selected)}, decision tables {tables}, failed {failed}{skips}")
    if not selected and not tables:
        fail("no proof and no decision table found", 5)
    raise Exit(1 if failed else 0)


def guardians(game: str, rule_id: str) -> list[tuple[str, list[str]]]:
    """The invariants, transitions, proofs and decision tables that protect a rule."""
    from conformance.invariants import has_invariants
    from conformance.specification.decisions import decision_tables
    from conformance.specification.proofs import proofs_of

    invariants: list[str] = []
    if has_invariants(game):
        from conformance.invariants import for_game

        loaded = for_game(game)
        invariants = [f"invariant: {i.name}" for i in loaded.invariants if i.rule == rule_id]
        invariants += [f"transition: {t.name}" for t in loaded.transitions if t.rule == rule_id]
    proved = [f"{p.test}: {p.claim[:100]}" for p in proofs_of(game, rule_id)]
    tables = [
        f"spec/{game}/decisions.yaml: {name}"
        for name, table in decision_tables(game).items()
        if any(case["rule"] == rule_id for case in table["cases"])
    ]
    return [("invariants", invariants), ("proofs", proved), ("decision tables", tables)]


def register(app: click.Group) -> None:
    for command in (perft, firing, proofs):
        app.add_command(command)
