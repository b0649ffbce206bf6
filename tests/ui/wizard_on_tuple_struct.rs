use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", flow = "f", alternative = "a", noun = "Issue", summary = "Create?")]
struct NewIssue(String, Option<String>);

fn main() {}
