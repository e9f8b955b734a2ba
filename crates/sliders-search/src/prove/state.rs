//! The state files of the resumable runs (`--exhaust`, `--cubes`): JSON, written
//! atomically after every batch, read back and checked before a run resumes.

use std::path::Path;

use super::{verify_magic, ProveError, Question};

/// The most a state file may hold: states are a few hundred bytes to a few megabytes
/// (a cube state lists its answered cubes); anything larger is not a state.
pub const MAX_STATE_BYTES: u64 = 256 << 20;

// The largest counter a state may hold (`nodes`, `proof_bytes`, `lemmas`): find's limit,
// so that sums of the counters of many shards cannot overflow.
use crate::finder::MAX_COUNT as MAX_COUNTER;

/// Reads the state at `path`: `None` when there is no file yet. Everything else that is
/// not a `what` (such as "a cube state") is refused as [`ProveError::State`], naming the
/// file: a directory, an unreadable file, one larger than [`MAX_STATE_BYTES`], bytes
/// that are not UTF-8, JSON that is not the state, counters past [`MAX_COUNTER`] (a
/// resumed `"nodes": 2^64 - 1` would wrap). A UTF-8 byte-order mark is dropped, as by
/// every reader of the project.
pub fn read<T: serde::de::DeserializeOwned>(
    path: &Path,
    what: &str,
) -> Result<Option<T>, ProveError> {
    use std::io::Read;
    let bad = |why: String| ProveError::State(format!("{}: {why}", path.display()));
    // Looked at before it is opened: opening a FIFO would wait for a writer forever.
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => return Err(bad(format!("is a directory, not {what}"))),
        Ok(meta) if !meta.is_file() => {
            return Err(bad(format!(
                "is not a regular file (a FIFO or a device), not {what}"
            )))
        }
        _ => {}
    }
    let mut file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(bad(format!("cannot be read: {e}"))),
    };
    match file.metadata() {
        Ok(meta) if meta.is_dir() => return Err(bad(format!("is a directory, not {what}"))),
        Ok(_) => {}
        Err(e) => return Err(bad(format!("cannot be read: {e}"))),
    }
    let mut bytes = Vec::new();
    (&mut file)
        .take(MAX_STATE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| bad(format!("cannot be read: {e}")))?;
    if bytes.len() as u64 > MAX_STATE_BYTES {
        return Err(bad(format!(
            "larger than {} MiB: not {what}",
            MAX_STATE_BYTES >> 20
        )));
    }
    let text = std::str::from_utf8(&bytes)
        .map_err(|e| bad(format!("not UTF-8 (byte {}): not {what}", e.valid_up_to())))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| bad(format!("not {what}: {e}")))?;
    for key in ["nodes", "proof_bytes", "lemmas"] {
        if let Some(count) = value.get(key) {
            if count.is_number() && count.as_u64().is_none_or(|n| n > MAX_COUNTER) {
                return Err(bad(format!(
                    "\"{key}\": {count} is out of range 0..={MAX_COUNTER} (2^62)"
                )));
            }
        }
    }
    // From the text, not the value: serde's derived reader refuses a key given twice,
    // where the value kept the last without a word.
    serde_json::from_str(text)
        .map(Some)
        .map_err(|e| bad(format!("not {what}: {e}")))
}

/// The shard a state of a merge ran as (`"shard": "I/N"`), or the error that names the
/// file: a state of no shard, or one whose shard does not read.
pub fn merge_shard(path: &Path, shard: Option<&str>) -> Result<(usize, usize), ProveError> {
    let bad = |why: String| ProveError::State(format!("{}: {why}", path.display()));
    match shard {
        None => Err(bad(
            "not a shard state: it has no \"shard\" (its run had no --shard); \
             merge the N states of one run with --shard I/N"
                .into(),
        )),
        Some(text) => super::shard::parse(text)
            .ok_or_else(|| bad(format!("\"shard\": {text:?} is not I/N with I < N"))),
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
