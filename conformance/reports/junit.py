"""JUnit XML for CI: one ``<testsuite>`` per game, one ``<testcase>`` per result.

Statuses map onto JUnit's four outcomes the way CI servers read them: ``failed`` and
``unexpected pass`` are ``<failure>``; ``errored``, ``crashed``, ``timed out`` and
``protocol error`` are ``<error>`` whose ``type`` is the status; ``skipped``, ``not run``
and ``expected failure`` are ``<skipped>`` (the last with ``type="expected failure"``).
The rulespec status, the rule ids, the scenario and its feature file are ``<property>``
elements of the test case.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from conformance.reports.model import Report
from conformance.reports.text import printable

FAILURE = ("failed", "unexpected pass")
ERROR = ("errored", "crashed", "timed out", "protocol error")
SKIPPED = ("skipped", "not run", "expected failure")


def clean(text: Any) -> str:
    """``text`` as a string XML 1.0 can hold (:func:`~.text.printable`: no control
    character, no lone surrogate); ElementTree escapes ``<``, ``&`` and quotes."""
    return printable(text)


def to_xml(report: Report) -> ET.Element:
    root = ET.Element("testsuites", name=f"rulespec check: {clean(report.engine_label)}")
    totals = dict.fromkeys(("tests", "failures", "errors", "skipped"), 0)
    total_time = 0.0
    games = report.games
    groups = [(game, [r for r in report.results if r.get("game") == game]) for game in games]
    unplaced = [r for r in report.results if r.get("game") not in games]
    if unplaced:  # tests that judge no one game (the harness's own, a user's): kept too
        groups.append(("(no game)", unplaced))
    for game, results in groups:
        suite = _suite(game, results, report.header)
        root.append(suite)
        for key in totals:
            totals[key] += int(suite.get(key, "0"))
        total_time += float(suite.get("time", "0"))
    for key, value in totals.items():
        root.set(key, str(value))
    root.set("time", f"{total_time:.3f}")
    if report.footer.get("interrupted"):
        root.set("name", root.get("name", "") + " (interrupted)")
    return root


def _suite(game: str, results: list[dict[str, Any]], header: dict[str, Any]) -> ET.Element:
    statuses = [r["status"] for r in results]
    time = sum(float(r.get("duration") or 0) for r in results)
    suite = ET.Element(
        "testsuite",
        name=clean(game),
        tests=str(len(results)),
        failures=str(sum(s in FAILURE for s in statuses)),
        errors=str(sum(s in ERROR for s in statuses)),
        skipped=str(sum(s in SKIPPED for s in statuses)),
        time=f"{time:.3f}",
        timestamp=str(header.get("date", "")),
    )
    properties = ET.SubElement(suite, "properties")
    engine = header.get("engine") or {}
    for name in ("name", "version", "language", "command"):
        if engine.get(name):
            ET.SubElement(properties, "property", name=f"engine.{name}", value=clean(engine[name]))
    for name in ("rulespec", "protocol", "level"):
        ET.SubElement(properties, "property", name=name, value=clean(header.get(name)))
    for result in results:
        suite.append(_case(game, result))
    return suite


def _case(game: str, result: dict[str, Any]) -> ET.Element:
    feature = result.get("feature") or ""
    classname = f"{game}.{Path(feature).stem}" if feature else game
    case = ET.Element(
        "testcase",
        classname=clean(classname),
        name=clean(result.get("scenario") or result["test"]),
        time=f"{float(result.get('duration') or 0):.3f}",
    )
    properties = ET.SubElement(case, "properties")
    ET.SubElement(properties, "property", name="status", value=clean(result["status"]))
    ET.SubElement(properties, "property", name="test", value=clean(result["test"]))
    if feature:
        ET.SubElement(properties, "property", name="feature", value=clean(feature))
    for rule in result.get("rules") or []:
        ET.SubElement(properties, "property", name="rule", value=clean(rule))
    expected = result.get("expected")
    if expected:
        ET.SubElement(properties, "property", name="expected", value=clean(expected["reason"]))
    status = result["status"]
    message = clean(result.get("message") or "")
    summary = _first_line(message) or status
    if status in FAILURE:
        ET.SubElement(case, "failure", message=summary, type=status).text = message
    elif status in ERROR:
        ET.SubElement(case, "error", message=summary, type=status).text = message
    elif status in SKIPPED:
        reason = clean(expected["reason"]) if status == "expected failure" and expected else ""
        skipped = ET.SubElement(case, "skipped", message=reason or summary, type=status)
        skipped.text = message
    return case


def _first_line(message: str) -> str:
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("E ")]
    return ((errors or lines or [""])[0].removeprefix("E").strip())[:300]


def write(report: Report, path: Path | str) -> None:
    tree = ET.ElementTree(to_xml(report))
    ET.indent(tree)
    from conformance.reports.atomic import write_with

    write_with(path, lambda stream: tree.write(stream, encoding="utf-8", xml_declaration=True))
