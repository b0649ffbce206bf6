use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Issue", summary = "Create {title}?")]
#[wizard(tool = "t2")]
struct NewIssue {
    #[ask("Enter the issue title", key = "title", key = "name")]
    title: String,
}

fn main() {}
