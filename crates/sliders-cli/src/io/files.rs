//! Reading and writing the CLI's files: every file a command writes whole goes through
//! [`write_output`], which writes a temporary file in the same directory and renames it
//! ([`sliders_search::write_atomic`], the one helper), so a kill at any instant leaves
//! the old file or the new one, never a torn one. The one file appended to instead is
//! `perft run`'s results log, whose unfinished last line the next run cuts off.

use std::path::{Path, PathBuf};

use crate::io::error::CliError;

/// A file's text, read through the one way in ([`crate::io::input::read_file`]): a
/// missing, unreadable or oversized file, a directory, bytes that are not UTF-8 or a
/// line too long are bad input (exit status 2) naming the path; a leading UTF-8
/// byte-order mark is dropped (editors on Windows add one).
pub fn read_text(path: &Path) -> Result<String, CliError> {
    crate::io::input::read_file(path)
}

/// Writes to a file (atomically: temp file, then rename) or to stdout.
pub fn write_output(out: Option<&Path>, text: &str) -> Result<(), CliError> {
    match out {
        Some(path) => sliders_search::write_atomic(path, text.as_bytes())
            .map_err(|e| CliError::io(&path.display().to_string(), e)),
        None => {
            use std::io::Write;
            let mut stdout = crate::io::output::stdout();
            stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush())
                .map_err(crate::io::output::stdout_failed)
        }
    }
}

/// Checks, before a long run, that a file can be written where `path` points (`option`
/// names it, `what` says what it holds: "the state", "the set"): not a directory, and a
/// temporary file can be created beside it (and is removed). A directory that does not
/// exist or cannot be written is an error then, not hours later.
pub fn check_writable(path: &Path, option: &str, what: &str) -> Result<(), CliError> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => {
            return Err(CliError::input(format!(
                "{option} {}: is a directory; {what} needs a file name",
                path.display()
            )))
        }
        // A FIFO, a device or a pipe is written through, not replaced (`write_output`):
        // nothing is created beside it, so there is nothing to try here (and opening a
        // FIFO would wait for its reader).
        Ok(meta) if !meta.is_file() => return Ok(()),
        _ => {}
    }
    // A link is followed: the file is replaced where it really is.
    let real = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let Some(name) = real.file_name() else {
        return Err(CliError::input(format!(
            "{option} {}: not a file name",
            path.display()
        )));
    };
    let probe = real.with_file_name(format!(
        ".{}.probe{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    std::fs::File::create(&probe)
        .and_then(|_| std::fs::remove_file(&probe))
        .map_err(|e| {
            CliError::io(
                &format!("{option} {}: {what} cannot be saved", path.display()),
                e,
            )
        })
}

/// Refuses two options that name the same file (`(option, path)` pairs; the unset ones
/// are `None`), before anything is written: one output would overwrite the other, or an
/// output the input it was read from.
pub fn check_distinct(files: &[(&str, Option<&Path>)]) -> Result<(), CliError> {
    let given: Vec<(&str, &Path)> = files
        .iter()
        .filter_map(|&(option, path)| path.map(|p| (option, p)))
        .collect();
    for (i, &(a, pa)) in given.iter().enumerate() {
        for &(b, pb) in &given[i + 1..] {
            if same_file(pa, pb) {
                return Err(CliError::input(format!(
                    "{a} {} and {b} {} name the same file: each needs its own",
                    pa.display(),
                    pb.display()
                )));
            }
        }
    }
    Ok(())
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
