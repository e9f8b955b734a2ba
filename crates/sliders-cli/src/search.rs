//! `sliders find|verify|pack|export` (issue 3; placeholder until the search crate lands).

use crate::error::CliError;

/// The magic-file subcommands.
#[derive(clap::Subcommand)]
pub enum SearchCommand {
    /// Check a magic set (not implemented yet).
    Verify {
        /// The CSV file.
        file: std::path::PathBuf,
    },
}

pub fn run(command: SearchCommand) -> Result<(), CliError> {
    match command {
        SearchCommand::Verify { file } => Err(CliError::input(format!(
            "verify {}: not implemented yet",
            file.display()
        ))),
    }
}
