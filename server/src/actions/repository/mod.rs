//! The `repository` toolset: branches, tags, commits, files, the tree and comparisons. The
//! parameter structs live in a file per resource; this is the table.

pub mod branches;
mod commit_activity;
pub mod commits;
pub mod compare;
pub mod files;
mod protected_tags;
pub mod tags;
pub mod tree;

use crate::catalog::{Action, Output, delete, get, post, put};
use crate::table;
use branches::{
    BranchCreate, BranchDelete, BranchGet, BranchList, BranchProtect, BranchUnprotect,
    ProtectedBranchGet, ProtectedBranchList,
};
use commits::{
    CommitCherryPick, CommitCreate, CommitDiff, CommitGet, CommitList, CommitRefList, CommitRevert,
};
use compare::{Contributors, MergeBase, RepositoryCompare};
use files::{FileBlame, FileCreate, FileDelete, FileGet, FileUpdate};
use tags::{TagCreate, TagDelete, TagGet, TagList};
use tree::RepositoryTree;

pub fn actions() -> Vec<Action> {
    [
        table![
            get::<BranchList>("branch.list", "projects/{project_id}/repository/branches").list(),
            get::<BranchGet>(
                "branch.get",
                "projects/{project_id}/repository/branches/{branch}"
            ),
            post::<BranchCreate>("branch.create", "projects/{project_id}/repository/branches"),
            delete::<BranchDelete>(
                "branch.delete",
                "projects/{project_id}/repository/branches/{branch}"
            ),
            post::<BranchProtect>("branch.protect", "projects/{project_id}/protected_branches"),
            get::<ProtectedBranchList>(
                "branch.protected_list",
                "projects/{project_id}/protected_branches"
            )
            .list()
            .title("List protected branches"),
            get::<ProtectedBranchGet>(
                "branch.protected_get",
                "projects/{project_id}/protected_branches/{name}"
            )
            .title("Get protected branch"),
            // GitLab answers 204: the branch is still there, only its protection is gone.
            delete::<BranchUnprotect>(
                "branch.unprotect",
                "projects/{project_id}/protected_branches/{name}"
            )
            .output(Output::Done),
            get::<TagList>("tag.list", "projects/{project_id}/repository/tags").list(),
            get::<TagGet>(
                "tag.get",
                "projects/{project_id}/repository/tags/{tag_name}"
            ),
            post::<TagCreate>("tag.create", "projects/{project_id}/repository/tags"),
            delete::<TagDelete>(
                "tag.delete",
                "projects/{project_id}/repository/tags/{tag_name}"
            ),
            get::<CommitList>("commit.list", "projects/{project_id}/repository/commits")
                .list()
                .check(CommitList::ref_name_or_all),
            get::<CommitGet>(
                "commit.get",
                "projects/{project_id}/repository/commits/{sha}"
            ),
            get::<CommitDiff>(
                "commit.diff",
                "projects/{project_id}/repository/commits/{sha}/diff"
            )
            .output(Output::Diffs),
            post::<CommitCreate>("commit.create", "projects/{project_id}/repository/commits")
                .check(CommitCreate::each_action_complete),
            get::<CommitRefList>(
                "commit.ref_list",
                "projects/{project_id}/repository/commits/{sha}/refs"
            )
            .list()
            .title("List branches and tags containing a commit"),
            post::<CommitCherryPick>(
                "commit.cherry_pick",
                "projects/{project_id}/repository/commits/{sha}/cherry_pick"
            )
            .title("Cherry-pick commit"),
            post::<CommitRevert>(
                "commit.revert",
                "projects/{project_id}/repository/commits/{sha}/revert"
            ),
            get::<RepositoryTree>("repository.tree", "projects/{project_id}/repository/tree")
                .list(),
            get::<RepositoryCompare>(
                "repository.compare",
                "projects/{project_id}/repository/compare"
            )
            .output(Output::Compare)
            .title("Compare branches, tags or commits"),
            get::<MergeBase>(
                "repository.merge_base",
                "projects/{project_id}/repository/merge_base"
            )
            .title("Find merge base"),
            get::<Contributors>(
                "repository.contributor_list",
                "projects/{project_id}/repository/contributors"
            )
            .list()
            .title("List contributors"),
            get::<FileGet>(
                "file.get",
                "projects/{project_id}/repository/files/{file_path}"
            )
            .output(Output::File)
            .check(FileGet::window_selects_lines),
            post::<FileCreate>(
                "file.create",
                "projects/{project_id}/repository/files/{file_path}"
            ),
            put::<FileUpdate>(
                "file.update",
                "projects/{project_id}/repository/files/{file_path}"
            ),
            delete::<FileDelete>(
                "file.delete",
                "projects/{project_id}/repository/files/{file_path}"
            ),
            get::<FileBlame>(
                "file.blame",
                "projects/{project_id}/repository/files/{file_path}/blame"
            )
            .list()
            .check(FileBlame::whole_range),
        ],
        protected_tags::actions(),
        commit_activity::actions(),
    ]
    .into_iter()
    .flatten()
    .collect()
}
