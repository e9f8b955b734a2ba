//! `sliders export`: a verified set written as Rust, CSV, JSON or a C/C++ header.

use std::path::Path;

use sliders_search::export::{self, Format};

use super::sets::load_verified;
use crate::io::error::CliError;
use crate::io::files::write_output;

pub(super) fn parse_format(name: &str) -> Result<Format, CliError> {
    Format::from_name(name).ok_or_else(|| {
        CliError::input(format!(
            "unknown format '{name}': expected csv, rust, json, c or cpp"
        ))
    })
}

/// Writes the verified set in `file` as `format` to `out` (or stdout).
pub(super) fn run(
    file: &Path,
    format: &str,
    scheme: Option<&str>,
    out: Option<&Path>,
) -> Result<(), CliError> {
    let format = parse_format(format)?;
    let set = load_verified(file, scheme)?.0;
    write_output(out, &export::write(&set, format))
}
