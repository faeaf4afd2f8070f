"""A game created under an erratum exports a state its schema accepts (issue 10): the
``params`` option (``reference_impl.core.rule_param``) is part of the canonical ``options``."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from conformance.specification import catalogue, errata
from reference_impl import registry
from rulespec import games

CASES = [
    (game, erratum_id)
    for game in catalogue.games_with_catalogue()
    for erratum_id in errata.available(game)
]


#: the reference engines rulespec itself ships
OWN = "reference_impl."


def state_schema(game: str) -> Draft202012Validator:
    path = games.spec_dir(game) / "state.schema.json"
    return Draft202012Validator(json.loads(path.read_text()))


def test_every_game_of_rulespec_has_an_erratum_to_check() -> None:
    """rulespec's own games each carry an example erratum (optional for a game package)."""
    own = {g for g in catalogue.games_with_catalogue() if games.unit(g).engine.startswith(OWN)}
    assert own and own <= {game for game, _ in CASES}


@pytest.mark.parametrize(("game", "erratum_id"), CASES)
def test_a_game_under_an_erratum_exports_a_valid_state(game: str, erratum_id: str) -> None:
    options = errata.ruleset(game, [erratum_id]).options()
    assert options["params"], f"{erratum_id} changes no parameter"
    definition = registry.get_game(game)
    schema = state_schema(game)
    for players in range(definition.min_players, definition.max_players + 1):
        state = definition.new_game(players, options)
        canonical = state.to_canonical()
        assert canonical["options"]["params"] == options["params"]
        problems = [
            f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}"
            for e in schema.iter_errors(canonical)
        ]
        assert problems == [], f"{game} {players}p under {erratum_id}:\n" + "\n".join(problems)
        for seat in range(players):
            assert list(schema.iter_errors(state.view(seat))) == [], f"view of seat {seat}"
