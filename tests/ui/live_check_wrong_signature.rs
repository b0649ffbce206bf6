use wizard::Wizard;
use wizard::live::Live;

#[derive(Debug, Wizard)]
#[wizard(tool = "t", noun = "Branch", summary = "Create {branch}?")]
struct NewBranch {
    #[ask("Enter the branch name", check = is_new)]
    branch: String,
}

/// Returns a `bool` where a check gives a `Verdict`.
async fn is_new(_: Live<'_, NewBranch>, _: &String) -> bool {
    true
}

fn main() {}
