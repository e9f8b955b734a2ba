//! The perftree answer of another move generator (`perft --compare`): `<uci move>
//! <count>` lines, a blank line and the total, as the perftree tool defines, or
//! Stockfish's own `go perft` style (`e2e4: 20` lines, `Nodes searched: N`). It depends
//! on nothing but `std`, so the fuzz target `perftree` compiles this very file.

use std::collections::BTreeMap;

/// One perftree answer: counts per move, and the total it printed.
pub struct Divide {
    /// The count per move, by UCI string.
    pub counts: BTreeMap<String, u128>,
    /// The total it printed.
    pub total: u128,
}

/// A count or total the command printed: a whole number up to 2^128 - 1, and one past
/// it is "out of range", not "not a whole number".
fn count(what: &str, text: &str) -> Result<u128, String> {
    text.parse().map_err(|_| {
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            format!("the {what} {text:?} is out of range 0..={}", u128::MAX)
        } else {
            format!("the {what} {text:?} is not a whole number")
        }
    })
}

/// Whether `text` is a move in UCI notation: from, to, and a promotion letter or none.
fn uci_syntax(text: &str) -> bool {
    let b = text.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    (b.len() == 4 || (b.len() == 5 && b"qrbn".contains(&b[4])))
        && square(b[0], b[1])
        && square(b[2], b[3])
}

/// Parses perftree output; an error names the 1-based line and the problem. Stockfish's
/// own `go perft` style is read too: `e2e4: 20` lines and a `Nodes searched: N` total.
pub fn parse(text: &str) -> Result<Divide, (usize, String)> {
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
        let mv = mv.strip_suffix(':').unwrap_or(mv);
        if !uci_syntax(mv) {
            return Err((i + 1, format!("{mv:?} is not a move in UCI notation")));
        }
        let count = self::count("count", count).map_err(|what| (i + 1, what))?;
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
    let line = line.trim();
    let number = line.strip_prefix("Nodes searched:").unwrap_or(line).trim();
    let total = count("total", number).map_err(|what| (i + 1, what))?;
    Ok(Divide { counts, total })
}
