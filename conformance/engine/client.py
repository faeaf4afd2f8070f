"""One engine-client interface, two transports: in-process (the reference) and subprocess.

Steps, invariant machines, differential play and the CLI all talk to engines through
:class:`EngineClient`; nothing in the harness imports an engine's internals.
"""

from __future__ import annotations

import collections
import contextlib
import itertools
import json
import operator
import os
import queue
import re
import select
import shlex
import signal
import subprocess
import sys
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from conformance.engine.errors import (
    CapabilityMissing,
    EngineCrashed,
    EngineRefused,
    EngineTimeout,
    ProtocolViolation,
    TransportError,
    UnsolicitedLine,
)
from conformance.engine.output import ReplyLines
from rulespec.protocol import (
    PROTOCOL_VERSION,
    WireError,
    decode,
    encode_line,
    orjson,
    reply_problems,
    sorted_texts,
    unchecked_text,
    wire_copy,
)

DEFAULT_TIMEOUT = 10.0
#: the capability of an engine whose ``apply`` replies the state after it when asked
APPLY_STATE = "apply_state"
#: the capability of an engine whose ``apply`` replies the legal actions after it when asked
APPLY_LISTING = "apply_listing"
MAX_REPLY_BYTES = 32 * 1024 * 1024
#: at most this many JSON values in one reply (told, before parsing, by its commas, brackets
#: and braces): a parsed value costs the harness 50-150 bytes, so a reply within the byte
#: limit could still cost it gigabytes; the reference's largest reply holds about 8,200
MAX_REPLY_VALUES = 500_000
STDERR_TAIL_BYTES = 16 * 1024
#: how long an engine that closed its output, or exited, may take before it counts as crashed
EXIT_GRACE = 1.0
#: tests whose first request is remembered (a stray line names the test it follows)
REMEMBERED_TESTS = 64
_POLL = 0.2


