"""The :class:`rulespec.games.GameUnit` of each of rulespec's own games, one module per game,
registered in rulespec's ``pyproject.toml`` (group ``rulespec.games``) as any game package
registers its own. Kept apart from the engine packages so that loading a unit (to find the
game's spec folder, to list the games) never imports an engine."""
