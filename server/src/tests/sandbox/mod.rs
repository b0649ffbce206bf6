//! The sandbox GitLab, through the REST client over real HTTP: GitLab's rules, status codes, error bodies and pagination, route by route.

mod answer_limit;
mod artifacts;
mod bridges;
mod client;
mod commits;
mod events;
mod faults;
mod files;
mod forks;
mod issue_links;
mod issues;
mod jobs;
mod merge_requests;
mod notes;
mod oauth;
mod people;
mod pipelines;
mod planning;
mod projects;
mod releases;
mod repository;
mod reviews;
mod search;
mod subscriptions_and_stars;
mod time_tracking;
mod versions_and_languages;