class EngineClient(ABC):
    """Talks protocol v1 to one engine. Methods return the ``result`` object of a reply."""

    def __init__(self) -> None:
        self._ids = itertools.count(1)
        self.identity: dict[str, Any] = {}
        self.capabilities: frozenset[str] = frozenset()
        self.games: dict[str, dict[str, Any]] = {}
        self._states_with_apply = self._listings_with_apply = False
        #: the result the next reply is expected to carry, and its text (:meth:`expect`)
        self._expected: tuple[str, Any, bytes | None] | None = None
        #: the test now talking to the engine (the plugin sets it): a line nobody asked for
        #: names the test it follows
        self.test: str | None = None
        #: (first request id, test) each time the test talking changed, the latest last: which
        #: test made a request, found without bookkeeping on every request
        self._test_starts: collections.deque[tuple[int, str | None]] = collections.deque(
            maxlen=REMEMBERED_TESTS
        )
        self._asking = 0  # the id of the request being made

    @abstractmethod
    def _exchange(self, request: dict[str, Any]) -> Any:
        """Send one request, return the parsed reply (transport errors raised)."""

    @property
    def description(self) -> str:
        return "engine"

    def expect(self, command: str, result: dict[str, Any], text: bytes | None = None) -> None:
        """The next request, when it is ``command``, is likely answered with ``result``, a
        result another engine's reply to the same command carried and this client's checks
        passed (the reference's, in differential play). A transport that reads text may
        take a reply whose text is exactly that of ``result``'s reply (:func:`known_text`)
        for that result without parsing it or checking it again: the same text is the same
        JSON value, which the same checks pass. Any other reply is parsed and checked.
        ``text``: ``orjson``'s compact text of ``result`` when the caller has it already
        (:attr:`InProcessClient.result_text`), so it is not written again."""
        self._expected = (command, result, text)

    def request(self, command: str, **arguments: Any) -> dict[str, Any]:
        request = {"id": next(self._ids), "cmd": command, **arguments}
        self._asking = request["id"]
        if not self._test_starts or self._test_starts[-1][1] != self.test:
            self._test_starts.append((request["id"], self.test))
        reply = self._exchange(request)
        if type(reply) is KnownReply:  # the expected result's very text: checked already
            return reply.result
        asked = f"{command} (request id {request['id']})"
        got = reply.get("id") if isinstance(reply, dict) else None
        if not isinstance(reply, dict) or type(got) is not int or got != request["id"]:
            shown = _shown(got) if isinstance(reply, dict) else f"a JSON {_json_type(reply)}"
            if type(got) is int and 0 < got < request["id"]:
                earlier = self._earlier_test(got)
                raise UnsolicitedLine(
                    f"{asked}: the reply does not echo the request id (got {shown}): a reply "
                    f"to an earlier request, sent twice{self._belongs(earlier)}",
                    self.stderr_tail(),
                    earlier,
                )
            raise ProtocolViolation(
                f"{asked}: the reply does not echo the request id (got {shown})",
                self.stderr_tail(),
            )
        problems = reply_problems(command, reply)
        if problems:
            raise ProtocolViolation(
                f"{asked}: reply breaks the protocol schema: {'; '.join(problems[:8])}\n"
                f"reply: {_shown(reply, 500)}",
                self.stderr_tail(),
            )
        if reply["ok"] is False:
            raise EngineRefused(command, reply["error"])
        if command == "legal_actions":
            problems = listing_problems(reply["result"])
            if problems:
                raise ProtocolViolation(f"{asked}: {'; '.join(problems)}", self.stderr_tail())
        elif command == "apply" and "legal_actions" in reply["result"]:  # apply_listing
            problems = listing_problems(reply["result"]["legal_actions"])
            if problems:
                raise ProtocolViolation(f"{asked} (the legal actions after it): "
                                        f"{'; '.join(problems)}", self.stderr_tail())  # fmt: skip
        return reply["result"]

    def stderr_tail(self) -> str:
        return ""

    #: within :meth:`lending`, orjson's compact text of the last successful step reply's
    #: ``result``, where the transport keeps it (None elsewhere, or when orjson is missing)
    result_text: bytes | None = None

    @contextlib.contextmanager
    def lending(self) -> Iterator[None]:
        """Within: replies may be lent rather than copied (:meth:`InProcessClient.lending`);
        a transport that reads text copies anyway, so here this changes nothing."""
        yield

    def _earlier_test(self, request_id: int | None) -> str | None:
        """The test that made request ``request_id`` (else the request before this one),
        when another test is talking now: a line that answers it is not this test's fault."""
        if request_id is None:
            request_id = self._asking - 1
        earlier = next((test for first, test in reversed(self._test_starts)
                        if first <= request_id), None)  # fmt: skip
        return earlier if earlier is not None and earlier != self.test else None

    @staticmethod
    def _belongs(earlier: str | None) -> str:
        if earlier is None:
            return ""
        return (f" (it follows the last request of {earlier}; this test was not judged and "
                f"its rules are not charged)")  # fmt: skip

    # -- the protocol, one method per command -----------------------------------------------

    def handshake(self) -> dict[str, Any]:
        result = self.request("handshake", protocol=[PROTOCOL_VERSION])
        for game in result["games"]:  # the one rule of the reply its schema cannot say
            if game["min_players"] > game["max_players"]:
                raise ProtocolViolation(
                    f"handshake: game {game['id']!r} declares min_players "
                    f"{game['min_players']} above max_players {game['max_players']}"
                )
        self.identity = result["engine"]
        self.capabilities = frozenset(result["capabilities"])
        self.games = {game["id"]: game for game in result["games"]}
        return result

    def require(self, capability: str) -> None:
        if capability not in self.capabilities:
            raise CapabilityMissing(
                f"the engine does not declare the {capability!r} capability "
                f"(it declares: {', '.join(sorted(self.capabilities)) or 'none'})"
            )

    def new_game(
        self,
        game: str,
        num_players: int,
        options: dict[str, Any] | None = None,
        setup: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        arguments: dict[str, Any] = {"game": game, "num_players": num_players}
        if options:
            arguments["options"] = options
        if setup:
            arguments["setup"] = setup
        return self.request("new_game", **arguments)["state"]

    def load_state(self, state: dict[str, Any]) -> dict[str, Any]:
        self.require("load_state")
        return self.request("load_state", state=state)["state"]

    def state(self, view: int | None = None) -> dict[str, Any]:
        if view is None:
            return self.request("state")["state"]
        self.require("views")
        return self.request("state", view=view)["state"]

    def legal_actions(self) -> dict[str, Any]:
        self.require("legal_actions")
        return self.request("legal_actions")

    def apply(self, action: dict[str, Any]) -> dict[str, Any]:
        """Apply ``action``: the reply's ``to_act``, ``terminal`` (and ``fired``). Within
        :meth:`applying_with_state` the result holds the canonical ``state`` after it too,
        and the ``legal_actions`` result after it when the engine declares
        ``apply_listing`` (and ``legal_actions``) and that was asked for."""
        if not self._states_with_apply:
            return self.request("apply", action=action)
        asked = {}
        if APPLY_STATE in self.capabilities:
            asked["state"] = True
        if self._listings_with_apply and self.lists_with_apply:
            asked["legal_actions"] = True
        result = self.request("apply", action=action, **asked)
        for key in asked:
            if key not in result:
                capability = APPLY_STATE if key == "state" else APPLY_LISTING
                raise ProtocolViolation(
                    f"apply: the engine declares the {capability!r} capability, but its "
                    f'reply to an apply with "{key}": true holds no {key}',
                    self.stderr_tail(),
                )
        if "state" not in asked:
            result["state"] = self.request("state")["state"]
        return result

    @property
    def lists_with_apply(self) -> bool:
        """Whether ``apply`` can reply the legal actions after it (``apply_listing``)."""
        return APPLY_LISTING in self.capabilities and "legal_actions" in self.capabilities

    @contextlib.contextmanager
    def applying_with_state(self, listing: bool = False) -> Iterator[None]:
        """Within: every :meth:`apply` returns the state after the action as well, in the
        same request when the engine declares ``apply_state`` (one round trip fewer per
        step), else by a ``state`` request after it; with ``listing``, and an engine that
        declares ``apply_listing``, the ``legal_actions`` result after it too (another
        round trip fewer)."""
        before = self._states_with_apply, self._listings_with_apply
        self._states_with_apply, self._listings_with_apply = True, listing
        try:
            yield
        finally:
            self._states_with_apply, self._listings_with_apply = before

    def outcome(self) -> dict[str, Any]:
        return self.request("outcome")

    def stop(self) -> None:
        self.request("stop")

    def close(self) -> None:  # noqa: B027 - the in-process transport holds nothing
        """Release the transport (stop the process)."""


class InProcessClient(EngineClient):
    """The reference engines in this process, through the same server code as ``serve``.

    Requests and replies are copied as the wire would carry them (:func:`wire_copy`: what
    the wire refuses is refused here too, and nothing is shared), so a scenario that
    passes here passes against ``rulespec serve``.
    """

    def __init__(self, games: Any = None) -> None:
        super().__init__()
        from reference_impl.server import Server

        self.server = Server(games)
        self._lending = False

    @property
    def description(self) -> str:
        return "reference (in-process)"

    @contextlib.contextmanager
    def lending(self) -> Iterator[None]:
        """Within: successful replies to ``apply`` and ``legal_actions`` are the server's
        own objects, lent rather than copied, with their text kept in :attr:`result_text`
        (their checks still run).

        Differential lockstep reads each reply once and sends the candidate's text to be
        compared with :attr:`result_text`, so a copy of every state and listing (the
        largest cost of a step for a game with long listings) buys it nothing. The caller
        must not change what it is lent, nor keep it past its next request: what it keeps
        it copies (:func:`~rulespec.protocol.wire_copy`). What the wire refuses is still
        refused: a result orjson cannot write is copied the careful way, which says why."""
        before = self._lending
        self._lending = True
        try:
            yield
        finally:
            self._lending = before
            self.result_text = None

    def _exchange(self, request: dict[str, Any]) -> Any:
        try:
            sent = wire_copy(request)
        except WireError as error:
            raise ValueError(f"{request['cmd']}: the request {error}") from None
        reply = self.server.handle(sent)
        if self._lending:
            lent = request["cmd"] in _LENT_COMMANDS
            self.result_text = _result_text(reply) if lent else None
            if self.result_text is not None:
                return reply
        try:
            return wire_copy(reply)
        except WireError as error:
            raise ProtocolViolation(f"{request['cmd']} (request id {request['id']}): the reply "
                                    f"cannot go over the wire: {error}") from None  # fmt: skip


def _result_text(reply: dict[str, Any]) -> bytes | None:
    """orjson's compact text of a successful reply's ``result``
    (:func:`~rulespec.protocol.unchecked_text`), or None (an error reply, no orjson, or a
    result orjson will not write as ``json`` would).

    A float that is not finite would be written ``null``: it is not looked for (that costs
    a parse of the text, the copy saved); the lent commands' replies hold no number in any
    reference engine (no protocol or state schema of them admits one)."""
    return unchecked_text(reply["result"]) if reply.get("ok") is True else None


#: the commands whose replies :meth:`InProcessClient.lending` lends (a step's own)
_LENT_COMMANDS = frozenset({"apply", "legal_actions"})


@dataclass(frozen=True)
class Limits:
    """Resource limits for an engine process (POSIX ``setrlimit``; ignored elsewhere)."""

    memory_mb: int | None = None
    cpu_seconds: int | None = None

    def apply(self) -> None:
        import resource

        if self.memory_mb:
            size = self.memory_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (size, size))
        if self.cpu_seconds:
            resource.setrlimit(resource.RLIMIT_CPU, (self.cpu_seconds, self.cpu_seconds + 1))


