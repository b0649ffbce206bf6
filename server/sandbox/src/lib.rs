//! A GitLab that lives in memory, on a loopback port: the subset of REST v4 the server uses,
//! with GitLab's rules, status codes, error bodies, pagination headers and field names.
//!
//! `--sandbox` runs the server against it so anyone can try every tool with no GitLab account;
//! the tests use it as their fake GitLab (it records every request and can be told to fail).
//! State lives as long as the [`Sandbox`]. Any token, or none, is accepted: every request acts
//! as `sandbox-user`, owner and admin of everything. The one exception: an OAuth access token
//! the sandbox issued itself is refused once expired or revoked (see OAuth below).
//!
//! # What it serves
//!
//! Projects (`/projects[/:id]`, forking, archiving: an archived project refuses every change
//! to its content with `403 Forbidden`), issues, merge requests (one shows its
//! `head_pipeline`: the newest pipeline of the source head) and merging (a real merge
//! commit, or a squash commit then the merge; with `merge_when_pipeline_succeeds` while the
//! head pipeline runs, the merge request is set to merge when it succeeds, which never
//! happens here), releases, and the repository: branches,
//! protected branches, tags, commits (list, one, diff, and committing file actions), the tree,
//! compare, and files (`…/files/:file_path[/raw]`, create, update, delete).
//!
//! CI: pipelines (list, one, create from the `.gitlab-ci.yml` of a branch or tag, retry,
//! cancel, delete, their jobs and variables) and jobs (one, the raw log, retry, cancel, play,
//! erase, the project's list; artifacts: one file of the archive, keep, delete), a
//! pipeline's bridges (its `trigger:` jobs, which the jobs routes leave out) and its
//! `test_report_summary` (from its jobs' JUnit reports). Nothing runs by itself: a job keeps the status the last action
//! gave it, and a pipeline's status follows GitLab's rule from its jobs'. Planning: labels,
//! milestones (with their issues and merge requests) and the wiki. People: `/user`, `/users`,
//! project and group members, `/groups`. Mirrors: the pull mirror (`…/mirror/pull`: read —
//! `404 Not found` until it is first configured —, configure, start) and push mirrors
//! (`…/remote_mirrors`: list, one, add); a mirror's credentials always show as `*****`.
//! Search at the instance, group and project levels,
//! with the scopes GitLab Community Edition allows at each (code, commits, notes and wiki
//! pages only in a project).
//!
//! Reviews: a merge request's `diffs`, `changes`, `commits` and `pipelines`; `approve`,
//! `unapprove`, `approvals` and `approval_state` (one "All Members" rule; the author may not
//! approve); `rebase` (done at once: the source's own commits are replayed on the target head,
//! or `merge_error` says why not). Notes and discussions on issues and merge requests
//! (comments, threads, replies, resolving merge request threads, and diff threads whose
//! `position` must point at a line of the diff; their quick actions run, see below), and
//! issue links (`…/issues/:iid/links`). Emoji reactions on issues and merge requests, draft
//! notes (publishing makes them notes),
//! and who takes part (`…/participants`); the repository's contributors. Subscribing to
//! issues and merge requests (participants are subscribed until they unsubscribe), their time
//! tracking (`time_stats`, estimates, spent time), a merge request's diff `versions` (one: its
//! diff as it stands), starring projects and a project's `languages`.
//!
//! GitLab Premium's review routes: approval rules of a project and of a merge request,
//! a project's approval settings (`…/approvals`), merge trains (a car stays `idle`: no
//! train pipeline runs), merge request dependencies (`…/blocks`); the issues a merge
//! request closes or mentions; emoji reactions on comments (`…/notes/:note_id/award_emoji`);
//! Markdown uploads, sent as `multipart/form-data` (`POST`, `GET`, `DELETE …/uploads`; this
//! instance's `max_attachment_size` is 5 MiB).
//!
//! Activity events (`/events`, `/users/:id/events`, `/projects/:id/events`), derived from
//! the records: a project's creation, issues and merge requests opened, closed or merged,
//! notes, and the pushes the `push` pipelines ran for.
//!
//! Resource events of issues and merge requests (`…/resource_label_events`,
//! `…/resource_milestone_events`, `…/resource_state_events`, list and one), recorded as the
//! changes happen. Issue boards of a project and their label lists (`…/boards[/:id/lists]`;
//! moving a list shifts the others; a project keeps its last board). A group's epics
//! (`/groups/:id/epics`: list with GitLab's filters, one, create, update, delete; their
//! issues, assigned by global id; child epics, without cycles) and iterations
//! (`/groups/:id/iterations`, `/projects/:id/iterations`, their state from today's date).
//!
//! Settings-like records, each kind declared once with GitLab's fields, defaults and checks
//! (`store::record_kinds`) and served by one set of routes: CI/CD variables (project and
//! group), webhooks (the secret token never shown; `…/test/:trigger`), pipeline schedules
//! (`…/play`, `…/take_ownership`), trigger tokens, environments (`…/stop`,
//! `…/stop_stale`), deployments (one to a new environment makes it), deploy freeze periods,
//! deploy keys, badges (project and group), protected tags, release asset links and group
//! labels and milestones. None of them does anything by itself: a schedule never fires, a
//! webhook is never called. Each kind refuses what GitLab's route and model refuse, in
//! their words and shapes:
//!
//! - **Variables** are one per key and `environment_scope`; a key in several scopes is
//!   read, changed or deleted only with `filter[environment_scope]` (else `409`).
//!   `masked_and_hidden` makes a masked variable whose `value` is never shown again.
//! - **Environments**: a name once (`400 {"message": {"name": [...]}}`), never renamed;
//!   `name` and `search` not together, `search` of 3 characters at least; deleted only
//!   once stopped (`403`); `stop_stale` takes a date between ten years and a week ago.
//! - **Deployments** are reported `running`, `success`, `failed` or `canceled`, on a
//!   commit and a ref of the repository; then only their status changes. The list
//!   refuses what GitLab's finder refuses (`updated_after` without `order_by=updated_at`…).
//! - **Snippets** need a `visibility` and one file; **webhooks** an http(s) URL (`422
//!   Invalid url given`); a **protected tag** is protected once (`422`), a **release
//!   link**'s name and URL are used once per release (`400 {"message": ["… has already
//!   been taken"]}`); an **emoji** is awarded once per user (`404 Award Emoji … Not
//!   Found`, as GitLab answers it); **badges** render `%{project_path}`, `%{commit_sha}`,
//!   `%{latest_tag}` and GitLab's other placeholders in `rendered_*_url` each time they
//!   are read (`%{gitlab_pages_domain}` is GitLab's default `example.com`).
//! - **Draft notes** answer GitLab's fields (`discussion_id`, `line_code`, `position`…);
//!   one with a `position` must sit on a line of the diff, and is published as a diff
//!   thread.
//!
//! Records looked up by id answer GitLab's `404 Not found` where GitLab lets the lookup
//! fail (environments, deployments, hooks, protected tags, release links, draft notes,
//! emoji), `404 <Kind> Not Found` where GitLab names them.
//!
//! Lists and writes refuse the parameters Grape declares exclusive, in Grape's words: an
//! author, assignee, reviewer or merger by id and by username at once; a milestone by id and
//! by title (issues, merge requests; a release's `milestones` and `milestone_ids`); an
//! `extern_uid` without its `provider`; `updated_after`/`updated_before` on projects without
//! `order_by=updated_at`. An update needs one of what GitLab's update route takes. Lists of
//! more than 10,000 items are not counted: no `x-total`, `x-total-pages` or `rel="last"`.
//!
//! # Versions
//!
//! The sandbox follows today's GitLab Community Edition, 19.x (`/version` answers 19.3.0):
//! where 19.x changed nothing, as its 18.x source has it. It also serves what today's
//! names replaced, for the clients of older instances: a pipeline's trigger jobs are
//! listed at `…/pipelines/:id/trigger_jobs` (GitLab 19.2) as at `…/bridges`.
//!
//! # Routing
//!
//! Paths are read as GitLab's router (Grape) reads them: repeated slashes count as one
//! (`/api/v4/projects//2/issues` is project 2's issues) and a trailing slash is ignored
//! (`PUT /api/v4/projects/1/` updates project 1). The recording keeps each path exactly as
//! it was sent ([`RecordedRequest::raw_path`]); faults match the path as routed.
//!
//! # Quick actions
//!
//! The sandbox follows today's GitLab Community Edition. Quick actions run in the bodies of
//! notes on issues and merge requests (`POST …/notes`, `PUT …/notes/:note_id`, new
//! discussions and replies, and their edits), of commit comments
//! (`POST …/repository/commits/:sha/comments`, `note`), of draft notes when they are
//! published (one, or in bulk; never when written), and in issue and merge request
//! `description`s when created or updated (REST, and GraphQL's `createIssue`).
//!
//! - **Found as GitLab finds them.** Every `\r` is dropped first. A command is a line of a
//!   top-level paragraph starting with `/` and a known name (case-insensitive), then
//!   nothing, whitespace, or a space and its argument; never in fenced code (```` ``` ````,
//!   `~~~`), `>` quotes (nor their lazy continuation lines), `>>>` blocks, list items,
//!   headings, HTML blocks or inline code. `/cc` stays in the text; `/shrug` and
//!   `/tableflip` become their faces.
//! - **Always taken out.** Every known command line leaves the text, even one that does not
//!   apply to what it is written on (`/merge` on an issue); the text is right-trimmed.
//! - **Run in order, each on its condition**, checked on the item as it is: one that cannot
//!   apply is skipped ("Could not apply merge command."). Run: close, reopen, title,
//!   label/labels, unlabel/remove_label, relabel (existing project and group labels only,
//!   `~name`, `~"two words"` or bare names), assign/unassign and
//!   assign_reviewer/reviewer, request_review, unassign_reviewer/remove_reviewer (`@user`,
//!   `me`; one assignee and one reviewer, as in Community Edition), milestone (`%name`,
//!   `%"two words"`) and remove_milestone, copy_metadata, confidential, due (ISO dates,
//!   `today`, `tomorrow`, `yesterday`, `in N days|weeks`) and remove_due_date, lock, unlock,
//!   estimate, spend (`1h30m [YYYY-MM-DD]`, `-30m`), remove_estimate, remove_time_spent,
//!   subscribe, unsubscribe, todo, done, react/award (`:emoji:`), draft, ready,
//!   target_branch (an existing branch), approve, unapprove, rebase (done at once),
//!   submit_review (`approve` too), merge, duplicate, relate, unlink (`#1`,
//!   `group/project#1`, issue URLs), move and clone (`group/project`, `--with_notes`: the
//!   issue is made again there with its notes and time; a move closes the original and
//!   sets its `moved_to_id`, each side gets GitLab's system note), and tag (on a commit
//!   comment: the tag at that commit, annotated with the rest of the line). The other
//!   commands GitLab knows (`/severity`, `/zoom`, `/promote_to_incident`…) are taken out
//!   and never apply.
//! - **`/merge` needs `merge_request_diff_head_sha`** (a note's parameter) equal to the
//!   merge request's head, as today's GitLab requires; then it merges a mergeable merge
//!   request, or sets it to merge when its running head pipeline succeeds. A `/rebase` in
//!   the same text cancels it. Descriptions and discussions carry no head, so they never
//!   merge.
//! - **Answers.** A note of nothing but commands is not saved: `202` with
//!   `{"commands_changes": {…}, "summary": ["…"]}` (`400 Bad request - Failed to apply
//!   commands.` when they said nothing). Commands with text: the note is saved without the
//!   command lines and answered `201` with its `commands_changes`. A note edited down to
//!   commands is deleted (`202`). A description is stored without its command lines (`""`
//!   when nothing else); a new issue's or merge request's description skips the commands
//!   that need it saved (`/close`, `/merge`, `/approve`…), as GitLab's do.
//!
//! # OAuth
//!
//! The sandbox is GitLab's OAuth 2 provider too, at the root of its URL as on GitLab:
//! `/.well-known/oauth-authorization-server` (and `/.well-known/openid-configuration`) list the
//! endpoints; `/oauth/authorize` (authorization code, PKCE required: `plain` or `S256`),
//! `/oauth/authorize_device` and the page `/oauth/device` (device authorization grant),
//! `/oauth/token` (the three grants: `authorization_code`, `refresh_token`,
//! `urn:ietf:params:oauth:grant-type:device_code`; form or JSON bodies), `/oauth/revoke`,
//! `/oauth/token/info`, `/oauth/introspect`, `/oauth/userinfo` and `/oauth/register` (dynamic
//! registration of public clients with https or loopback redirect URIs; as on GitLab, such
//! a client gets the `mcp` scope alone, whose tokens the REST API answers 403
//! `insufficient_scope`).
//!
//! - One application is always there: [`SANDBOX_OAUTH_CLIENT_ID`], a public client allowed
//!   any loopback redirect URI (`http://127.0.0.1:<port>/…`, `http://localhost:<port>/…`) and
//!   the scopes `api`, `read_api`, `read_user` (`api` when none is asked for).
//! - Nobody types a password: `sandbox-user` is always signed in and consents. An
//!   authorization request redirects straight back with a code (valid 10 minutes, once). A
//!   device code waits (`expires_in` 300 s, polls no closer than `interval`, 5 s) until the
//!   user code is approved or denied with the form at `/oauth/device`, or with
//!   [`Sandbox::approve_device`].
//! - Tokens are 64 random hex digits: access tokens last 7200 s; refreshing rotates the pair;
//!   revoking either half revokes both. The API (`/api/v4`, `/api/graphql`) answers an
//!   expired or revoked one with GitLab's `401 invalid_token`; any token it did not issue
//!   works as any token does. [`Sandbox::expire_oauth_tokens`],
//!   [`Sandbox::expire_device_codes`] and [`Sandbox::set_device_interval`] let tests skip the
//!   waiting. The sandbox issues no OpenID Connect ID tokens.
//!
//! # The demo data
//!
//! Every sandbox starts with the same data, dated in the week of 2026-01-05, with fixed ids:
//!
//! - **Users**: 1 `sandbox-user` "Sandbox User" (the one every token acts as; admin),
//!   2 `alice` "Alice Example", 3 `bob` "Bob Builder" (emails `<username>@example.com`).
//! - **Group** 4 `demo` "Demo" (namespace ids are shared with the users' own namespaces,
//!   1 to 3); sandbox-user is its owner. New groups get ids from 6.
//! - **Group** 5 `community` "Community", public, and its public project 100
//!   `community/handbook` (no repository): alice owns both; sandbox-user is in neither, so
//!   it can ask to join; bob has asked to join each (pending access requests).
//!   Its environment 1000 `production` is protected (maintainers deploy, one maintainer
//!   approves; the community group protects the `production` tier too), and bob's
//!   deployment 1001 of `main` there is `blocked`, waiting for that approval.
//! - **Security** of demo/sandbox (Ultimate): vulnerabilities 1 (regex ReDoS, dependency
//!   scanning, high, `detected`), 2 (SAST, medium, `confirmed`) and 3 (lodash, critical,
//!   `dismissed`), found by the latest `main` pipeline, and three dependencies (`regex`,
//!   `serde` from cargo, `lodash` from npm).
//! - **Project** 1 `demo/sandbox` ("sandbox", private, default branch `main`). Members:
//!   sandbox-user Owner (50), alice Maintainer (40), bob Developer (30). Projects created with
//!   `POST /projects` (or forked without a namespace) go to `sandbox-user/<path>`, with
//!   sandbox-user as their Owner member, and get ids from 2.
//! - **Repository** of demo/sandbox: a small Rust crate (`README.md`, `Cargo.toml`,
//!   `src/lib.rs`, `src/tokenizer.rs`, `tests/tokenizer.rs`, `.gitlab-ci.yml` with build, test,
//!   lint and a manual deploy, `docs/guide.md`, and the binary `assets/logo.png`).
//!   - `main` (protected: maintainers push and merge), six commits: "Initial commit"
//!     (sandbox-user), "Add tokenizer" (alice), "Add CI pipeline" (bob, tagged `v1.0.0`),
//!     "Add user guide" (alice), "Add logo" (bob), "Test tokenizing a whole sentence" (alice,
//!     the head: its new test exposes the tokenizer's off-by-one).
//!   - `feature/x`: two commits of bob's on top of "Add user guide": "Add word counter", then
//!     "Document the word counter" (the head). No merge request uses it: try the wizard on it.
//!   - `fix/tokenizer`: one commit of alice's on top of main's head, "Fix off-by-one in
//!     tokenizer".
//!   - Tag `v1.0.0`, annotated ("Version 1.0.0: tokenizer and CI"), on "Add CI pipeline":
//!     main has three commits since.
//!   - Commit ids are derived from the commits' contents: stable from run to run.
//! - **Labels** 1 `bug` (`#d9534f`), 2 `feature` (`#1f75cb`). **Milestone** id 1, iid 1, `v1.1`,
//!   active, due 2026-02-27.
//! - **Wiki** pages `home` ("Home", `wiki_page_meta_id` 1) and `Release-process` ("Release
//!   process", 2), markdown.
//! - **Issues**: #1 (id 1) "Tokenizer drops the last token", by bob, assigned to alice,
//!   labelled `bug`, milestone `v1.1`, with a two-note thread (notes 1 and 2); #2 (id 2)
//!   "Document feature X", by alice, labelled `feature`, no assignee, no milestone. New issues
//!   start at #3.
//! - **Merge request** !1 (id 1) `fix/tokenizer` → `main`, "Fix off-by-one in tokenizer", open,
//!   by alice, reviewer bob, one approval required and none given (so not mergeable yet).
//!   Its discussions: a resolvable, unresolved thread starting with bob's `DiffNote` (note 3)
//!   on the fixed line of `src/tokenizer.rs` (base and start: main's head, head: the fix),
//!   alice's reply (note 4, on the same line); and bob's general note (note 5).
//!   New merge requests start at !2, new notes at 6. No issue links.
//! - **Resource events** of what the seed made: issue #2 with `feature` (label event 1),
//!   issue #1 with `bug` (2) and milestone `v1.1` (milestone event 1), !1 with both (label
//!   event 3, milestone event 2), each by its author. From then on every change of labels,
//!   milestone or state is recorded, however it is made (fields, quick actions, a merge).
//! - **Board** 1 "Development" of demo/sandbox: list 1 `bug` (position 0), list 2 `feature`
//!   (1). New boards start at 2, new lists at 3.
//! - **Epics** of the demo group: &1 (id 1) "Tokenizer 1.1" by alice, fixed dates
//!   2026-01-05 to 2026-02-27, issue #1 in it (assignment 1); &2 (id 2) "Word counter" by
//!   bob, child of &1, issue #2 in it (assignment 2).
//! - **Iterations** of the demo group (cadence "Tokenizer sprints"): 1 "Sprint 1"
//!   2026-01-05 to 01-18, 2 "Sprint 2" to 02-01, 3 "Sprint 3" to 02-15.
//! - **The showcase** ([`Sandbox::start_showcase`], what the server's `--sandbox` serves),
//!   on top of all this: a branch `docs/tokens`, one commit of bob's on top of main's head,
//!   "Say what a token is in the README", and **merge request** !2 (id 2) from it into
//!   `main`, same title, open, by bob, assigned to bob, no approval required, no pipeline:
//!   mergeable as it is (`try mr_merge --sandbox --mr 2`), its author asking for a squash
//!   and the source branch's removal. New merge requests start at !3 there.
//! - **Pipelines** (`source` push): 1 (iid 1) on `main` at `v1.0.0`, success: jobs 1 build,
//!   2 test, 3 lint succeeded, 4 deploy manual. 2 (iid 2) on `main` at its head, failed: jobs
//!   5 build and 7 lint succeeded, 6 test failed (its log: a full `cargo test` run, with the
//!   runner's sections and ANSI colours, ending in the `splits_a_sentence` assertion failure
//!   and `error: test failed`), 8 deploy manual, not run. 3 (iid 3) on `fix/tokenizer` at its
//!   head, running: job 9 build succeeded, 10 test running, 11 lint pending, 12 deploy created.
//!   New pipelines (`source` api) start at id and iid 4, new jobs at id 13. The finished
//!   `test` jobs 2 and 6 have artifacts (`expire_in: 1 year`, never enforced): `reports/junit.xml` (their JUnit
//!   report, also listed as a `junit` report: 3 cases passed; 4 cases, `splits_a_sentence`
//!   failing) and `coverage.txt`.

