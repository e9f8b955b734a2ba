//! The CSV format of `tests/data/magics`:
//! `piece,square,square_index,magic_hex,shift,bits_used,mask_bits,offset[,found_by]`.
//!
//! Lines starting with `#` are comments; `# scheme: <name>` names the scheme;
//! `# offset_shift: <n>` gives an offset-in-magic set's offset unit (the `offset` column
//! holds the decoded offset, which must equal `(magic & 0xFFFF) << n`). Columns
//! are found by their header names, so extra columns (like `found_by`) are kept aside
//! and optional ones (`square_index`, `bits_used`, `mask_bits`, `offset`) may be missing.

use std::fmt;

use sliders_core::{RookOrBishop, Square};

use crate::set::{cumulative_offsets, mask_bits, plain_bits, MagicSet, SchemeKind, SquareMagic};

/// A malformed file: what is wrong and on which line (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line number (1-based); for a missing row, the line after the last.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

fn err(line: usize, message: impl Into<String>) -> ParseError {
    ParseError {
        line,
        message: message.into(),
    }
}

/// One data row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvRow {
    /// The line it came from (1-based).
    pub line: usize,
    /// Rook or bishop.
    pub piece: RookOrBishop,
    /// The square.
    pub square: Square,
    /// The magic factor.
    pub magic: u64,
    /// The shift column (of the 64-bit product, or the 32-bit one for fancy32).
    pub shift: u32,
    /// The `bits_used` column, when present and filled.
    pub bits_used: Option<u32>,
    /// The `offset` column, when present and filled.
    pub offset: Option<u32>,
    /// The `found_by` column (or any column whose name starts with `found_by`).
    pub found_by: Option<String>,
}

/// A parsed CSV file: its rows (any number) and what its comments say.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CsvFile {
    /// The scheme a `# scheme: <name>` comment or a `scheme` column names.
    pub scheme: Option<SchemeKind>,
    /// The offset unit's shift an `# offset_shift: <0..=3>` comment gives
    /// (offset-in-magic sets).
    pub offset_shift: Option<u32>,
    /// The other comment lines, without the `#`.
    pub comments: Vec<String>,
    /// The data rows in file order.
    pub rows: Vec<CsvRow>,
    /// The number of lines in the file.
    pub lines: usize,
}

const REQUIRED: [&str; 4] = ["piece", "square", "magic_hex", "shift"];

fn parse_u32(line: usize, column: &str, value: &str) -> Result<u32, ParseError> {
    let v = value.trim();
    v.parse::<u32>().map_err(|_| {
        let why = if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) {
            format!("out of range 0..={}", u32::MAX)
        } else {
            "expected a whole number".to_string()
        };
        err(line, format!("bad {column} '{value}': {why}"))
    })
}

/// Parses `0x` + 1..16 hex digits (or bare hex digits).
pub fn parse_hex(value: &str) -> Option<u64> {
    let v = value.trim();
    let digits = v
        .strip_prefix("0x")
        .or_else(|| v.strip_prefix("0X"))
        .unwrap_or(v);
    if digits.is_empty() || digits.len() > 16 || !digits.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    u64::from_str_radix(digits, 16).ok()
}

