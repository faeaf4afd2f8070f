"""How often a second reader names the same rule for a corpus bug as its planter did.

Each bug of ``benchmarks/corpus/<game>/bugs.toml`` names the one rule it breaks, chosen by
the helper who planted it. ``second_reader.json`` holds a second, blind labelling: a helper
given each bug's description and change (rule ids blanked out) and the catalogue only, never
``bugs.toml``, the engines or any judge, named the rule the bug breaks most directly (and,
where it could not choose, others just as direct in ``also``). Where the two readers agree,
a blame that names another rule is the judge's miss, not the label's. Usage::

    python benchmarks/label_agreement.py            # agreement per game
    python benchmarks/label_agreement.py --list     # the bugs they disagree on
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from bench_corpus import CORPUS, bugs_of, corpus_games


def planted() -> dict[tuple[str, str], str]:
    """Each corpus bug's rule as its planter named it, by (game, bug)."""
    return {(game, bug["id"]): bug["rule"] for game in corpus_games() for bug in bugs_of(game)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="list the disagreements")
    args = parser.parse_args()
    rules = planted()
    labels = json.loads((CORPUS / "second_reader.json").read_text("utf-8"))
    same: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for label in labels:
        key = (label["game"], label["id"])
        if key not in rules:
            continue  # a bug since removed
        total[label["game"]] += 1
        same[label["game"]] += label["rule"] == rules[key]
        if args.list and label["rule"] != rules[key]:
            print(f"{key[0]:11} {key[1]:28} planter {rules[key]:24} second reader {label['rule']}")
    for game in sorted(total):
        print(f"{game:11} {same[game]} of {total[game]}")
    print(f"all         {sum(same.values())} of {sum(total.values())} "
          f"(bugs not labelled: {len(rules) - sum(total.values())})")  # fmt: skip


if __name__ == "__main__":
    main()
