//! The state files of the resumable runs (`--exhaust`, `--cubes`): JSON, written
//! atomically after every batch, read back and checked before a run resumes.

use std::path::Path;

use super::{verify_magic, ProveError, Question};

/// Reads the state at `path`: `None` when there is no file yet; a file that is not a
/// `what` (such as "cube state") is refused, naming it.
pub fn read<T: serde::de::DeserializeOwned>(
    path: &Path,
    what: &str,
) -> Result<Option<T>, ProveError> {
    match std::fs::read_to_string(path) {
        Ok(text) => serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| ProveError::State(format!("{}: not {what}: {e}", path.display()))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(ProveError::Io(format!("reading {}", path.display()), e)),
    }
}

/// Writes `state` to `path` atomically (a crash leaves the old state or the new one).
pub fn write<T: serde::Serialize>(path: &Path, state: &T) -> Result<(), ProveError> {
    let text = serde_json::to_string_pretty(state).expect("a state serializes");
    crate::atomic::write_atomic(path, text.as_bytes())
        .map_err(|e| ProveError::Io(format!("writing {}", path.display()), e))
}

/// A magic a state holds (`0x` and 1 to 16 hex digits), read and verified again; one
/// that is not hex or does not verify is a bad state, named with its file.
pub fn found_magic(question: &Question, hex: &str, path: &Path) -> Result<u64, ProveError> {
    let bad = |what: String| ProveError::State(format!("{}: found {hex:?} {what}", path.display()));
    let digits = hex
        .strip_prefix("0x")
        .filter(|d| (1..=16).contains(&d.len()) && d.bytes().all(|b| b.is_ascii_hexdigit()))
        .ok_or_else(|| bad("is not 0x and 1 to 16 hex digits".into()))?;
    let magic = u64::from_str_radix(digits, 16).map_err(|e| bad(e.to_string()))?;
    verify_magic(question, magic).map_err(|e| bad(format!("does not verify: {e}")))?;
    Ok(magic)
}
