use wizard::Wizard;

#[derive(Debug, Wizard)]
#[wizard(tool = "t", noun = "Branch", summary = "Create {branch}?", context = "GitLab")]
struct NewBranch {
    #[ask("Enter the branch name")]
    branch: String,
}

fn main() {}