/// Reads the rows of a magic CSV file. Checks each row on its own (piece, square, hex,
/// numbers, `square_index` and `mask_bits` consistent with the square); the set as a
/// whole is checked by [`CsvFile::to_set`].
pub fn read_csv(text: &str) -> Result<CsvFile, ParseError> {
    let mut file = CsvFile::default();
    let mut header: Option<Vec<String>> = None;
    // A UTF-8 byte-order mark (editors on Windows add one) is not part of the header.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Lines ended by CR alone (classic Mac OS) are lines too: without this the whole
    // file was one line ("wrong count: 0 rows").
    let unix;
    let text = if text.contains('\r') && !text.contains('\n') {
        unix = text.replace('\r', "\n");
        unix.as_str()
    } else {
        text
    };
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        file.lines = line;
        let content = raw.trim();
        if content.is_empty() {
            continue;
        }
        if let Some(comment) = content.strip_prefix('#') {
            let comment = comment.trim();
            // A key given twice is refused: which one is meant is not ours to guess.
            let twice = |key: &str| {
                err(
                    line,
                    format!("`# {key}:` given twice (the first on an earlier line)"),
                )
            };
            if let Some(name) = comment.strip_prefix("scheme:") {
                if file.scheme.is_some() {
                    return Err(twice("scheme"));
                }
                file.scheme = Some(SchemeKind::from_name(name).ok_or_else(|| {
                    err(line, format!("unknown scheme '{}' in comment", name.trim()))
                })?);
            } else if let Some(value) = comment.strip_prefix("offset_shift:") {
                if file.offset_shift.is_some() {
                    return Err(twice("offset_shift"));
                }
                let shift = value
                    .trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|&s| s <= crate::set::MAX_OFFSET_SHIFT)
                    .ok_or_else(|| {
                        err(
                            line,
                            format!("bad offset_shift '{}': expected 0 to 3", value.trim()),
                        )
                    })?;
                file.offset_shift = Some(shift);
            } else {
                file.comments.push(comment.to_string());
            }
            continue;
        }
        let fields: Vec<&str> = content.split(',').map(str::trim).collect();
        let Some(columns) = &header else {
            let names: Vec<String> = fields.iter().map(|f| f.to_ascii_lowercase()).collect();
            for required in REQUIRED {
                if !names.iter().any(|n| n == required) {
                    return Err(err(
                        line,
                        format!("header lacks the column '{required}' (header: {content:?})"),
                    ));
                }
            }
            header = Some(names);
            continue;
        };
        if fields.len() > columns.len() {
            return Err(err(
                line,
                format!(
                    "{} fields, but the header has {} columns",
                    fields.len(),
                    columns.len()
                ),
            ));
        }
        let get = |name: &str| -> Option<&str> {
            columns
                .iter()
                .position(|c| c == name)
                .and_then(|p| fields.get(p).copied())
                .filter(|v| !v.is_empty())
        };
        let need = |name: &str| -> Result<&str, ParseError> {
            get(name).ok_or_else(|| err(line, format!("missing value in column '{name}'")))
        };
        let piece_name = need("piece")?;
        let piece = RookOrBishop::from_name(piece_name).ok_or_else(|| {
            err(
                line,
                format!("unknown piece '{piece_name}': expected rook or bishop"),
            )
        })?;
        let square_name = need("square")?;
        let square: Square = square_name
            .parse()
            .map_err(|_| err(line, format!("unknown square '{square_name}'")))?;
        if let Some(idx) = get("square_index") {
            let idx = parse_u32(line, "square_index", idx)?;
            if idx != square as u32 {
                return Err(err(
                    line,
                    format!(
                        "square_index {idx} does not match square {square} ({})",
                        square as u32
                    ),
                ));
            }
        }
        let hex = need("magic_hex")?;
        let magic = parse_hex(hex).ok_or_else(|| {
            err(
                line,
                format!("bad magic_hex '{hex}': expected 0x and 1 to 16 hex digits"),
            )
        })?;
        let shift = parse_u32(line, "shift", need("shift")?)?;
        if shift > 63 {
            return Err(err(line, format!("shift {shift} out of range 0..=63")));
        }
        let bits_used = get("bits_used")
            .map(|v| parse_u32(line, "bits_used", v))
            .transpose()?;
        if let Some(given) = get("mask_bits") {
            let given = parse_u32(line, "mask_bits", given)?;
            if given != mask_bits(piece, square) {
                return Err(err(
                    line,
                    format!(
                        "mask_bits {given} is wrong for {piece} {square} (its mask has {})",
                        mask_bits(piece, square)
                    ),
                ));
            }
        }
        let offset = get("offset")
            .map(|v| parse_u32(line, "offset", v))
            .transpose()?;
        if let Some(name) = get("scheme") {
            let scheme = SchemeKind::from_name(name)
                .ok_or_else(|| err(line, format!("unknown scheme '{name}'")))?;
            if file.scheme.is_some_and(|s| s != scheme) {
                return Err(err(
                    line,
                    format!("scheme '{name}' differs from earlier rows"),
                ));
            }
            file.scheme = Some(scheme);
        }
        let found_by = columns
            .iter()
            .position(|c| c.starts_with("found_by"))
            .and_then(|p| fields.get(p))
            .filter(|v| !v.is_empty())
            .map(|v| v.to_string());
        file.rows.push(CsvRow {
            line,
            piece,
            square,
            magic,
            shift,
            bits_used,
            offset,
            found_by,
        });
    }
    if header.is_none() {
        return Err(err(file.lines.max(1), "no header line"));
    }
    Ok(file)
}

