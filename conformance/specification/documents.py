"""Reading the project's YAML data files safely, with every schema problem named."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from rulespec.yaml_safe import safe_load

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator


class DocumentSchema:
    """The JSON Schema of a data file, checked in two speeds: the compiled validator
    (jsonschema-rs) decides a document is valid; only a document it refuses is read again by
    jsonschema, which names every problem and its place. Loading a catalogue for
    ``rulespec check`` so costs neither jsonschema's import nor its slow walk. Where the two
    disagree about a document (a regex dialect, say), the stricter one wins."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self.schema = schema
        self._fast: Callable[[Any], bool] | None = None
        self._detailed: Draft202012Validator | None = None

    def is_valid(self, document: Any) -> bool:
        """The compiled validator's yes (no: refused, or a value it cannot take)."""
        if self._fast is None:
            try:
                import jsonschema_rs
            except ImportError:  # pragma: no cover - a platform without a wheel
                return False
            self._fast = jsonschema_rs.validator_for(self.schema).is_valid
        try:
            return self._fast(document)
        except (ValueError, TypeError, OverflowError):
            return False  # a value the compiled validator cannot take: the detailed check

    def detailed(self) -> Draft202012Validator:
        if self._detailed is None:
            from jsonschema import Draft202012Validator

            self._detailed = Draft202012Validator(self.schema)
        return self._detailed

    def problems(self, document: Any) -> list[str]:
        """``at <place>: <what>`` for every violation; [] for a valid document."""
        if self.is_valid(document):
            return []
        found = [
            f"at {'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}"
            for e in self.detailed().iter_errors(document)
        ]
        if not found and self._fast is not None:
            found.append("at (top): does not match the schema (its compiled check)")
        return found


def read_checked_yaml(path: Path, schema: DocumentSchema, error: type[Exception]) -> Any:
    """``yaml.safe_load`` of ``path``, then every schema violation at once, as ``error``.

    Each problem line names the file and the place in the document (``at rules/3/quote``).
    """
    try:
        document = safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as problem:
        raise error(f"{path}: not valid YAML: {problem}") from None
    problems = [f"{path}: {problem}" for problem in schema.problems(document)]
    if problems:
        raise error("\n".join(problems))
    return document
