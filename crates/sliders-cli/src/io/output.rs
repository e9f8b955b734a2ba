//! The one way out: every byte the CLI prints goes through this module (issue 39). A
//! write to stdout that fails (a closed pipe, a full disk such as `/dev/full`) is the
//! error [`stdout_failed`], exit status 1 with a one-line message, never a panic as
//! `println!` gives. stderr is where that message goes; a write there that fails is
//! dropped (there is nowhere left to report it), again without a panic.
//!
//! The rest of the crate denies `print!`, `println!`, `eprint!` and `eprintln!`
//! (`clippy::print_stdout`, `clippy::print_stderr` in `main.rs`) and reaches the
//! standard streams only through [`stdout`] and the macros here
//! (`clippy::disallowed_methods`, `clippy.toml` beside the crate's manifest).
#![allow(clippy::disallowed_methods)]

use std::fmt;
use std::io::{self, IsTerminal, Write};

use crate::io::error::CliError;

/// The longest message [`fail`] prints, in bytes: input that is echoed in a message (a
/// malformed line of 50 MB) is cut here, so a message stays a few lines.
pub const MAX_MESSAGE: usize = 600;

/// The error of a failed write to stdout (exit status 1).
pub fn stdout_failed(error: io::Error) -> CliError {
    CliError::io("writing stdout", error)
}

/// stdout, locked, for the commands that write many lines; map a failed write with
/// [`stdout_failed`] (buffer it: each call of `write` is a system call otherwise).
pub fn stdout() -> io::StdoutLock<'static> {
    io::stdout().lock()
}

/// Writes `args` to stdout and flushes, so a closed or full stdout is seen here.
pub fn write_stdout(args: fmt::Arguments) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    out.write_fmt(args)
        .and_then(|()| out.flush())
        .map_err(stdout_failed)
}

/// Writes `args` to stderr; a failure is dropped (see the module's text).
pub fn write_stderr(args: fmt::Arguments) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| err.flush());
}

/// Whether stderr is a terminal (progress lines are drawn only there).
pub fn stderr_is_terminal() -> bool {
    io::stderr().is_terminal()
}

/// `text` cut to at most `max` bytes at a character boundary, with what was left out
/// said: `... (N bytes in all)`.
pub fn bounded(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} bytes in all)", &text[..end], text.len())
}

/// `text` with every control character but the line break and the tab escaped (`\0`,
/// `\u{1b}`, `\r`), so input echoed in a message can neither hide in it (`8192<NUL>`
/// read as `8192`) nor drive the terminal.
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' | '\t' => out.push(c),
            '\0' => out.push_str("\\0"),
            c if c.is_control() => out.extend(c.escape_default()),
            c => out.push(c),
        }
    }
    out
}

/// The last words of a command that failed: `sliders: <message>` on stderr, the message
/// made [`printable`] (the one escaping of echoed input: every error ends here) and
/// bounded to [`MAX_MESSAGE`] bytes.
pub fn fail(error: &CliError) {
    write_stderr(format_args!(
        "sliders: {}\n",
        bounded(&printable(&error.message), MAX_MESSAGE)
    ));
}

/// `print!` through [`write_stdout`]: evaluates to `Result<(), CliError>`.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::io::output::write_stdout(format_args!($($arg)*))
    };
}

/// `println!` through [`write_stdout`]: evaluates to `Result<(), CliError>`.
macro_rules! sayln {
    () => {
        $crate::io::output::write_stdout(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::io::output::write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprint!` through [`write_stderr`].
macro_rules! note {
    ($($arg:tt)*) => {
        $crate::io::output::write_stderr(format_args!($($arg)*))
    };
}

/// `eprintln!` through [`write_stderr`].
macro_rules! noteln {
    () => {
        $crate::io::output::write_stderr(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::io::output::write_stderr(format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub(crate) use {note, noteln, say, sayln};

#[cfg(test)]
mod tests {
    use super::bounded;

    #[test]
    fn long_text_is_cut_at_a_character_boundary() {
        assert_eq!(bounded("short", 10), "short");
        assert_eq!(bounded("abcdef", 3), "abc... (6 bytes in all)");
        assert_eq!(bounded("ééé", 3), "é... (6 bytes in all)");
    }
}
