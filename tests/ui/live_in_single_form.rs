use wizard::Wizard;
use wizard::live::{Intro, Live, Verdict};

#[derive(Debug, Wizard)]
#[wizard(tool = "t", single_form, intro = describe)]
struct NewBranch {
    #[ask("Enter the branch name", check = is_new)]
    branch: String,
    #[ask("Select the ref to start from", choices_from = refs)]
    start: String,
}

async fn describe(_: Live<'_, NewBranch>) -> Intro {
    Intro::Nothing
}

async fn is_new(_: Live<'_, NewBranch>, _: &str) -> Verdict {
    Verdict::Accept
}

async fn refs(_: Live<'_, NewBranch>) -> Result<Vec<String>, String> {
    Ok(Vec::new())
}

fn main() {}
