//! The one way in: every file and stream the CLI reads goes through here (issue 39), with
//! one set of rules.
//!
//! - A line is at most [`MAX_LINE`] bytes; a longer one is refused, named by its file
//!   and line, and never held whole in memory.
//! - A file read whole is at most [`MAX_FILE`] bytes (a units or results file at most
//!   [`MAX_WORK_FILE`]); stdin streams are answered line by line in constant memory and
//!   have no total limit.
//! - A UTF-8 byte-order mark at the start is dropped, everywhere.
//! - A missing file, a directory, an unreadable file, bytes that are not UTF-8 and a
//!   file or line too long are bad input (exit status 2), naming the file (and line);
//!   only a failing stdin (an I/O error, not its bytes) is exit status 1.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use crate::io::error::CliError;

/// The longest line any input may have, in bytes (the newline not counted): far past
/// any FEN, EPD, CSV, units or results line, and small enough that one bad line cannot
/// exhaust memory.
pub const MAX_LINE: usize = 64 * 1024;

/// The largest file read whole (sets, EPD suites, states), in bytes: 256 MiB.
pub const MAX_FILE: u64 = 256 << 20;

/// The largest units or results file of `perft split|run|merge`, in bytes: 4 GiB. A
/// split at ply 6 of the start position has 9.4 million units (about 1 GB of units, half
/// that of results); deeper splits hold more positions than memory does anyway.
pub const MAX_WORK_FILE: u64 = 4 << 30;

/// The largest answer of a `perft --compare` generator for one call, in bytes: 16 MiB (a
/// divide has at most 218 moves).
pub const MAX_GENERATOR_OUTPUT: usize = 16 << 20;

const BOM: &[u8] = b"\xef\xbb\xbf";

/// Opens `path` for reading: a missing file, a directory and a file that cannot be
/// opened are bad input naming the path. `what` says what the file is for the message
/// (`units file`, `results file`).
pub fn open(path: &Path) -> Result<File, CliError> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| classify(path, e))?;
    if meta.is_dir() {
        return Err(CliError::input(format!(
            "{shown}: is a directory, not a file"
        )));
    }
    File::open(path).map_err(|e| classify(path, e))
}

/// The message for an error opening or reading `path`.
fn classify(path: &Path, error: std::io::Error) -> CliError {
    let shown = path.display();
    match error.kind() {
        std::io::ErrorKind::NotFound => CliError::input(format!("{shown}: no such file")),
        std::io::ErrorKind::IsADirectory => {
            CliError::input(format!("{shown}: is a directory, not a file"))
        }
        _ => CliError::input(format!("{shown}: cannot be read: {error}")),
    }
}

/// The text of the file at `path`, at most `limit` bytes, checked by the rules above;
/// a leading byte-order mark is dropped.
pub fn read_file_limited(path: &Path, limit: u64) -> Result<String, CliError> {
    let bytes = read_bytes(&mut open(path)?, path, limit)?;
    text_of(bytes, &path.display().to_string())
}

/// The bytes of `file` (at `path`) to its end, refused (exit status 2) past `limit`
/// bytes or as soon as a line passes [`MAX_LINE`]: a file with no newline (`/dev/zero`)
/// is refused after 64 KiB, not read to its limit.
pub fn read_bytes(file: &mut File, path: &Path, limit: u64) -> Result<Vec<u8>, CliError> {
    let shown = path.display().to_string();
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    let mut since_newline = 0usize;
    loop {
        let read = match file.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(classify(path, e)),
        };
        for &b in &chunk[..read] {
            since_newline = if b == b'\n' { 0 } else { since_newline + 1 };
            // A line ending's `\r` is not counted against the line.
            if since_newline > MAX_LINE + 1 {
                let line = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
                return Err(too_long(&shown, line));
            }
        }
        if (bytes.len() + read) as u64 > limit {
            return Err(CliError::input(format!(
                "{shown}: larger than {limit} bytes, the limit of such a file"
            )));
        }
        bytes.extend_from_slice(&chunk[..read]);
    }
    Ok(bytes)
}

/// [`read_file_limited`] with [`MAX_FILE`].
pub fn read_file(path: &Path) -> Result<String, CliError> {
    read_file_limited(path, MAX_FILE)
}

/// `bytes` as text by the rules above (`name` names the source): not UTF-8 or a line
/// too long is refused with the line's number; a byte-order mark is dropped.
pub fn text_of(mut bytes: Vec<u8>, name: &str) -> Result<String, CliError> {
    if bytes.starts_with(BOM) {
        bytes.drain(..BOM.len());
    }
    let line_of = |at: usize, bytes: &[u8]| bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
    let mut start = 0;
    for line in bytes.split(|&b| b == b'\n') {
        // A line ending's `\r` is not counted against the line.
        if line.strip_suffix(b"\r").unwrap_or(line).len() > MAX_LINE {
            return Err(too_long(name, line_of(start, &bytes)));
        }
        start += line.len() + 1;
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = line_of(at, e.as_bytes());
        CliError::input(format!("{name}: line {line}: not UTF-8 text"))
    })
}

fn too_long(name: &str, line: usize) -> CliError {
    CliError::input(format!("{name}: line {line}: {}", too_long_in_place()))
}

/// A line's number and its bytes, `None` for a line past [`MAX_LINE`]
/// ([`Lines::next_or_too_long`]).
pub type NumberedLine<'a> = (usize, Option<&'a [u8]>);

