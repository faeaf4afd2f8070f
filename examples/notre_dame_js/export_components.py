"""Write ``components.json`` next to this script from ``spec/notre_dame/components.yaml``.

Node.js has no YAML parser built in, so the example engine reads a JSON copy of the
component data (ids, provenance and data, unchanged). Run once after the YAML changes:

    .venv/bin/python examples/notre_dame_js/export_components.py
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parent.parent / "spec" / "notre_dame" / "components.yaml"
TARGET = HERE / "components.json"


def export() -> dict[str, object]:
    document = yaml.safe_load(SOURCE.read_text(encoding="utf-8"))
    return {
        "game": document["game"],
        "generated_from": "spec/notre_dame/components.yaml",
        "components": {
            item["id"]: {"provenance": item["provenance"], "data": item["data"]}
            for item in document["components"]
        },
    }


def main() -> None:
    TARGET.write_text(json.dumps(export(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    main()