mod app;
mod faults;
mod intercept;
mod pagination;
mod param_rules;
mod params;
mod paths;
mod recording;
mod reply;
mod routes;
mod sha1;
mod store;

use std::io;
use std::net::{Ipv4Addr, SocketAddr};

use axum::ServiceExt;
use axum::http::Method;
use axum::middleware;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tower::Layer;
use url::Url;

pub use faults::{FaultReply, FaultSpec};

/// The path of the demo project, the one most things in the sandbox happen in.
pub const DEMO_PROJECT: &str = "demo/sandbox";
pub use recording::{RecordedRequest, RecordedSecret};

/// The `client_id` of the OAuth application every sandbox has: a public client (no secret)
/// that may redirect to any loopback URI, with the scopes `api`, `read_api` and `read_user`.
pub const SANDBOX_OAUTH_CLIENT_ID: &str = "sandbox-oauth-app";

use app::App;
use store::Store;

/// A running sandbox GitLab. Dropping it (or [`Sandbox::shutdown`]) stops the server.
pub struct Sandbox {
    base_url: Url,
    app: App,
    stop: watch::Sender<bool>,
    server: Option<JoinHandle<io::Result<()>>>,
}

impl Sandbox {
    /// Serves on `127.0.0.1` at a free port.
    pub async fn start() -> io::Result<Sandbox> {
        Sandbox::start_on(SocketAddr::from((Ipv4Addr::LOCALHOST, 0))).await
    }

