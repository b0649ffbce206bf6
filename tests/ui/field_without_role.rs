use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Issue", summary = "Create {title}?")]
struct NewIssue {
    #[ask("Enter the issue title")]
    title: String,
    project_id: u64,
    #[ask("Enter the issue weight", summary = "Weight")]
    #[tool_arg]
    weight: Option<u32>,
}

fn main() {}
