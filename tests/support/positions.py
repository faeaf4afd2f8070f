"""The published scenario base positions: ``spec/villagers/positions/<step>.json``.

``Given a villagers game at step "<step>"`` (:mod:`conformance.steps.villagers`) starts
from the file of that step, with the run's options. Each is the reference's new game at
``step`` of its phase with no pending draw, an empty hand, no active event, two drafts and
two builds to do (the position every such scenario edits). ``python -m
tests.support.positions`` rewrites the files from the reference (on purpose: then read the
diff); ``tests/test_positions.py`` requires them equal to what this builds.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conformance.steps.villagers import PHASE_OF, POSITIONS
from reference_impl import registry


def build(step: str) -> dict[str, Any]:
    state = registry.get_game("villagers").new_game(1).to_canonical()
    state.update(phase=PHASE_OF[step], step=step, chance=None, to_act=[0])
    state["player"]["hand"] = []
    state["events"]["active"] = []
    state["draft"] = {"limit": 2, "taken": 0}
    state["build"] = {"limit": 2, "built": 0, "basics": 0}
    return state


def text(step: str) -> str:
    return json.dumps(build(step), indent=1, ensure_ascii=False) + "\n"


def main() -> None:
    for step in PHASE_OF:
        path: Path = POSITIONS / f"{step}.json"
        path.write_text(text(step), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