/// A stream read line by line, each line at most [`MAX_LINE`] bytes, the first without
/// its byte-order mark.
pub struct Lines<R> {
    reader: R,
    name: String,
    number: usize,
    line: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `reader`; `name` names it in messages (`stdin`, a path).
    pub fn new(reader: R, name: &str) -> Self {
        Lines {
            reader,
            name: name.to_owned(),
            number: 0,
            line: Vec::new(),
        }
    }

    /// The next line's number (from 1) and bytes without its line ending (`\n` or
    /// `\r\n`), or `None` at the end. A line past [`MAX_LINE`] is bad input (exit 2); a
    /// failing read is exit 1.
    pub fn next_bytes(&mut self) -> Result<Option<(usize, &[u8])>, CliError> {
        match self.read_next()? {
            None => Ok(None),
            Some((true, _)) => Ok(Some((self.number, &self.line))),
            Some((false, _)) => Err(too_long(&self.name, self.number)),
        }
    }

    /// [`Lines::next_bytes`] for a reader that answers each line in place: a line past
    /// [`MAX_LINE`] is read on to its end (up to [`MAX_FILE`] bytes) and discarded, and
    /// comes back as `None` with its number, so that the lines after it are still
    /// read. A line past [`MAX_FILE`] is bad input (exit 2); a failing read is exit 1.
    pub fn next_or_too_long(&mut self) -> Result<Option<NumberedLine<'_>>, CliError> {
        match self.read_next()? {
            None => Ok(None),
            Some((true, _)) => Ok(Some((self.number, Some(&self.line)))),
            Some((false, ended)) => {
                let mut skipped = self.line.len() as u64;
                let mut ended = ended;
                while !ended {
                    if skipped > MAX_FILE {
                        return Err(CliError::input(format!(
                            "{}: line {}: longer than {MAX_FILE} bytes, past any answer in place",
                            self.name, self.number
                        )));
                    }
                    self.line.clear();
                    if self.read_piece(1 << 16)? == 0 {
                        break;
                    }
                    skipped += self.line.len() as u64;
                    ended = self.line.ends_with(b"\n");
                }
                Ok(Some((self.number, None)))
            }
        }
    }

    /// Reads the next line into `self.line`, numbered, without its line ending and
    /// (on the first line) its byte-order mark: whether it fits [`MAX_LINE`] (if not,
    /// `self.line` holds its first bytes) and whether its newline was read, or `None`
    /// at the end.
    fn read_next(&mut self) -> Result<Option<(bool, bool)>, CliError> {
        self.line.clear();
        if self.read_piece(MAX_LINE as u64 + 2)? == 0 {
            return Ok(None);
        }
        self.number += 1;
        let ended = self.line.ends_with(b"\n");
        if ended {
            self.line.pop();
            if self.line.ends_with(b"\r") {
                self.line.pop();
            }
        }
        if self.number == 1 && self.line.starts_with(BOM) {
            self.line.drain(..BOM.len());
        }
        Ok(Some((self.line.len() <= MAX_LINE, ended)))
    }

    /// Appends to `self.line` up to `limit` bytes, to and with the next newline.
    fn read_piece(&mut self, limit: u64) -> Result<usize, CliError> {
        (&mut self.reader)
            .take(limit)
            .read_until(b'\n', &mut self.line)
            .map_err(|e| {
                CliError::io(
                    &format!("reading {} after line {}", self.name, self.number),
                    e,
                )
            })
    }
}

/// What [`Lines::next_or_too_long`] says in place of a line it discarded.
pub fn too_long_in_place() -> String {
    format!("longer than {MAX_LINE} bytes, the limit of a line")
}

/// stdin, buffered, for [`Lines`].
pub fn stdin() -> BufReader<std::io::StdinLock<'static>> {
    BufReader::with_capacity(1 << 16, std::io::stdin().lock())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_drop_the_bom_and_refuse_a_long_line() {
        let mut text = b"\xef\xbb\xbfa\r\nb\n".to_vec();
        text.extend(std::iter::repeat_n(b'x', MAX_LINE + 1));
        let mut lines = Lines::new(&text[..], "t");
        assert_eq!(lines.next_bytes().unwrap(), Some((1, &b"a"[..])));
        assert_eq!(lines.next_bytes().unwrap(), Some((2, &b"b"[..])));
        let err = lines.next_bytes().unwrap_err();
        assert!(
            err.message.contains("t: line 3: longer than"),
            "{}",
            err.message
        );
        let exact = vec![b'y'; MAX_LINE];
        let mut lines = Lines::new(&exact[..], "t");
        assert_eq!(
            lines.next_bytes().unwrap().map(|(_, l)| l.len()),
            Some(MAX_LINE)
        );
        assert_eq!(lines.next_bytes().unwrap(), None);
    }

    #[test]
    fn text_names_the_line_of_bad_bytes() {
        assert_eq!(text_of(b"\xef\xbb\xbfok\n".to_vec(), "f").unwrap(), "ok\n");
        let err = text_of(b"a\nb\n\xff\n".to_vec(), "f").unwrap_err();
        assert!(
            err.message.contains("f: line 3: not UTF-8"),
            "{}",
            err.message
        );
        let mut long = b"a\n".to_vec();
        long.extend(std::iter::repeat_n(b'x', MAX_LINE + 1));
        let err = text_of(long, "f").unwrap_err();
        assert!(
            err.message.contains("f: line 2: longer than"),
            "{}",
            err.message
        );
    }
}
