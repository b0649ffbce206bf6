"""A destructive action (`issue.delete`) on the meta and individual surfaces: the server
asks the user one yes/no (key `confirm`) and deletes only after a yes.
"""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client

from harness import LEGACY, MRTR, Script, accept, cancel, connect, created, decline, text

pytestmark = pytest.mark.anyio

REFUSED = "Re-send with confirm=true only after the user explicitly approves this operation."


async def issues(client: Client, surface: str, verb: str, **arguments: Any) -> Any:
    """Runs `issue.<verb>` through the surface's own tool: `gitlab_issue` with an
    `action` on the meta surface, `gitlab_issue_<verb>` on the individual one. Extra
    envelope fields (`confirm`) go beside the parameters."""
    confirm = {key: arguments.pop(key) for key in ["confirm"] if key in arguments}
    if surface == "meta":
        return await client.call_tool("gitlab_issue", {"action": verb, "params": arguments, **confirm})
    return await client.call_tool(f"gitlab_issue_{verb}", {**arguments, **confirm})


async def new_issue(client: Client, surface: str, title: str) -> int:
    return created(await issues(client, surface, "create", project_id=1, title=title))["iid"]


async def exists(client: Client, surface: str, iid: int) -> bool:
    result = await issues(client, surface, "get", project_id=1, issue_iid=iid)
    if result.is_error:
        assert "404" in text(result), text(result)
        return False
    return True


@pytest.mark.parametrize("surface", ["meta", "individual"])
@pytest.mark.parametrize(
    ("transport", "revision"),
    [
        pytest.param("stdio", LEGACY, id="stdio-2025-11-25"),
        pytest.param("stdio", MRTR, id="stdio-2026-07-28"),
        pytest.param("http", MRTR, id="http-stateless-2026-07-28"),
    ],
)
async def test_a_yes_deletes(surface: str, transport: str, revision: str) -> None:
    script = Script(accept("confirmed", True))
    async with connect(transport, revision, script, surface=surface) as client:
        iid = await new_issue(client, surface, "Delete me")
        result = await issues(client, surface, "delete", project_id=1, issue_iid=iid)
        assert not result.is_error, text(result)
        assert not await exists(client, surface, iid)
    script.assert_done()
    assert len(script.asked) == 1, "one yes/no, nothing else"


@pytest.mark.parametrize(
    "answer", [decline("confirmed"), cancel("confirmed"), accept("confirmed", False)], ids=["decline", "cancel", "no"]
)
@pytest.mark.parametrize("revision", [LEGACY, MRTR])
async def test_anything_but_a_yes_keeps_the_issue(answer: Any, revision: str) -> None:
    script = Script(answer)
    async with connect("stdio", revision, script) as client:
        iid = await new_issue(client, "meta", "Keep me")
        result = await issues(client, "meta", "delete", project_id=1, issue_iid=iid)
        assert result.is_error
        # Accept with the box unticked says which box; decline and cancel are a cancel.
        if answer == accept("confirmed", False):
            assert text(result) == (
                "Not executed: the box 'Delete issue' was not ticked, so nothing was sent to GitLab."
            )
        else:
            assert text(result) == "Operation canceled by user."
        assert await exists(client, "meta", iid)
    script.assert_done()


async def test_stateless_http_legacy_client_must_send_confirm() -> None:
    script = Script()
    async with connect("http", LEGACY, script) as client:
        iid = await new_issue(client, "meta", "Needs confirm")
        refused = await issues(client, "meta", "delete", project_id=1, issue_iid=iid)
        assert refused.is_error
        assert text(refused).endswith(REFUSED)
        assert await exists(client, "meta", iid)
        confirmed = await issues(client, "meta", "delete", project_id=1, issue_iid=iid, confirm=True)
        assert not confirmed.is_error, text(confirmed)
        assert not await exists(client, "meta", iid)
    assert script.asked == []
