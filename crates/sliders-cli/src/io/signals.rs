//! Ctrl-C, SIGTERM and SIGHUP for the long runs (`prove`, `dense`): the first asks the
//! run to stop where it can save its state, the second ends the process at once. The
//! libraries know nothing of signals: the run is given a [`StopToken`] and this handler
//! holds a clone of it.

use sliders_search::control::StopToken;

use crate::io::error::CliError;

/// A stop token that Ctrl-C, SIGTERM or SIGHUP request: the run stops as at a time
/// limit (a solver process is killed, not left running, and a resumable run keeps its
/// state). A second signal ends the process at once (exit 130), killing the solvers
/// still running first (with the `kill` program: no `unsafe` here).
pub fn stop_on_signals() -> Result<StopToken, CliError> {
    let stop = StopToken::new();
    let handler = stop.clone();
    ctrlc::set_handler(move || {
        if handler.requested() {
            for pid in handler.solvers() {
                let _ = std::process::Command::new("kill")
                    .args(["-KILL", &pid.to_string()])
                    .status();
            }
            std::process::exit(130);
        }
        crate::io::output::noteln!("sliders: stopping (a second signal ends at once)");
        handler.request();
    })
    .map_err(|e| CliError {
        code: 1,
        message: format!("cannot watch for Ctrl-C and SIGTERM: {e}"),
    })?;
    Ok(stop)
}
