use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Issue", summary = "Create {title}?", color = "red")]
struct NewIssue {
    #[ask("Enter the issue title", label = "Title")]
    title: String,
}

fn main() {}
