use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Issue", summary = "Create issue in {project}?\n\n- Title: {title}")]
struct NewIssue {
    #[tool_arg]
    project_id: u64,
    #[ask("Enter the issue title")]
    title: String,
}

fn main() {}
