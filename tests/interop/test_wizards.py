"""Each of the four wizards, run to completion by the official Python SDK on every route
that can ask questions: stdio on 2025-11-25 (one `elicitation/create` per question) and on
2026-07-28 (`input_required` rounds the SDK drives itself), HTTP stateless on 2026-07-28,
and HTTP stateful on 2025-11-25. On HTTP stateless a 2025-11-25 client has no
channel for synchronous questions, so every wizard answers with its one-call alternative.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest
from mcp import Client

from harness import LEGACY, MRTR, Script, accept, connect, created, gitlab, text

pytestmark = pytest.mark.anyio

# (transport, revision, stateless)
ROUTES = [
    pytest.param("stdio", LEGACY, True, id="stdio-2025-11-25"),
    pytest.param("stdio", MRTR, True, id="stdio-2026-07-28"),
    pytest.param("http", MRTR, True, id="http-stateless-2026-07-28"),
    pytest.param("http", LEGACY, False, id="http-stateful-2025-11-25"),
]


@dataclass
class Wizard:
    tool: str
    arguments: dict[str, Any]
    alternative: str
    script: Callable[[], Script]
    # Checks the created object, and reads it back from GitLab through the server.
    check: Callable[[Client, dict[str, Any]], Awaitable[None]]


def issue_script() -> Script:
    return Script(
        accept("title", "Crash on login"),
        accept("description", "Steps:\n1. open https://example.com"),
        accept("labels", "bug, ,ui,"),
        accept("confirmed", True),  # confidential
        accept("confirmed", True),  # the summary
    )


async def issue_check(client: Client, issue: dict[str, Any]) -> None:
    assert issue["title"] == "Crash on login"
    assert issue["labels"] == ["bug", "ui"]
    assert issue["confidential"] is True
    assert issue["description"] == "Steps:\n1. open https://example.com"
    again = created(await gitlab(client, "gitlab_issue", "get", project_id=1, issue_iid=issue["iid"]))
    assert (again["iid"], again["title"]) == (issue["iid"], "Crash on login")


def mr_script() -> Script:
    return Script(
        accept("source_branch", "feature/x"),
        accept("target_branch", "main"),
        accept("title", "Add feature X"),
        accept("description", ""),
        accept("labels", "feature"),
        accept("confirmed", True),  # remove the source branch
        accept("confirmed", False),  # squash
        accept("confirmed", True),  # the summary
    )


async def mr_check(client: Client, mr: dict[str, Any]) -> None:
    assert (mr["source_branch"], mr["target_branch"], mr["title"]) == ("feature/x", "main", "Add feature X")
    assert mr["labels"] == ["feature"]
    again = created(await gitlab(client, "gitlab_merge_request", "get", project_id=1, merge_request_iid=mr["iid"]))
    assert (again["iid"], again["title"]) == (mr["iid"], "Add feature X")


def release_script() -> Script:
    return Script(
        accept("tag_name", "v1.0.0"),
        accept("name", "First release"),
        accept("description", "Release notes"),
        accept("confirmed", True),
    )


async def release_check(client: Client, release: dict[str, Any]) -> None:
    assert (release["tag_name"], release["name"], release["description"]) == ("v1.0.0", "First release", "Release notes")
    again = created(await gitlab(client, "gitlab_release", "get", project_id=1, tag_name="v1.0.0"))
    assert again["name"] == "First release"


def project_script() -> Script:
    return Script(
        accept("name", "interop-demo"),
        accept("description", "Made by the interop tests"),
        accept("selection", "internal"),
        accept("confirmed", True),  # initialize with a README
        accept("default_branch", "trunk"),
        accept("confirmed", True),
    )


async def project_check(client: Client, project: dict[str, Any]) -> None:
    assert (project["name"], project["visibility"], project["default_branch"]) == ("interop-demo", "internal", "trunk")
    again = created(await gitlab(client, "gitlab_project", "get", project_id=project["id"]))
    assert again["name"] == "interop-demo"


WIZARDS = {
    "issue": Wizard("gitlab_interactive_issue_create", {"project_id": 1}, "issue.create", issue_script, issue_check),
    "merge_request": Wizard(
        "gitlab_interactive_mr_create", {"project_id": "demo/sandbox"}, "merge_request.create", mr_script, mr_check
    ),
    "release": Wizard("gitlab_interactive_release_create", {"project_id": 1}, "release.create", release_script, release_check),
    "project": Wizard("gitlab_interactive_project_create", {}, "project.create", project_script, project_check),
}


@pytest.mark.parametrize("name", WIZARDS)
@pytest.mark.parametrize(("transport", "revision", "stateless"), ROUTES)
async def test_wizard_creates_its_object(name: str, transport: str, revision: str, stateless: bool) -> None:
    wizard = WIZARDS[name]
    script = wizard.script()
    async with connect(transport, revision, script, stateless=stateless) as client:
        result = await client.call_tool(wizard.tool, wizard.arguments)
        script.assert_done()
        await wizard.check(client, created(result))
    # The last question is the summary of every answer.
    assert script.messages()[-1].startswith("Create ")


@pytest.mark.parametrize("name", WIZARDS)
async def test_stateless_http_legacy_client_gets_the_alternative(name: str) -> None:
    wizard = WIZARDS[name]
    script = wizard.script()
    async with connect("http", LEGACY, script, stateless=True) as client:
        result = await client.call_tool(wizard.tool, wizard.arguments)
    assert result.is_error
    assert f"`{wizard.alternative}`" in text(result)
    assert script.asked == [], "no question can reach a 2025-11-25 client on stateless HTTP"


async def test_the_summary_escapes_what_the_user_typed() -> None:
    script = issue_script()
    async with connect("stdio", MRTR, script) as client:
        created(await client.call_tool("gitlab_interactive_issue_create", {"project_id": 1}))
    summary = script.messages()[-1]
    assert summary.startswith("Create issue in project `1`?\n\n- Title: `Crash on login`")
    assert "https[:]//example.com" in summary, summary
    assert "- Labels: `bug, ui`" in summary
    assert summary.endswith("- Confidential: Yes")


@pytest.mark.parametrize("revision", [pytest.param(LEGACY, id=LEGACY), pytest.param(MRTR, id=MRTR)])
async def test_a_wizard_runs_through_the_dynamic_surface(revision: str) -> None:
    script = issue_script()
    async with connect("stdio", revision, script, surface="dynamic") as client:
        result = await client.call_tool(
            "gitlab_execute_action", {"action": "interactive.issue_create", "params": {"project_id": 1}}
        )
        script.assert_done()
        issue = created(result)
        assert issue["title"] == "Crash on login"
        found = await client.call_tool(
            "gitlab_execute_action", {"action": "issue.get", "params": {"project_id": 1, "issue_iid": issue["iid"]}}
        )
        assert created(found)["iid"] == issue["iid"]