impl CsvFile {
    /// Guesses the scheme from the data when no comment or column names it: shifts
    /// that add up with `bits_used` to 32 on most rows mean fancy32; rook and bishop offsets both
    /// starting at 0 mean separate tables (plain when every square uses 12/9 bits at
    /// `square * 2^bits`, else fancy); anything else is a shared table, fixed-shift or
    /// black (the data alone cannot tell them apart: both are returned, fixed-shift first).
    pub fn infer_schemes(&self) -> Vec<SchemeKind> {
        if let Some(s) = self.scheme {
            return vec![s];
        }
        if self.offset_shift.is_some() {
            return vec![SchemeKind::OffsetInMagic];
        }
        // Most rows, not all: a fancy32 set with one bad shift is still fancy32, and its
        // error is then reported at the bad row (under fancy, at the first row).
        let folded = self
            .rows
            .iter()
            .filter(|r| r.bits_used.is_some_and(|b| b + r.shift == 32))
            .count();
        if folded * 2 > self.rows.len() {
            return vec![SchemeKind::Fancy32];
        }
        let offset_at = |piece: RookOrBishop, square: Square| {
            self.rows
                .iter()
                .find(|r| r.piece == piece && r.square == square)
                .and_then(|r| r.offset)
        };
        // A shared table has one shift per piece; varying shifts mean fancy.
        let varying_shift = RookOrBishop::BOTH.iter().any(|&p| {
            let mut shifts = self.rows.iter().filter(|r| r.piece == p).map(|r| r.shift);
            let first = shifts.next();
            shifts.any(|s| Some(s) != first)
        });
        let separate = self.rows.iter().all(|r| r.offset.is_none())
            || varying_shift
            || (offset_at(RookOrBishop::Rook, Square::A1) == Some(0)
                && offset_at(RookOrBishop::Bishop, Square::A1) == Some(0));
        if separate {
            let plain = self.rows.iter().all(|r| {
                let bits = plain_bits(r.piece);
                r.shift == 64 - bits && r.offset.is_none_or(|o| o == (r.square as u32) << bits)
            });
            return vec![if plain {
                SchemeKind::Plain
            } else {
                SchemeKind::Fancy
            }];
        }
        vec![SchemeKind::FixedShift, SchemeKind::Black]
    }

