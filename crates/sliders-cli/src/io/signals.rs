//! Ctrl-C, SIGTERM and SIGHUP for the long runs (`prove`, `dense`): the first asks the
//! run to stop where it can save its state, the second ends the process at once.

use sliders_search::prove;

use crate::io::error::CliError;

/// On Ctrl-C, SIGTERM or SIGHUP, stop as at a time limit ([`prove::stop`]): the solver
/// process is killed, not left running, and a resumable run keeps its state. A second
/// signal ends the process at once (exit 130), killing the solvers still running first
/// (with the `kill` program: no `unsafe` here).
pub fn stop_on_signals() -> Result<(), CliError> {
    ctrlc::set_handler(|| {
        if prove::stop::requested() {
            for pid in prove::stop::solvers() {
                let _ = std::process::Command::new("kill")
                    .args(["-KILL", &pid.to_string()])
                    .status();
            }
            std::process::exit(130);
        }
        crate::io::output::noteln!("sliders: stopping (a second signal ends at once)");
        prove::stop::request();
    })
    .map_err(|e| CliError {
        code: 1,
        message: format!("cannot watch for Ctrl-C and SIGTERM: {e}"),
    })
}
