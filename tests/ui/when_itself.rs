use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Project", summary = "Create?")]
struct NewProject {
    #[ask("Initialize the repository with a README file?", when = readme, summary = "README")]
    readme: Option<bool>,
}

fn main() {}
