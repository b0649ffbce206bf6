use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Issue", summary = "Create?")]
struct NewIssue {
    #[ask("Should this issue be confidential?", summary = "Confidential", default = true)]
    confidential: bool,
}

fn main() {}
