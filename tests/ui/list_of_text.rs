use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", noun = "Issue", summary = "Create?")]
struct NewIssue {
    #[ask("Enter the labels", summary = "Labels")]
    labels: Vec<String>,
    #[ask("Enter the assignee ids", summary = "Assignees")]
    assignees: Option<Vec<u64>>,
}

fn main() {}
