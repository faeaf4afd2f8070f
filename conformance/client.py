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
import threading
from abc import ABC, abstractmethod
from typing import Any

from conformance.errors import (
    CapabilityMissing,
    EngineCrashed,
    EngineRefused,
    EngineTimeout,
    ProtocolViolation,
)
from conformance.protocol import PROTOCOL_VERSION, reply_problems

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


class SubprocessClient(EngineClient):
    """Any engine program speaking JSON Lines on stdin/stdout.

    Every reply is checked (JSON, echoed id, schema); each request has a timeout; a crash,
    a hang or garbage is reported as exactly that with the engine's stderr attached.
    The command runs without a shell unless ``shell=True``.
    """

    def __init__(
        self,
        command: str | list[str],
        timeout: float = DEFAULT_TIMEOUT,
        shell: bool = False,
        env: dict[str, str] | None = None,
        cwd: str | None = None,
    ) -> None:
        super().__init__()
        self.command = command
        self.timeout = timeout
        args: str | list[str]
        if shell:
            args = command if isinstance(command, str) else shlex.join(command)
        else:
            args = shlex.split(command) if isinstance(command, str) else list(command)
            if not args:
                raise ValueError("empty engine command")
        try:
            self.process = subprocess.Popen(
                args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                shell=shell,
                env={**os.environ, **(env or {})},
                cwd=cwd,
            )
        except OSError as error:
            raise EngineCrashed(f"cannot start engine {command!r}: {error}") from error
        self._replies: queue.Queue[bytes | None] = queue.Queue()
        self._stderr: collections.deque[bytes] = collections.deque()
        self._stderr_size = 0
        self._stderr_lock = threading.Lock()
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    @property
    def description(self) -> str:
        return self.command if isinstance(self.command, str) else shlex.join(self.command)

    def _read_stdout(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            line = stream.readline(MAX_REPLY_BYTES + 1)
            if not line:
                self._replies.put(None)
                return
            self._replies.put(line)

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
        try:
            line = self._replies.get(timeout=self.timeout)
        except queue.Empty:
            self.kill()
            raise EngineTimeout(
                f"{command}: no reply within {self.timeout:g}s", self.stderr_tail()
            ) from None
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
    engine: str | None, timeout: float = DEFAULT_TIMEOUT, shell: bool = False
) -> EngineClient:
    """The reference in-process when ``engine`` is None, else the command as a subprocess.

    The handshake is done before returning.
    """
    client: EngineClient
    client = InProcessClient() if engine is None else SubprocessClient(engine, timeout, shell)
    try:
        client.handshake()
    except Exception:
        client.close()
        raise
    return client
