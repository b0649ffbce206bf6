use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", flow = "f", alternative = "a", noun = "Issue", summary = "Create {title}?", color = "red")]
struct NewIssue {
    #[ask("Enter the issue title", label = "Title")]
    title: String,
}

fn main() {}
