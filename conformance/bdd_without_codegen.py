"""pytest-bdd without its code generation, for the ``rulespec check`` pytest child.

``pytest_bdd.plugin`` imports ``pytest_bdd.generation`` (``--generate-missing`` and
``--feature``: writing step skeletons), which imports mako and pygments: about a tenth of a
one-rule ``rulespec check``'s start-up, for two options the child is never given. Loaded as
the child's first plugin (``-p``), this module puts a stand-in for it in ``sys.modules``
before ``pytest_bdd.plugin`` is imported: its two hooks' helpers do nothing, and any other
public name pytest-bdd asks of it (a later pytest-bdd's) loads the real module then, so nothing
breaks, it only costs the import again. ``pytest --engine`` in a user's project loads
pytest-bdd whole; only the child uses this.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import sys
import types
from typing import Any

NAME = "pytest_bdd.generation"


def _real() -> types.ModuleType:
    """The real ``pytest_bdd.generation``, imported now in place of the stand-in."""
    import pytest_bdd

    spec = importlib.machinery.PathFinder.find_spec(NAME, list(pytest_bdd.__path__))
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot find {NAME}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[NAME] = module
    spec.loader.exec_module(module)
    return module


def _stand_in() -> types.ModuleType:
    stand_in = types.ModuleType(NAME, __doc__)

    def add_options(parser: Any) -> None:
        """No ``--generate-missing``/``--feature``: the child is never given them."""

    def cmdline_main(config: Any) -> None:
        """Nothing to generate: pytest goes on with the run."""

    def __getattr__(name: str) -> Any:
        if name.startswith("_"):  # probes: the import system's ``__path__``, pytest's
            raise AttributeError(name)  # ``_mock_name`` while it looks for fixtures
        return getattr(_real(), name)

    stand_in.add_options = add_options  # type: ignore[attr-defined]
    stand_in.cmdline_main = cmdline_main  # type: ignore[attr-defined]
    stand_in.__getattr__ = __getattr__  # type: ignore[attr-defined]
    return stand_in


if "pytest_bdd.plugin" not in sys.modules:  # too late once pytest-bdd's plugin is loaded
    sys.modules.setdefault(NAME, _stand_in())
