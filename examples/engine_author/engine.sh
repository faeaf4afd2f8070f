#!/bin/sh
# The engine command rulespec starts, in this folder (see pyproject.toml).
exec python "$(dirname "$0")/engine.py" "$@"
