//! Reading and writing the CLI's files: every file a command writes whole goes through
//! [`write_output`], which writes a temporary file in the same directory and renames it
//! ([`sliders_search::write_atomic`], the one helper), so a kill at any instant leaves
//! the old file or the new one, never a torn one. The one file appended to instead is
//! `perft run`'s results log, whose unfinished last line the next run cuts off.

use std::path::{Path, PathBuf};

use crate::error::CliError;

/// A file's text; a missing or unreadable file is bad input (exit status 2) naming the
/// path, and a leading UTF-8 byte-order mark is dropped (editors on Windows add one).
pub fn read_text(path: &Path) -> Result<String, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_owned(),
        None => text,
    })
}

/// Writes to a file (atomically: temp file, then rename) or to stdout.
pub fn write_output(out: Option<&Path>, text: &str) -> Result<(), CliError> {
    match out {
        Some(path) => sliders_search::write_atomic(path, text.as_bytes())
            .map_err(|e| CliError::io(&path.display().to_string(), e)),
        None => {
            use std::io::Write;
            let mut stdout = crate::output::stdout();
            stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush())
                .map_err(crate::output::stdout_failed)
        }
    }
}

/// The path a file has or would have once created: the canonical path, or for a file
/// that does not exist yet, its parent's canonical path joined with its name.
fn real_path(path: &Path) -> PathBuf {
    if let Ok(real) = path.canonicalize() {
        return real;
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    match (parent.canonicalize(), path.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => path.to_path_buf(),
    }
}

/// Whether two paths name the same file (`./a.json` and `a.json`, a symbolic link and
/// its target), whether or not it exists yet.
pub fn same_file(a: &Path, b: &Path) -> bool {
    real_path(a) == real_path(b)
}
