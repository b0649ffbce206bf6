use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Issue", summary = "Create {title}?")]
#[allow(non_snake_case)]
struct NewIssue {
    #[ask("Enter the issue title")]
    title: String,
    #[ask("Enter the title again", key = "title_again", summary = "Again")]
    Title: Option<String>,
}

fn main() {
    let _ = NewIssueStep::Title;
}
