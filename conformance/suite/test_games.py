"""The conformance scenarios of every registered game (:mod:`rulespec.games`).

This file binds nothing itself: the suite's conftest collects it as one module per game,
``test_<game>.py`` (:mod:`conformance.suite.games`), each binding the game's features
folder to the shared steps and the game's own. A game package adds its scenarios by
registering its unit; no file of rulespec names it.
"""
