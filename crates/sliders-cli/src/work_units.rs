//! The units file of `sliders perft split` and the result lines of `sliders perft run`
//! (issues 13, 21). The format is the CLI's contract, so it lives in the CLI crate's
//! library (not in the board crate an engine depends on); it depends only on the board
//! crate and serde_json, so the fuzz target includes this file alone (`#[path]`) without
//! building the CLI's every scheme, clap and plotters.
//!
//! The units file is JSON lines: a header `{"root": FEN, "moves": [...], "depth": d,
//! "at": k, "units": n, "positions": p, "split": ID}` then `{"id": i, "fen": FEN,
//! "depth": d - k, "multiplicity": m}` per unit, ids from 0. `p` is the sum of the
//! multiplicities (the leaves at ply `k`); `ID` is the split's identity, [`identity`]:
//! 16 lowercase hex digits of a digest of the root, the moves, the depth, the split ply
//! and every unit's FEN, depth and multiplicity, in order. A result line repeats it:
//! `{"split": ID, "id": i, "nodes": n}`, so a result can only be merged with the units
//! it counted.
//!
//! Counts are JSON numbers while they fit in 64 bits, decimal strings past that; both are
//! read. A units file from before the identity (no `"split"` in its header) is read, and
//! its identity computed from its contents; a result line without `"split"` cannot be
//! tied to any split and is refused by `run` and `merge` (they say so).

use std::fmt;

use serde_json::{json, Value};
use sliders_movegen::Board;

/// A count as JSON: a number while it fits in 64 bits, else a decimal string.
///
/// ```
/// use sliders_cli::work_units::count_json;
/// assert_eq!(count_json(5).to_string(), "5");
/// assert_eq!(count_json(1 << 64).to_string(), "\"18446744073709551616\"");
/// ```
pub fn count_json(n: u128) -> Value {
    match u64::try_from(n) {
        Ok(n) => n.into(),
        Err(_) => n.to_string().into(),
    }
}

/// A non-negative integer written as a JSON number or a decimal string (digits only).
pub fn integer(value: &Value) -> Option<u128> {
    match value {
        Value::Number(n) => n.as_u64().map(u128::from),
        Value::String(s) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
            s.parse().ok()
        }
        _ => None,
    }
}

/// Refuses JSON in which an object names a key twice (serde_json keeps the last without
/// a word: a hand-edited line that says two things is an error, not a choice). Walks the
/// text and builds nothing.
struct UniqueKeys;

impl<'de> serde::Deserialize<'de> for UniqueKeys {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<UniqueKeys, D::Error> {
        d.deserialize_any(UniqueKeys)
    }
}