class SubprocessClient(EngineClient):
    """Any engine program speaking JSON Lines on stdin/stdout.

    Every reply is checked (JSON, echoed id, schema); each request has a timeout, and each
    game (from ``new_game``/``load_state``) a total budget; a crash, a hang or garbage is
    reported as exactly that with the engine's stderr attached. With ``restarts > 0`` a
    crashed or hung engine is restarted and the game rebuilt from its setup plus the action
    log, then the request is retried; each recovery is kept in ``incidents`` so that the
    test it happened in is still reported as crashed, and the budget is enforced.
    The command runs without a shell unless ``shell=True``.
    """

    def __init__(
        self,
        command: str | list[str],
        timeout: float = DEFAULT_TIMEOUT,
        shell: bool = False,
        env: dict[str, str] | None = None,
        cwd: str | None = None,
        limits: Limits | None = None,
        game_timeout: float | None = None,
        restarts: int = 0,
    ) -> None:
        super().__init__()
        self.command = command
        self.timeout = timeout
        self.game_timeout = game_timeout
        self.restarts_left = restarts
        self.incidents: list[TransportError] = []
        self._game_log: list[tuple[str, dict[str, Any]]] = []
        self._game_started = time.monotonic()
        if shell:
            self._args: str | list[str] = (
                command if isinstance(command, str) else shlex.join(command)
            )
        else:
            self._args = shlex.split(command) if isinstance(command, str) else list(command)
            if not self._args:
                raise ValueError("empty engine command")
        environment = {**os.environ, **(env or {})}
        # ``rulespec serve`` must resolve to this installation even when its bin directory
        # is not on PATH (a venv used without activation).
        here = os.path.dirname(sys.executable)
        environment["PATH"] = os.pathsep.join([here, environment.get("PATH", "")])
        self._popen = {
            "shell": shell,
            "env": environment,
            "cwd": cwd,
            "preexec_fn": limits.apply if limits and os.name == "posix" else None,
            # its own process group, so that what it starts is stopped with it
            "start_new_session": os.name == "posix",
        }
        self._start()

    def _start(self) -> None:
        try:
            self.process = subprocess.Popen(
                self._args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                **self._popen,
            )
        except OSError as error:
            raise EngineCrashed(f"cannot start engine {self.command!r}: {error}") from error
        self._stderr: collections.deque[bytes] = collections.deque()
        self._stderr_size = 0
        self._stderr_lock = threading.Lock()
        assert self.process.stdout is not None
        self._output = ReplyLines(self.process.stdout, MAX_REPLY_BYTES)
        self._settled = self._was_settled = False  # no exchange yet (see :meth:`_settling`)
        self._last_asked = ""  # the last request sent, for :meth:`check_settled`
        self._stderr_stop = threading.Event()
        reading = (self.process.stderr, self._stderr, self._stderr_stop)
        threading.Thread(target=self._read_stderr, args=reading, daemon=True).start()

    def request(self, command: str, **arguments: Any) -> dict[str, Any]:
        try:
            result = self._settling(command, arguments)
        except (EngineCrashed, EngineTimeout) as error:
            if self.restarts_left <= 0 or command in ("handshake", "stop"):
                raise
            self.restarts_left -= 1
            self.incidents.append(error)
            self._rebuild()
            result = self._settling(command, arguments)
        if command in ("new_game", "load_state"):
            self._game_log = [(command, arguments)]
            self._game_started = time.monotonic()
        elif command == "apply":
            self._game_log.append((command, arguments))
        return result

    def _settling(self, command: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """One request; whether the exchange ended cleanly (one reply, the right one) is
        kept, so that a line left in the pipe after a clean exchange is known for an extra
        reply (:meth:`_drop_stale_replies`) and not mistaken for a late one."""
        self._was_settled, self._settled = self._settled, False
        try:
            result = super().request(command, **arguments)
        except EngineRefused:  # one reply, the right one: a clean exchange too
            self._settled = True
            raise
        self._settled = True
        return result

    def check_settled(self) -> None:
        """A line already sent after the last clean exchange is a reply sent twice (or one
        nothing asked for): a protocol error raised now, at the end of the test whose
        request it follows, not at the next test's first request (nor dropped at close)."""
        if not self._settled:
            return
        extra = self._output.drop_lines()
        if extra is not None:
            shown = extra[:200].decode("utf-8", errors="replace")
            raise ProtocolViolation(
                f"after {self._last_asked}: the engine sent a line nobody asked for "
                f"(a reply sent twice?): {shown!r}",
                self.stderr_tail(),
            )

    def _rebuild(self) -> None:
        """Restart the process and replay the current game's setup and actions."""
        self.kill()
        self._stderr_stop.set()
        self._start()
        self._settling("handshake", {"protocol": [PROTOCOL_VERSION]})
        for command, arguments in self._game_log:
            self._settling(command, arguments)

    @property
    def description(self) -> str:
        return self.command if isinstance(self.command, str) else shlex.join(self.command)

    def _read_stderr(
        self, stream: Any, tail: collections.deque[bytes], stop: threading.Event
    ) -> None:
        """Keep the last :data:`STDERR_TAIL_BYTES` of the engine's stderr in ``tail``, until
        the stream ends or ``stop`` is set (then the stream is closed here). It waits in
        short polls: a process the engine started outside its process group may hold the
        pipe open long after the engine is gone, and a blocked read would hold whoever
        closes the stream (:meth:`close`) until that process ends."""
        polled = hasattr(select, "poll") and os.name == "posix"
        if polled:
            fd = stream.fileno()
            poller = select.poll()
            poller.register(fd, select.POLLIN)
        try:
            while not stop.is_set():
                if polled:
                    if not poller.poll(_POLL * 1000):
                        continue
                    chunk = os.read(fd, 4096)
                else:  # pragma: no cover - Windows
                    chunk = stream.read1(4096)
                if not chunk:
                    return
                with self._stderr_lock:
                    tail.append(chunk)
                    if tail is not self._stderr:
                        continue  # an earlier process of this client (restarted): dropped
                    self._stderr_size += len(chunk)
                    while self._stderr_size > STDERR_TAIL_BYTES and len(tail) > 1:
                        self._stderr_size -= len(tail.popleft())
        except OSError:
            return
        finally:
            with contextlib.suppress(OSError):
                stream.close()

    def stderr_tail(self) -> str:
        with self._stderr_lock:
            data = b"".join(self._stderr)[-STDERR_TAIL_BYTES:]
        return data.decode("utf-8", errors="replace")

    def _exchange(self, request: dict[str, Any]) -> Any:
        command = request["cmd"]
        expected, self._expected = self._expected, None
        asked = self._last_asked = f"{command} (request id {request['id']})"
        if self.process.poll() is not None:
            raise EngineCrashed(
                f"{asked}: engine has exited (status {self.process.returncode})",
                self.stderr_tail(),
            )
        try:
            data = encode_line(request)
        except WireError as error:
            raise ValueError(f"{command}: the request {error}") from None
        self._drop_stale_replies(asked)
        try:
            assert self.process.stdin is not None
            self.process.stdin.write(data)
            self.process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as error:
            self.kill()
            raise EngineCrashed(
                f"{asked}: cannot write to engine ({error})", self._wait_stderr()
            ) from error
        timeout = self.timeout
        if self.game_timeout is not None and command not in ("new_game", "load_state"):
            left = self.game_started_at + self.game_timeout - time.monotonic()
            timeout = max(0.0, min(timeout, left))
        line = self._next_line(asked, timeout)
        if expected is not None and expected[0] == command:
            known = known_text(request["id"], expected[1], expected[2])
            if known is not None and line == known:
                return KnownReply(dict(expected[1]))
        if len(line) > MAX_REPLY_BYTES:
            self.kill()
            raise ProtocolViolation(
                f"{asked}: reply longer than {MAX_REPLY_BYTES} bytes", self.stderr_tail()
            )
        values = line.count(b",") + line.count(b"[") + line.count(b"{")
        if values > MAX_REPLY_VALUES:
            self.kill()
            raise ProtocolViolation(
                f"{asked}: reply of more than {MAX_REPLY_VALUES:,} JSON values "
                f"({len(line):,} bytes): refused unread",
                self.stderr_tail(),
            )
        try:
            return decode(line)
        except WireError as error:
            shown = line[:200].decode("utf-8", errors="replace")
            raise ProtocolViolation(
                f"{asked}: reply refused: {error}: {shown!r}", self.stderr_tail()
            ) from None

    def _next_line(self, asked: str, timeout: float) -> bytes:
        """The next reply line; a hang, an exit or a closed output raised as what it is."""
        deadline = time.monotonic() + timeout
        exited_at: float | None = None
        while True:
            now = time.monotonic()
            wait = min(_POLL, deadline - now)
            if exited_at is not None:
                wait = min(wait, exited_at + EXIT_GRACE - now)
            try:
                line = self._output.line(max(0.0, wait))
            except queue.Empty:
                now = time.monotonic()
                if exited_at is None and self.process.poll() is not None:
                    exited_at = now  # output may still be in the pipe: a short grace
                elif exited_at is not None and now >= exited_at + EXIT_GRACE:
                    status = self.process.returncode
                    self.kill()  # a process it started still holds the pipe
                    raise EngineCrashed(
                        f"{asked}: engine exited (status {status}) without replying",
                        self.stderr_tail(),
                    ) from None
                if now >= deadline:
                    self.kill()
                    what = f"no reply within {timeout:g}s"
                    if timeout < self.timeout:
                        what = f"the game exceeded its {self.game_timeout:g}s budget"
                    raise EngineTimeout(f"{asked}: {what}", self.stderr_tail()) from None
                continue
            if line is not None:
                return line
            status = self._wait_exit()
            if status is None:
                self.kill()
                raise EngineCrashed(
                    f"{asked}: engine closed its output but kept running (stopped)",
                    self.stderr_tail(),
                )
            raise EngineCrashed(
                f"{asked}: engine closed its output (exit status {status})", self._wait_stderr()
            )

    def _drop_stale_replies(self, asked: str = "") -> None:
        """Lines left from an earlier, already-failed request are not replies to this one;
        a line after a clean exchange (its one reply read) is a reply sent twice, or one
        nothing asked for: a protocol error, not dropped."""
        extra = self._output.drop_lines()
        if extra is not None and self._was_settled:
            self._was_settled = False
            shown = extra[:200].decode("utf-8", errors="replace")
            echoed = re.match(rb'\s*\{\s*"id"\s*:\s*(\d{1,18})\b', extra)
            earlier = self._earlier_test(int(echoed[1]) if echoed else None)
            raise UnsolicitedLine(
                f"{asked}: the engine sent a line nobody asked for before this request "
                f"(a reply sent twice?){self._belongs(earlier)}: {shown!r}",
                self.stderr_tail(),
                earlier,
            )

    def _wait_exit(self) -> int | None:
        try:
            return self.process.wait(timeout=EXIT_GRACE)
        except subprocess.TimeoutExpired:
            return None

    @property
    def game_started_at(self) -> float:
        return self._game_started

    def _wait_stderr(self) -> str:
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=EXIT_GRACE)
        time.sleep(0.05)  # let the stderr reader catch the last lines
        return self.stderr_tail()

    def kill(self) -> None:
        """Stop the engine and everything it started (its process group)."""
        if os.name == "posix":
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, signal.SIGKILL)
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=5)

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self._exchange({"id": 0, "cmd": "stop"})
                self.process.wait(timeout=2)
            except Exception:
                pass
        self.kill()
        self._stderr_stop.set()  # its reader closes stderr (see :meth:`_read_stderr`)
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


