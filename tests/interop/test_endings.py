"""How a wizard ends when it does not create anything: a client with no
elicitation is pointed to the one-call alternative, and a cancel, the decline of a required
question or a no at the summary end the flow. Nothing reaches GitLab on any of them.
"""

from __future__ import annotations

import pytest
from mcp import Client

from harness import LEGACY, MRTR, Script, accept, cancel, connect, created, decline, gitlab, text

pytestmark = pytest.mark.anyio

BOTH = [pytest.param(LEGACY, id=LEGACY), pytest.param(MRTR, id=MRTR)]


async def issue_titles(client: Client) -> list[str]:
    listed = created(await gitlab(client, "gitlab_issue", "list", project_id=1))
    return [issue["title"] for issue in listed["items"]]


@pytest.mark.parametrize(
    ("transport", "revision"),
    [
        pytest.param("stdio", LEGACY, id="stdio-2025-11-25"),
        pytest.param("stdio", MRTR, id="stdio-2026-07-28"),
        pytest.param("http", MRTR, id="http-stateless-2026-07-28"),
    ],
)
async def test_a_client_without_elicitation_is_pointed_to_the_alternative(transport: str, revision: str) -> None:
    async with connect(transport, revision, script=None) as client:
        result = await client.call_tool("gitlab_interactive_release_create", {"project_id": 1})
        assert result.is_error
        assert "does not support elicitation" in text(result)
        assert "`release.create`" in text(result)
        assert result.structured_content is None
        # The alternative itself works without any question.
        release = created(
            await gitlab(client, "gitlab_release", "create", project_id=1, tag_name="v1.0.0", name="One call")
        )
        assert release["name"] == "One call"


@pytest.mark.parametrize("revision", BOTH)
async def test_cancel_ends_the_wizard_and_creates_nothing(revision: str) -> None:
    script = Script(accept("title", "Never filed"), accept("description", ""), cancel("labels"))
    async with connect("stdio", revision, script) as client:
        result = await client.call_tool("gitlab_interactive_issue_create", {"project_id": 1})
        script.assert_done()
        assert result.is_error
        assert text(result) == "Issue creation cancelled by user."
        assert result.structured_content is None
        assert "Never filed" not in await issue_titles(client)


@pytest.mark.parametrize("revision", BOTH)
async def test_declining_a_required_question_cancels(revision: str) -> None:
    script = Script(accept("source_branch", "feature/x"), decline("target_branch"))
    async with connect("stdio", revision, script) as client:
        result = await client.call_tool("gitlab_interactive_mr_create", {"project_id": 1})
        script.assert_done()
        assert result.is_error
        assert text(result) == "Merge request creation cancelled by user."


@pytest.mark.parametrize("revision", BOTH)
async def test_declined_optional_questions_are_skipped_and_an_unticked_summary_creates_nothing(revision: str) -> None:
    script = Script(
        accept("title", "Declined extras"),
        decline("description"),
        decline("labels"),
        decline("confirmed"),  # confidential
        accept("confirmed", False),  # the summary: Accept with its box unticked
    )
    async with connect("stdio", revision, script) as client:
        result = await client.call_tool("gitlab_interactive_issue_create", {"project_id": 1})
        script.assert_done()
        # Said as what happened, not as a cancel the user never pressed.
        assert text(result) == "Not created: the box 'Create the issue' was not ticked."
        assert "Declined extras" not in await issue_titles(client)
    # The summary shows only what was answered.
    assert script.messages()[-1] == "Create issue in project `1`?\n\n- Title: `Declined extras`"


async def test_a_malformed_answer_is_an_error_not_a_cancellation() -> None:
    # A client that answers the visibility choice with a value it was not offered.
    script = Script(accept("name", "bad-choice"), accept("description", ""), accept("selection", "secret"))
    async with connect("stdio", MRTR, script) as client:
        result = await client.call_tool("gitlab_interactive_project_create", {})
    script.assert_done()
    assert result.is_error
    assert text(result).startswith("collecting visibility: ")
