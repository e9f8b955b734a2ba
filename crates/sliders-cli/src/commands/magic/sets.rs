//! Magic sets as the commands read them: the scheme names, malformed files, and the set
//! read and verified (with its scheme inferred when not given).

use std::path::Path;

use sliders_search::csv::{read_csv, ParseError};
use sliders_search::{MagicSet, Report, SchemeKind};

use crate::io::error::CliError;
use crate::io::files::read_text;

/// A set that does not verify (exit status 1).
pub fn bad_set(message: impl std::fmt::Display) -> CliError {
    CliError {
        code: 1,
        message: message.to_string(),
    }
}

/// A `--scheme` of the magic commands.
pub fn parse_scheme(name: &str) -> Result<SchemeKind, CliError> {
    SchemeKind::from_name(name).ok_or_else(|| {
        CliError::input(format!(
            "unknown scheme '{name}': expected {}",
            SchemeKind::names()
        ))
    })
}

/// A malformed set file, with its line.
pub fn malformed(path: &Path, e: ParseError) -> CliError {
    CliError::input(format!("{}:{}: {}", path.display(), e.line, e.message))
}

/// Where verification stopped, in its order (rooks a1..h8, then bishops): the further,
/// the more of the set holds under that scheme.
fn reached(e: &sliders_search::VerifyError) -> (usize, usize) {
    let (piece, square) = e.square();
    (piece.index(), square as usize)
}

/// Reads and verifies a CSV set. With no scheme given or named by the file, tries the
/// schemes the data allows (fixed-shift, then black, for a shared layout) and keeps the
/// first that verifies; says "inferred" in the summary. When none verifies, the error
/// reported is that of the scheme under which verification got furthest: a set of that
/// scheme with one bad magic fails there only at the bad square, while under a wrong
/// scheme it fails at its first squares.
pub fn load_verified(
    path: &Path,
    scheme: Option<&str>,
) -> Result<(MagicSet, Report, &'static str), CliError> {
    let text = read_text(path)?;
    let file = read_csv(&text).map_err(|e| malformed(path, e))?;
    let (candidates, how) = match scheme {
        Some(name) => (vec![parse_scheme(name)?], "given"),
        None if file.scheme.is_some() => (file.infer_schemes(), "named in the file"),
        None => (file.infer_schemes(), "inferred from the data"),
    };
    let mut best_error: Option<(SchemeKind, sliders_search::VerifyError)> = None;
    for &scheme in &candidates {
        let set = file.to_set(scheme).map_err(|e| malformed(path, e))?;
        match set.verify() {
            Ok(report) => return Ok((set, report, how)),
            Err(e) => {
                if best_error
                    .as_ref()
                    .is_none_or(|(_, best)| reached(&e) > reached(best))
                {
                    best_error = Some((scheme, e));
                }
            }
        }
    }
    let Some((scheme, e)) = best_error else {
        return Err(bad_set(format!(
            "{}: no scheme to verify with",
            path.display()
        )));
    };
    let others: Vec<&str> = candidates
        .iter()
        .filter(|&&s| s != scheme)
        .map(|s| s.name())
        .collect();
    let tried = if others.is_empty() {
        String::new()
    } else {
        format!(" (also tried: {})", others.join(", "))
    };
    Err(bad_set(format!(
        "{}: bad {scheme} set{tried}: {e}",
        path.display()
    )))
}
