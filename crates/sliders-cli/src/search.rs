//! `sliders find|verify|pack|export`: magic search and magic files (issue 3), over the
//! `sliders-search` crate.
//!
//! Exit status: 0 success; 1 a bad set (verify names the first failing piece and
//! square) or a search that ended without all its magics; 2 bad input (arguments,
//! malformed files with their line number, state files).

use std::path::{Path, PathBuf};

use sliders_search::csv::{read_csv, ParseError};
use sliders_search::export::{self, Format};
use sliders_search::{MagicSet, Report, SchemeKind};

use crate::error::CliError;

/// The magic-file subcommands.
#[derive(clap::Subcommand)]
pub enum SearchCommand {
    /// Check a CSV magic set: every occupancy of every square against the reference.
    /// Prints the scheme, the table size and the squares below their mask bits; exit 1
    /// names the first failing piece and square, exit 2 a malformed line.
    Verify {
        /// The CSV file (the format of tests/data/magics).
        file: PathBuf,
        /// fancy, fancy32, plain, fixed-shift or black. Default: a `# scheme:` comment
        /// or `scheme` column in the file, else inferred from its shifts and offsets.
        #[arg(long)]
        scheme: Option<String>,
    },
    /// Convert a CSV magic set to another format.
    Export {
        /// The CSV file.
        file: PathBuf,
        /// rust, csv or json.
        #[arg(long)]
        format: String,
        /// The scheme, as for `verify`.
        #[arg(long)]
        scheme: Option<String>,
        /// Write here instead of stdout.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// Runs one of the subcommands.
pub fn run(command: SearchCommand) -> Result<(), CliError> {
    match command {
        SearchCommand::Verify { file, scheme } => verify(&file, scheme.as_deref()),
        SearchCommand::Export {
            file,
            format,
            scheme,
            out,
        } => {
            let format = parse_format(&format)?;
            let set = load_verified(&file, scheme.as_deref())?.0;
            write_output(out.as_deref(), &export::write(&set, format))
        }
    }
}

fn bad_set(message: impl std::fmt::Display) -> CliError {
    CliError {
        code: 1,
        message: message.to_string(),
    }
}

fn parse_scheme(name: &str) -> Result<SchemeKind, CliError> {
    SchemeKind::from_name(name).ok_or_else(|| {
        CliError::input(format!(
            "unknown scheme '{name}': expected fancy, fancy32, plain, fixed-shift or black"
        ))
    })
}

fn parse_format(name: &str) -> Result<Format, CliError> {
    Format::from_name(name).ok_or_else(|| {
        CliError::input(format!(
            "unknown format '{name}': expected csv, rust or json"
        ))
    })
}

fn read_text(path: &Path) -> Result<String, CliError> {
    std::fs::read_to_string(path).map_err(|e| CliError::input(format!("{}: {e}", path.display())))
}

fn malformed(path: &Path, e: ParseError) -> CliError {
    CliError::input(format!("{}:{}: {}", path.display(), e.line, e.message))
}

/// Reads and verifies a CSV set. With no scheme given or named by the file, tries the
/// schemes the data allows (fixed-shift, then black, for a shared layout) and keeps the
/// first that verifies; says "inferred" in the summary.
fn load_verified(
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
    let mut first_error = None;
    for &scheme in &candidates {
        let set = file.to_set(scheme).map_err(|e| malformed(path, e))?;
        match set.verify() {
            Ok(report) => return Ok((set, report, how)),
            Err(e) => {
                first_error.get_or_insert((scheme, e));
            }
        }
    }
    let (scheme, e) = first_error.expect("at least one candidate scheme");
    let tried = if candidates.len() > 1 {
        format!(
            " (also tried: {})",
            candidates[1..]
                .iter()
                .map(|s| s.name())
                .collect::<Vec<_>>()
                .join(", ")
        )
    } else {
        String::new()
    };
    Err(bad_set(format!(
        "{}: bad {scheme} set{tried}: {e}",
        path.display()
    )))
}

fn verify(path: &Path, scheme: Option<&str>) -> Result<(), CliError> {
    let (_, report, how) = load_verified(path, scheme)?;
    let mut out = String::new();
    out.push_str(&format!("{}: ok\n", path.display()));
    out.push_str(&format!("scheme: {} ({how})\n", report.scheme));
    match report.separate {
        Some((rook, bishop)) => out.push_str(&format!(
            "table: {} entries ({rook} rook + {bishop} bishop), {:.1} KiB\n",
            report.entries,
            report.kib()
        )),
        None => out.push_str(&format!(
            "table: {} entries (shared, {} used), {:.1} KiB\n",
            report.entries,
            report.used_entries,
            report.kib()
        )),
    }
    if report.below_mask.is_empty() {
        out.push_str("below mask bits: none\n");
    } else {
        let list: Vec<String> = report
            .below_mask
            .iter()
            .map(|(piece, square, bits, mask)| format!("{piece} {square} {bits}/{mask}"))
            .collect();
        out.push_str(&format!(
            "below mask bits: {} squares: {}\n",
            list.len(),
            list.join(", ")
        ));
    }
    write_output(None, &out)
}

/// Writes to a file (atomically: temp file, then rename) or to stdout.
fn write_output(out: Option<&Path>, text: &str) -> Result<(), CliError> {
    match out {
        Some(path) => sliders_search::write_atomic(path, text.as_bytes())
            .map_err(|e| CliError::io(&path.display().to_string(), e)),
        None => {
            use std::io::Write;
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush())
                .map_err(|e| CliError::io("stdout", e))
        }
    }
}
