//! What every command shares: the one way in (files, stdin, bounded reads), the one way
//! out (stdout, stderr, atomic writes), errors and their exit codes, the parsers of
//! command-line values, signals, and sharding.

pub mod error;
pub mod files;
pub mod input;
pub mod output;
pub mod parse;
pub mod progress;
pub mod shard;
pub mod signals;
