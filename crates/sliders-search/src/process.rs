//! What a run leaves behind when it is killed: nothing that goes on running, and nothing
//! the next run does not remove. Child processes start through [`child`], which on
//! Linux asks the kernel to kill them with SIGKILL when the thread that started them
//! dies (`setpriv --pdeathsig KILL`, util-linux: no `unsafe` here), so a SIGKILLed
//! `prove` (Slurm's time limit, the OOM killer) takes its solver with it. Scratch
//! directories are named `<prefix><pid>-...`; [`sweep`] removes those whose process no
//! longer runs.

use std::path::Path;
use std::process::Command;

/// Whether `setpriv` with `--pdeathsig` can be run here (tried at each call, about a
/// millisecond: no process-wide cache, and a solver run lasts far longer).
pub fn dies_with_parent() -> bool {
    cfg!(target_os = "linux")
        && Command::new("setpriv")
            .args(["--pdeathsig", "KILL", "--", "true"])
            .output()
            .is_ok_and(|o| o.status.success())
}

/// A command for `program` that the kernel kills when the calling thread dies, where
/// it can ([`dies_with_parent`]); a plain one elsewhere. The caller must wait for the
/// child on the thread that starts it.
pub fn child(program: &str) -> Command {
    if dies_with_parent() {
        let mut command = Command::new("setpriv");
        command.args(["--pdeathsig", "KILL", "--", program]);
        command
    } else {
        Command::new(program)
    }
}

/// Removes the entries of `dir` named `<prefix><pid>-...` whose process `pid` no longer
/// runs (looked up in `/proc`, so on Linux; elsewhere they stay), but never this
/// process's own.
pub fn sweep(dir: &Path, prefix: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let pid = name
            .to_str()
            .and_then(|n| n.strip_prefix(prefix))
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<u32>().ok());
        if let Some(pid) = pid {
            if pid != std::process::id() && is_gone(pid) {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
    }
}

/// Whether process `pid` is known not to run: looked up in `/proc` (Linux); where there
/// is none, never (what it left stays).
pub(crate) fn is_gone(pid: u32) -> bool {
    cfg!(target_os = "linux")
        && Path::new("/proc/self").exists()
        && !Path::new(&format!("/proc/{pid}")).exists()
}
