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
use std::io::Write;
use std::process::Command;

use sliders_core::schemes::SchemeId;
use sliders_movegen::{Board, PerftTable};

use crate::error::CliError;

/// One perftree answer: counts per move, and the total it printed.
struct Divide {
    counts: BTreeMap<String, u128>,
    total: u128,
}

/// Runs the user's command for `depth` at `root` + `moves` and parses its answer.
fn theirs(command: &str, depth: u32, root: &str, moves: &[String]) -> Result<Divide, CliError> {
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!("{command} \"$@\""))
        .arg("sh")
        .arg(depth.to_string())
        .arg(root)
        .arg(moves.join(" "))
        .output()
        .map_err(|e| CliError::input(format!("--compare: cannot run `sh -c {command}`: {e}")))?;
    let call = format!("`{command} {depth} \"{root}\" \"{}\"`", moves.join(" "));
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let last: Vec<&str> = stderr.lines().rev().take(3).collect();
        return Err(CliError::input(format!(
            "--compare: {call} failed ({}){}",
            output.status,
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
    parse(&String::from_utf8_lossy(&output.stdout)).map_err(|(line, what)| {
        CliError::input(format!("--compare: {call} printed line {line}: {what}"))
    })
}

/// Parses perftree output; an error names the 1-based line and the problem.
fn parse(text: &str) -> Result<Divide, (usize, String)> {
    let mut counts = BTreeMap::new();
    let mut lines = text.lines().enumerate();
    for (i, line) in lines.by_ref() {
        let line = line.trim();
        if line.is_empty() {
            break;
        }
        let mut fields = line.split_whitespace();
        let (Some(mv), Some(count), None) = (fields.next(), fields.next(), fields.next()) else {
            return Err((i + 1, format!("expected `<move> <count>`, got {line:?}")));
        };
        let count: u128 = count
            .parse()
            .map_err(|_| (i + 1, format!("the count {count:?} is not a whole number")))?;
        if counts.insert(mv.to_owned(), count).is_some() {
            return Err((i + 1, format!("the move {mv} is listed twice")));
        }
    }
    let Some((i, line)) = lines.find(|(_, l)| !l.trim().is_empty()) else {
        return Err((
            text.lines().count() + 1,
            "no total after the blank line".into(),
        ));
    };
    let total = line.trim().parse().map_err(|_| {
        (
            i + 1,
            format!("the total {:?} is not a whole number", line.trim()),
        )
    })?;
    Ok(Divide { counts, total })
}

/// How we count: the scheme, the threads and the table of `perft`'s arguments.
pub struct Counting<'a> {
    /// The slider scheme.
    pub scheme: SchemeId,
    /// Threads per count.
    pub threads: usize,
    /// The perft table, if any.
    pub table: Option<&'a PerftTable>,
}

/// Our divide at `board`, by UCI string in the board's castling convention.
fn ours(board: &Board, depth: u32, how: &Counting) -> Divide {
    let divide = crate::perft::divide(how.scheme, board, depth, how.threads, how.table);
    let counts: BTreeMap<String, u128> = crate::perft::sorted(board, &divide).into_iter().collect();
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
    let mut out = std::io::stdout().lock();
    let mut say = |line: String| -> Result<(), CliError> {
        writeln!(out, "{line}").map_err(|e| CliError::io("writing stdout", e))
    };
    // Their count for the move walked down into this position, one level up.
    let mut expected: Option<u128> = None;
    loop {
        let board = root.play_uci_moves(&moves).map_err(CliError::input)?;
        let ours = ours(&board, depth, how);
        let theirs = theirs(command, depth, &root_fen, &moves)?;
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
    }
}
