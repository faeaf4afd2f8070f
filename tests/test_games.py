"""The game registry (:mod:`rulespec.games`): games are discovered through the entry-point
group ``rulespec.games``, and a game that provides no optional part is reported as absent,
never a crash."""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest

from conformance.render import render
from conformance.specification import proofs
from conformance.specification.game_parts import absent
from rulespec import games


def _register(monkeypatch: pytest.MonkeyPatch, **points: str) -> None:
    known = dict(games._entry_points())
    known |= {name: EntryPoint(name, value, games.GROUP) for name, value in points.items()}
    monkeypatch.setattr(games, "_entry_points", lambda: known)
    games.unit.cache_clear()


@pytest.fixture
def bare(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    _register(monkeypatch, toy="tests.support.bare_game:UNIT")
    yield
    games.unit.cache_clear()


def test_rulespecs_own_games_are_registered_like_any_package() -> None:
    """Each of rulespec's games is an entry point whose unit names its own parts."""
    own = [unit for unit in games.units() if unit.engine.startswith("reference_impl.")]
    assert len(own) == 5  # the five rulebooks of rulespec's own catalogues
    for unit in own:
        assert unit.spec_dir.name == unit.id and (unit.spec_dir / "rules.yaml").is_file()
        assert unit.features_dir.name == unit.id and any(unit.features_dir.glob("*.feature"))
        assert unit.definition().id == unit.id


def test_an_unknown_game_is_named_with_the_registered_ones() -> None:
    with pytest.raises(games.UnknownGame, match=r"unknown game 'chess' \(registered games: "):
        games.unit("chess")
    assert games.spec_file("chess", "rules.yaml") is None
    assert not games.available("chess")


def test_a_registration_that_is_not_a_unit_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    _register(monkeypatch, toy="tests.support.bare_game:NOT_A_UNIT", other="tests.support."
              "bare_game:UNIT")  # fmt: skip
    with pytest.raises(games.GameRegistrationError, match=r"toy = .*is a dict, not a GameUnit"):
        games.unit("toy")
    with pytest.raises(games.GameRegistrationError, match="its unit's id is 'toy'"):
        games.unit("other")
    games.unit.cache_clear()


def test_loading_a_unit_imports_no_engine() -> None:
    """Listing the games is cheap: the units of rulespec's games live apart from their
    engines (reference_impl/units/), checked in a fresh interpreter."""
    import subprocess
    import sys

    code = ("import json, sys; from rulespec import games; games.units(); print(json.dumps("
            "[m for m in sys.modules if m.startswith('reference_impl.')]))")  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = json.loads(done.stdout)
    assert loaded and all(name.startswith("reference_impl.units") for name in loaded), loaded


def test_a_game_without_optional_parts_reports_each_as_absent(bare: None) -> None:
    assert "toy" in games.ids() and games.available("toy")
    assert absent("toy") == ["invariants", "proofs", "renderer", "errata", "recorded games",
                             "perft vectors"]  # fmt: skip
    assert proofs.proofs("toy") == [] and proofs.proof_module("toy") is None
    svg = render({"game": "toy", "board": [None] * 9})
    assert "toy provides no renderer" in svg and "fields: board, game" in svg
