//! The demo project's packages and images: three packages with their files, published by
//! the first pipeline on `main`, and two container repositories with tags.

use std::collections::BTreeMap;

use super::{ContainerRepository, ImageTag, Package, PackageFile};
use crate::store::state::Store;
use crate::store::timestamps::{seed_time, timestamp};

/// Packages 1 to 3 (files 1 to 5) and container repositories 1 and 2 of `project`.
pub(crate) fn seed(store: &mut Store, project: u64) {
    let first_pipeline = store.projects[&project].pipelines.keys().next().copied();
    let at = |day, hour, minute| timestamp(seed_time(day, hour, minute));
    let packages = [
        (
            "tokenizer",
            "1.0.0",
            "generic",
            vec![
                ("tokenizer-linux-x86_64.tar.gz", 48_213),
                ("tokenizer-macos-arm64.tar.gz", 46_907),
            ],
        ),
        (
            "@demo/tokenizer",
            "0.3.1",
            "npm",
            vec![("demo-tokenizer-0.3.1.tgz", 7_402)],
        ),
        (
            "tokenizer",
            "0.3.1",
            "pypi",
            vec![
                ("tokenizer-0.3.1.tar.gz", 6_120),
                ("tokenizer-0.3.1-py3-none-any.whl", 5_388),
            ],
        ),
    ];
    let registry = &mut store.registry;
    for (index, (name, version, package_type, files)) in packages.into_iter().enumerate() {
        let id = index as u64 + 1;
        let created_at = at(2, 14, 50 + index as u64);
        let files = files
            .into_iter()
            .map(|(file_name, size)| {
                registry.next_package_file += 1;
                PackageFile {
                    id: registry.next_package_file,
                    file_name: file_name.to_owned(),
                    size,
                    created_at: created_at.clone(),
                }
            })
            .collect();
        registry.packages.insert(
            id,
            Package {
                id,
                project_id: project,
                name: name.to_owned(),
                version: Some(version.to_owned()),
                package_type,
                status: "default",
                created_at,
                files,
                pipeline_ids: first_pipeline.into_iter().collect(),
            },
        );
    }
    let tag = |n: u64, size: u64, day| ImageTag {
        digest: format!(
            "sha256:{}",
            crate::store::hex_id(format!("image {n}").as_bytes())
        ),
        total_size: size,
        created_at: at(day, 15, 0),
    };
    let images = BTreeMap::from([
        ("v0.9.0".to_owned(), tag(1, 31_457_280, 1)),
        ("v1.0.0".to_owned(), tag(2, 32_505_856, 2)),
        ("dev-fix-tokenizer".to_owned(), tag(3, 32_600_000, 7)),
        ("dev-main".to_owned(), tag(4, 32_550_000, 8)),
        ("latest".to_owned(), tag(2, 32_505_856, 2)),
    ]);
    let tools = BTreeMap::from([("latest".to_owned(), tag(5, 8_388_608, 3))]);
    for (id, name, tags) in [(1, "", images), (2, "tools", tools)] {
        registry.repositories.insert(
            id,
            ContainerRepository {
                id,
                project_id: project,
                name: name.to_owned(),
                created_at: at(1, 15, 0),
                delete_scheduled: false,
                tags,
                cleanup_started: None,
            },
        );
    }
}
