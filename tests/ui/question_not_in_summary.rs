use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Issue", summary = "Create {title}?")]
struct NewIssue {
    #[ask("Enter the issue title")]
    title: String,
    #[ask("Enter the issue description (or leave empty)")]
    description: Option<String>,
}

fn main() {}