@dataclass(frozen=True)
class KnownReply:
    """A reply whose text was exactly that of a result already checked (:meth:`EngineClient.
    expect`): that result (a shallow copy: the caller may add to it, as :meth:`EngineClient.
    apply` does)."""

    result: dict[str, Any]


def known_text(request_id: Any, result: dict[str, Any], body: bytes | None = None) -> bytes | None:
    """The line ``rulespec serve`` writes for a successful reply carrying ``result`` to the
    request ``request_id`` (orjson's compact text, keys in ``result``'s order; ``body``:
    that text of ``result``, when the caller has it); None without orjson, for an id that
    is not an integer, or a result orjson cannot write. Equal text means an equal JSON
    value: a reply of exactly this text carries ``result``."""
    if orjson is None or type(request_id) is not int:
        return None
    if body is None:
        try:
            body = orjson.dumps(result)
        except (TypeError, orjson.JSONEncodeError):
            return None
    return b'{"id":%d,"ok":true,"result":%b}\n' % (request_id, body)


def connect(
    engine: str | None,
    timeout: float = DEFAULT_TIMEOUT,
    shell: bool = False,
    **options: Any,
) -> EngineClient:
    """The reference in-process when ``engine`` is None, else the command as a subprocess
    (``options``: ``limits``, ``game_timeout``, ``restarts``). Handshakes before returning.
    """
    client: EngineClient
    if engine is None:
        client = InProcessClient()
    else:
        client = SubprocessClient(engine, timeout, shell, **options)
    try:
        client.handshake()
    except Exception:
        client.close()
        raise
    return client


