//! `sliders export`: a verified set written as Rust, CSV, JSON or a C/C++ header.

use std::path::Path;

use sliders_search::export::{self, Format};

use super::sets::load_verified;
use crate::io::error::CliError;
use crate::io::files::write_output;

/// `--format`'s words (`find` and `export`): the formats of `sliders_search::export`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
// No doc comments on the variants: clap would then print every option's help in its
// long form (the help text is part of the contract).
pub enum FormatArg {
    Csv,
    Rust,
    Json,
    C,
    Cpp,
}

impl FormatArg {
    /// The search crate's format (`cpp` is the C header: it is C++ too).
    pub(super) fn format(self) -> Format {
        match self {
            FormatArg::Csv => Format::Csv,
            FormatArg::Rust => Format::Rust,
            FormatArg::Json => Format::Json,
            FormatArg::C | FormatArg::Cpp => Format::C,
        }
    }

    /// The word as typed.
    pub(super) fn name(self) -> &'static str {
        match self {
            FormatArg::Csv => "csv",
            FormatArg::Rust => "rust",
            FormatArg::Json => "json",
            FormatArg::C => "c",
            FormatArg::Cpp => "cpp",
        }
    }
}

/// Writes the verified set in `file` as `format` to `out` (or stdout).
pub(super) fn run(
    file: &Path,
    format: FormatArg,
    scheme: Option<&str>,
    out: Option<&Path>,
) -> Result<(), CliError> {
    let format = format.format();
    let set = load_verified(file, scheme)?.0;
    write_output(out, &export::write(&set, format))
}
