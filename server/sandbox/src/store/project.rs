//! A project and everything it holds. Making one is in `create`, GitLab's project entity in
//! `render`.

mod create;
mod render;

use std::collections::BTreeMap;

use super::ids::Ids;
use super::issues::Issue;
use super::labels::Label;
use super::merge_requests::MergeRequest;
use super::milestones::Milestone;
use super::mirrors::{PullMirror, RemoteMirror};
use super::people::{Member, Namespace};
use super::pipelines::Pipeline;
use super::releases::Release;
use super::repository::history::Repository;
use super::timestamps::now;
use super::wiki::WikiPage;

pub(crate) struct Project {
    pub id: u64,
    pub name: String,
    pub path: String,
    pub namespace: Namespace,
    pub creator_id: u64,
    pub description: Option<String>,
    pub visibility: String,
    pub default_branch: String,
    pub created_at: String,
    pub last_activity_at: String,
    /// Read-only: GitLab refuses changes to an archived project's content.
    pub archived: bool,
    /// When merges squash: `always` and `never` decide whatever a merge asks,
    /// `default_on` and `default_off` only preset a new merge request's checkbox.
    pub squash_option: String,
    /// The project this one is a fork of.
    pub forked_from: Option<u64>,
    pub repository: Repository,
    pub members: Vec<Member>,
    pub issues: BTreeMap<u64, Issue>,
    pub merge_requests: BTreeMap<u64, MergeRequest>,
    pub releases: BTreeMap<String, Release>,
    pub pipelines: BTreeMap<u64, Pipeline>,
    pub labels: Vec<Label>,
    pub milestones: BTreeMap<u64, Milestone>,
    /// Slug → page.
    pub wiki: BTreeMap<String, WikiPage>,
    pub next_issue_iid: u64,
    pub next_merge_request_iid: u64,
    pub next_pipeline_iid: u64,
    pub next_milestone_iid: u64,
    /// Where the project pulls from, once set to (GitLab's import state).
    pub pull_mirror: Option<PullMirror>,
    /// Where it pushes to.
    pub remote_mirrors: Vec<RemoteMirror>,
    /// Its approval settings (GitLab Premium), as `GET …/approvals` answers them.
    pub approval_settings: serde_json::Map<String, serde_json::Value>,
    /// Its merge trains' cars, every target branch, oldest first (GitLab Premium).
    pub merge_train: Vec<super::merge_trains::Car>,
    /// Its Markdown uploads, oldest first.
    pub uploads: Vec<super::uploads::Upload>,
}

impl Project {
    pub fn touch(&mut self) {
        self.last_activity_at = now();
    }

    /// The next issue iid (iids count per project, from 1).
    pub fn issue_iid(&mut self) -> u64 {
        Ids::next(&mut self.next_issue_iid)
    }

    pub fn merge_request_iid(&mut self) -> u64 {
        Ids::next(&mut self.next_merge_request_iid)
    }

    pub fn pipeline_iid(&mut self) -> u64 {
        Ids::next(&mut self.next_pipeline_iid)
    }

    pub fn milestone_iid(&mut self) -> u64 {
        Ids::next(&mut self.next_milestone_iid)
    }

    /// The label named `name`, case-insensitively (GitLab matches label titles that way).
    #[allow(dead_code, reason = "for the label routes that come next")]
    pub fn label(&self, name: &str) -> Option<&Label> {
        self.labels
            .iter()
            .find(|l| l.name.eq_ignore_ascii_case(name))
    }
}
