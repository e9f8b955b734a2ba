//! What the CLI's integration tests share: the one way to run the binary ([`Sliders`],
//! and [`sliders`] for the common case), what a run gave ([`Run`]), a scratch directory
//! ([`TempDir`]), and the rule for a test that needs a tool or a CPU feature this
//! machine may lack ([`tool_present`], [`feature_missing`]).
//!
//! Every test runs the binary through [`Sliders`], so every test runs it the same way:
//! the binary cargo built for this test, no `SLIDERS_*` or `SLURM_*` variable from the
//! developer's shell (a test that wants one sets it with [`Sliders::env`]), and no stdin
//! unless the test gives one. A variable in the shell never changes what a test tests.

// Each test binary uses some of these helpers, not all of them.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_sliders");

/// The prefixes of the variables the binary reads (`SLIDERS_SCHEME`, `SLIDERS_CADICAL`,
/// `SLURM_ARRAY_TASK_ID`, ...): every variable with one of them is removed.
const CLEARED: [&str; 2] = ["SLIDERS_", "SLURM_"];

/// `sliders args`, run to its end with no stdin: the common case of [`Sliders`].
pub fn sliders<I, S>(args: I) -> Run
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    Sliders::new(args).output()
}

/// What goes to the child's stdin.
enum Input {
    /// Nothing: reading gets end of file at once.
    Null,
    /// These bytes, written by a thread while the child runs.
    Bytes(Vec<u8>),
    /// This file, opened for reading.
    File(PathBuf),
    /// A pipe the test writes to itself (after [`Sliders::spawn`]).
    Piped,
}

/// One run of the binary, built up then started with [`Sliders::output`] (run to the
/// end) or [`Sliders::spawn`] (a child the test drives: a server, a run to kill).
///
/// ```ignore
/// let run = Sliders::new(["attacks"]).stdin("rook a1 0x0\n").output();
/// run.assert_success();
/// assert_eq!(run.stdout(), "0x01010101010101fe\n");
/// ```
pub struct Sliders {
    command: Command,
    stdin: Input,
    /// Where stdout and stderr go, when the test says (pipes otherwise).
    stdout: Option<Stdio>,
    stderr: Option<Stdio>,
    /// The arguments as typed, for messages.
    shown: Vec<String>,
}

