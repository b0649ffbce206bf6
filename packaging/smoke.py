"""Smoke test of an installed gitlab-mcp-server: a real MCP client (the official Python SDK)
starts the given command over stdio, as a user's MCP host would, and checks that it
answers: the handshake, the tool list, and one read against the built-in sandbox GitLab.

    python packaging/smoke.py [--expect-version 0.1.0] -- COMMAND [ARG...]

The command is run as given (add `--sandbox` yourself): `uvx gitlab-mcp-server --sandbox`,
`node_modules/.bin/gitlab-mcp-server --sandbox`, `docker run -i --rm IMAGE --sandbox`...
Exits 0 when every check passed, 1 with the failed step and why otherwise.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

import anyio
from mcp import Client, StdioServerParameters

# A debug build started through npx or a container can be slow to come up on a busy machine.
TIMEOUT = 90.0
# The default tool surface (`dynamic`): two tools that find and run any action.
EXPECTED_TOOLS = {"gitlab_find_action", "gitlab_execute_action"}


class Failed(Exception):
    """A check that did not hold: the message says which and why."""


def server_env() -> dict[str, str]:
    """The caller's environment minus the settings that would change what is tested (a
    real GitLab URL or token, a tool surface, YOLO mode); warnings only on stderr."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("GITLAB_") and key not in ("AUTOPILOT", "RUST_LOG")
    }
    env["RUST_LOG"] = "warn"
    return env


def check(condition: bool, what: str, got: Any) -> None:
    if not condition:
        raise Failed(f"{what}; got {got!r}")


async def smoke(command: list[str], expect_version: str | None) -> None:
    target = StdioServerParameters(command=command[0], args=command[1:], env=server_env())
    step = "starting the server and initializing"
    try:
        with anyio.fail_after(TIMEOUT):
            async with Client(target, read_timeout_seconds=TIMEOUT) as client:
                info = client.server_info
                print(f"smoke: connected to {info.name} {info.version}")
                check(info.name == "gitlab-mcp-server", "the server's name should be gitlab-mcp-server", info.name)
                if expect_version is not None:
                    check(info.version == expect_version, f"the server's version should be {expect_version}", info.version)

                step = "listing tools"
                tools = {tool.name for tool in (await client.list_tools()).tools}
                print(f"smoke: {len(tools)} tools: {', '.join(sorted(tools))}")
                check(len(tools) > 0, "the server should list tools", tools)
                check(EXPECTED_TOOLS <= tools, f"the default tool surface should have {sorted(EXPECTED_TOOLS)}", sorted(tools))

                step = "calling gitlab_execute_action project.get on the sandbox"
                result = await client.call_tool("gitlab_execute_action", {"action": "project.get", "params": {"project_id": 1}})
                shown = " ".join(getattr(block, "text", "") for block in result.content)
                check(not result.is_error, "the call should succeed", shown[:500])
                project = result.structured_content or {}
                check(
                    project.get("path_with_namespace") == "demo/sandbox",
                    "the sandbox's project 1 should be demo/sandbox",
                    project.get("path_with_namespace"),
                )
                print("smoke: read project 1 (demo/sandbox) from the sandbox")
    except Exception as error:  # noqa: BLE001 - any error of the client or the process fails the test
        raise Failed(f"{step}: {describe(error)}") from None


def describe(error: BaseException) -> str:
    """What went wrong, in one line: the errors inside an exception group (the SDK's task
    groups wrap what is raised within `async with Client`), a check's own message."""
    if isinstance(error, BaseExceptionGroup):
        return "; ".join(describe(inner) for inner in error.exceptions)
    if isinstance(error, Failed):
        return str(error)
    if isinstance(error, TimeoutError):
        return f"no answer within {TIMEOUT:.0f}s"
    return f"{type(error).__name__}: {error}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--expect-version", help="the version the server must report")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command that starts the server, after --")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command to start, after --")
    print(f"smoke: starting {' '.join(command)}", flush=True)
    try:
        anyio.run(smoke, command, args.expect_version)
    except Failed as failure:
        print(f"smoke: FAILED for `{' '.join(command)}`: {failure}", file=sys.stderr)
        return 1
    print("smoke: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
