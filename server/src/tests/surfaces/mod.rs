//! The three tool surfaces: what each lists, how a call resolves, and what `gitlab_find_action` finds.

mod calls;
mod find_queries;
mod tools;
