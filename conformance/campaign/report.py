"""What a campaign writes: the summary (``campaign.json``), one scenario per divergence, and
the usual JSON-lines, JUnit and HTML reports with one result per shard."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conformance.campaign.driver import CampaignSummary
from conformance.campaign.shards import Shard
from conformance.reports import html as html_report
from conformance.reports import junit as junit_report
from conformance.reports.model import Report, make_footer, make_header, write_jsonl


def reachable_rules(games: list[str]) -> dict[str, list[str]]:
    """Catalogue rule ids per game (the denominator of "rules reached")."""
    from conformance.specification import catalogue

    return {game: [rule.id for rule in catalogue.load(game).rules] for game in games}


def summary_document(
    summary: CampaignSummary, games: list[str], engine: str, paths: dict[str, str]
) -> dict[str, Any]:
    """The campaign summary as JSON: totals, rates, coverage, divergences."""
    elapsed = max(summary.elapsed, 1e-9)
    catalogue_rules = reachable_rules(games)
    fired = summary.fired
    coverage = {}
    for game, ids in catalogue_rules.items():
        from conformance.levels.rule_sites import observable_rules

        reached = sorted(set(ids) & fired)
        observable = observable_rules(game)
        coverage[game] = {
            "rules": len(ids),
            "reached": len(reached),
            "share": round(len(reached) / len(ids), 4) if ids else 0.0,
            "never_reached": sorted((set(ids) - fired) & observable),
            "not_observable": sorted(set(ids) - fired - observable),
        }
    return {
        "engine": engine,
        "games": games,
        "stopped": summary.stopped,
        "elapsed_seconds": round(summary.elapsed, 3),
        "shards": len(summary.results),
        "games_played": summary.games,
        "steps": summary.steps,
        "steps_per_second": round(summary.steps / elapsed, 1),
        "workers": {
            worker: {"steps": steps, "seconds": round(seconds, 3),
                     "steps_per_second": round(steps / seconds, 1) if seconds else 0.0}
            for worker, (steps, seconds) in sorted(summary.per_worker().items())
        },
        "coverage": coverage,
        "games_per_reading": summary.starts(),
        "divergences_by_first_field": summary.by_first_field(),
        "divergences": [
            {"shard": r.shard, **{k: v for k, v in (r.divergence or {}).items() if k != "feature"},
             "scenario": paths.get(r.shard)}
            for r in summary.divergences
        ],
        "harness_problems": [
            {"shard": r.shard, "status": r.status, "message": r.message}
            for r in summary.results.values()
            if r.status not in ("passed", "failed")
        ],
    }


def write_scenarios(summary: CampaignSummary, out: Path) -> dict[str, str]:
    """One ready-to-run feature per divergence, under ``out/regressions/<game>/``."""
    written = {}
    for result in summary.divergences:
        game = Shard.parse(result.shard).game
        directory = out / "regressions" / game
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / f"campaign_{result.shard}.feature"
        path.write_text(str(result.divergence["feature"]), encoding="utf-8")  # type: ignore[index]
        written[result.shard] = str(path)
    return written


def as_report(summary: CampaignSummary, games: list[str], engine: str) -> Report:
    """One result per shard, in the format ``rulespec check --report`` writes."""
    results = []
    for result in summary.results.values():
        shard = Shard.parse(result.shard)
        divergence = result.divergence or {}
        message = result.message
        if divergence:
            message = (f"{result.message}\nfirst difference: {divergence['first_field']} "
                       f"at step {divergence['step']} (seed {divergence['seed']})\n"
                       f"{divergence['detail']}")
        results.append({
            "type": "result",
            "test": f"campaign::{result.shard}",
            "game": shard.game,
            "scenario": None,
            "feature": None,
            "rules": list(divergence.get("rules") or []),
            "status": result.status,
            "message": message,
            "duration": round(result.seconds, 4),
        })
    identity = next((r.engine for r in summary.results.values() if r.engine), {})
    header = make_header(engine=identity, command=engine, games=games, level="differential")
    return Report(header, results, make_footer(results, summary.elapsed))


def write_all(
    summary: CampaignSummary, games: list[str], engine: str, out: Path
) -> dict[str, Path]:
    """Everything into ``out``; returns what was written, by kind."""
    out.mkdir(parents=True, exist_ok=True)
    scenarios = write_scenarios(summary, out)
    document = summary_document(summary, games, engine, scenarios)
    written = {"summary": out / "campaign.json", "jsonl": out / "campaign.jsonl",
               "junit": out / "campaign.xml", "html": out / "campaign.html"}
    written["summary"].write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n",
                                  encoding="utf-8")
    report = as_report(summary, games, engine)
    write_jsonl(report, written["jsonl"])
    junit_report.write(report, written["junit"])
    html_report.write(report, written["html"], kind="rulespec campaign")
    return written
