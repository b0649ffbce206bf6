"""python-gitlab, the most used GitLab client library, against the sandbox GitLab the
binary serves under `--sandbox`: every kind of object the server's newer actions reach is
created, listed, read and acted on through python-gitlab's own objects, so the sandbox's
shapes and routes are GitLab's as a real client reads them, not only as the server does.
"""

from __future__ import annotations

import re
import subprocess
import time
from collections.abc import Iterator

import gitlab
import pytest

from harness import BINARY, STARTUP_TIMEOUT, server_env


@pytest.fixture(scope="module")
def gl() -> Iterator[gitlab.Gitlab]:
    """A client of the sandbox GitLab of one `--sandbox` server (its URL read from stderr)."""
    process = subprocess.Popen(
        [str(BINARY), "--sandbox"],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=server_env("dynamic"),
        text=True,
    )
    try:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        url = None
        while url is None:
            line = process.stderr.readline()
            if not line or time.monotonic() > deadline:
                raise RuntimeError("the server never said where its sandbox GitLab is")
            found = re.search(r"sandbox GitLab at (http://127\.0\.0\.1:\d+/)", line)
            url = found and found.group(1)
        yield gitlab.Gitlab(url, private_token="any-token-works-here")
    finally:
        process.stdin.close()
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture
def project(gl: gitlab.Gitlab):
    return gl.projects.get("demo/sandbox")


def test_snippets(project) -> None:
    made = project.snippets.create(
        {"title": "Tokenize", "file_name": "demo.rs", "content": "let w = tokenize(t);\n", "visibility": "private"}
    )
    assert made.web_url.endswith(f"/-/snippets/{made.id}")
    snippet = project.snippets.get(made.id)
    assert snippet.content() == b"let w = tokenize(t);\n"
    snippet.title = "Renamed"
    snippet.save()
    assert [s.title for s in project.snippets.list() if s.id == made.id] == ["Renamed"]
    snippet.delete()
    with pytest.raises(gitlab.GitlabGetError):
        project.snippets.get(made.id)


def test_access_requests(gl: gitlab.Gitlab) -> None:
    handbook = gl.projects.get("community/handbook")
    assert [r.username for r in handbook.accessrequests.list()] == ["bob"]
    mine = handbook.accessrequests.create({})
    assert mine.username == "sandbox-user"
    bob = next(r for r in handbook.accessrequests.list() if r.username == "bob")
    bob.approve(access_level=gitlab.const.AccessLevel.REPORTER)
    assert any(m.username == "bob" and m.access_level == 20 for m in handbook.members.list())
    community = gl.groups.get("community")
    requests = community.accessrequests.list()
    assert [r.username for r in requests] == ["bob"]
    requests[0].delete()
    assert community.accessrequests.list() == []


def test_groups_and_namespaces(gl: gitlab.Gitlab) -> None:
    platform = gl.groups.create({"name": "Platform", "path": "platform", "parent_id": 4})
    assert (platform.full_path, platform.parent_id, platform.full_name) == ("demo/platform", 4, "Demo / Platform")
    demo = gl.groups.get("demo")
    assert [g.full_path for g in demo.subgroups.list()] == ["demo/platform"]
    assert [g.full_path for g in demo.descendant_groups.list()] == ["demo/platform"]
    platform.description = "Shared services"
    platform.save()
    assert gl.groups.get(platform.id).description == "Shared services"
    namespaces = {n.full_path: n.kind for n in gl.namespaces.list()}
    assert namespaces["sandbox-user"] == "user" and namespaces["demo/platform"] == "group"
    assert gl.namespaces.get("demo").kind == "group"


def test_commit_statuses_comments_merge_requests_and_revert(project) -> None:
    head = project.commits.get("main")
    head.statuses.create({"state": "success", "name": "ci/lint", "target_url": "https://ci.example.com/1"})
    statuses = {s.name: s.status for s in head.statuses.list(all=True)}
    assert statuses["ci/lint"] == "success" and statuses["test"] == "failed"
    head.comments.create({"note": "Why this test?", "path": "tests/tokenizer.rs", "line": 1, "line_type": "new"})
    assert [c.note for c in head.comments.list()] == ["Why this test?"]
    fix = project.commits.get("fix/tokenizer")
    assert [mr["iid"] for mr in fix.merge_requests()] == [1]
    assert head.revert(branch="main", dry_run=True) == {"dry_run": "success"}


