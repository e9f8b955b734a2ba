//! Running the SAT solver: CaDiCaL as a separate process (Debian's `cadical` package,
//! 1.5.3), reading its `s` and `v` lines.
//!
//! Why an external CaDiCaL and not a solver crate: it writes DRAT proofs (the answer
//! "none" has to be checkable by something other than the solver), it is a maintained
//! competition solver, and a process can be killed at a time limit.

use crate::control::StopToken;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Satisfiable, with the value of every variable (index 0 unused).
    Satisfiable(Vec<bool>),
    /// Unsatisfiable (a proof was written if one was asked for).
    Unsatisfiable,
    /// No answer within the time limit, or the run was stopped ([`crate::control::StopToken`]).
    TimedOut,
}

/// One solver run.
#[derive(Clone, Debug)]
pub struct Run {
    /// The answer.
    pub outcome: Outcome,
    /// Wall-clock time of the solver process.
    pub seconds: f64,
    /// The solver and its version, as it reports it.
    pub solver: String,
}

/// The solver program: `$SLIDERS_CADICAL`, or `cadical` on the `PATH`.
pub fn program() -> String {
    std::env::var("SLIDERS_CADICAL").unwrap_or_else(|_| "cadical".into())
}

/// The solver's version line, or `None` when it cannot be run.
pub fn version() -> Option<String> {
    let out = Command::new(program()).arg("--version").output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Runs CaDiCaL on `formula` (a DIMACS file with `variables` variables), writing a DRAT
/// proof (binary) to `proof` if given, for at most `limit` of wall-clock time.
pub fn solve(
    formula: &Path,
    variables: u32,
    proof: Option<&Path>,
    limit: Option<Duration>,
    stop: &StopToken,
) -> Result<Run, String> {
    let name = program();
    let solver = format!(
        "CaDiCaL (version {})",
        version().ok_or_else(|| format!(
            "cannot run the SAT solver `{name}` (install Debian's `cadical`, or set SLIDERS_CADICAL)"
        ))?
    );
    // Killed with us, even by SIGKILL (module `process`); waited for on this thread.
    let mut command = crate::process::child(&name);
    command.arg("-q");
    if let Some(limit) = limit {
        command.arg("-t").arg(limit.as_secs().max(1).to_string());
    }
    command.arg(formula);
    if let Some(proof) = proof {
        command.arg(proof);
    }
    let start = Instant::now();
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start `{name}`: {e}"))?;
    let _listed = stop.running(child.id());
    let mut stdout = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        stdout.read_to_string(&mut text).map(|_| text)
    });
    // CaDiCaL stops itself at -t; this is the guard if it does not.
    let hard_limit = limit.map(|l| l + Duration::from_secs(30));
    let status = loop {
        if let Some(status) = child
            .try_wait()
            .map_err(|e| format!("waiting for `{name}`: {e}"))?
        {
            break status;
        }
        if hard_limit.is_some_and(|l| start.elapsed() > l) || stop.requested() {
            let _ = child.kill();
            let _ = child.wait();
            return Ok(Run {
                outcome: Outcome::TimedOut,
                seconds: start.elapsed().as_secs_f64(),
                solver,
            });
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let seconds = start.elapsed().as_secs_f64();
    let text = reader
        .join()
        .map_err(|_| "the solver's output reader panicked".to_string())?
        .map_err(|e| format!("reading `{name}`'s output: {e}"))?;
    let mut stderr = String::new();
    if let Some(mut err) = child.stderr.take() {
        let _ = err.read_to_string(&mut stderr);
    }
    // CaDiCaL exits 10 (satisfiable), 20 (unsatisfiable), or 0 without an `s` line
    // under -q when its time limit ends the search. A stop request's signal may have
    // reached it too (Ctrl-C goes to the whole process group, Slurm signals every
    // process of the job): then it ended without an answer, not in error.
    let answered = text.lines().any(|l| l.starts_with("s "));
    // A signal that reached the solver may not have reached our handler yet (the two
    // run apart; under load the solver's end is seen first): give it a second.
    if !answered && status.code().is_none() {
        for _ in 0..50 {
            if stop.requested() {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    if !answered && (status.code() == Some(0) || stop.requested()) {
        return Ok(Run {
            outcome: Outcome::TimedOut,
            seconds,
            solver,
        });
    }
    let outcome = parse_output(&text, variables).map_err(|e| {
        format!(
            "`{name}` exited with {status}: {e}{}",
            if stderr.trim().is_empty() {
                String::new()
            } else {
                format!(" ({})", stderr.trim())
            }
        )
    })?;
    Ok(Run {
        outcome,
        seconds,
        solver,
    })
}

/// Reads a solver's `s` line and, if satisfiable, its `v` lines.
pub fn parse_output(text: &str, variables: u32) -> Result<Outcome, String> {
    let status = text
        .lines()
        .find_map(|l| l.strip_prefix("s "))
        .ok_or("no `s` line in the solver's output")?
        .trim();
    match status {
        "UNSATISFIABLE" => Ok(Outcome::Unsatisfiable),
        "UNKNOWN" => Ok(Outcome::TimedOut),
        "SATISFIABLE" => {
            let mut values = vec![false; variables as usize + 1];
            let mut seen = vec![false; variables as usize + 1];
            for field in text
                .lines()
                .filter_map(|l| l.strip_prefix("v "))
                .flat_map(str::split_whitespace)
            {
                let lit: i64 = field
                    .parse()
                    .map_err(|_| format!("value {field:?} is not a literal"))?;
                let var = lit.unsigned_abs() as usize;
                if var == 0 {
                    continue;
                }
                if var > variables as usize {
                    return Err(format!("value for variable {var} beyond {variables}"));
                }
                values[var] = lit > 0;
                seen[var] = true;
            }
            if let Some(missing) = (1..seen.len()).find(|&v| !seen[v]) {
                return Err(format!("no value for variable {missing}"));
            }
            Ok(Outcome::Satisfiable(values))
        }
        other => Err(format!("unknown status {other:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_answers() {
        assert_eq!(
            parse_output("c x\ns SATISFIABLE\nv 1 -2\nv 3 0\n", 3),
            Ok(Outcome::Satisfiable(vec![false, true, false, true]))
        );
        assert_eq!(
            parse_output("s UNSATISFIABLE\n", 3),
            Ok(Outcome::Unsatisfiable)
        );
        assert!(parse_output("s SATISFIABLE\nv 1 0\n", 2).is_err());
        assert!(parse_output("nothing\n", 2).is_err());
    }
}
