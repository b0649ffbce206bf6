use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Issue", summary = "Create {title}?")]
struct NewIssue {
    #[ask("Enter the issue title", min = 3)]
    title: String,
}

fn main() {}
