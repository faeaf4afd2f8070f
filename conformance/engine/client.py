"""One engine-client interface, two transports: in-process (the reference) and subprocess.

Steps, invariant machines, differential play and the CLI all talk to engines through
:class:`EngineClient`; nothing in the harness imports an engine's internals.
"""

from __future__ import annotations

import collections
import contextlib
import itertools
import json
import os
import queue
import shlex
import subprocess
import sys
import threading
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from conformance.engine.errors import (
    CapabilityMissing,
    EngineCrashed,
    EngineRefused,
    EngineTimeout,
    ProtocolViolation,
    TransportError,
)
from rulespec.protocol import PROTOCOL_VERSION, reply_problems

DEFAULT_TIMEOUT = 10.0
MAX_REPLY_BYTES = 32 * 1024 * 1024
STDERR_TAIL_BYTES = 16 * 1024


class EngineClient(ABC):
    """Talks protocol v1 to one engine. Methods return the ``result`` object of a reply."""

    def __init__(self) -> None:
        self._ids = itertools.count(1)
        self.identity: dict[str, Any] = {}
        self.capabilities: frozenset[str] = frozenset()
        self.games: dict[str, dict[str, Any]] = {}

    @abstractmethod
    def _exchange(self, request: dict[str, Any]) -> Any:
        """Send one request, return the parsed reply (transport errors raised)."""

    @property
    def description(self) -> str:
        return "engine"

    def request(self, command: str, **arguments: Any) -> dict[str, Any]:
        request = {"id": next(self._ids), "cmd": command, **arguments}
        reply = self._exchange(request)
        if not isinstance(reply, dict) or reply.get("id") != request["id"]:
            got = reply.get("id") if isinstance(reply, dict) else type(reply).__name__
            raise ProtocolViolation(
                f"{command}: reply id {got!r} does not echo request id {request['id']}",
                self.stderr_tail(),
            )
        problems = reply_problems(command, reply)
        if problems:
            shown = json.dumps(reply, ensure_ascii=False)[:500]
            raise ProtocolViolation(
                f"{command}: reply breaks the protocol schema: {'; '.join(problems)}\n"
                f"reply: {shown}",
                self.stderr_tail(),
            )
        if reply["ok"] is False:
            raise EngineRefused(command, reply["error"])
        return reply["result"]

    def stderr_tail(self) -> str:
        return ""

    # -- the protocol, one method per command -----------------------------------------------

    def handshake(self) -> dict[str, Any]:
        result = self.request("handshake", protocol=[PROTOCOL_VERSION])
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
        return self.request("apply", action=action)

    def outcome(self) -> dict[str, Any]:
        return self.request("outcome")

    def stop(self) -> None:
        self.request("stop")

    def close(self) -> None:  # noqa: B027 - the in-process transport holds nothing
        """Release the transport (stop the process)."""