_FRACTION = re.compile(r"([0-9]+)/([1-9][0-9]*)|1")


def listing_problems(result: dict[str, Any]) -> list[str]:
    """What is wrong with a ``legal_actions`` result beyond its schema.

    Implements the protocol's listing rules: every action listed once; when chance
    outcomes are listed, each once, each with an exact probability in (0, 1], summing to
    exactly 1, and the same actions as ``actions``.
    """
    problems = []
    actions = result["actions"]
    maybe_twice = _maybe_twice(actions)
    twice = _first_duplicate(actions, _keys(actions)) if maybe_twice else None
    if twice is not None:
        problems.append(f"the action {_shown(actions[twice])} is listed more than once")
    chance = result.get("chance")
    if chance is None:
        return problems
    outcomes = [outcome["action"] for outcome in chance]
    if outcomes != actions or maybe_twice:
        # else the usual listing: the actions again, in order, none twice (no two equal,
        # so no outcome twice, and the same actions)
        keys = _keys(actions)
        outcome_keys = _keys(outcomes)
        twice = _first_duplicate(outcomes, outcome_keys)
        if twice is not None:
            shown = _shown(chance[twice]["action"])
            problems.append(f"the chance outcome {shown} is listed more than once")
        if collections.Counter(outcome_keys) != collections.Counter(keys):
            problems.append("the chance outcomes are not the listed actions")
    # a listing states few distinct probabilities (often one): each text is read once
    texts = collections.Counter([outcome["probability"] for outcome in chance])
    fractions: list[tuple[int, int]] = []
    counts: list[int] = []
    for text, count in texts.items():
        fraction = _fraction(text)
        if fraction is None:
            bad = next(o for o in chance if o["probability"] == text)  # the first, in order
            problems.append(
                f"chance outcome {_shown(bad['action'])}: probability {_shown(text)} "
                "is not an exact fraction in (0, 1]"
            )
            return problems
        fractions.append(fraction)
        counts.append(count)
    if fractions and not _sums_to_one(fractions, counts):
        total = sum((Fraction(n * c, d) for (n, d), c in zip(fractions, counts, strict=True)),
                    Fraction(0))  # fmt: skip
        problems.append(f"the chance probabilities sum to {total}, not 1")
    return problems