impl Sliders {
    /// `sliders args`.
    pub fn new<I, S>(args: I) -> Sliders
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        Sliders::via(BIN).args(args)
    }

    /// Another program that runs the binary (a shell with a limit set, `script` for a
    /// terminal), given [`BIN`] among its arguments, with the same environment and
    /// stdin rules.
    pub fn via(program: &str) -> Sliders {
        let mut command = Command::new(program);
        for (key, _) in std::env::vars_os() {
            let cleared = key
                .to_str()
                .is_some_and(|key| CLEARED.iter().any(|prefix| key.starts_with(prefix)));
            if cleared {
                command.env_remove(&key);
            }
        }
        Sliders {
            command,
            stdin: Input::Null,
            stdout: None,
            stderr: None,
            shown: vec![program.to_owned()],
        }
    }

    /// One more argument.
    pub fn arg(self, arg: impl AsRef<OsStr>) -> Sliders {
        self.args([arg])
    }

    /// More arguments.
    pub fn args<I, S>(mut self, args: I) -> Sliders
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        for arg in args {
            self.shown.push(arg.as_ref().to_string_lossy().into_owned());
            self.command.arg(arg);
        }
        self
    }

    /// Sets a variable for this run (the only way a `SLIDERS_*` or `SLURM_*` one gets
    /// through).
    pub fn env(mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> Sliders {
        self.command.env(key, value);
        self
    }

    /// Sets several variables.
    pub fn envs<I, K, V>(mut self, vars: I) -> Sliders
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<OsStr>,
        V: AsRef<OsStr>,
    {
        self.command.envs(vars);
        self
    }

    /// Runs in `dir` (the test's own directory is the default).
    pub fn current_dir(mut self, dir: impl AsRef<Path>) -> Sliders {
        self.command.current_dir(dir);
        self
    }

    /// Gives `bytes` on stdin ([`Sliders::output`] only).
    pub fn stdin(mut self, bytes: impl Into<Vec<u8>>) -> Sliders {
        self.stdin = Input::Bytes(bytes.into());
        self
    }

    /// Gives the file at `path` on stdin.
    pub fn stdin_file(mut self, path: impl AsRef<Path>) -> Sliders {
        self.stdin = Input::File(path.as_ref().to_owned());
        self
    }

    /// Gives stdin as a pipe the test writes to ([`Sliders::spawn`] only).
    pub fn stdin_piped(mut self) -> Sliders {
        self.stdin = Input::Piped;
        self
    }

    /// Where stdout goes (captured by default).
    pub fn stdout(mut self, to: impl Into<Stdio>) -> Sliders {
        self.stdout = Some(to.into());
        self
    }

    /// Where stderr goes (captured by default).
    pub fn stderr(mut self, to: impl Into<Stdio>) -> Sliders {
        self.stderr = Some(to.into());
        self
    }

    /// Runs to the end and gives what it printed and how it ended.
    pub fn output(self) -> Run {
        if matches!(self.stdin, Input::Piped) {
            panic!("stdin_piped() is for spawn(); give output() the bytes");
        }
        let shown = self.shown.join(" ");
        let (mut child, bytes) = self.start();
        // The bytes are written while the output is read, so neither side waits on a
        // full pipe. A child may stop reading early (its right): a broken pipe is no
        // failure of the test, what the child printed tells.
        let writer = bytes.map(|bytes| {
            let mut input = child.stdin.take().expect("stdin is a pipe");
            std::thread::spawn(move || match input.write_all(&bytes) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    panic!("writing stdin: {e}")
                }
                _ => {}
            })
        });
        let output = child
            .wait_with_output()
            .unwrap_or_else(|e| panic!("{shown}: {e}"));
        if let Some(writer) = writer {
            writer.join().expect("the stdin writer");
        }
        Run::new(shown, output)
    }

    /// Starts the binary and hands over the child: stdout and stderr are pipes unless
    /// set otherwise (read them, or set them to `Stdio::null()`), stdin as given.
    pub fn spawn(self) -> Child {
        if matches!(self.stdin, Input::Bytes(_)) {
            panic!("stdin(bytes) is for output(); spawn() with stdin_piped() and write them");
        }
        self.start().0
    }

    /// Starts the child, and gives the bytes still to write to its stdin.
    fn start(mut self) -> (Child, Option<Vec<u8>>) {
        let (stdin, bytes) = match self.stdin {
            Input::Null => (Stdio::null(), None),
            Input::Bytes(bytes) => (Stdio::piped(), Some(bytes)),
            Input::File(path) => {
                let file = std::fs::File::open(&path)
                    .unwrap_or_else(|e| panic!("stdin {}: {e}", path.display()));
                (file.into(), None)
            }
            Input::Piped => (Stdio::piped(), None),
        };
        self.command
            .stdin(stdin)
            .stdout(self.stdout.unwrap_or_else(Stdio::piped))
            .stderr(self.stderr.unwrap_or_else(Stdio::piped));
        let child = self
            .command
            .spawn()
            .unwrap_or_else(|e| panic!("{}: {e}", self.shown.join(" ")));
        (child, bytes)
    }
}

/// What a run gave: the fields of [`std::process::Output`] (bytes, for the tests that
/// check bytes), and as text ([`Run::stdout`], [`Run::stderr`]) for messages and searches.
#[derive(Debug)]
pub struct Run {
    /// How it ended.
    pub status: ExitStatus,
    /// What it printed on stdout.
    pub stdout: Vec<u8>,
    /// What it printed on stderr.
    pub stderr: Vec<u8>,
    /// The command line, for messages.
    shown: String,
}

impl Run {
    fn new(shown: String, output: Output) -> Run {
        Run {
            status: output.status,
            stdout: output.stdout,
            stderr: output.stderr,
            shown,
        }
    }

    /// The exit code, `None` when a signal ended the run.
    pub fn code(&self) -> Option<i32> {
        self.status.code()
    }

