//! The binaries' one way out: every line `engine-loop` and `peer-perft` print goes
//! through [`outln!`](crate::outln) and [`errln!`](crate::errln) (`println!` panics when
//! stdout is a closed pipe, as with `engine-loop | head -1`). A write to stdout that
//! fails ends the process with exit status 1 and one line on stderr; a write to stderr
//! that fails is dropped (there is nowhere left to say it).

use std::fmt;
use std::io::{self, Write};

/// Writes `args` to stdout and flushes it; on failure says so on stderr and exits 1.
pub fn write_stdout(args: fmt::Arguments) {
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        write_stderr(format_args!("writing stdout: {e}\n"));
        std::process::exit(1);
    }
}

/// Writes `args` to stderr; a failure is dropped.
pub fn write_stderr(args: fmt::Arguments) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| err.flush());
}

/// `println!` through [`write_stdout`].
#[macro_export]
macro_rules! outln {
    () => { $crate::output::write_stdout(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::output::write_stdout(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `eprintln!` through [`write_stderr`].
#[macro_export]
macro_rules! errln {
    () => { $crate::output::write_stderr(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::output::write_stderr(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `eprint!` through [`write_stderr`].
#[macro_export]
macro_rules! err {
    ($($arg:tt)*) => { $crate::output::write_stderr(format_args!($($arg)*)) };
}