def _fraction(text: str) -> tuple[int, int] | None:
    """An exact probability text as (numerator, denominator), when in (0, 1]; else None."""
    match = _FRACTION.fullmatch(text) if len(text) <= 200 else None
    if match is None:
        return None
    fraction = (1, 1) if match.group(1) is None else (int(match.group(1)), int(match.group(2)))
    return fraction if 0 < fraction[0] <= fraction[1] else None


def _sums_to_one(fractions: list[tuple[int, int]], counts: list[int]) -> bool:
    """Whether the fractions, each taken its count of times, sum to exactly 1."""
    denominators = {d for _, d in fractions}
    if len(denominators) == 1:  # the usual case: one denominator
        return sum(n * c for (n, _), c in zip(fractions, counts, strict=True)) == denominators.pop()
    pairs = zip(fractions, counts, strict=True)
    return sum((Fraction(n * c, d) for (n, d), c in pairs), Fraction(0)) == 1


def _maybe_twice(actions: list[Any]) -> bool:
    """False when no two actions are equal; True when two may be (then checked exactly).

    The usual listing, objects with the same fields holding no list or object, is told from
    one set of the tuples of their values (:func:`_distinct_values`). Other listings of
    objects holding no object are told from one text of the whole list
    with every object's keys sorted (orjson): when that text holds one ``{`` and one ``}``
    per action (no object inside one, no brace inside a string), it splits at ``},{`` into
    the actions' texts, equal for equal actions. Other listings of flat objects are told in
    a few passes of built-in functions: equal objects have the same keys, and where each set
    of keys comes in one order only, equal objects list the same values in the same order,
    so distinct value tuples mean distinct actions (equal tuples of objects with different
    keys only cost the exact check). The rest compare their sorted texts
    (:func:`~rulespec.protocol.sorted_texts`), or hashable forms of the actions without
    orjson."""
    if len(actions) < 2:
        return False
    distinct = _distinct_values(actions)
    if distinct is not None:
        return not distinct
    texts = _split_texts(actions)
    if texts is not None:
        return len(set(texts)) != len(texts)
    try:
        shapes = set(map(tuple, actions))
        if len(set(map(frozenset, shapes))) == len(shapes):
            return len(set(map(tuple, map(dict.values, actions)))) != len(actions)
    except TypeError:  # an action that is not an object, or a list or object inside
        pass
    keys = sorted_texts(actions) or _keys(actions)
    return len(set(keys)) != len(keys)


