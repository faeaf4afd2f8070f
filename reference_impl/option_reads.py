"""Which options a reference engine read: what ``check --all-readings`` and ``errata impact``
run again under other options.

While noting is on (:func:`note_reads`; ``conformance.plugin`` turns it on for the reference
engine in-process), the options a game settles for a state (:meth:`GameDefinition.options_of
<reference_impl.core.GameDefinition.options_of>`) are a :class:`NotedOptions`: a dict that
adds every name the engine looks up (``options[name]``, ``options.get(name)``, ``name in
options``) to :data:`READ`. Copying the whole (``dict(options)``, ``options.items()``: what
the canonical state does to echo them) is not a lookup. A rule parameter looked up through
:func:`reference_impl.core.rule_param` is noted as ``params.<rule id>`` as well. The engines
are deterministic, so a scenario in which the engine never looked ``name`` up plays the same
under any value of it but for that echo (a scenario whose feature file names the option is
run again too: a step may read the echo).

Off (the default), :meth:`options_of` hands out a plain dict and nothing is noted.
"""

from __future__ import annotations

from typing import Any

#: the option names looked up since the last :func:`take`
READ: set[str] = set()
_noting = [False]


class NotedOptions(dict[str, Any]):
    """A game's settled options that note each name looked up in :data:`READ`."""

    __slots__ = ()

    def __getitem__(self, name: str) -> Any:
        READ.add(name)
        return dict.__getitem__(self, name)

    def get(self, name: str, default: Any = None) -> Any:  # type: ignore[override]
        READ.add(name)
        return dict.get(self, name, default)

    def __contains__(self, name: object) -> bool:
        READ.add(str(name))
        return dict.__contains__(self, name)

    def copy(self) -> NotedOptions:  # type: ignore[override]
        """A copy that notes too (a state's clone holds one)."""
        return NotedOptions(self)


def note_reads(on: bool = True) -> None:
    """Start (or stop) handing out :class:`NotedOptions` for new states."""
    _noting[0] = on


def noted(options: dict[str, Any]) -> dict[str, Any]:
    """``options`` as the state will hold them: noted while noting is on."""
    return NotedOptions(options) if _noting[0] else options


def take() -> list[str]:
    """The names read since the last call, sorted; starts a new record."""
    names = sorted(READ)
    READ.clear()
    return names
