use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Issue", summary = "Create {title}?")]
struct NewIssue {
    #[ask("Enter the issue title")]
    title: String,
    #[ask("Enter a short title", key = "title", summary = "Short title")]
    short_title: Option<String>,
}

fn main() {}
