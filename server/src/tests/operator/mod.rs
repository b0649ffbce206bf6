//! The operator's limits (read-only, toolsets, allowed projects) and the guards that ask before a call loses work.

mod access;
mod argument_guards;
mod destructive;
mod doors;
mod which_one;
