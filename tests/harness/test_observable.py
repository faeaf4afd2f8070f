"""Which rules a reference engine can report as fired (``rule_sites.observable_rules``,
:mod:`conformance.levels.observable`): the ids its code names other than to explain a
refusal."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from conformance.levels.observable import reported_ids
from conformance.levels.rule_sites import observable_rules


def _write(folder: Path, name: str, source: str) -> str:
    path = folder / name
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return str(path)


def test_ids_named_to_explain_a_refusal_are_not_reported(tmp_path: Path) -> None:
    engine = _write(
        tmp_path,
        "engine.py",
        '''
        def step(state, action):
            """XX-DOCSTRING: what the function implements."""
            state.fired.append("XX-APPLIED")
            if action is None:
                raise IllegalAction("XX-REFUSED", "no action")
            rule = {"a": "XX-TABLE"}.get(action, "XX-DEFAULT")
            if rule:
                raise IllegalAction(rule, "out of turn")
            limit = rule_param(state.options, "XX-PARAM", "limit", 3)
            if limit > 3:
                raise IllegalAction(why(state), "too many")

        def why(state):
            if state.phase:
                return "XX-WHY"
            return deeper(state)

        def deeper(state):
            fired = ["XX-NOT-A-REASON"]
            return "XX-DEEPER" if fired else "XX-DEEPEST"
    ''',
    )
    found = reported_ids([engine])
    assert {"XX-APPLIED", "XX-NOT-A-REASON"} <= found
    assert not found & {"XX-DOCSTRING", "XX-REFUSED", "XX-TABLE", "XX-DEFAULT", "XX-PARAM",
                        "XX-WHY", "XX-DEEPER", "XX-DEEPEST"}  # fmt: skip


def test_a_script_in_the_package_is_not_the_engine(tmp_path: Path) -> None:
    script = _write(
        tmp_path,
        "gen_data.py",
        """
        def main():
            return {"rule": "XX-COMPONENT"}

        if __name__ == "__main__":
            main()
    """,
    )
    engine = _write(tmp_path, "engine.py", 'def step(fired):\n    fired.append("XX-A")\n')
    assert reported_ids([script, engine]) == {"XX-A"}


@pytest.mark.parametrize(
    ("game", "rule", "observable"),
    [
        ("isle_traces", "IT-TURN-ORDER", False),  # a constant only refusals cite
        ("isle_traces", "IT-SETUP-DECK", False),
        ("isle_traces", "IT-COMP-CHIPS", False),  # named by the component data's generator
        ("isle_traces", "IT-PLACE-FACE", True),  # a constant the code fires
        ("gnomeville", "GV-PHASES", False),  # returned by the refusal's diagnosis
        ("notre_dame", "ND-PLAY-ORDER", False),  # a table the refusal's rule is read from
        ("notre_dame", "ND-PLACE-NONE", False),
        ("notre_dame", "ND-ROUND-PHASES", True),  # fired at each phase change
        ("villagers", "VL-COMP-CARDS", False),  # a method's refusal
        ("villagers", "VL-EVENT-ARSON", True),  # an event's table
    ],
)
def test_the_reference_engines_rules_observable_by_firing(
    game: str, rule: str, observable: bool
) -> None:
    assert (rule in observable_rules(game)) is observable
