//! Whole-file writes that a kill cannot tear: a temporary file beside the target,
//! synced, renamed over it, and the directory synced. What a path names decides how it
//! is written: a regular file (or nothing yet) is replaced atomically, at the end of
//! its symlinks (the links stay links); a FIFO, a device or a pipe (`/dev/stdout`,
//! `/proc/self/fd/1`) is written through and never replaced; a directory is refused.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Symlinks followed before giving up (Linux's own limit).
const MAX_LINKS: usize = 40;

/// Writes `bytes` to `path` as the module says. For a regular file: a temporary file
/// beside it (`.NAME.tmpPID`), synced, then renamed over it, and the directory synced,
/// so a reader (or a resumed search) sees the old file or the new one, never a
/// half-written one, and the rename survives a crash. A write that fails removes its
/// temporary file; those that killed writers left beside `path` (their process no
/// longer runs) are removed first. For anything else that is not a directory, the
/// bytes are written to it as it is (a FIFO's reader, a device, a terminal get them).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    match target(path)? {
        Target::Replace(file) => replace(&file, bytes),
        Target::Through => std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|mut f| f.write_all(bytes).and_then(|()| f.flush())),
    }
}

/// How a path is written.
#[derive(Debug, PartialEq, Eq)]
enum Target {
    /// A regular file, or none yet, at this path (the end of the symlinks).
    Replace(PathBuf),
    /// Something else, written through the path as given.
    Through,
}

/// What `path` names, following its symlinks.
fn target(path: &Path) -> std::io::Result<Target> {
    let directory = || {
        std::io::Error::new(
            std::io::ErrorKind::IsADirectory,
            "is a directory, not a file",
        )
    };
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let meta = match std::fs::symlink_metadata(&at) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Target::Replace(at)),
            other => other?,
        };
        if meta.file_type().is_symlink() {
            // What the link ends at, if anything: a pipe behind /proc/self/fd/N has no
            // path to follow ("pipe:[N]"), so it is decided here.
            match std::fs::metadata(&at) {
                Ok(end) if end.is_dir() => return Err(directory()),
                Ok(end) if !end.is_file() => return Ok(Target::Through),
                _ => {}
            }
            let link = std::fs::read_link(&at)?;
            at = match at.parent() {
                Some(dir) => dir.join(link),
                None => link,
            };
        } else if meta.is_file() {
            return Ok(Target::Replace(at));
        } else if meta.is_dir() {
            return Err(directory());
        } else {
            return Ok(Target::Through);
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

/// The atomic replacement of the regular file (or no file) at `path`.
fn replace(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    remove_stale_temporaries(path, &name);
    let tmp = temporary(path, &name, std::process::id());
    let written = std::fs::File::create(&tmp)
        .and_then(|mut file| file.write_all(bytes).and_then(|()| file.sync_all()))
        .and_then(|()| std::fs::rename(&tmp, path));
    // A write that failed (a full disk, a rename refused) leaves nothing behind.
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    sync_directory(path);
    Ok(())
}

/// The temporary file process `pid` writes for `path` (whose file name is `name`).
fn temporary(path: &Path, name: &str, pid: u32) -> PathBuf {
    path.with_file_name(format!(".{name}.tmp{pid}"))
}

/// Removes the temporary files of `path` whose writer no longer runs. Only where a
/// process can be looked up (Linux's `/proc`); elsewhere they are left.
fn remove_stale_temporaries(path: &Path, name: &str) {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let prefix = format!(".{name}.tmp");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(pid) = file_name
            .to_str()
            .and_then(|n| n.strip_prefix(&prefix))
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && crate::process::is_gone(pid) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Makes a rename in `path`'s directory durable (Unix; elsewhere a directory cannot be
/// opened for that, and nothing is done).
fn sync_directory(path: &Path) {
    #[cfg(unix)]
    {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
    }
    #[cfg(not(unix))]
    let _ = path;
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(unix)]
    use std::os::unix::fs::FileTypeExt;

    /// A fresh directory of the test's own (`sliders-atomic-<name>-<random>` in the temp
    /// directory), removed when dropped: when the test ends, passed or panicked.
    fn scratch(name: &str) -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix(&format!("sliders-atomic-{name}-"))
            .tempdir()
            .unwrap()
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_stays_a_link_and_its_file_is_replaced() {
        let dir = scratch("link");
        let file = dir.path().join("real.csv");
        std::fs::write(&file, b"old").unwrap();
        let link = dir.path().join("link.csv");
        std::os::unix::fs::symlink("real.csv", &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&file).unwrap(), b"new");
        // A dangling link: its target is created, the link kept.
        let dangling = dir.path().join("dangling.csv");
        std::os::unix::fs::symlink("made.csv", &dangling).unwrap();
        write_atomic(&dangling, b"made").unwrap();
        assert!(std::fs::symlink_metadata(&dangling)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(dir.path().join("made.csv")).unwrap(), b"made");
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_written_through_and_a_directory_refused() {
        write_atomic(Path::new("/dev/null"), b"nothing").unwrap();
        assert!(std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device());
        let dir = scratch("dir");
        let e = write_atomic(dir.path(), b"x").unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::IsADirectory);
    }

    #[test]
    fn writes_whole_files_and_replaces_them() {
        let dir = scratch("replace");
        let path = dir.path().join("set.csv");
        write_atomic(&path, b"old").unwrap();
        write_atomic(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        // Nothing else is left beside it.
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("set.csv")]);
        dir.close().unwrap();
    }

    #[test]
    fn removes_what_killed_writers_left_and_keeps_a_running_writers_file() {
        let dir = scratch("stale");
        let path = dir.path().join("state.json");
        // A PID past Linux's largest (2^22) runs nowhere; PID 1 always runs.
        let dead = temporary(&path, "state.json", 4_294_967_000);
        let alive = temporary(&path, "state.json", 1);
        let other = dir.path().join(".other.json.tmp4294967000");
        for f in [&dead, &alive, &other] {
            std::fs::write(f, b"half").unwrap();
        }
        write_atomic(&path, b"whole").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"whole");
        assert_eq!(
            dead.exists(),
            !cfg!(target_os = "linux"),
            "the dead writer's file"
        );
        assert!(
            alive.exists(),
            "a running process's file is its own business"
        );
        assert!(other.exists(), "another file's temporaries are not touched");
        dir.close().unwrap();
    }
}
