"""Talks to the real `gitlab-mcp-server` binary with the official MCP Python SDK.

The server runs with `--sandbox`: an in-memory GitLab inside the server process (demo
project 1 `demo/sandbox`, branches `main`, `feature/x` and `fix/tokenizer`, tag `v1.0.0`; see server/sandbox/src/lib.rs), so what a call
did to GitLab is read back through the server's own tools.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import mcp_types as types
from mcp import Client, StdioServerParameters

REPO = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("GITLAB_MCP_SERVER_BIN", REPO / "target" / "debug" / "gitlab-mcp-server"))

LEGACY = "2025-11-25"
MRTR = "2026-07-28"
# The SDK pins the handshake era as "legacy"; it rejects the dated string itself.
MODES = {LEGACY: "legacy", MRTR: MRTR}

# Long enough for a debug build on a busy machine; a call that never answers fails.
READ_TIMEOUT = 30.0
STARTUP_TIMEOUT = 15.0


@dataclass
class Step:
    """One scripted answer: the property the question must ask for, and the user's action."""

    prop: str
    action: str = "accept"
    value: Any = None


def accept(prop: str, value: Any) -> Step:
    return Step(prop, "accept", value)


def decline(prop: str) -> Step:
    return Step(prop, "decline")


def cancel(prop: str) -> Step:
    return Step(prop, "cancel")


@dataclass
class Asked:
    message: str
    properties: list[str]


class Script:
    """A scripted user: answers each elicitation with the next step, in order.

    A question asking for another property than the script expects, or one more question
    than the script holds, is recorded and answered with `cancel`; `assert_done` fails on it.
    """

    def __init__(self, *steps: Step) -> None:
        self.steps = list(steps)
        self.asked: list[Asked] = []
        self.problems: list[str] = []

    async def __call__(self, _context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        schema = params.requested_schema
        properties = list(schema.get("properties", {}))
        self.asked.append(Asked(params.message, properties))
        if not self.steps:
            self.problems.append(f"an unexpected question: {params.message!r}")
            return types.ElicitResult(action="cancel")
        step = self.steps.pop(0)
        if properties != [step.prop]:
            self.problems.append(f"expected a question for {step.prop!r}, got {properties} ({params.message!r})")
            return types.ElicitResult(action="cancel")
        if step.action != "accept":
            return types.ElicitResult(action=step.action)
        return types.ElicitResult(action="accept", content={step.prop: step.value})

    def assert_done(self) -> None:
        assert not self.problems, self.problems
        assert not self.steps, f"questions never asked: {[step.prop for step in self.steps]}"

    def messages(self) -> list[str]:
        return [asked.message for asked in self.asked]


def server_env(surface: str) -> dict[str, str]:
    """The server's environment: the caller's, minus every setting that would change what
    is tested (a YOLO mode would skip confirmations), plus the tool surface."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("GITLAB_") and key not in ("AUTOPILOT", "RUST_LOG")
    }
    env["GITLAB_MCP_TOOL_SURFACE"] = surface
    env["RUST_LOG"] = "warn"
    return env


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def http_server(surface: str, stateless: bool) -> Iterator[str]:
    """Starts the binary on `--http` at a free loopback port; yields its MCP endpoint."""
    port = free_port()
    command = [str(BINARY), "--sandbox", "--http", f"127.0.0.1:{port}", f"--stateless={str(stateless).lower()}"]
    process = subprocess.Popen(command, env=server_env(surface))
    try:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"the server exited with {process.returncode} before listening: {command}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not listen on port {port} within {STARTUP_TIMEOUT}s")
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@asynccontextmanager
async def connect(
    transport: str,
    revision: str,
    script: Script | None = None,
    *,
    surface: str = "meta",
    stateless: bool = True,
) -> AsyncIterator[Client]:
    """A client on `transport` (`stdio` or `http`) speaking `revision`, answering
    elicitations with `script`; without one it declares no elicitation at all."""
    mode = MODES[revision]
    if transport == "stdio":
        target = StdioServerParameters(command=str(BINARY), args=["--sandbox"], env=server_env(surface))
        async with Client(target, mode=mode, elicitation_callback=script, read_timeout_seconds=READ_TIMEOUT) as client:
            yield client
    elif transport == "http":
        with http_server(surface, stateless) as url:
            async with Client(url, mode=mode, elicitation_callback=script, read_timeout_seconds=READ_TIMEOUT) as client:
                yield client
    else:
        raise ValueError(f"unknown transport {transport!r}; expected 'stdio' or 'http'")


def text(result: types.CallToolResult) -> str:
    return "\n".join(block.text for block in result.content if isinstance(block, types.TextContent))


def created(result: types.CallToolResult) -> dict[str, Any]:
    """The GitLab object a successful call returned as `structuredContent`."""
    assert not result.is_error, text(result)
    assert isinstance(result.structured_content, dict), result
    return result.structured_content


async def gitlab(client: Client, tool: str, action: str, **params: Any) -> types.CallToolResult:
    """A follow-up call on a meta-surface domain tool, e.g. `gitlab_issue` `get`."""
    return await client.call_tool(tool, {"action": action, "params": params})
