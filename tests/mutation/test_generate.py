"""The mutants: one edit each, a stable key, the rules the edited code implements; the seeds."""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import jsonschema
import pytest

from conformance.mutation import generate, triage
from conformance.specification import catalogue
from rulespec.resources import SPEC_DIR
from rulespec.yaml_safe import safe_load


@pytest.fixture(scope="module")
def notre_dame() -> generate.MutantSet:
    return generate.generate("notre_dame", modules=["scoring.py", "moves.py", "flow.py"])


def test_each_mutant_changes_exactly_its_lines(notre_dame: generate.MutantSet) -> None:
    for mutant in notre_dame.mutants[::25]:
        original = notre_dame.sources[mutant.module].splitlines()
        mutated = notre_dame.source_of(mutant).splitlines()
        changed = [
            op for op in difflib.SequenceMatcher(a=original, b=mutated).get_opcodes()
            if op[0] != "equal"
        ]  # fmt: skip
        assert len(changed) == 1, mutant.describe()
        _, first, last, _, _ = changed[0]
        assert first + 1 >= mutant.line and last <= mutant.span[1], mutant.describe()
        assert "\n".join(s.strip() for s in original[first:last]) in mutant.before
        assert mutant.before != mutant.after
        compile(notre_dame.source_of(mutant), mutant.module, "exec")


def test_keys_are_unique_and_do_not_depend_on_line_numbers(
    notre_dame: generate.MutantSet,
) -> None:
    keys = [m.key for m in notre_dame.mutants]
    assert len(keys) == len(set(keys))
    mutant = notre_dame.mutants[0]
    assert str(mutant.line) not in mutant.key or mutant.key == generate._key(
        mutant.game, mutant.module, mutant.before, mutant.after, mutant.operator, 0
    )


def test_the_default_operators_are_the_classic_ones(notre_dame: generate.MutantSet) -> None:
    operators = {m.operator for m in notre_dame.mutants}
    assert {"swap_op", "number", "number_down", "keywords"} <= operators
    assert not operators & {"string", "arg_removal"}
    swaps = [m for m in notre_dame.mutants if m.operator == "swap_op"]
    assert any("<=" in m.after and "<" in m.before and "<=" not in m.before for m in swaps)


def test_rule_ids_come_from_the_docstrings(notre_dame: generate.MutantSet) -> None:
    known = {rule.id for rule in catalogue.load("notre_dame").rules}
    named = [m for m in notre_dame.mutants if m.rules]
    assert len(named) > len(notre_dame.mutants) / 2
    assert all(set(m.rules) <= known for m in named)
    scoring = [m for m in named if m.module == "scoring.py"]
    assert any("ND-PLAGUE" in m.rules for m in scoring)


def test_rule_reporting_and_error_wording_are_not_mutated(
    notre_dame: generate.MutantSet,
) -> None:
    everything = generate.generate(
        "notre_dame", operators=list(generate.ALL_OPERATORS), modules=["flow.py", "validate.py"]
    )
    for mutant in everything.mutants:
        assert "fired.append" not in mutant.before, mutant.describe()
    wording = [m for m in everything.mutants if m.before.startswith("raise ") and "XX" in m.after]
    assert all(generate.RULE_ID.search(m.after) for m in wording)
    flow = [m for m in notre_dame.mutants if m.module == "flow.py"]
    assert len([m for m in everything.mutants if m.module == "flow.py"]) > len(flow)


def test_an_unknown_operator_is_named() -> None:
    with pytest.raises(generate.MutantError, match="flip_everything"):
        generate.generate("notre_dame", operators=["flip_everything"], modules=[])


def test_every_triage_file_matches_its_schema() -> None:
    schema = json.loads((SPEC_DIR / "mutants.schema.json").read_text("utf-8"))
    files = sorted(SPEC_DIR.glob("*/mutants.yaml"))
    assert files
    for path in files:
        jsonschema.validate(safe_load(path.read_text("utf-8")), schema)
        assert triage.load(path.parent.name).game == path.parent.name


def test_every_gnomeville_seed_edits_its_module_in_exactly_one_place() -> None:
    seeds = triage.load("gnomeville").seeds
    assert len(seeds) >= 30
    mutants = generate.generate("gnomeville", seeds, operators=[], modules=[]).mutants
    assert len(mutants) == len(seeds)
    known = {rule.id for rule in catalogue.load("gnomeville").rules}
    assert {m.seed_rule for m in mutants} <= known
    assert all(m.rules == (m.seed_rule,) and m.operator == "seed" for m in mutants)


def test_a_seed_that_does_not_apply_is_named() -> None:
    seed = {"rule": "GV-TROLL-CAP", "module": "enemies", "old": "no such text", "new": "x"}
    with pytest.raises(generate.MutantError, match=r"GV-TROLL-CAP.*0 times"):
        generate.generate("gnomeville", [seed], operators=[], modules=[])


def test_a_cache_folder_gives_back_the_same_mutants_without_making_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The mutants kept in a cache folder are the ones made afresh (every field), a second
    generation makes none, and a file that is not what it should be is made again."""
    made = generate.generate("villagers", modules=["build.py"])
    first = generate.generate("villagers", modules=["build.py"], cache=tmp_path)
    assert first.mutants == made.mutants and first.made == made.made
    assert [m.splice for m in first.made] == [m.splice for m in made.made]
    kept = sorted((tmp_path / "villagers" / "generated").glob("*.json"))
    assert kept and (tmp_path / ".gitignore").is_file()

    def unexpected(*args: object) -> None:
        raise AssertionError("made again although kept")

    monkeypatch.setattr(generate, "_module_mutants", unexpected)
    again = generate.generate("villagers", modules=["build.py"], cache=tmp_path)
    assert again.made == made.made and [m.splice for m in again.made] == [
        m.splice for m in made.made
    ]
    monkeypatch.undo()
    for path in kept:
        path.write_text('[{"game": "villagers"}]', encoding="utf-8")  # not a mutant
    remade = generate.generate("villagers", modules=["build.py"], cache=tmp_path)
    assert remade.made == made.made


def test_the_localising_operators_make_the_shapes_of_a_misread_clause() -> None:
    """Blame by reproduction's operators (not in the default set): a statement left out, one
    side of an operation alone, a test made constant, a collection made empty; each mutant
    still compiles, and a line that records a fired rule is never left out."""
    made = generate.generate("notre_dame", operators=list(generate.LOCALISING),
                             modules=["moves.py", "scoring.py"])  # fmt: skip
    by_operator: dict[str, list[generate.Mutant]] = {}
    for mutant in made.mutants:
        by_operator.setdefault(mutant.operator, []).append(mutant)
    assert set(by_operator) == set(generate.LOCALISING)
    assert all(m.after.split("#")[0].strip() == "pass" for m in by_operator["skip_statement"])
    assert not [m for m in by_operator["skip_statement"] if "fired" in m.before]
    assert any(generate.code_of(m.after).endswith("set()") for m in by_operator["empty_collection"])
    assert {"True", "False"} <= {generate.code_of(m.after).split()[-1].rstrip(":")
                                 for m in by_operator["constant_condition"]}  # fmt: skip
    dropped = by_operator["drop_operand"][0]
    assert len(generate.code_of(dropped.after)) < len(generate.code_of(dropped.before))
    for mutant in made.mutants[::7]:
        compile(made.source_of(mutant), mutant.module, "exec")
    assert not set(generate.LOCALISING) & set(generate.DEFAULT_OPERATORS)
