//! `sliders perft --compare "<command>" <depth> [--fen FEN] [--moves ...]`: runs a move
//! generator through the perftree protocol, compares its divide with ours, and walks
//! down the first root move whose count differs until the move lists themselves differ.
//!
//! The command is called as `<command> <depth> "<fen>" "<moves>"` (through `sh -c`, so it
//! may carry its own arguments) and must print `<uci move> <count>` lines, a blank line
//! and the total, as the perftree tool defines. The FEN is the root as given (Shredder
//! castling letters for a Chess960 position); the moves, space-separated, lead from it to
//! the position to count.
//!
//! Output: a `count <uci> ours <n> theirs <m>` line for each move walked down, then
//! `path <moves from the root>`, `fen <FEN there>` and one `missing <uci>` (legal, their
//! list lacks it) or `extra <uci>` (in their list, not legal) line per difference. Exit
//! status 0 when everything agrees, 1 when a difference is found, 2 when the command fails
//! or prints something that cannot be parsed (the line is named).

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use sliders_core::schemes::SchemeId;
use sliders_movegen::{Board, PerftTable};

use crate::commands::perft::counting::{divide, sorted};
use crate::commands::perft::perftree::{parse, Divide};
use crate::io::error::CliError;
use crate::io::input::{text_of, MAX_GENERATOR_OUTPUT};

/// Reads a pipe to its end on a thread of its own, so that neither pipe fills while the
/// other is waited on; keeps at most `limit` bytes. Past them the pipe is closed (the
/// command's next write fails) and `over` is set, so the caller can stop the command
/// at once rather than hold what it writes without end.
fn drain(
    pipe: Option<impl Read + Send + 'static>,
    limit: usize,
    over: Arc<AtomicBool>,
) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(pipe) = pipe {
            let _ = pipe.take(limit as u64 + 1).read_to_end(&mut bytes);
            if bytes.len() > limit {
                bytes.truncate(limit);
                over.store(true, Ordering::Relaxed);
            }
        }
        bytes
    })
}

