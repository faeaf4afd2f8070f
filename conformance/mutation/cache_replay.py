"""The lines of a ``functools`` cache's build, traced once per baseline and credited to every
scenario that needs the build.

The baseline runs each scenario with every cache cold (the game's package is purged and
imported again before it), so that a line run only while a cache is built is recorded for
every scenario that uses the cache. Under the line tracer, building the same caches again
for every scenario was most of the baseline: Isle Traces builds ``board.geometry(15)``
(about 40 ms traced, 19 ms untraced) for 245 of its 264 scenarios, and its baseline took
26.5 CPU-seconds against 5.8 with warm caches.

While :class:`CacheReplay` is installed, ``functools.cache`` and ``functools.lru_cache`` give
the functions of the game's package a cache of its own (every other module gets the standard
one). The first build of a key (the function's module and name, and its arguments) is traced
in a dynamic context of its own, ``<cache N>``; a later build of the same key, in a later
scenario's fresh import, runs with the trace function taken off. Each scenario, and each
build, notes the keys it asked for (a hit in its own import's cache too: a build it did not
trigger would still have run had the cache been cold), and :meth:`CacheReplay.credit` adds to each
context the lines of the builds it needed, and of the builds those needed. A scenario's
lines are then the lines it would run with every cache cold.

This takes a cached function to run the same lines for the same arguments in every fresh
import, which holds for a function whose value depends on its arguments only (the one kind
a cache may hold: any other would hand a later caller a stale value). A cache's size limit
is not kept: a key evicted and built again within one scenario runs lines already credited.
"""

from __future__ import annotations

import contextlib
import functools
import sys
from collections.abc import Callable, Iterator
from typing import Any, Protocol

Lines = dict[str, dict[str, list[int]]]  # context -> module -> sorted lines


class Tracer(Protocol):
    """The line tracer of the baseline (``worker._Tracer``)."""

    on: bool

    def context(self, name: str) -> None: ...


_KWARGS = object()  # separates positional from keyword arguments in a key


class CacheReplay:
    """``functools.cache`` and ``lru_cache`` for ``package``, tracing each build once."""

    def __init__(self, package: str, tracer: Tracer) -> None:
        self.package, self.tracer = package, tracer
        self.current = "<import>"  # the context that the cached calls are credited to
        self.needs: dict[str, set[tuple[Any, ...]]] = {}  # context -> keys it asked for
        self.built: dict[tuple[Any, ...], str] = {}  # key -> context of its traced build
        self.untraced = 0  # builds run with the tracer off
        self._builds = 0
        self._real_cache = functools.cache
        self._real_lru_cache = functools.lru_cache

    @contextlib.contextmanager
    def installed(self) -> Iterator[None]:
        """``functools.cache`` and ``functools.lru_cache`` replaced inside the block (the
        game's modules are imported again inside it, and bind them then)."""
        functools.cache = self._cache  # type: ignore[assignment]
        functools.lru_cache = self._lru_cache  # type: ignore[assignment]
        try:
            yield
        finally:
            functools.cache = self._real_cache
            functools.lru_cache = self._real_lru_cache

    def context(self, name: str) -> None:
        """From now on, lines and cached calls count for ``name`` (a scenario, ``<import>``)."""
        self.current = name
        self.tracer.context(name)

    def _mine(self, function: Any) -> bool:
        module = getattr(function, "__module__", None) or ""
        return module == self.package or module.startswith(self.package + ".")

    def _cache(self, function: Callable[..., Any]) -> Callable[..., Any]:
        if not self._mine(function):
            return self._real_cache(function)
        return self._wrap(function)

    def _lru_cache(self, maxsize: Any = 128, typed: bool = False) -> Any:
        if callable(maxsize):  # @lru_cache without arguments
            function = maxsize
            if not self._mine(function):
                return self._real_lru_cache(function)
            return self._wrap(function)

        def decorate(function: Callable[..., Any]) -> Callable[..., Any]:
            if not self._mine(function):
                return self._real_lru_cache(maxsize, typed)(function)
            return self._wrap(function, typed)

        return decorate

    def _wrap(self, function: Callable[..., Any], typed: bool = False) -> Callable[..., Any]:
        name = (function.__module__, function.__qualname__)
        values: dict[tuple[Any, ...], Any] = {}

        @functools.wraps(function)
        def cached(*args: Any, **kwargs: Any) -> Any:
            arguments = (*args, _KWARGS, *sorted(kwargs.items())) if kwargs else args
            if typed:  # as lru_cache(typed=True): 1 and 1.0 are two keys
                arguments = (*arguments, *(type(a) for a in (*args, *kwargs.values())))
            key = (*name, arguments)
            self.needs.setdefault(self.current, set()).add(key)
            if arguments in values:
                return values[arguments]
            if key in self.built or not self.tracer.on:  # traced before: not again
                # untraced: the trace function taken off and put back in this frame
                # (coverage.py's C tracer supports ``sys.settrace(sys.gettrace())``); in a
                # context manager, its frames would end unseen, and the tracer would then
                # credit the caller's later lines to the wrong files
                self.untraced += 1
                tracing = sys.gettrace()
                sys.settrace(None)
                try:
                    value = function(*args, **kwargs)
                finally:
                    sys.settrace(tracing)
            else:
                value = self._traced_build(key, function, args, kwargs)
            values[arguments] = value
            return value

        cached.cache_clear = values.clear  # type: ignore[attr-defined]
        return cached

    def _traced_build(
        self, key: tuple[Any, ...], function: Callable[..., Any], args: Any, kwargs: Any
    ) -> Any:
        outer = self.current
        build = f"<cache {self._builds}>"
        self._builds += 1
        self.context(build)
        try:
            value = function(*args, **kwargs)
        except BaseException:
            # its lines ran for ``outer`` all the same; the key is built (traced) again
            raised = ("<raised>", build)
            self.built[raised] = build
            self.needs.setdefault(outer, set()).add(raised)
            raise
        finally:
            self.context(outer)
        self.built[key] = build
        return value

    def credit(self, lines: Lines) -> Lines:
        """``lines`` with each context's needed builds' lines added, the build contexts
        dropped."""
        builds = set(self.built.values())
        closed: Lines = {}
        for context in {*lines, *self.needs} - builds:
            found: dict[str, set[int]] = {m: set(ls) for m, ls in lines.get(context, {}).items()}
            for build in self._needed(context):
                for module, numbers in lines.get(build, {}).items():
                    found.setdefault(module, set()).update(numbers)
            closed[context] = {m: sorted(ls) for m, ls in found.items()}
        return closed

    def _needed(self, context: str) -> set[str]:
        """The build contexts ``context`` needed, directly or through another build."""
        seen: set[str] = set()
        todo = [context]
        while todo:
            for key in self.needs.get(todo.pop(), ()):
                build = self.built.get(key)
                if build is not None and build not in seen:
                    seen.add(build)
                    todo.append(build)
        return seen
