//! `sliders attacks`: one attack set per query line.

use std::io::{BufRead, BufWriter, Write};

use sliders_core::schemes::{Scheme, WithScheme};

use crate::io::error::CliError;
use crate::io::parse;

/// `sliders attacks`: the scheme is chosen once; the line loop is monomorphised for it.
pub fn run(scheme: &str) -> Result<(), CliError> {
    let id = parse::scheme(scheme)?;
    let stdin = crate::io::input::stdin();
    let stdout = BufWriter::with_capacity(1 << 16, crate::io::output::stdout());
    match id.run(Answer {
        input: stdin,
        output: stdout,
    }) {
        Ok(result) => result,
        Err(_) => Err(CliError::input(format!(
            "scheme {id} is unavailable on this CPU"
        ))),
    }
}

struct Answer<R, W> {
    input: R,
    output: W,
}

impl<R: BufRead, W: Write> WithScheme for Answer<R, W> {
    type Output = Result<(), CliError>;

    fn run<S: Scheme>(mut self, scheme: S) -> Result<(), CliError> {
        let mut lines = crate::io::input::Lines::new(self.input, "stdin");
        let result = loop {
            let (number, line) = match lines.next_bytes() {
                Ok(Some((number, bytes))) => (number, std::str::from_utf8(bytes)),
                Ok(None) => break Ok(()),
                Err(e) => break Err(e),
            };
            // Bytes that are not UTF-8 are bad input, like any malformed line.
            let Ok(line) = line else {
                break Err(CliError::input(format!(
                    "stdin: line {number}: not UTF-8 text"
                )));
            };
            match parse_line(line) {
                Ok((slider, square, occupied)) => {
                    let attacks = scheme.attacks(slider, square, occupied);
                    if let Err(e) = writeln!(self.output, "{:#018x}", attacks.0) {
                        break Err(crate::io::output::stdout_failed(e));
                    }
                }
                Err(what) => break Err(CliError::input(format!("stdin: line {number}: {what}"))),
            }
        };
        // Answers to the lines before a bad one are still written.
        let flushed = self
            .output
            .flush()
            .map_err(crate::io::output::stdout_failed);
        result.and(flushed)
    }
}

fn parse_line(
    line: &str,
) -> Result<
    (
        sliders_core::Slider,
        sliders_core::Square,
        sliders_core::Bitboard,
    ),
    String,
> {
    let mut fields = line.split_ascii_whitespace();
    let (Some(piece), Some(square), Some(occupancy), None) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return Err(format!(
            "expected `<rook|bishop|queen> <square> <occupancy>`, got {line:?}"
        ));
    };
    Ok((
        parse::slider(piece)?,
        parse::square(square)?,
        parse::occupancy(occupancy)?,
    ))
}
