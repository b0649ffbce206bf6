use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Issue", summary = "Create {title}?")]
struct NewIssue {
    #[ask("Enter the issue title")]
    title: String,
    #[ask("Really create it?", summary = "Confirmed")]
    confirm: bool,
}

fn main() {}
