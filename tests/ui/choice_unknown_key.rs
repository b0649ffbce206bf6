use wizard::Choice;

#[derive(Debug, Clone, Copy, Choice)]
enum Visibility {
    Private,
    #[choice(label = "Public", value = "public", value = "open")]
    Public,
}

fn main() {}