impl<'de> serde::de::Visitor<'de> for UniqueKeys {
    type Value = UniqueKeys;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("JSON")
    }
    fn visit_bool<E>(self, _: bool) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_i64<E>(self, _: i64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_u64<E>(self, _: u64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_f64<E>(self, _: f64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_str<E>(self, _: &str) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_unit<E>(self) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<UniqueKeys, A::Error> {
        while seq.next_element::<UniqueKeys>()?.is_some() {}
        Ok(UniqueKeys)
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<UniqueKeys, A::Error> {
        let mut seen: Vec<String> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            if seen.contains(&key) {
                return Err(serde::de::Error::custom(format!(
                    "the key {key:?} is given twice"
                )));
            }
            seen.push(key);
            map.next_value::<UniqueKeys>()?;
        }
        Ok(UniqueKeys)
    }
}

/// One line of JSON as a [`Value`], with no key given twice in any object. The error
/// says what is wrong (`not JSON: ...` or the key given twice, with its column).
fn json_line(line: &str) -> Result<Value, String> {
    let value: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    serde_json::from_str::<UniqueKeys>(line).map_err(|e| {
        // serde_json appends " at line 1 column C": the caller names the file's line.
        let text = e.to_string();
        let reason = text
            .rsplit_once(" at line ")
            .map_or(&*text, |(reason, _)| reason);
        format!("{reason} (column {})", e.column())
    })?;
    Ok(value)
}

/// FNV-1a, 64 bits: enough to tell splits apart (the identity guards against mixing
/// files up, not against forgery).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The identity of a split: 16 lowercase hex digits of the FNV-1a digest of one line
/// per field (`root`, the moves space-separated, `depth`, `at`) and one line
/// `<fen>;<depth>;<multiplicity>` per unit, in id order.
///
/// ```
/// use sliders_cli::work_units::identity;
/// let a = identity("8/8/8/8/8/8/8/K6k w - - 0 1", &[], 2, 1, &[]);
/// assert_eq!(a.len(), 16);
/// assert_ne!(a, identity("8/8/8/8/8/8/8/K6k w - - 0 1", &[], 3, 1, &[]));
/// ```
pub fn identity(
    root: &str,
    moves: &[String],
    depth: u32,
    at: u32,
    units: &[(String, u32, u128)],
) -> String {
    let mut text = format!("{root}\n{}\n{depth}\n{at}\n", moves.join(" "));
    for (fen, depth, multiplicity) in units {
        text.push_str(&format!("{fen};{depth};{multiplicity}\n"));
    }
    format!("{:016x}", fnv1a(text.as_bytes()))
}

/// One work unit: a position to count to `depth`, standing for `multiplicity` leaves of
/// the split.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    /// Its id, from 0, its place in the file.
    pub id: usize,
    /// The position as written.
    pub fen: String,
    /// The position.
    pub board: Board,
    /// The depth left to count.
    pub depth: u32,
    /// How many move sequences of the split reach it (at least 1).
    pub multiplicity: u128,
}

/// A units file: the header's fields and the units.
#[derive(Clone, Debug, PartialEq)]
pub struct Units {
    /// The root position as written.
    pub root: String,
    /// The moves played from the root first.
    pub moves: Vec<String>,
    /// The total depth.
    pub depth: u32,
    /// The split ply.
    pub at: u32,
    /// The leaves at the split ply: the sum of the multiplicities.
    pub positions: u128,
    /// The split's identity ([`identity`]).
    pub identity: String,
    /// Whether the header carried the identity (files from before issue 21 do not).
    pub identity_written: bool,
    /// The units, ids 0 to n - 1.
    pub units: Vec<Unit>,
}

/// A problem in a file: the 1-based line and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl core::error::Error for LineError {}

fn at_line(line: usize, message: impl Into<String>) -> LineError {
    LineError {
        line,
        message: message.into(),
    }
}

/// The units file's text for a split of `depth` at ply `at`: `root` the FEN given, `moves`
/// played from it first, `units` the positions at ply `at` with their multiplicities, in
/// id order.
pub fn write_units(
    root: &str,
    moves: &[String],
    depth: u32,
    at: u32,
    units: &[(Board, u128)],
) -> String {
    let rows: Vec<(String, u32, u128)> = units
        .iter()
        .map(|(board, m)| (board.to_fen(), depth - at, *m))
        .collect();
    let positions: u128 = units.iter().map(|&(_, m)| m).fold(0, u128::saturating_add);
    let header = json!({
        "root": root,
        "moves": moves,
        "depth": depth,
        "at": at,
        "units": units.len(),
        "positions": count_json(positions),
        "split": identity(root, moves, depth, at, &rows),
    });
    let mut text = header.to_string();
    text.push('\n');
    for (id, (fen, depth, multiplicity)) in rows.iter().enumerate() {
        let unit = json!({
            "id": id,
            "fen": fen,
            "depth": depth,
            "multiplicity": count_json(*multiplicity),
        });
        text.push_str(&unit.to_string());
        text.push('\n');
    }
    text
}

/// A whole number field of a JSON object that fits `u32`.
fn small(value: &Value, name: &str, line: usize) -> Result<u32, LineError> {
    value
        .get(name)
        .ok_or_else(|| at_line(line, format!("no \"{name}\"")))?
        .as_u64()
        .and_then(|d| u32::try_from(d).ok())
        .ok_or_else(|| at_line(line, format!("\"{name}\" is not a whole number below 2^32")))
}

/// Reads a units file, checking everything that can be checked without counting: the
/// header's fields, each unit's FEN, depth (the header's depth less the split ply) and
/// multiplicity (at least 1), ids in order, the header's unit and position counts
/// against the units, and the identity against the contents.
pub fn parse_units(text: &str) -> Result<Units, LineError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.lines().enumerate();
    let header: Value = match lines.next() {
        Some((_, line)) => json_line(line).map_err(|e| at_line(1, format!("the header: {e}")))?,
        None => return Err(at_line(1, "empty file: no header")),
    };
    if !header.is_object() {
        return Err(at_line(1, "the header is not a JSON object"));
    }
    let root = header
        .get("root")
        .and_then(Value::as_str)
        .ok_or_else(|| at_line(1, "the header has no \"root\" FEN"))?
        .to_owned();
    let moves: Vec<String> = match header.get("moves") {
        None => Vec::new(),
        Some(Value::Array(list)) => list
            .iter()
            .map(|m| m.as_str().map(str::to_owned))
            .collect::<Option<_>>()
            .ok_or_else(|| at_line(1, "\"moves\" is not a list of strings"))?,
        Some(_) => return Err(at_line(1, "\"moves\" is not a list of strings")),
    };
    let depth = small(&header, "depth", 1)?;
    let at = small(&header, "at", 1)?;
    if at > depth {
        return Err(at_line(
            1,
            format!("the split ply {at} is deeper than the depth {depth}"),
        ));
    }
    let declared = header
        .get("units")
        .and_then(Value::as_u64)
        .ok_or_else(|| at_line(1, "the header has no whole-number \"units\" count"))?;
    let positions = header
        .get("positions")
        .and_then(integer)
        .ok_or_else(|| at_line(1, "the header has no whole-number \"positions\" count"))?;
    let written = match header.get("split") {
        None => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => return Err(at_line(1, "\"split\" is not a string")),
    };
    let mut units = Vec::new();
    let mut sum: u128 = 0;
    for (index, line) in lines {
        let number = index + 1;
        if line.trim().is_empty() {
            continue;
        }
        let value = json_line(line).map_err(|e| at_line(number, e))?;
        let id = value
            .get("id")
            .ok_or_else(|| at_line(number, "no \"id\""))?
            .as_u64()
            .ok_or_else(|| at_line(number, "\"id\" is not a whole number"))?;
        if id != units.len() as u64 {
            return Err(at_line(
                number,
                format!("id {id} out of order (expected {})", units.len()),
            ));
        }
        let fen = value
            .get("fen")
            .ok_or_else(|| at_line(number, "no \"fen\""))?
            .as_str()
            .ok_or_else(|| at_line(number, "\"fen\" is not a string"))?
            .to_owned();
        let board = Board::from_fen_lax(&fen).map_err(|e| at_line(number, e.to_string()))?;
        let unit_depth = small(&value, "depth", number)?;
        if unit_depth != depth - at {
            return Err(at_line(
                number,
                format!(
                    "depth {unit_depth}, but the header's split leaves {} (depth {depth} at ply {at})",
                    depth - at
                ),
            ));
        }
        let multiplicity = value
            .get("multiplicity")
            .ok_or_else(|| at_line(number, "no \"multiplicity\""))
            .and_then(|m| {
                integer(m).ok_or_else(|| at_line(number, "\"multiplicity\" is not a whole number"))
            })?;
        if multiplicity == 0 {
            return Err(at_line(
                number,
                "multiplicity 0: every unit is reached at least once",
            ));
        }
        sum = sum
            .checked_add(multiplicity)
            .ok_or_else(|| at_line(number, "the multiplicities add up past 2^128 - 1"))?;
        units.push(Unit {
            id: units.len(),
            fen,
            board,
            depth: unit_depth,
            multiplicity,
        });
    }
    if units.len() as u64 != declared {
        return Err(at_line(
            1,
            format!(
                "the header declares {declared} units, the file has {}",
                units.len()
            ),
        ));
    }
    if sum != positions {
        return Err(at_line(
            1,
            format!(
                "the header declares {positions} positions, the multiplicities add up to {sum}"
            ),
        ));
    }
    let rows: Vec<(String, u32, u128)> = units
        .iter()
        .map(|u| (u.fen.clone(), u.depth, u.multiplicity))
        .collect();
    let identity = identity(&root, &moves, depth, at, &rows);
    if let Some(written) = &written {
        if *written != identity {
            return Err(at_line(
                1,
                format!(
                    "the header's split {written} is not its contents' ({identity}): the file was edited"
                ),
            ));
        }
    }
    Ok(Units {
        root,
        moves,
        depth,
        at,
        positions,
        identity,
        identity_written: written.is_some(),
        units,
    })
}

