//! The CLI's errors: a message for stderr and an exit status.

use std::fmt::Display;

/// Exit status for bad input: arguments, files, lines.
pub const BAD_INPUT: u8 = 2;

/// An error that ends the command.
#[derive(Debug)]
pub struct CliError {
    pub code: u8,
    pub message: String,
}

impl CliError {
    /// Bad input (exit status 2).
    pub fn input(message: impl Display) -> Self {
        CliError {
            code: BAD_INPUT,
            message: message.to_string(),
        }
    }

    /// A failure of the environment, such as a closed stdout (exit status 1).
    pub fn io(context: &str, error: std::io::Error) -> Self {
        CliError {
            code: 1,
            message: format!("{context}: {error}"),
        }
    }
}
