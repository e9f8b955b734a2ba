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

/// A magic a state holds (`0x` and hex), read and verified again.
pub fn found_magic(question: &Question, hex: &str, path: &Path) -> Result<u64, ProveError> {
    let magic = u64::from_str_radix(hex.trim_start_matches("0x"), 16).map_err(|_| {
        ProveError::State(format!(
            "{}: found {hex:?} is not a hex magic",
            path.display()
        ))
    })?;
    verify_magic(question, magic).map_err(|e| ProveError::WrongMagic(magic, e))?;
    Ok(magic)
}
