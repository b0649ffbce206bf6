//! The demo data every sandbox starts with (documented, with its ids, in the crate docs).
//! Everything is dated in the week of 2026-01-05 and every id is fixed, so tests and docs
//! can name them. A new store is a seeded one: `Store::new` lives here.

mod ci_log;
mod junit;
mod pipelines;
mod repository;
mod security;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use url::Url;

use super::ids::Ids;
use super::issues::Issue;
use super::labels::Label;
use super::merge_requests::MergeRequest;
use super::milestones::Milestone;
use super::notes::{Discussion, Note, Position, PositionKind};
use super::people::{CURRENT_USER, Group, Member, Namespace, User, access};
use super::record_kinds::ACCESS_REQUESTS;
use super::records::Owner;
use super::repository::objects::Person;
use super::repository::protected_branches::ProtectedBranch;
use super::state::Store;
use super::timestamps::{seed_time, timestamp};
use super::todos::Todo;
use super::wiki::WikiPage;

const ALICE: u64 = 2;
const BOB: u64 = 3;
/// Group ids share GitLab's namespace ids with the users' own namespaces (1 to 3).
const DEMO_GROUP: u64 = 4;
/// A public group the sandbox's user is not in, so that asking to join has somewhere to go.
const COMMUNITY_GROUP: u64 = 5;
const HANDBOOK_PROJECT: u64 = 100;

impl Store {
    /// The demo data described in the crate documentation.
    pub fn new(base: &Url) -> Store {
        let mut store = Store {
            base: base.as_str().trim_end_matches('/').to_owned(),
            users: BTreeMap::new(),
            groups: BTreeMap::new(),
            projects: BTreeMap::new(),
            issue_links: Vec::new(),
            todos: Vec::new(),
            records: BTreeMap::new(),
            tracking: Default::default(),
            planning: Default::default(),
            oauth: Default::default(),
            registry: Default::default(),
            runners: Vec::new(),
            ids: Ids::default(),
        };
        seed(&mut store);
        store
    }
}

impl Store {
    /// The demo data and the showcase on top of it: what `--sandbox` serves a person
    /// trying the server. The showcase is a merge request that can be merged as it is (no
    /// approval required, no pipeline), its author asking for a squash and the source
    /// branch's removal, so that the merge wizard reaches its questions; the demo data
    /// alone, which the tests are written against, has none.
    pub fn showcase(base: &Url) -> Store {
        let mut store = Store::new(base);
        let id = store
            .project_id(crate::DEMO_PROJECT)
            .expect("the demo project is seeded");
        let bob = store.user(BOB);
        let bob = Person::new(&bob.name, &bob.email);
        let project = store.projects.get_mut(&id).expect("seeded");
        let main = project.repository.branches["main"].clone();
        let docs = repository::docs_branch(&mut project.repository, &bob, &main);
        let at = |day, hour, minute| timestamp(seed_time(day, hour, minute));
        let iid = project.merge_request_iid();
        project.merge_requests.insert(
            iid,
            MergeRequest {
                id: Ids::next(&mut store.ids.merge_request),
                iid,
                title: "Say what a token is in the README".to_owned(),
                description: Some(
                    "The README shows `tokenize` but never says what it returns.".to_owned(),
                ),
                author_id: BOB,
                assignee_ids: vec![BOB],
                reviewer_ids: Vec::new(),
                reviewer_states: Default::default(),
                labels: Vec::new(),
                milestone_id: None,
                state: "opened",
                source_branch: "docs/tokens".to_owned(),
                target_branch: "main".to_owned(),
                sha: docs,
                force_remove_source_branch: true,
                merge_when_pipeline_succeeds: false,
                squash: true,
                discussion_locked: None,
                created_at: at(8, 11, 5),
                updated_at: at(8, 11, 5),
                merged_at: None,
                merged_by: None,
                closed_at: None,
                closed_by: None,
                merge_commit_sha: None,
                squash_commit_sha: None,
                discussions: Vec::new(),
                approvals_required: 0,
                approvals: Vec::new(),
                merge_error: None,
                merged_refs: None,
            },
        );
        store
    }
}