/// Ends the command and everything it started (it runs in a process group of its own).
fn kill_group(child: &mut std::process::Child) {
    #[cfg(unix)]
    {
        let _ = Command::new("kill")
            .arg("-KILL")
            .arg("--")
            .arg(format!("-{}", child.id()))
            .stderr(Stdio::null())
            .status();
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// Runs the user's command for `depth` at `root` + `moves` and parses its answer; a
/// command that has not finished after `timeout` is killed (exit status 2).
fn theirs(
    command: &str,
    depth: u32,
    root: &str,
    moves: &[String],
    timeout: Duration,
) -> Result<Divide, CliError> {
    let mut shell = Command::new("sh");
    shell
        .arg("-c")
        .arg(format!("{command} \"$@\""))
        .arg("sh")
        .arg(depth.to_string())
        .arg(root)
        .arg(moves.join(" "))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut shell, 0);
    let mut child = shell
        .spawn()
        .map_err(|e| CliError::input(format!("--compare: cannot run `sh -c {command}`: {e}")))?;
    let over = Arc::new(AtomicBool::new(false));
    let stdout = drain(child.stdout.take(), MAX_GENERATOR_OUTPUT, over.clone());
    // Only the last lines of stderr are shown; a command that fills it is stopped too.
    let stderr = drain(child.stderr.take(), MAX_GENERATOR_OUTPUT, over.clone());
    let call = format!("`{command} {depth} \"{root}\" \"{}\"`", moves.join(" "));
    let deadline = Instant::now() + timeout;
    let status = loop {
        if over.load(Ordering::Relaxed) {
            kill_group(&mut child);
            return Err(too_much(&call));
        }
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() >= deadline => {
                kill_group(&mut child);
                return Err(CliError::input(format!(
                    "--compare: {call} did not answer within {} s (--compare-timeout): killed",
                    timeout.as_secs_f64()
                )));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            Err(e) => {
                kill_group(&mut child);
                return Err(CliError::input(format!(
                    "--compare: waiting for {call}: {e}"
                )));
            }
        }
    };
    // A process the command left behind may still hold its output open (`sleep 30 &`):
    // the pipes are waited for within the same deadline, then the group is killed.
    while !(stdout.is_finished() && stderr.is_finished()) {
        if Instant::now() >= deadline {
            kill_group(&mut child);
            return Err(CliError::input(format!(
                "--compare: {call} exited, but what it left running kept its output open past {} s (--compare-timeout): killed",
                timeout.as_secs_f64()
            )));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let stdout = stdout.join().unwrap_or_default();
    let stderr = stderr.join().unwrap_or_default();
    // It may have ended (on the closed pipe) between the check above and its exit.
    if over.load(Ordering::Relaxed) {
        return Err(too_much(&call));
    }
    if !status.success() {
        let stderr = String::from_utf8_lossy(&stderr);
        let last: Vec<&str> = stderr.lines().rev().take(3).collect();
        return Err(CliError::input(format!(
            "--compare: {call} failed ({status}){}",
            if last.is_empty() {
                String::new()
            } else {
                format!(
                    ": {}",
                    last.into_iter().rev().collect::<Vec<_>>().join(" / ")
                )
            }
        )));
    }
    // A line too long or bytes that are not UTF-8 are named like any unparsable line.
    let stdout = text_of(stdout, &format!("--compare: {call} printed"))?;
    parse(&stdout).map_err(|(line, what)| {
        CliError::input(format!("--compare: {call} printed line {line}: {what}"))
    })
}

/// The error of a command that wrote more than [`MAX_GENERATOR_OUTPUT`] bytes.
fn too_much(call: &str) -> CliError {
    CliError::input(format!(
        "--compare: {call} printed more than {MAX_GENERATOR_OUTPUT} bytes, the limit of one answer: stopped"
    ))
}

/// How we count: the scheme, the threads and the table of `perft`'s arguments.
pub struct Counting<'a> {
    /// The slider scheme.
    pub scheme: SchemeId,
    /// Threads per count.
    pub threads: usize,
    /// The perft table, if any.
    pub table: Option<&'a PerftTable>,
    /// How long the other generator may take for one call.
    pub timeout: Duration,
}

/// Our divide at `board`, by UCI string in the board's castling convention.
fn ours(board: &Board, depth: u32, how: &Counting) -> Divide {
    let divide = divide(how.scheme, board, depth, how.threads, how.table);
    let counts: BTreeMap<String, u128> = sorted(board, &divide).into_iter().collect();
    let total = if depth == 0 { 1 } else { counts.values().sum() };
    Divide { counts, total }
}

/// Compares and walks down; returns whether everything agreed.
pub fn compare(
    command: &str,
    depth: u32,
    root: &Board,
    moves: Vec<String>,
    how: &Counting,
) -> Result<bool, CliError> {
    if depth == 0 {
        return Err(CliError::input("--compare needs a depth of at least 1"));
    }
    let root_fen = root.to_fen();
    let mut moves = moves;
    let mut depth = depth;
    let mut out = crate::io::output::stdout();
    let mut say = |line: String| -> Result<(), CliError> {
        writeln!(out, "{line}").map_err(crate::io::output::stdout_failed)
    };
    // Their count for the move walked down into this position, one level up.
    let mut expected: Option<u128> = None;
    loop {
        let board = root.play_uci_moves(&moves).map_err(CliError::input)?;
        let ours = ours(&board, depth, how);
        let theirs = theirs(command, depth, &root_fen, &moves, how.timeout)?;
        let missing: Vec<&String> = ours
            .counts
            .keys()
            .filter(|mv| !theirs.counts.contains_key(*mv))
            .collect();
        let extra: Vec<&String> = theirs
            .counts
            .keys()
            .filter(|mv| !ours.counts.contains_key(*mv))
            .collect();
        let differing = ours
            .counts
            .iter()
            .find(|(mv, n)| theirs.counts.get(*mv).is_some_and(|m| m != *n));
        let place = |say: &mut dyn FnMut(String) -> Result<(), CliError>| {
            let path = if moves.is_empty() {
                "(the root)".to_owned()
            } else {
                moves.join(" ")
            };
            say(format!("path {path}"))?;
            say(format!("fen {}", board.to_fen()))
        };
        if !missing.is_empty() || !extra.is_empty() {
            place(&mut say)?;
            for mv in missing {
                say(format!("missing {mv}"))?;
            }
            for mv in extra {
                say(format!("extra {mv}"))?;
            }
            return Ok(false);
        }
        match differing {
            Some((mv, n)) => {
                say(format!("count {mv} ours {n} theirs {}", theirs.counts[mv]))?;
                if depth == 1 {
                    // Every count is 1 at depth 1: their line for this move is wrong.
                    place(&mut say)?;
                    return Ok(false);
                }
                expected = Some(theirs.counts[mv]);
                moves.push(mv.clone());
                depth -= 1;
            }
            None if theirs.total != ours.total || expected.is_some_and(|e| e != theirs.total) => {
                // Their lines agree with ours, but not with their own totals.
                place(&mut say)?;
                say(format!(
                    "total ours {} theirs {}{}",
                    ours.total,
                    theirs.total,
                    match expected {
                        Some(e) => format!(" (their count one level up: {e})"),
                        None => String::new(),
                    }
                ))?;
                return Ok(false);
            }
            None => {
                say(format!("agree: perft({depth}) = {} nodes", ours.total))?;
                return Ok(true);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perftree_output_parses_and_bad_lines_are_named() {
        let d = parse("e2e4 20\nd2d4 20\n\n40\n").unwrap();
        assert_eq!(d.total, 40);
        assert_eq!(d.counts["e2e4"], 20);
        assert_eq!(parse("e2e4 x\n\n1\n").err().unwrap().0, 1);
        assert_eq!(parse("e2e4 1\ne2e4 1\n\n2\n").err().unwrap().0, 2);
        assert_eq!(parse("e2e4 1 2\n\n1\n").err().unwrap().0, 1);
        let (line, what) = parse("e2e4 1\n").err().unwrap();
        assert_eq!(line, 2);
        assert!(what.contains("no total"));
        assert_eq!(parse("e2e4 1\n\nforty\n").err().unwrap().0, 3);
        // Stockfish's `go perft` style.
        let d = parse("e2e4: 20\nd2d4: 20\n\nNodes searched: 40\n").unwrap();
        assert_eq!((d.counts["e2e4"], d.total), (20, 40));
        assert!(parse("e2e4x 1\n\n1\n").err().unwrap().1.contains("UCI"));
    }
}