    /// Whether it exited with 0.
    pub fn success(&self) -> bool {
        self.status.success()
    }

    /// Stdout as text (bytes that are not UTF-8 shown as U+FFFD).
    pub fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }

    /// Stderr as text (bytes that are not UTF-8 shown as U+FFFD).
    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }

    /// Fails the test, with the command and both streams, unless it exited with 0.
    pub fn assert_success(&self) -> &Run {
        self.assert_code(0)
    }

    /// Fails the test, with the command and both streams, unless it exited with `code`.
    pub fn assert_code(&self, code: i32) -> &Run {
        assert!(
            self.code() == Some(code),
            "`{}` ended with {} where exit code {code} was expected\n--- stdout\n{}\n--- stderr\n{}",
            self.shown,
            self.status,
            self.stdout(),
            self.stderr()
        );
        self
    }
}

/// Whether the running test that needs `tool` (`found` or not, as the test checked) can
/// run. Under CI (`CI` set) the tool must be there: a missing one fails the test.
/// Elsewhere the test says it skipped, and how to get the tool (`install`), and passes.
pub fn tool_present(tool: &str, found: bool, install: &str) -> bool {
    if found {
        return true;
    }
    let test = test_name();
    assert!(
        std::env::var_os("CI").is_none(),
        "{test}: CI is set but {tool} cannot be run ({install})"
    );
    eprintln!("skipped: {test}: no {tool} ({install})");
    false
}

/// The running test skips because this CPU lacks `feature` (`bmi2`, `avx2`), as
/// the binary or the library says. CI's machines vary (AMD Zen 1 to 5, Intel Xeon), so
/// the feature may honestly be missing there; but the skip must prove itself: under CI
/// std's own detection (`std::arch::is_x86_feature_detected!`) must agree that it is
/// missing, so a scheme that wrongly calls itself unavailable fails the test instead
/// of skipping it. The skip is said on stderr, with the reason.
pub fn feature_missing(feature: &str) {
    let test = test_name();
    if std_detects(feature) {
        let disagree = format!("{test}: skipped for want of {feature}, but std detects {feature}");
        assert!(std::env::var_os("CI").is_none(), "{disagree}");
        eprintln!("warning: {disagree} (a failure under CI)");
    }
    eprintln!("skipped: {test}: this CPU lacks {feature}");
}

/// The running test leaves out `scheme` (a name `sliders schemes` lists), which this CPU
/// cannot run: the skip proves itself through [`feature_missing`] with the feature the
/// scheme needs. A scheme that needs none is never unavailable: that fails the test.
pub fn scheme_unavailable(scheme: &str) {
    let feature = match scheme {
        "pext" | "pext-pdep" => "bmi2",
        "simd-avx2" => "avx2",
        other => panic!("{other} is unavailable, but it needs no CPU feature"),
    };
    eprintln!("{scheme} is unavailable:");
    feature_missing(feature);
}

/// The running test's name (libtest names each test's thread after it).
fn test_name() -> String {
    std::thread::current().name().unwrap_or("a test").to_owned()
}

/// Whether std detects the CPU feature `feature` (always false off x86-64).
fn std_detects(feature: &str) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        match feature {
            "bmi2" => std::arch::is_x86_feature_detected!("bmi2"),
            "avx2" => std::arch::is_x86_feature_detected!("avx2"),
            other => panic!("feature_missing: no std detection for {other:?}"),
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = feature;
        false
    }
}

/// A fresh directory in the temp directory, `tempfile`'s (named for the test binary and
/// `name`, with a random end), removed when dropped: when the test ends, passed or
/// panicked.
pub struct TempDir(tempfile::TempDir);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = tempfile::Builder::new()
            .prefix(&format!("sliders-{}-{name}-", env!("CARGO_CRATE_NAME")))
            .tempdir()
            .unwrap();
        TempDir(dir)
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        self.0.path()
    }

    /// The path of `name` inside the directory.
    pub fn file(&self, name: &str) -> String {
        self.path().join(name).to_str().unwrap().to_owned()
    }
}