    /// Serves on `address` (port 0: any free port).
    pub async fn start_on(address: SocketAddr) -> io::Result<Sandbox> {
        Sandbox::serve(address, Store::new).await
    }

    /// Serves the demo data and the showcase on top of it (a merge request that can be
    /// merged as it is, !2) on `127.0.0.1` at a free port: what the server's `--sandbox`
    /// shows a person trying it. The tests start the demo data alone ([`Sandbox::start`]).
    pub async fn start_showcase() -> io::Result<Sandbox> {
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, 0));
        Sandbox::serve(address, Store::showcase).await
    }

    async fn serve(address: SocketAddr, seeded: fn(&Url) -> Store) -> io::Result<Sandbox> {
        let listener = tokio::net::TcpListener::bind(address).await?;
        let local = listener.local_addr()?;
        let base_url = Url::parse(&format!("http://{local}/")).map_err(|e| {
            io::Error::other(format!("the sandbox address {local} is not a URL: {e}"))
        })?;
        let (stop, shutdown) = watch::channel(false);
        let app = App::new(seeded(&base_url), shutdown.clone());
        // Grape's path rules apply before any route is matched, so they wrap the router.
        let service = middleware::map_request(paths::as_grape_reads_it)
            .layer(routes::router(app.clone()))
            .into_make_service();
        let mut stopped = shutdown;
        let server = tokio::spawn(async move {
            axum::serve(listener, service)
                .with_graceful_shutdown(async move {
                    // An error means the handle is gone, which is a shutdown too.
                    let _ = stopped.wait_for(|stop| *stop).await;
                })
                .await
        });
        Ok(Sandbox {
            base_url,
            app,
            stop,
            server: Some(server),
        })
    }

    /// `http://127.0.0.1:<port>/`: the instance URL to give the client (it adds `/api/v4`).
    pub fn base_url(&self) -> Url {
        self.base_url.clone()
    }

    /// Every request received so far, oldest first, faulted ones included.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.app.lock_requests().clone()
    }

    /// Only POST, PUT, PATCH and DELETE requests.
    pub fn writes(&self) -> Vec<RecordedRequest> {
        self.app
            .lock_requests()
            .iter()
            .filter(|r| r.is_write())
            .cloned()
            .collect()
    }

    pub fn clear_requests(&self) {
        self.app.lock_requests().clear();
    }

    /// The next `spec.times` requests, whatever they are, get `spec.reply`.
    pub fn fail_next(&self, spec: FaultSpec) {
        self.app.lock_faults().arm(spec, None, None);
    }

    /// The next `spec.times` requests with this method whose decoded path starts with
    /// `path_prefix` (with or without `/api/v4`, e.g. `/projects/1/issues`) get `spec.reply`.
    pub fn fail_matching(&self, method: Method, path_prefix: &str, spec: FaultSpec) {
        self.app
            .lock_faults()
            .arm(spec, Some(method), Some(path_prefix.to_owned()));
    }

    /// Disarms every fault not used up yet.
    pub fn clear_faults(&self) {
        self.app.lock_faults().clear();
    }

    /// Every OAuth access token issued so far has expired (its refresh token still works):
    /// the API now answers them `401` "Token is expired".
    pub fn expire_oauth_tokens(&self) {
        self.app.with_store(|store| store.oauth.expire_tokens());
    }

    /// Every device code issued so far has expired: polling it answers `expired_token`, and
    /// the verification page no longer takes its user code.
    pub fn expire_device_codes(&self) {
        self.app
            .with_store(|store| store.oauth.expire_device_codes());
    }

    /// The seconds a device client must wait between polls, for device codes issued from now
    /// on as for those already out (5 unless set; tests use 1 to run quickly).
    pub fn set_device_interval(&self, seconds: u64) {
        self.app
            .with_store(|store| store.oauth.device_interval = seconds);
    }

    /// The person approves the device showing `user_code`, as the verification form does.
    /// `false` when no device waits with that code (unknown, expired, already decided).
    pub fn approve_device(&self, user_code: &str) -> bool {
        self.app.with_store(|store| {
            store
                .oauth
                .decide_device(user_code, store::oauth::DeviceDecision::Approved)
        })
    }

    /// How many OAuth access tokens still work (not expired, revoked or rotated away).
    pub fn oauth_access_tokens_live(&self) -> usize {
        self.app
            .with_store(|store| store.oauth.live_access_tokens())
    }

    /// Stops accepting, releases stalled requests, and waits for open connections to finish.
    pub async fn shutdown(mut self) -> io::Result<()> {
        let _ = self.stop.send(true);
        match self.server.take() {
            Some(server) => server.await.map_err(io::Error::other)?,
            None => Ok(()),
        }
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        // The server task winds down by itself once told; nobody is left to wait for it.
        let _ = self.stop.send(true);
    }
}

impl std::fmt::Debug for Sandbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sandbox")
            .field("base_url", &self.base_url.as_str())
            .finish_non_exhaustive()
    }
}