    /// Builds the set under `scheme`: exactly one row per piece and square (128 rows),
    /// shifts consistent with `bits_used`. Missing offsets are filled with the standard
    /// layout for fancy, fancy32 and plain; shared tables need them.
    pub fn to_set(&self, scheme: SchemeKind) -> Result<MagicSet, ParseError> {
        let end = self.lines + 1;
        let mut seen: [[Option<&CsvRow>; 64]; 2] = [[None; 64]; 2];
        for row in &self.rows {
            let slot = &mut seen[row.piece.index()][row.square as usize];
            if let Some(first) = slot {
                return Err(err(
                    row.line,
                    format!(
                        "duplicate square: {} {} already on line {}",
                        row.piece, row.square, first.line
                    ),
                ));
            }
            *slot = Some(row);
        }
        for piece in RookOrBishop::BOTH {
            for square in Square::ALL {
                if seen[piece.index()][square as usize].is_none() {
                    return Err(err(
                        end,
                        format!(
                            "wrong count: {} rows, need 128 (64 rook + 64 bishop); {piece} {square} is missing",
                            self.rows.len()
                        ),
                    ));
                }
            }
        }
        let width = scheme.product_bits();
        let mut magics = [[SquareMagic::default(); 64]; 2];
        let mut missing_offset = [false; 2];
        for row in &self.rows {
            if row.shift >= width {
                return Err(err(
                    row.line,
                    format!(
                        "shift {} too large for {scheme} (a {width}-bit product)",
                        row.shift
                    ),
                ));
            }
            let bits = width - row.shift;
            if let Some(b) = row.bits_used {
                if b != bits {
                    return Err(err(
                        row.line,
                        format!(
                            "shift {} and bits_used {b} disagree for {scheme} (shift = {width} - bits)",
                            row.shift
                        ),
                    ));
                }
            }
            missing_offset[row.piece.index()] |= row.offset.is_none();
            magics[row.piece.index()][row.square as usize] = SquareMagic {
                magic: row.magic,
                bits,
                offset: row.offset.unwrap_or(0),
            };
        }
        for piece in RookOrBishop::BOTH {
            if !missing_offset[piece.index()] {
                continue;
            }
            if scheme.shared_table() {
                let row = self
                    .rows
                    .iter()
                    .find(|r| r.piece == piece && r.offset.is_none())
                    .expect("a row lacks its offset");
                return Err(err(
                    row.line,
                    format!(
                        "missing offset: a {scheme} set shares one table and needs every offset"
                    ),
                ));
            }
            let m = &mut magics[piece.index()];
            let bits: [u32; 64] = std::array::from_fn(|i| m[i].bits);
            let offsets = cumulative_offsets(&bits).map_err(|i| {
                let line = seen[piece.index()][i].map_or(end, |r| r.line);
                err(
                    line,
                    format!(
                        "{} bits: the offsets of a {scheme} set computed in square order \
                         pass 2^32 entries here",
                        bits[i]
                    ),
                )
            })?;
            for i in 0..64 {
                m[i].offset = offsets[i];
            }
        }
        let built = match self.offset_shift {
            Some(shift) if scheme == SchemeKind::OffsetInMagic => {
                MagicSet::with_offset_shift(scheme, magics[0], magics[1], shift)
            }
            _ => MagicSet::new(scheme, magics[0], magics[1]),
        };
        let mut set = built.map_err(|e| {
            let line = e
                .square()
                .and_then(|(piece, square)| seen[piece.index()][square as usize])
                .map_or(end, |r| r.line);
            err(line, e.to_string())
        })?;
        set.provenance = self.comments.clone();
        Ok(set)
    }
}

/// Reads a full set: the scheme given, else the one the file names, else the first one
/// [`CsvFile::infer_schemes`] guesses.
pub fn read_set(text: &str, scheme: Option<SchemeKind>) -> Result<MagicSet, ParseError> {
    let file = read_csv(text)?;
    let scheme = scheme.unwrap_or_else(|| file.infer_schemes()[0]);
    file.to_set(scheme)
}

/// Writes a set in the CSV format: a `# scheme:` comment, the provenance comments, the
/// header and 128 rows (rook a1..h8, bishop a1..h8).
pub fn write_csv(set: &MagicSet) -> String {
    let mut out = String::new();
    out.push_str(&format!("# scheme: {}\n", set.scheme()));
    if set.scheme() == SchemeKind::OffsetInMagic {
        out.push_str(&format!("# offset_shift: {}\n", set.offset_shift()));
    }
    for line in &set.provenance {
        out.push_str(&format!("# {line}\n"));
    }
    out.push_str("piece,square,square_index,magic_hex,shift,bits_used,mask_bits,offset\n");
    for piece in RookOrBishop::BOTH {
        for square in Square::ALL {
            out.push_str(&csv_row(
                piece,
                square,
                set.get(piece, square),
                set.shift(piece, square),
            ));
        }
    }
    out
}

/// One CSV data line (with its newline).
pub fn csv_row(piece: RookOrBishop, square: Square, m: SquareMagic, shift: u32) -> String {
    format!(
        "{piece},{square},{},0x{:016x},{shift},{},{},{}\n",
        square as u32,
        m.magic,
        m.bits,
        mask_bits(piece, square),
        m.offset
    )
}
