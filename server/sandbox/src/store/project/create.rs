//! A new project, as `POST /projects` (and a fork) makes it.

use std::collections::BTreeMap;

use super::Project;
use crate::store::ids::Ids;
use crate::store::people::{CURRENT_USER, Member, Namespace, access};
use crate::store::repository::actions::NewCommit;
use crate::store::repository::history::Repository;
use crate::store::repository::objects::Person;
use crate::store::state::Store;
use crate::store::timestamps::now;

impl Store {
    /// A project in `namespace`, owned by the current user; with a README branch its
    /// repository starts with one commit adding `README.md` on that branch.
    pub fn add_project(
        &mut self,
        name: &str,
        path: &str,
        namespace: Namespace,
        visibility: &str,
        readme_branch: Option<&str>,
    ) -> u64 {
        let id = Ids::next(&mut self.ids.project);
        let created = now();
        let mut repository = Repository::default();
        if let Some(branch) = readme_branch {
            let user = self.user(CURRENT_USER);
            let author = Person::new(&user.name, &user.email);
            let readme = format!("# {name}\n");
            let first = NewCommit::initial(branch, "Initial commit", author, readme.into_bytes());
            repository
                .apply(first)
                .expect("a README on an empty repository always commits");
        }
        let project = Project {
            id,
            name: name.to_owned(),
            path: path.to_owned(),
            namespace,
            creator_id: CURRENT_USER,
            description: None,
            visibility: visibility.to_owned(),
            // Without a repository GitLab reports the instance default.
            default_branch: readme_branch.unwrap_or("main").to_owned(),
            created_at: created.clone(),
            last_activity_at: created.clone(),
            archived: false,
            squash_option: "default_off".to_owned(),
            forked_from: None,
            repository,
            // GitLab makes the owner of a personal namespace its project's Owner member.
            members: match namespace {
                Namespace::User(owner) => vec![Member {
                    user_id: owner,
                    access_level: access::OWNER,
                    created_at: created,
                }],
                Namespace::Group(_) => Vec::new(),
            },
            issues: BTreeMap::new(),
            merge_requests: BTreeMap::new(),
            releases: BTreeMap::new(),
            pipelines: BTreeMap::new(),
            labels: Vec::new(),
            milestones: BTreeMap::new(),
            wiki: BTreeMap::new(),
            next_issue_iid: 0,
            next_merge_request_iid: 0,
            next_pipeline_iid: 0,
            next_milestone_iid: 0,
            pull_mirror: None,
            remote_mirrors: Vec::new(),
            approval_settings: super::super::approval_settings::defaults(),
            merge_train: Vec::new(),
            uploads: Vec::new(),
        };
        self.projects.insert(id, project);
        id
    }
}
