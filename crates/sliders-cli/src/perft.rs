//! `sliders perft` (issue 4; placeholder until the move generator lands).

use crate::error::CliError;

/// Arguments of `sliders perft`.
#[derive(clap::Args)]
pub struct PerftArgs {
    /// The depth.
    depth: Option<u32>,
}

pub fn run(args: PerftArgs) -> Result<(), CliError> {
    let _ = args.depth;
    Err(CliError::input("perft is not implemented yet"))
}