def _distinct_values(actions: list[Any]) -> bool | None:
    """Whether no two actions are equal, told from their values alone, for a listing of
    objects with the first's fields, each hashable (a listing of one shape: most are); None
    when it is not one. Every object has as many fields as the first and each of them, so
    the same fields; equal objects then give equal tuples of those fields' values, so
    distinct tuples mean distinct actions (equal tuples only cost the exact check)."""
    if set(map(type, actions)) != {dict}:
        return None
    first = actions[0]
    if not first or set(map(len, actions)) != {len(first)}:
        return None
    try:
        values = set(map(operator.itemgetter(*first), actions))
    except (KeyError, TypeError):  # a field the first lacks, or a list or object inside
        return None
    return len(values) == len(actions)


def _split_texts(actions: list[Any]) -> list[bytes] | None:
    """Each action's text, keys sorted, cut from one text of the list; None unless every
    action is an object holding no object and no brace in a string (or without orjson)."""
    if orjson is None:
        return None
    try:
        text = orjson.dumps(actions, option=orjson.OPT_SORT_KEYS)
    except (TypeError, orjson.JSONEncodeError):
        return None
    count = len(actions)
    if text.count(b"{") != count or text.count(b"}") != count:
        return None
    texts = text[2:-2].split(b"},{")
    return texts if len(texts) == count else None


