//! Which shard of a run this process does: `--shard I/N`, or Slurm's array variables
//! (`SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_COUNT`) when the flag is absent. Shared by
//! `find --shard` and `perft run`.

use crate::io::error::CliError;
use crate::io::parse;

/// `I/N` from `--shard`, else from Slurm's array variables when both are set, else
/// `None` (no sharding).
pub fn if_any(shard: Option<&str>) -> Result<Option<(usize, usize)>, CliError> {
    let slurm = std::env::var_os("SLURM_ARRAY_TASK_ID").is_some()
        && std::env::var_os("SLURM_ARRAY_TASK_COUNT").is_some();
    if shard.is_none() && !slurm {
        return Ok(None);
    }
    from_flag_or_slurm(shard).map(Some)
}

/// `I/N` from `--shard`, else from Slurm's array variables.
pub fn from_flag_or_slurm(shard: Option<&str>) -> Result<(usize, usize), CliError> {
    match shard {
        Some(text) => parse::shard(text, "--shard"),
        None => {
            let id = std::env::var("SLURM_ARRAY_TASK_ID");
            let count = std::env::var("SLURM_ARRAY_TASK_COUNT");
            match (id, count) {
                (Ok(id), Ok(count)) => {
                    parse::shard(&format!("{id}/{count}"), "SLURM_ARRAY_TASK_ID/COUNT")
                }
                _ => Err(CliError::input(
                    "no --shard I/N, and SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT are not both set",
                )),
            }
        }
    }
}