/// One result line of `perft run`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultLine {
    /// The split it belongs to; `None` in lines from before issue 21.
    pub split: Option<String>,
    /// The unit's id.
    pub id: usize,
    /// The unit's perft count (not yet times its multiplicity).
    pub nodes: u128,
}

/// A result line's text, without the newline: `{"split": ID, "id": i, "nodes": n}`.
///
/// ```
/// use sliders_cli::work_units::{parse_result_line, result_line};
/// let line = result_line("00000000000000ff", 3, 20);
/// assert_eq!(line, r#"{"split":"00000000000000ff","id":3,"nodes":20}"#);
/// assert_eq!(parse_result_line(&line).unwrap().nodes, 20);
/// ```
pub fn result_line(split: &str, id: usize, nodes: u128) -> String {
    // Written by hand to keep the keys in this order (serde_json sorts them).
    format!(
        "{{\"split\":{},\"id\":{id},\"nodes\":{}}}",
        Value::from(split),
        count_json(nodes)
    )
}

/// Reads one result line; the error says what is wrong (the caller names file and line).
pub fn parse_result_line(line: &str) -> Result<ResultLine, String> {
    let value = json_line(line)?;
    let id = value
        .get("id")
        .and_then(Value::as_u64)
        .and_then(|id| usize::try_from(id).ok())
        .ok_or("no whole-number \"id\"")?;
    let nodes = value
        .get("nodes")
        .and_then(integer)
        .ok_or("no whole-number \"nodes\"")?;
    let split = match value.get("split") {
        None => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => return Err("\"split\" is not a string".into()),
    };
    Ok(ResultLine { split, id, nodes })
}
