use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Release", summary = "Create {tag_name}?")]
struct NewRelease {
    #[ask("Enter the tag name")]
    tag_name: String,
    #[ask("Enter the release name", allow_empty, summary = "Name")]
    name: Option<String>,
}

fn main() {}
