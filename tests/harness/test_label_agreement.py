"""``benchmarks/corpus/second_reader.json``: a second reader's blind labels of the corpus
bugs, which ``benchmarks/label_agreement.py`` compares with the planters' (issue 29: whether
a miss is the judge's or the label's)."""

from __future__ import annotations

import json
import subprocess
import sys

from conformance.specification.catalogue import rule_ids
from rulespec.resources import ROOT

CORPUS = ROOT / "benchmarks" / "corpus"


def test_every_second_label_names_a_corpus_bug_and_a_catalogue_rule() -> None:
    import tomllib

    bugs = {(folder.name, bug["id"]) for folder in CORPUS.iterdir()
            if (folder / "bugs.toml").exists()
            for bug in tomllib.loads((folder / "bugs.toml").read_text("utf-8"))["bug"]}  # fmt: skip
    labels = json.loads((CORPUS / "second_reader.json").read_text("utf-8"))
    assert len(labels) >= 200
    for label in labels:
        assert (label["game"], label["id"]) in bugs, label
        known = set(rule_ids(label["game"]))
        assert label["rule"] in known and set(label["also"]) <= known, label


def test_the_agreement_is_counted_per_game_against_the_planters_rules() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "label_agreement.py"),
                           "--list"], capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # a disagreement names both rules; the last line the total over every labelled bug
    disagreements = [line for line in lines if "second reader" in line]
    total = lines[-1].split()
    agreed, labelled = int(total[1]), int(total[3])
    assert labelled >= 200 and agreed + len(disagreements) == labelled, done.stdout
