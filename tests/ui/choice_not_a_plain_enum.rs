use wizard::Choice;

#[derive(Debug, Clone, Copy, Choice)]
struct Visibility {
    public: bool,
}

#[derive(Debug, Clone, Copy, Choice)]
enum Level<T> {
    Low,
    High(T),
}

#[derive(Debug, Clone, Copy, Choice)]
enum Nothing {}

fn main() {}
