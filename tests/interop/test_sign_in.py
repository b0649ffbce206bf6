"""Signing in from the client, with the SDK's own url-mode elicitation: a stdio server with
no credential, pointed at a sandbox GitLab that another server process hosts, asks the
user to open GitLab's device page; the scripted user approves the code there (the page's
own form) and accepts; the call goes on as that user and the sign-in is kept.
"""

from __future__ import annotations

import subprocess
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import mcp_types as types
import pytest
from mcp import Client, StdioServerParameters

from harness import BINARY, LEGACY, MODES, MRTR, READ_TIMEOUT, STARTUP_TIMEOUT, free_port, server_env, text

pytestmark = pytest.mark.anyio

SANDBOX_CLIENT_ID = "sandbox-oauth-app"


@contextmanager
def hosted_sandbox() -> Iterator[str]:
    """A server with `--sandbox` on HTTP, for the sandbox GitLab it hosts; yields its URL."""
    command = [str(BINARY), "--sandbox", "--http", f"127.0.0.1:{free_port()}"]
    process = subprocess.Popen(command, env=server_env("meta"), stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        assert process.stderr is not None
        for line in process.stderr:
            if "sandbox GitLab at " in line:
                yield line.split("sandbox GitLab at ", 1)[1].split()[0]
                break
            if time.monotonic() > deadline:
                raise RuntimeError("the sandbox was never announced")
        else:
            raise RuntimeError(f"the server exited before announcing its sandbox: {command}")
    finally:
        process.terminate()
        process.wait(timeout=10)


class User:
    """Answers the one url-mode question: approves the code at GitLab's page, then accepts."""

    def __init__(self, approve: bool) -> None:
        self.approve = approve
        self.urls: list[str] = []

    async def __call__(self, _context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        if not isinstance(params, types.ElicitRequestURLParams):
            return types.ElicitResult(action="cancel")
        self.urls.append(params.url)
        if not self.approve:
            return types.ElicitResult(action="decline")
        page = urllib.parse.urlsplit(params.url)
        code = urllib.parse.parse_qs(page.query)["user_code"][0]
        form = urllib.parse.urlencode({"user_code": code, "decision": "approve"}).encode()
        verification = urllib.parse.urlunsplit((page.scheme, page.netloc, page.path, "", ""))
        with urllib.request.urlopen(verification, data=form, timeout=10) as answer:
            assert answer.status == 200
        return types.ElicitResult(action="accept")


def stdio_without_credential(gitlab: str, config_dir: str) -> StdioServerParameters:
    env = server_env("meta")
    env.update(
        {
            "GITLAB_URL": gitlab,
            "GITLAB_OAUTH_CLIENT_ID": SANDBOX_CLIENT_ID,
            "GITLAB_MCP_CREDENTIAL_STORE": "file",
            "GITLAB_MCP_CONFIG_DIR": config_dir,
        }
    )
    return StdioServerParameters(command=str(BINARY), args=[], env=env)


@pytest.mark.parametrize("revision", [pytest.param(LEGACY, id=LEGACY), pytest.param(MRTR, id=MRTR)])
async def test_a_url_mode_client_signs_in_at_gitlab_and_the_call_goes_on(revision: str) -> None:
    with hosted_sandbox() as gitlab, tempfile.TemporaryDirectory() as config_dir:
        user = User(approve=True)
        target = stdio_without_credential(gitlab, config_dir)
        async with Client(target, mode=MODES[revision], elicitation_callback=user, read_timeout_seconds=READ_TIMEOUT) as client:
            result = await client.call_tool("gitlab_user", {"action": "current"})
            assert not result.is_error, text(result)
            assert "sandbox-user" in text(result) or "sandbox-user" in str(result.structured_content)
            assert len(user.urls) == 1 and user.urls[0].startswith(f"{gitlab.rstrip('/')}/oauth/device?")
            # Signed in: the next call asks nothing.
            again = await client.call_tool("gitlab_user", {"action": "current"})
            assert not again.is_error, text(again)
            assert len(user.urls) == 1
        assert "sandbox-user" in (Path(config_dir) / "credentials.json").read_text()


@pytest.mark.parametrize("revision", [pytest.param(LEGACY, id=LEGACY), pytest.param(MRTR, id=MRTR)])
async def test_a_decline_leaves_the_session_anonymous_and_keeps_nothing(revision: str) -> None:
    with hosted_sandbox() as gitlab, tempfile.TemporaryDirectory() as config_dir:
        user = User(approve=False)
        target = stdio_without_credential(gitlab, config_dir)
        async with Client(target, mode=MODES[revision], elicitation_callback=user, read_timeout_seconds=READ_TIMEOUT) as client:
            result = await client.call_tool("gitlab_project", {"action": "get", "params": {"project_id": 1}})
            assert "you declined" in text(result)
            await client.call_tool("gitlab_project", {"action": "get", "params": {"project_id": 1}})
            assert len(user.urls) == 1
        assert not (Path(config_dir) / "credentials.json").exists()
