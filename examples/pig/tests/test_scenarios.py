"""Pig's scenarios against the reference engine in-process, bound as rulespec's own suite
binds a game's features (``rulespec check --game pig`` runs the same)."""

from importlib.resources import files

from pytest_bdd import scenarios

scenarios(str(files("rulespec_pig") / "features"))
