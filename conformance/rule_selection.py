"""A ``--rule`` selection (``rulespec check --rule``, the plugin's ``--rulespec-rule`` and
``$RULESPEC_ONLY_RULE``): one rule id, or several joined with commas."""

from __future__ import annotations


def selected_rules(selection: str | None) -> frozenset[str]:
    """The rule ids of ``selection`` (``"GV-TROLL-CAP"``, ``"GV-TROLL-CAP,GV-EXHAUST"``);
    none, meaning every rule, for None or ``""``."""
    return frozenset(part for part in (selection or "").split(",") if part)
