//! A job's artifacts: the files of its archive (what `GET …/artifacts/*path` reads), when
//! they expire, and which file is its JUnit report (what a pipeline's test report sums up).

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::{Value, json};

pub(crate) struct Artifacts {
    /// Path inside the archive → content.
    pub files: BTreeMap<String, Arc<[u8]>>,
    /// The archive's JUnit report, also uploaded as a `junit` report.
    pub junit: Option<String>,
    /// `None` once kept (`POST …/artifacts/keep`).
    pub expire_at: Option<String>,
}

impl Artifacts {
    /// The archive's size: the files stored uncompressed.
    fn archive_size(&self) -> usize {
        self.files.values().map(|f| f.len()).sum()
    }

    pub fn junit_xml(&self) -> Option<&str> {
        let path = self.junit.as_ref()?;
        std::str::from_utf8(self.files.get(path)?).ok()
    }

    /// The job entity's `artifacts`: the archive, and the JUnit report GitLab keeps beside
    /// it (gzipped, under GitLab's fixed name).
    pub fn list_json(&self) -> Value {
        let mut list = vec![json!({
            "file_type": "archive",
            "size": self.archive_size(),
            "filename": "artifacts.zip",
            "file_format": "zip",
        })];
        if let Some(xml) = self.junit_xml() {
            list.push(json!({
                "file_type": "junit",
                "size": xml.len(),
                "filename": "junit.xml.gz",
                "file_format": "gzip",
            }));
        }
        Value::Array(list)
    }

    /// The job entity's `artifacts_file`.
    pub fn file_json(&self) -> Value {
        json!({"filename": "artifacts.zip", "size": self.archive_size()})
    }
}
