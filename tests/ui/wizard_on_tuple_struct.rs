use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Issue", summary = "Create?")]
struct NewIssue(String, Option<String>);

fn main() {}
