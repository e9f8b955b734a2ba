//! EPD: the first four FEN fields and a list of operations (`bm Nf3; id "WAC.001";`),
//! read and written. Perft suites in the `FEN ;D1 20 ;D2 400` style read too.

use alloc::{borrow::ToOwned, format, string::String, string::ToString, vec, vec::Vec};
use core::fmt;

use crate::board::Board;
use crate::fen::FenError;

/// One EPD operation: an opcode (`bm`, `id`, `acd`, `c0`, `D5`, ...) and its operands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operation {
    /// The opcode, as written.
    pub opcode: String,
    /// The operands, without the quotes of quoted strings.
    pub operands: Vec<String>,
}

/// A position with EPD operations.
///
/// ```
/// use sliders_movegen::Epd;
/// let epd: Epd = r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#
///     .parse()
///     .unwrap();
/// assert_eq!(epd.operation("id").unwrap().operands, ["WAC.001"]);
/// let bm = &epd.operation("bm").unwrap().operands[0];
/// assert_eq!(epd.board.parse_san(bm).unwrap().uci(false).to_string(), "g3g6");
/// assert_eq!(
///     epd.to_string(),
///     r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Epd {
    /// The position. Its clocks come from `hmvc` and `fmvn` operations, or from two
    /// numbers after the four fields (FEN style), else `0 1`.
    pub board: Board,
    /// The operations, in input order.
    pub operations: Vec<Operation>,
}

/// An EPD line that could not be read: what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EpdError {
    /// The four position fields (with the clocks, if given FEN style).
    Fen(FenError),
    /// An operation: its position in the line (1 = first) and what is wrong with it.
    Operation {
        /// Which operation, counting from 1.
        index: usize,
        /// What is wrong.
        reason: String,
    },
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdError::Fen(e) => write!(f, "{e}"),
            EpdError::Operation { index, reason } => write!(f, "operation {index}: {reason}"),
        }
    }
}

impl core::error::Error for EpdError {}

/// A piece of the text after the position fields.
#[derive(Debug, PartialEq)]
enum Token<'a> {
    Word(&'a str),
    Quoted(&'a str),
    Semicolon,
}

/// The tokens of `text`; an error gives the operation it is in (counting from 1) and
/// what is wrong.
fn tokens(text: &str) -> Result<Vec<Token<'_>>, (usize, String)> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while let Some(c) = rest.chars().next() {
        if c == ';' {
            out.push(Token::Semicolon);
            rest = &rest[1..];
        } else if c == '"' {
            let end = rest[1..].find('"').ok_or_else(|| {
                // Operations end at a `;` that follows something.
                let done = out
                    .windows(2)
                    .filter(|w| w[1] == Token::Semicolon && w[0] != Token::Semicolon)
                    .count();
                (
                    done + 1,
                    format!("unterminated string {}", rest.escape_debug()),
                )
            })?;
            out.push(Token::Quoted(&rest[1..1 + end]));
            rest = &rest[end + 2..];
        } else {
            let end = rest
                .find(|c: char| c.is_whitespace() || c == ';' || c == '"')
                .unwrap_or(rest.len());
            out.push(Token::Word(&rest[..end]));
            rest = &rest[end..];
        }
        rest = rest.trim_start();
    }
    Ok(out)
}

