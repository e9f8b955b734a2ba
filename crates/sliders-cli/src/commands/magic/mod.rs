//! `sliders find|verify|pack|export`: magic search and magic files (issue 3), over the
//! `sliders-search` crate.
//!
//! Exit status: 0 success; 1 a bad set (verify names the first failing piece and
//! square) or a search that ended without all its magics; 2 bad input (arguments,
//! malformed files with their line number, state files).

use std::path::PathBuf;

use crate::io::error::CliError;

pub mod export;
mod find;
mod merge_sets;
mod pack;
pub mod refine;
mod sets;
mod verify;

/// The magic-file subcommands.
// Parsed once per process: the size of the find arguments' variant does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(clap::Subcommand)]
pub enum MagicCommand {
    /// Search magics. Writes the set (CSV with offsets by default) to --out or stdout and
    /// a summary (candidates, time, candidate tests per second per core) to stderr.
    /// With --state STATE the progress is saved to STATE after each found magic and a
    /// later run with the same arguments continues from it.
    Find(find::FindArgs),
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
    /// Repack a fixed-shift or black set's offsets to shrink its shared table; prints the
    /// sizes before and after, writes the CSV to --out (or stdout).
    Pack {
        /// The CSV file.
        file: PathBuf,
        /// fixed-shift or black (default: from the file, as for `verify`).
        #[arg(long)]
        scheme: Option<String>,
        /// Write the repacked set here instead of stdout.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Search for a smaller shared table (fixed-shift, black, offset-in-magic): square by
    /// square, draw magics and place each where its used entries fit the table's holes
    /// (offset-in-magic: each offset with its own magics); ruin and
    /// recreate the squares that end highest. Writes the set to --out whenever the table
    /// shrinks, saves --state STATE every few seconds, and prints the gains of each
    /// ingredient at the end.
    Refine(refine::RefineArgs),
    /// Merge the magic files of sharded searches (`find --shard`): per square the magic
    /// with the fewest index bits that passes its own check, then the whole set laid
    /// out, verified and written as CSV. Exit 1 names squares no file has a valid
    /// magic for.
    MergeSets {
        /// The CSV files of the shards (partial sets).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The scheme (default: the files' `# scheme:` comments, which must agree).
        #[arg(long)]
        scheme: Option<String>,
        /// Write the set here (atomically) instead of stdout.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Convert a CSV magic set to another format.
    Export {
        /// The CSV file.
        file: PathBuf,
        /// rust, csv, json or c (a C99/C++ header with sliders_init and the lookups; cpp
        /// is the same header).
        #[arg(long, value_enum)]
        format: export::FormatArg,
        /// The scheme, as for `verify`.
        #[arg(long)]
        scheme: Option<String>,
        /// Write here instead of stdout.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// Runs one of the subcommands.
pub fn run(command: MagicCommand) -> Result<(), CliError> {
    match command {
        MagicCommand::Find(args) => find::run(args),
        MagicCommand::Pack { file, scheme, out } => {
            pack::run(&file, scheme.as_deref(), out.as_deref())
        }
        MagicCommand::Refine(args) => refine::run(args),
        MagicCommand::Verify { file, scheme } => verify::run(&file, scheme.as_deref()),
        MagicCommand::MergeSets { files, scheme, out } => {
            merge_sets::run(&files, scheme.as_deref(), out.as_deref())
        }
        MagicCommand::Export {
            file,
            format,
            scheme,
            out,
        } => export::run(&file, format, scheme.as_deref(), out.as_deref()),
    }
}
