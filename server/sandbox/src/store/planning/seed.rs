//! The planning part of the demo data: the resource events of the seeded issues and merge
//! requests (the labels and milestone each was made with, by its author), the demo
//! project's board and the demo group's epics and iterations.

use crate::DEMO_PROJECT;
use crate::store::planning::epics::Epic;
use crate::store::planning::iterations::Iteration;
use crate::store::planning::resource_events::Tracked;
use crate::store::state::Store;
use crate::store::timestamps::{seed_time, timestamp};
use crate::store::tracking::Issuable;

impl Store {
    pub(crate) fn seed_planning(&mut self) {
        let mut made = Vec::new();
        for project in self.projects.values() {
            for issue in project.issues.values() {
                let on = Issuable::Issue(project.id, issue.iid);
                made.push((on, issue.author_id, issue.created_at.clone()));
            }
            for mr in project.merge_requests.values() {
                let on = Issuable::MergeRequest(project.id, mr.iid);
                made.push((on, mr.author_id, mr.created_at.clone()));
            }
        }
        made.sort_by(|a, b| a.2.cmp(&b.2));
        for (on, author, at) in made {
            self.record_changes_by(on, &Tracked::new_issuable(), author, &at);
        }
        self.seed_board();
        self.seed_epics();
        self.seed_iterations();
    }

    /// The demo group's cadence "Tokenizer sprints": iterations 1 to 3, two weeks each
    /// from 2026-01-05 ("Sprint 1" to "Sprint 3").
    fn seed_iterations(&mut self) {
        let group = self
            .group_named("demo")
            .expect("the demo group is seeded")
            .id;
        let at = timestamp(seed_time(2, 16, 0));
        for (n, (start, due)) in [
            ("2026-01-05", "2026-01-18"),
            ("2026-01-19", "2026-02-01"),
            ("2026-02-02", "2026-02-15"),
        ]
        .into_iter()
        .enumerate()
        {
            let number = n as u64 + 1;
            self.planning.iterations.push(Iteration {
                id: number,
                iid: number,
                sequence: number,
                group_id: group,
                cadence_title: "Tokenizer sprints".to_owned(),
                title: Some(format!("Sprint {number}")),
                description: None,
                start_date: start.to_owned(),
                due_date: due.to_owned(),
                created_at: at.clone(),
                updated_at: at.clone(),
            });
        }
    }

    /// Epics of the demo group: &1 "Tokenizer 1.1" (alice's, dated like milestone v1.1,
    /// issue #1 in it) and its child &2 "Word counter" (bob's, issue #2 in it).
    fn seed_epics(&mut self) {
        let group = self
            .group_named("demo")
            .expect("the demo group is seeded")
            .id;
        let project = self
            .project_id(DEMO_PROJECT)
            .expect("the demo project is seeded");
        let issues = &self.projects[&project].issues;
        let (first, second) = (issues[&1].id, issues[&2].id);
        let (alice, bob) = (2, 3);
        let (id, iid) = self.next_epic_ids(group);
        let at = timestamp(seed_time(5, 9, 0));
        let mut tokenizer = Epic::new(id, iid, group, "Tokenizer 1.1", alice, &at);
        tokenizer.description =
            Some("Everything the 1.1 release of the tokenizer needs.".to_owned());
        tokenizer.start_date_fixed = Some("2026-01-05".to_owned());
        tokenizer.due_date_fixed = Some("2026-02-27".to_owned());
        self.planning.epics.push(tokenizer);
        let (child, child_iid) = self.next_epic_ids(group);
        let at = timestamp(seed_time(6, 10, 0));
        let mut counter = Epic::new(child, child_iid, group, "Word counter", bob, &at);
        counter.parent_id = Some(id);
        self.planning.epics.push(counter);
        self.assign_to_epic(id, first);
        self.assign_to_epic(child, second);
    }

    /// Board 1 "Development" of the demo project: a list for `bug`, then one for `feature`.
    fn seed_board(&mut self) {
        let project = self
            .project_id(DEMO_PROJECT)
            .expect("the demo project is seeded");
        let labels: Vec<u64> = self.projects[&project]
            .labels
            .iter()
            .map(|l| l.id)
            .collect();
        self.add_board(project, "Development");
        let planning = &mut self.planning;
        let board = planning.boards.last_mut().expect("made above");
        for label in labels {
            board.add_list(&mut planning.ids.board_list, label);
        }
    }
}
