"""Resources, prompts and completions with the official Python SDK: one template read (an
issue), one prompt (`explain_failed_pipeline`, embedding the failed job's log) and one
completion (projects, then merge requests of the chosen project), on every route, with
what names nothing answered as each revision defines it.
"""

from __future__ import annotations

import pytest
from mcp import MCPError

import mcp_types as types
from harness import LEGACY, MRTR, connect

pytestmark = pytest.mark.anyio

ROUTES = [
    pytest.param("stdio", LEGACY, True, id="stdio-2025-11-25"),
    pytest.param("stdio", MRTR, True, id="stdio-2026-07-28"),
    pytest.param("http", MRTR, True, id="http-stateless-2026-07-28"),
    pytest.param("http", LEGACY, False, id="http-stateful-2025-11-25"),
]

ISSUE = "gitlab://projects/demo%2Fsandbox/issues/1"


@pytest.mark.parametrize(("transport", "revision", "stateless"), ROUTES)
async def test_an_issue_resource(transport: str, revision: str, stateless: bool) -> None:
    async with connect(transport, revision, stateless=stateless) as client:
        templates = await client.list_resource_templates()
        assert "gitlab://projects/{project}/issues/{iid}" in [t.uri_template for t in templates.resource_templates]
        listed = await client.list_resources()
        assert [r.uri for r in listed.resources] == ["gitlab://projects/demo%2Fsandbox"]

        read = await client.read_resource(ISSUE)
        [contents] = read.contents
        assert isinstance(contents, types.TextResourceContents)
        assert (contents.uri, contents.mime_type) == (ISSUE, "text/markdown")
        assert contents.text.startswith("# Issue #1: Tokenizer drops the last token\n"), contents.text
        assert "- **Labels:** `bug`" in contents.text

        missing = "gitlab://projects/demo%2Fsandbox/issues/99"
        with pytest.raises(MCPError) as raised:
            await client.read_resource(missing)
        # "Resource not found": -32002 up to 2025-11-25, -32602 from 2026-07-28 on.
        assert raised.value.code == (-32002 if revision == LEGACY else -32602)
        assert raised.value.data == {"uri": missing}
        assert missing in raised.value.message


@pytest.mark.parametrize(("transport", "revision", "stateless"), ROUTES)
async def test_the_failed_pipeline_prompt(transport: str, revision: str, stateless: bool) -> None:
    async with connect(transport, revision, stateless=stateless) as client:
        prompts = await client.list_prompts()
        explain = next(p for p in prompts.prompts if p.name == "explain_failed_pipeline")
        assert [(a.name, a.required) for a in explain.arguments or []] == [("project", True), ("pipeline", False)]

        result = await client.get_prompt("explain_failed_pipeline", {"project": "demo/sandbox"})
        kinds = [message.content.type for message in result.messages]
        assert kinds == ["text", "resource", "resource", "text"], kinds
        pipeline, log = result.messages[1].content, result.messages[2].content
        assert isinstance(pipeline, types.EmbeddedResource) and isinstance(log, types.EmbeddedResource)
        assert pipeline.resource.uri == "gitlab://projects/demo%2Fsandbox/pipelines/2"
        assert log.resource.uri == "gitlab://projects/demo%2Fsandbox/jobs/6/log"
        assert isinstance(log.resource, types.TextResourceContents)
        assert "error: test failed" in log.resource.text
        assert "\x1b" not in log.resource.text

        with pytest.raises(MCPError) as raised:
            await client.get_prompt("explain_failed_pipeline", {"project": "demo/sandbox", "pipeline": "first"})
        assert raised.value.code == -32602
        assert "`pipeline` must be a number" in raised.value.message


@pytest.mark.parametrize(("transport", "revision", "stateless"), ROUTES)
async def test_completing_a_project_then_a_merge_request(transport: str, revision: str, stateless: bool) -> None:
    async with connect(transport, revision, stateless=stateless) as client:
        review = types.PromptReference(name="review_merge_request")
        projects = await client.complete(review, {"name": "project", "value": "sand"})
        assert projects.completion.values == ["demo/sandbox"]
        assert (projects.completion.total, projects.completion.has_more) == (1, False)

        # Without the project there is nothing to offer yet; with it, the numbers and titles.
        nothing = await client.complete(review, {"name": "iid", "value": ""})
        assert (nothing.completion.values, nothing.completion.total) == ([], 0)
        merge_requests = await client.complete(review, {"name": "iid", "value": "fix"}, {"project": "demo/sandbox"})
        assert merge_requests.completion.values == ["1 — Fix off-by-one in tokenizer"]

        # A template's variable gets the bare number, to go into the URI.
        template = types.ResourceTemplateReference(uri="gitlab://projects/{project}/merge_requests/{iid}")
        bare = await client.complete(template, {"name": "iid", "value": "1"}, {"project": "demo/sandbox"})
        assert bare.completion.values == ["1"]