def test_blame(project) -> None:
    blame = project.files.blame("src/tokenizer.rs", "main")
    lines = [line for group in blame for line in group["lines"]]
    text = project.files.get("src/tokenizer.rs", ref="main").decode().decode()
    assert lines == text.splitlines()
    assert all(group["commit"]["id"] for group in blame)


def test_events(gl: gitlab.Gitlab, project) -> None:
    actions = {e.action_name for e in project.events.list(get_all=True)}
    assert {"opened", "commented on", "pushed to"} <= actions
    assert all(e.author_username == "alice" for e in gl.users.get(2).events.list(get_all=True))


def test_subscriptions_and_time_tracking(project) -> None:
    issue = project.issues.get(2)
    issue.subscribe()
    assert project.issues.get(2).subscribed is True
    issue.unsubscribe()
    assert project.issues.get(2).subscribed is False
    issue.time_estimate("3h30m")
    stats = issue.add_spent_time("1h")
    assert (stats["time_estimate"], stats["total_time_spent"], stats["human_time_estimate"]) == (12600, 3600, "3h 30m")
    merge_request = project.mergerequests.get(1)
    merge_request.add_spent_time("45m")
    assert project.mergerequests.get(1).time_stats()["total_time_spent"] == 2700


def test_merge_request_diff_versions(project) -> None:
    merge_request = project.mergerequests.get(1)
    versions = merge_request.diffs.list()
    assert versions and versions[0].head_commit_sha == merge_request.sha
    assert merge_request.diffs.get(versions[0].id).diffs


def test_pipelines_jobs_and_artifacts(project) -> None:
    pipeline = project.pipelines.get(2)
    assert pipeline.bridges.list() == []
    summary = pipeline.test_report_summary.get()
    assert (summary.total["count"], summary.total["failed"]) == (4, 1)
    job = project.jobs.get(6)
    assert job.artifact("reports/junit.xml").startswith(b"<?xml")
    job.keep_artifacts()
    assert project.jobs.get(6).artifacts_expire_at is None
    job.delete_artifacts()
    with pytest.raises(gitlab.GitlabGetError):
        job.artifact("reports/junit.xml")


def test_languages_and_stars(project) -> None:
    assert project.languages() == {"Rust": 100.0}
    before = project.star_count
    project.star()
    assert project.star_count == before + 1
    project.unstar()
    assert project.star_count == before


def test_settings_records(gl: gitlab.Gitlab, project) -> None:
    # Freeze periods too are served, but python-gitlab has no object for them.
    project.variables.create({"key": "DEPLOY_TOKEN", "value": "s3cret-value", "masked": True})
    assert project.variables.get("DEPLOY_TOKEN").masked is True
    hook = project.hooks.create({"url": "https://example.com/hook", "token": "secret"})
    assert not hasattr(project.hooks.get(hook.id), "token")
    schedule = project.pipelineschedules.create({"description": "Nightly", "ref": "main", "cron": "0 1 * * *"})
    assert project.pipelineschedules.get(schedule.id).cron == "0 1 * * *"
    assert project.triggers.create({"description": "deploy"}).token.startswith("glptt-")
    environment = project.environments.create({"name": "staging", "external_url": "https://staging.example.com"})
    assert project.environments.get(environment.id).state == "available"
    badge = project.badges.create({"link_url": "https://example.com", "image_url": "https://example.com/b.svg"})
    assert project.badges.get(badge.id).link_url == "https://example.com"
    assert project.protectedtags.create({"name": "v*"}).name == "v*"
    group = gl.groups.get(4)
    assert group.labels.create({"name": "team", "color": "#00aa00"}).name == "team"
    assert group.milestones.create({"title": "Q1"}).title == "Q1"


def test_reviews_and_releases(project) -> None:
    issue = project.issues.get(1)
    issue.awardemojis.create({"name": "thumbsup"})
    assert project.issues.get(1).upvotes == 1
    merge_request = project.mergerequests.get(1)
    draft = merge_request.draft_notes.create({"note": "Why a new type here?"})
    assert [d.note for d in merge_request.draft_notes.list()] == ["Why a new type here?"]
    draft.publish()
    assert merge_request.draft_notes.list() == []
    project.releases.create({"tag_name": "v1.0.0", "name": "One"})
    link = project.releases.get("v1.0.0").links.create({"name": "Docs", "url": "https://example.com/docs"})
    assert link.name == "Docs"