fn seed(store: &mut Store) {
    let joined = timestamp(seed_time(0, 8, 0));
    for (id, username, name, bio) in [
        (
            CURRENT_USER,
            "sandbox-user",
            "Sandbox User",
            "The sandbox's own user: every token acts as me.",
        ),
        (
            ALICE,
            "alice",
            "Alice Example",
            "Maintainer of the sandbox crate.",
        ),
        (BOB, "bob", "Bob Builder", "Keeps the pipelines green."),
    ] {
        store.users.insert(
            id,
            User {
                id,
                username: username.to_owned(),
                name: name.to_owned(),
                email: format!("{username}@example.com"),
                bio: bio.to_owned(),
                is_admin: id == CURRENT_USER,
                created_at: joined.clone(),
            },
        );
    }
    let member = |user_id: u64, access_level: u8| Member {
        user_id,
        access_level,
        created_at: joined.clone(),
    };
    store.groups.insert(
        DEMO_GROUP,
        Group {
            id: DEMO_GROUP,
            name: "Demo".to_owned(),
            path: "demo".to_owned(),
            description: "The sandbox's demo group".to_owned(),
            visibility: "private".to_owned(),
            created_at: joined.clone(),
            members: vec![member(CURRENT_USER, access::OWNER)],
            parent_id: None,
        },
    );

    let id = store.add_project(
        "sandbox",
        "sandbox",
        Namespace::Group(DEMO_GROUP),
        "private",
        None,
    );
    let people = [CURRENT_USER, ALICE, BOB].map(|u| {
        let user = store.user(u);
        Person::new(&user.name, &user.email)
    });
    let project = store.projects.get_mut(&id).expect("just added");
    project.description =
        Some("The sandbox's demo project: a tiny Rust tokenizer. Try every tool here.".to_owned());
    project.created_at = joined.clone();
    project.last_activity_at = timestamp(seed_time(8, 10, 20));
    project.members = vec![
        member(CURRENT_USER, access::OWNER),
        member(ALICE, access::MAINTAINER),
        member(BOB, access::DEVELOPER),
    ];
    let history = repository::build(&mut project.repository, &people);
    store.ids.protected_branch = 1;
    store.ids.access_level = 2;
    project.repository.protected.insert(
        "main".to_owned(),
        ProtectedBranch {
            id: 1,
            name: "main".to_owned(),
            push_access_level: access::MAINTAINER,
            merge_access_level: access::MAINTAINER,
            allow_force_push: false,
            access_ids: (1, 2),
        },
    );

    project.labels = vec![
        label(&mut store.ids, "bug", "#d9534f", "Something isn't working"),
        label(&mut store.ids, "feature", "#1f75cb", "New functionality"),
    ];
    let milestone_id = Ids::next(&mut store.ids.milestone);
    let iid = project.milestone_iid();
    project.milestones.insert(
        iid,
        Milestone {
            id: milestone_id,
            iid,
            title: "v1.1".to_owned(),
            description: Some("Tokenizer fixes and the word counter".to_owned()),
            state: "active",
            due_date: Some("2026-02-27".to_owned()),
            start_date: Some("2026-01-05".to_owned()),
            created_at: timestamp(seed_time(2, 16, 0)),
            updated_at: timestamp(seed_time(2, 16, 0)),
        },
    );
    for page in [
        WikiPage::new(&mut store.ids, "Home", HOME_PAGE),
        WikiPage::new(&mut store.ids, "Release process", RELEASE_PAGE),
    ] {
        project.wiki.insert(page.slug.clone(), page);
    }

    let at = |day, hour, minute| timestamp(seed_time(day, hour, minute));
    let ids = &mut store.ids;
    let mut first = Issue::new(
        Ids::next(&mut ids.issue),
        project.issue_iid(),
        "Tokenizer drops the last token",
        BOB,
        &at(7, 10, 30),
    );
    first.description = Some("`tokenize(\"hello world\")` returns only `hello`: a text that does not end in punctuation loses its last word.\n\nThe `test` job of the latest pipeline on `main` fails on it.".to_owned());
    first.assignee_ids = vec![ALICE];
    first.labels = vec!["bug".to_owned()];
    first.milestone_id = Some(milestone_id);
    first.updated_at = at(8, 9, 10);
    let confirmed = Note::new(
        ids,
        ALICE,
        "Confirmed: the loop stops one short of its end-of-text sentinel. Fix coming in !1.",
        &at(7, 11, 2),
    );
    let mut thread = Discussion::thread(ids, confirmed, false);
    thread.reply(Note::new(
        ids,
        BOB,
        "Thanks! I'll review it.",
        &at(8, 9, 10),
    ));
    first.discussions.push(thread);
    let mut second = Issue::new(
        Ids::next(&mut ids.issue),
        project.issue_iid(),
        "Document feature X",
        ALICE,
        &at(6, 10, 45),
    );
    second.description = Some(
        "Once `feature/x` lands, the user guide needs a section on the word counter.".to_owned(),
    );
    second.labels = vec!["feature".to_owned()];
    for issue in [first, second] {
        project.issues.insert(issue.iid, issue);
    }

    let main_head = history.main.clone();
    let mut review = Note::new(
        ids,
        BOB,
        "So `..=` makes the loop visit the sentinel at `chars.len()`, which is what flushes the last word. Could the comment above the loop say so?",
        &at(8, 9, 30),
    );
    review.position = Some(Position {
        base_sha: main_head.clone(),
        start_sha: main_head.clone(),
        head_sha: history.fix.clone(),
        old_path: "src/tokenizer.rs".to_owned(),
        new_path: "src/tokenizer.rs".to_owned(),
        old_line: None,
        new_line: Some(repository::fixed_line()),
        kind: PositionKind::Text,
    });
    let mut thread = Discussion::thread(ids, review, true);
    thread.reply(Note::new(ids, ALICE, "It does already (\"Position `chars.len()` is a sentinel separator\"); happy to expand it if you like.", &at(8, 10, 5)));
    let waiting = Note::new(
        ids,
        BOB,
        "I'll approve once the pipeline is green.",
        &at(8, 10, 20),
    );
    let waiting = Discussion::individual(ids, waiting);
    let iid = project.merge_request_iid();
    project.merge_requests.insert(iid, MergeRequest {
        id: Ids::next(&mut ids.merge_request),
        iid,
        title: "Fix off-by-one in tokenizer".to_owned(),
        description: Some("The tokenizer loop stopped before its end-of-text sentinel, so a trailing word was dropped.\n\nCloses #1".to_owned()),
        author_id: ALICE,
        assignee_ids: vec![ALICE],
        reviewer_ids: vec![BOB],
        reviewer_states: Default::default(),
        labels: vec!["bug".to_owned()],
        milestone_id: Some(milestone_id),
        state: "opened",
        source_branch: "fix/tokenizer".to_owned(),
        target_branch: "main".to_owned(),
        sha: history.fix.clone(),
        force_remove_source_branch: true,
        merge_when_pipeline_succeeds: false,
        squash: false,
        discussion_locked: None,
        created_at: at(8, 9, 0),
        updated_at: at(8, 10, 20),
        merged_at: None,
        merged_by: None,
        closed_at: None,
        closed_by: None,
        merge_commit_sha: None,
        squash_commit_sha: None,
        discussions: vec![thread, waiting],
        approvals_required: 1,
        approvals: Vec::new(),
        merge_error: None,
        merged_refs: None,
    });

    let path = crate::DEMO_PROJECT;
    let runs = [
        (
            "main",
            &history.v1,
            BOB,
            seed_time(2, 14, 41),
            [Some(true), Some(true), Some(true)],
        ),
        (
            "main",
            &history.main,
            ALICE,
            seed_time(7, 9, 46),
            [Some(true), Some(false), Some(true)],
        ),
        (
            "fix/tokenizer",
            &history.fix,
            ALICE,
            seed_time(8, 8, 56),
            [Some(true), None, None],
        ),
    ];
    for (ref_name, sha, pusher, created, outcomes) in runs {
        let before = project
            .repository
            .commit(sha)
            .and_then(|c| c.parents.first().cloned())
            .unwrap_or_default();
        let pipeline_iid = project.pipeline_iid();
        let mut pipeline = pipelines::pipeline(
            ids,
            pipeline_iid,
            path,
            ref_name,
            sha,
            &before,
            created,
            outcomes,
        );
        pipeline.user_id = pusher;
        project.pipelines.insert(pipeline.id, pipeline);
    }
    // The current user's to-do list: alice mentioned them on issue #1, and they marked
    // merge request !1 to come back to.
    let demo = store
        .project_id(crate::DEMO_PROJECT)
        .expect("the demo project was just made");
    for (author_id, action_name, target_type, at) in [
        (ALICE, "mentioned", "Issue", seed_time(7, 10, 2)),
        (CURRENT_USER, "marked", "MergeRequest", seed_time(8, 9, 30)),
    ] {
        let at = timestamp(at);
        store.todos.push(Todo {
            id: Ids::next(&mut store.ids.todo),
            project_id: demo,
            author_id,
            action_name,
            target_type,
            target_iid: 1,
            state: "pending",
            created_at: at.clone(),
            updated_at: at,
        });
    }
    super::registry::seed(store, demo);
    store.seed_runners(demo, DEMO_GROUP);
    community(store);
    security::seed(store, demo);
    store.seed_planning();
}