class InProcessClient(EngineClient):
    """The reference engines in this process, through the same server code as ``serve``.

    Replies go through a JSON round trip, exactly as on the wire, so a scenario that
    passes here passes against ``rulespec serve``.
    """

    def __init__(self, games: Any = None) -> None:
        super().__init__()
        from reference_impl.server import Server

        self.server = Server(games)

    @property
    def description(self) -> str:
        return "reference (in-process)"

    def _exchange(self, request: dict[str, Any]) -> Any:
        wire = json.dumps(request, ensure_ascii=False)
        return json.loads(json.dumps(self.server.handle(json.loads(wire)), ensure_ascii=False))


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
        self._replies: queue.Queue[bytes | None] = queue.Queue()
        self._stderr: collections.deque[bytes] = collections.deque()
        self._stderr_size = 0
        self._stderr_lock = threading.Lock()
        threading.Thread(target=self._read_stdout, args=(self.process, self._replies),
                         daemon=True).start()  # fmt: skip
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def request(self, command: str, **arguments: Any) -> dict[str, Any]:
        try:
            result = super().request(command, **arguments)
        except (EngineCrashed, EngineTimeout) as error:
            if self.restarts_left <= 0 or command in ("handshake", "stop"):
                raise
            self.restarts_left -= 1
            self.incidents.append(error)
            self._rebuild()
            result = super().request(command, **arguments)
        if command in ("new_game", "load_state"):
            self._game_log = [(command, arguments)]
            self._game_started = time.monotonic()
        elif command == "apply":
            self._game_log.append((command, arguments))
        return result

    def _rebuild(self) -> None:
        """Restart the process and replay the current game's setup and actions."""
        self.kill()
        self._start()
        super().request("handshake", protocol=[PROTOCOL_VERSION])
        for command, arguments in self._game_log:
            super().request(command, **arguments)

    @property
    def description(self) -> str:
        return self.command if isinstance(self.command, str) else shlex.join(self.command)

    @staticmethod
    def _read_stdout(process: subprocess.Popen[bytes], replies: queue.Queue[bytes | None]) -> None:
        stream = process.stdout
        assert stream is not None
        while True:
            line = stream.readline(MAX_REPLY_BYTES + 1)
            if not line:
                replies.put(None)
                return
            replies.put(line)

    def _read_stderr(self) -> None:
        stream = self.process.stderr
        assert stream is not None
        for chunk in iter(lambda: stream.read1(4096), b""):
            with self._stderr_lock:
                self._stderr.append(chunk)
                self._stderr_size += len(chunk)
                while self._stderr_size > STDERR_TAIL_BYTES and len(self._stderr) > 1:
                    self._stderr_size -= len(self._stderr.popleft())

    def stderr_tail(self) -> str:
        with self._stderr_lock:
            data = b"".join(self._stderr)[-STDERR_TAIL_BYTES:]
        return data.decode("utf-8", errors="replace")

    def _exchange(self, request: dict[str, Any]) -> Any:
        command = request["cmd"]
        if self.process.poll() is not None:
            raise EngineCrashed(
                f"{command}: engine has exited (status {self.process.returncode})",
                self.stderr_tail(),
            )
        data = (json.dumps(request, ensure_ascii=False) + "\n").encode("utf-8")
        try:
            assert self.process.stdin is not None
            self.process.stdin.write(data)
            self.process.stdin.flush()
        except (BrokenPipeError, OSError) as error:
            raise EngineCrashed(
                f"{command}: cannot write to engine ({error})", self._wait_stderr()
            ) from error
        timeout = self.timeout
        if self.game_timeout is not None and command not in ("new_game", "load_state"):
            left = self.game_started_at + self.game_timeout - time.monotonic()
            timeout = max(0.0, min(timeout, left))
        try:
            line = self._replies.get(timeout=timeout)
        except queue.Empty:
            self.kill()
            what = f"no reply within {timeout:g}s"
            if timeout < self.timeout:
                what = f"the game exceeded its {self.game_timeout:g}s budget"
            raise EngineTimeout(f"{command}: {what}", self.stderr_tail()) from None
        if line is None:
            status = self.process.wait(timeout=5)
            raise EngineCrashed(
                f"{command}: engine closed its output (exit status {status})",
                self._wait_stderr(),
            )
        if len(line) > MAX_REPLY_BYTES:
            self.kill()
            raise ProtocolViolation(
                f"{command}: reply longer than {MAX_REPLY_BYTES} bytes", self.stderr_tail()
            )
        try:
            return json.loads(line)
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            shown = line[:200].decode("utf-8", errors="replace")
            raise ProtocolViolation(
                f"{command}: reply is not JSON ({error}): {shown!r}", self.stderr_tail()
            ) from None

    @property
    def game_started_at(self) -> float:
        return self._game_started

    def _wait_stderr(self) -> str:
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=2)
        return self.stderr_tail()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=5)

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self._exchange({"id": 0, "cmd": "stop"})
                self.process.wait(timeout=2)
            except Exception:
                pass
        self.kill()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


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
