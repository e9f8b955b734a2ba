//! What the CLI's integration tests share.

// Each test binary uses some of these helpers, not all of them.
#![allow(dead_code)]

use std::path::Path;

/// A fresh directory in the temp directory, `tempfile`'s (named for the test binary and
/// `name`, with a random end), removed when dropped: when the test ends, passed or
/// panicked.
pub struct TempDir(tempfile::TempDir);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = tempfile::Builder::new()
            .prefix(&format!("sliders-{}-{name}-", env!("CARGO_CRATE_NAME")))
            .tempdir()
            .unwrap();
        TempDir(dir)
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        self.0.path()
    }

    /// The path of `name` inside the directory.
    pub fn file(&self, name: &str) -> String {
        self.path().join(name).to_str().unwrap().to_owned()
    }
}