fn is_opcode(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_alphabetic())
        && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl Epd {
    /// Reads an EPD line: four FEN fields (optionally followed by the two FEN clock
    /// numbers, as perft suites write them), then operations `opcode operand ...;`. The
    /// last `;` may be missing, and a `;` may also come before an operation
    /// (`;D1 20 ;D2 400`). Errors name the field or the operation.
    ///
    /// ```
    /// use sliders_movegen::Epd;
    /// let suite = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400";
    /// let epd = Epd::parse(suite).unwrap();
    /// assert_eq!(epd.perft_counts().unwrap(), [(1, 20), (2, 400)]);
    /// assert!(Epd::parse("8/8/8/8/8/8/8/8 w - - bm").is_err());
    /// ```
    pub fn parse(line: &str) -> Result<Epd, EpdError> {
        Epd::parse_with(line, Board::from_fen)
    }

    /// [`Epd::parse`] with the position read by [`Board::from_fen_lax`]: for perft
    /// suites of positions no game reaches (too much material, impossible checks).
    ///
    /// ```
    /// use sliders_movegen::Epd;
    /// // Two rooks check along one line: no move gives that.
    /// let unreachable = "5R2/2P5/8/4k3/8/3rK2r/8/8 w - - 0 1 ;D1 2";
    /// assert!(Epd::parse(unreachable).is_err());
    /// assert_eq!(Epd::parse_lax(unreachable).unwrap().perft_counts().unwrap(), [(1, 2)]);
    /// ```
    pub fn parse_lax(line: &str) -> Result<Epd, EpdError> {
        Epd::parse_with(line, Board::from_fen_lax)
    }

    fn parse_with(
        line: &str,
        read: fn(&str) -> Result<Board, crate::FenError>,
    ) -> Result<Epd, EpdError> {
        let line = line.trim();
        let mut fields = 0;
        let mut end = 0;
        // The end of the fourth whitespace-separated field (a `;` also ends a field).
        for (i, c) in line.char_indices() {
            let boundary = c.is_whitespace() || c == ';';
            let in_field = i > 0 && !line[..i].ends_with(|p: char| p.is_whitespace() || p == ';');
            if boundary && in_field {
                fields += 1;
                if fields == 4 {
                    end = i;
                    break;
                }
            }
        }
        if fields < 4 {
            end = line.len();
        }
        let (position, rest) = line.split_at(end);
        let mut tokens =
            tokens(rest).map_err(|(index, reason)| EpdError::Operation { index, reason })?;
        // FEN-style clocks: one or two numbers right after the four fields.
        let number =
            |t: &Token| matches!(t, Token::Word(w) if w.bytes().all(|b| b.is_ascii_digit()));
        let clocks = tokens.iter().take(2).take_while(|t| number(t)).count();
        let mut fen = position.to_owned();
        for token in tokens.drain(..clocks) {
            if let Token::Word(w) = token {
                fen = format!("{fen} {w}");
            }
        }
        let mut board = read(&fen).map_err(EpdError::Fen)?;
        let mut operations = Vec::new();
        let mut current: Option<Operation> = None;
        for token in tokens {
            let index = operations.len() + 1;
            match (token, current.as_mut()) {
                (Token::Semicolon, _) => operations.extend(current.take()),
                (Token::Word(w), None) if is_opcode(w) => {
                    current = Some(Operation {
                        opcode: w.to_owned(),
                        operands: Vec::new(),
                    })
                }
                (Token::Word(w) | Token::Quoted(w), None) => {
                    return Err(EpdError::Operation {
                        index,
                        reason: format!("expected an opcode, got `{}`", w.escape_debug()),
                    })
                }
                (Token::Word(w) | Token::Quoted(w), Some(op)) => op.operands.push(w.to_owned()),
            }
        }
        operations.extend(current);
        for (i, op) in operations.iter().enumerate() {
            let clock = |what| -> Result<u32, EpdError> {
                match op.operands.as_slice() {
                    [n] => n.parse().map_err(|_| EpdError::Operation {
                        index: i + 1,
                        reason: format!("{}: `{}` is not a {what}", op.opcode, n.escape_debug()),
                    }),
                    _ => Err(EpdError::Operation {
                        index: i + 1,
                        reason: format!("{} takes one number", op.opcode),
                    }),
                }
            };
            match op.opcode.as_str() {
                "hmvc" => board.halfmove = clock("half-move clock")?,
                "fmvn" => board.fullmove = clock("move number")?,
                _ => {}
            }
        }
        Ok(Epd { board, operations })
    }

    /// The first operation with this opcode.
    pub fn operation(&self, opcode: &str) -> Option<&Operation> {
        self.operations.iter().find(|op| op.opcode == opcode)
    }

    /// The perft counts of the `D1`, `D2`, ... operations, as (depth, count) in input
    /// order; an error names a `D` operation whose operand is not one count.
    pub fn perft_counts(&self) -> Result<Vec<(u32, u128)>, EpdError> {
        let mut counts = Vec::new();
        for (i, op) in self.operations.iter().enumerate() {
            let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
            let Some(depth) = op.opcode.strip_prefix('D').filter(|d| digits(d)) else {
                continue;
            };
            let bad = |reason: String| EpdError::Operation {
                index: i + 1,
                reason: format!("{}: {reason}", op.opcode),
            };
            let depth = depth
                .parse::<u32>()
                .map_err(|_| bad(format!("depth out of range 0..={}", u32::MAX)))?;
            let count = match op.operands.as_slice() {
                [n] if digits(n) => n
                    .parse::<u128>()
                    .map_err(|_| bad(format!("node count out of range 0..={}", u128::MAX)))?,
                [n] => return Err(bad(format!("{n:?} is not a node count (a whole number)"))),
                [] => return Err(bad("no node count after the depth".into())),
                more => {
                    return Err(bad(format!(
                        "{} operands where one node count goes",
                        more.len()
                    )))
                }
            };
            counts.push((depth, count));
        }
        Ok(counts)
    }
}

impl core::str::FromStr for Epd {
    type Err = EpdError;
    fn from_str(s: &str) -> Result<Epd, EpdError> {
        Epd::parse(s)
    }
}

/// Writes the four position fields and each operation as `opcode operand ...;`,
/// quoting operands that need it and those of `id` and `c0`..`c9`. Clocks other than
/// `0 1` are written as `hmvc` and `fmvn` operations unless the list has them. EPD has
/// no escape for `"`: inside a quoted operand it is written as `'`.
impl fmt::Display for Epd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fen = self.board.to_fen();
        let four: Vec<&str> = fen.split(' ').take(4).collect();
        f.write_str(&four.join(" "))?;
        let clocks = [
            ("hmvc", self.board.halfmove_clock(), 0),
            ("fmvn", self.board.fullmove_number(), 1),
        ];
        let mut written_clocks = Vec::new();
        for (opcode, value, default) in clocks {
            if value != default && self.operation(opcode).is_none() {
                written_clocks.push(Operation {
                    opcode: opcode.to_owned(),
                    operands: vec![value.to_string()],
                });
            }
        }
        for op in self.operations.iter().chain(&written_clocks) {
            let string_op = op.opcode == "id"
                || (op.opcode.len() == 2
                    && op.opcode.starts_with('c')
                    && op.opcode.as_bytes()[1].is_ascii_digit());
            write!(f, " {}", op.opcode)?;
            for operand in &op.operands {
                let quote = string_op
                    || operand.is_empty()
                    || operand.contains(|c: char| c.is_whitespace() || c == ';');
                if quote {
                    write!(f, " \"{}\"", operand.replace('"', "'"))?;
                } else {
                    write!(f, " {operand}")?;
                }
            }
            f.write_str(";")?;
        }
        Ok(())
    }
}