/// Group 5 `community` and its project 100 `community/handbook`, both public and alice's,
/// with bob's pending requests to join each: the sandbox's user is in neither, so it can
/// ask to join, and approve or deny bob as an owner would (it is an admin).
fn community(store: &mut Store) {
    // Made before the demo project: the demo stays the newest of what a sandbox starts with.
    let joined = timestamp(seed_time(0, 7, 0));
    let alice = Member {
        user_id: ALICE,
        access_level: access::OWNER,
        created_at: joined.clone(),
    };
    store.groups.insert(
        COMMUNITY_GROUP,
        Group {
            id: COMMUNITY_GROUP,
            name: "Community".to_owned(),
            path: "community".to_owned(),
            description: "Where the sandbox's users share notes".to_owned(),
            visibility: "public".to_owned(),
            created_at: joined.clone(),
            members: vec![alice.clone()],
            parent_id: None,
        },
    );
    let added = store.add_project(
        "handbook",
        "handbook",
        Namespace::Group(COMMUNITY_GROUP),
        "public",
        None,
    );
    // Its id is fixed apart from the ones a session's new projects get (from 2).
    let mut project = store.projects.remove(&added).expect("just added");
    store.ids.project -= 1;
    let id = HANDBOOK_PROJECT;
    project.id = id;
    store.projects.insert(id, project);
    let project = store.projects.get_mut(&id).expect("just added");
    project.description = Some("The community's handbook".to_owned());
    project.created_at = joined.clone();
    project.creator_id = ALICE;
    project.members = vec![alice];
    for owner in [Owner::Group(COMMUNITY_GROUP), Owner::Project(id)] {
        let mut request = store.user_json(BOB);
        request["requested_at"] = serde_json::json!(timestamp(seed_time(2, 14, 0)));
        store.record_insert(&owner, &ACCESS_REQUESTS, &request);
    }
}

fn label(ids: &mut Ids, name: &str, color: &str, description: &str) -> Label {
    Label {
        id: Ids::next(&mut ids.label),
        name: name.to_owned(),
        color: color.to_owned(),
        description: Some(description.to_owned()),
        priority: None,
    }
}

const HOME_PAGE: &str = "# Sandbox wiki

Welcome to the wiki of the `sandbox` crate.

- [Release process](Release-process)
- The [user guide](../-/blob/main/docs/guide.md) lives in the repository.
";

const RELEASE_PAGE: &str = "# Release process

1. Make sure the latest pipeline on `main` passed.
2. Tag the release: `vMAJOR.MINOR.PATCH`, annotated.
3. Create the release from the tag, with the changes since the previous one.
";
