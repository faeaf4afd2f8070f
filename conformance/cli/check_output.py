"""What ``rulespec check`` prints after the per-rule lines: failures, grouped by cause when
many share one; skips, grouped by reason; and the one closing line.

- :func:`print_failures`: each failing scenario with its excerpt, except that failures
  sharing one cause (the same explanation once paths and the scenario's own values are set
  aside: "no key 'players'" from a state without ``players``) are printed once, with the
  count, the statuses, the rules and one example (``-v`` names every scenario);
- :func:`print_skips`: ``skipped N`` with each reason once and its count (every reason with
  ``-v``, the most frequent few otherwise);
- :func:`closing_line`: ``N passed, N failed, N skipped`` and, when ``--maxfail`` stopped
  the run, that it stopped.
"""

from __future__ import annotations

import functools
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping
from typing import Any

#: failures sharing a cause are grouped from this many on
GROUP_FROM = 3
#: skip reasons shown without -v (the most frequent first)
SKIP_REASONS_SHOWN = 5
_PATH = re.compile(r"'?\b[A-Za-z_][\w-]*(?:\.[\w-]+)+\b'?")
_NOISE = ("step: ", "the state differs from the rulebook:")


def message_body(result: dict[str, Any]) -> str:
    """The failure text without the headline that repeats the scenario's name and rules."""
    name = result.get("scenario") or result.get("test") or ""
    message = result.get("message") or ""
    if name and message.partition("\n")[0].split(" | ")[:2][-1:] == [name]:
        message = message.partition("\n")[2]
    return message


def cause_of(lines: Iterable[str]) -> tuple[str, ...]:
    """The cause of a failure, from its excerpt: each explanation line with dotted paths
    masked and what precedes the last masked path dropped; duplicates once."""
    causes = []
    for line in lines:
        text = line.strip()
        if not text or text.startswith(_NOISE) or text.endswith(":"):
            continue
        masked = _PATH.sub("…", text)
        core = masked.rpartition("…: ")[2] if "…: " in masked else masked
        if core not in causes:
            causes.append(core)
    return tuple(causes)


def print_failures(
    out: Any, results: list[dict[str, Any]], failing: tuple[str, ...], verbose: bool,
    excerpt: Callable[[str], list[str]], concerns: Mapping[str, str] | None = None,
) -> None:  # fmt: skip
    """Every failing result of one game: groups of a shared cause first, then the rest;
    a result of a concern of its own (``concerns``: its name -> its label) says so."""
    title = functools.partial(_title, concerns=concerns or {})
    failures = [r for r in results if r["status"] in failing]
    by_cause: dict[tuple[str, ...], list[tuple[dict[str, Any], list[str]]]] = defaultdict(list)
    for result in failures:
        lines = excerpt(message_body(result))
        by_cause[cause_of(lines) or (result["status"],)].append((result, lines))
    groups = [group for cause, group in by_cause.items() if len(group) >= GROUP_FROM and cause]
    grouped = {id(result) for group in groups for result, _ in group}
    for group in sorted(groups, key=len, reverse=True):
        statuses = Counter(result["status"] for result, _ in group)
        kinds = ", ".join(f"{n} {status}" for status, n in statuses.most_common())
        cause = cause_of(group[0][1])
        out.print(f"\n  [red]{len(group)} scenarios fail for one cause[/] ({kinds}):")
        for line in cause[:3]:
            out.print(f"    {line[:300]}", markup=False)
        rules = sorted({rule for result, _ in group for rule in result.get("rules") or []})
        shown = ", ".join(rules[:12]) + (f" and {len(rules) - 12} more" if len(rules) > 12 else "")
        if rules:
            out.print(f"    rules: {shown}", markup=False)
        example, lines = group[0]
        out.print(f"    for example, {example['status'].upper()} {title(example)}", markup=False)
        for line in lines[:8]:
            out.print(f"      {line}", markup=False)
        if verbose:
            for result, _ in group[1:]:
                out.print(f"    also {result['status']} {title(result)}", markup=False)
        else:
            out.print(f"    (-v names all {len(group)})", markup=False)
    for result in failures:
        if id(result) in grouped:
            continue
        out.print(f"\n  [red]{result['status'].upper()}[/] ", end="")
        out.print(title(result), markup=False)
        for line in excerpt(message_body(result)):
            out.print(f"    {line}", markup=False)


def _title(result: dict[str, Any], concerns: Mapping[str, str]) -> str:
    rules = f" [{', '.join(result['rules'])}]" if result.get("rules") else ""
    if result.get("concern"):
        rules += f" ({concerns.get(result['concern'], result['concern'])})"
    return f"{result.get('scenario') or result.get('test')}{rules}"


def skip_reason(result: dict[str, Any]) -> str:
    """A skipped result's reason: the last line of its message, without ``Skipped: ``."""
    lines = [line.strip() for line in (result.get("message") or "").splitlines() if line.strip()]
    reason = lines[-1] if lines else "no reason given"
    return reason.removeprefix("Skipped: ").strip() or "no reason given"


def skip_groups(results: Iterable[dict[str, Any]]) -> list[tuple[int, str]]:
    """(count, reason) of the skipped and not-run results, the most frequent first."""
    counted = Counter(skip_reason(r) for r in results if r.get("status") in ("skipped", "not run"))
    return sorted(((n, reason) for reason, n in counted.items()), key=lambda x: (-x[0], x[1]))


def print_skips(out: Any, results: list[dict[str, Any]], verbose: bool) -> None:
    groups = skip_groups(results)
    if not groups:
        return
    total = sum(n for n, _ in groups)
    out.print(f"\nskipped {total}, by reason:")
    shown = groups if verbose else groups[:SKIP_REASONS_SHOWN]
    width = len(str(shown[0][0]))
    for count, reason in shown:
        out.print(f"  {count:>{width}}  {reason}", markup=False)
    if len(shown) < len(groups):
        rest = sum(n for n, _ in groups[len(shown) :])
        out.print(f"  ... {len(groups) - len(shown)} more reasons ({rest} skipped; -v lists them)")


def closing_line(passed: int, failed: int, skipped: int, stopped_after: int | None = None) -> str:
    """``N passed, N failed[, N skipped]`` (the line the README and CI read), and, when
    ``--maxfail`` stopped the run, that it stopped (what did not run is not counted)."""
    closing = f"{passed} passed, {failed} failed"
    if skipped:
        closing += f", {skipped} skipped"
    if stopped_after is not None and failed >= stopped_after:
        closing += f" (stopped after {stopped_after} failure{'s' if stopped_after > 1 else ''})"
    return closing
