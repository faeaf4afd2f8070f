"""YAML is loaded with alias expansion bounded (issue 30): a "billion laughs" errata file is
refused, named, before it is built; anchors and aliases of ordinary size still load."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.specification import errata
from rulespec.yaml_safe import AliasBomb, safe_load

LAUGHS = 'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n' + "".join(
    f"{name}: &{name} [{', '.join([f'*{previous}'] * 9)}]\n"
    for previous, name in zip("abcdefgh", "bcdefghi", strict=True)
)  # nine levels of nine: 387,420,489 strings once expanded


def test_an_alias_bomb_is_refused_before_it_is_built() -> None:
    with pytest.raises(AliasBomb, match="alias bomb"):
        safe_load(LAUGHS)


def test_an_alias_bomb_in_an_errata_file_is_a_named_erratum_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "laughs.yaml").write_text(LAUGHS, encoding="utf-8")
    monkeypatch.setattr(errata, "errata_dir", lambda game: tmp_path)
    with pytest.raises(errata.ErratumError, match=r"laughs\.yaml: not valid YAML: .*alias bomb"):
        errata.load("gnomeville", "laughs")


def test_ordinary_anchors_and_aliases_still_load() -> None:
    document = safe_load("base: &base {x: 1, y: [1, 2]}\ncopy: *base\nmerged: {<<: *base, z: 3}\n")
    assert document["copy"] == {"x": 1, "y": [1, 2]}
    assert document["merged"] == {"x": 1, "y": [1, 2], "z": 3}
    assert safe_load("") is None and safe_load("3") == 3