def _keys(actions: list[Any]) -> list[Any]:
    """Keys equal for equal actions (hashable, field order ignored; ``1``, ``1.0`` and
    ``true`` are not told apart here, see :func:`_first_duplicate`)."""
    try:
        return [frozenset(action.items()) for action in actions]
    except TypeError:  # a list or object inside
        return [_freeze(action) for action in actions]


_SCALARS = frozenset({str, int, bool, float, type(None)})


def _freeze(value: Any) -> Any:
    if type(value) is dict:
        return frozenset([(key, item if type(item) in _SCALARS else _freeze(item))
                          for key, item in value.items()])  # fmt: skip
    if type(value) is list:
        return tuple([item if type(item) in _SCALARS else _freeze(item) for item in value])
    return value


def _exact(action: Any) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def _first_duplicate(actions: list[Any], keys: list[Any]) -> int | None:
    """The index of the first action listed before, as JSON values (``1``, ``true``, ``1.0``
    differ, which the fast keys do not tell apart: a fast match is confirmed exactly)."""
    if len(set(keys)) == len(keys):
        return None
    seen: set[str] = set()
    for index, action in enumerate(actions):
        key = _exact(action)
        if key in seen:
            return index
        seen.add(key)
    return None


def _json_type(value: Any) -> str:
    names = {dict: "object", list: "array", str: "string", bool: "boolean", int: "integer",
             float: "number", type(None): "null"}  # fmt: skip
    return names.get(type(value), type(value).__name__)


def _shown(value: Any, limit: int = 120) -> str:
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."
