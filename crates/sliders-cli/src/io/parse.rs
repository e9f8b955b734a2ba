//! Parsers for the CLI's shared argument and line formats.

use std::time::Duration;

use sliders_core::schemes::{self, SchemeId};
use sliders_core::{Bitboard, Slider, Square};

use crate::io::error::CliError;

/// `0x` followed by 1 to 16 hex digits (either case).
pub fn occupancy(text: &str) -> Result<Bitboard, String> {
    let digits = text
        .strip_prefix("0x")
        .ok_or_else(|| format!("occupancy {text:?} must start with 0x"))?;
    if digits.is_empty() || digits.len() > 16 {
        return Err(format!(
            "occupancy {text:?} must have 1 to 16 hex digits after 0x"
        ));
    }
    u64::from_str_radix(digits, 16)
        .ok()
        .filter(|_| digits.bytes().all(|b| b.is_ascii_hexdigit()))
        .map(Bitboard)
        .ok_or_else(|| format!("occupancy {text:?} has a character that is not a hex digit"))
}

/// A square like `e4`.
pub fn square(text: &str) -> Result<Square, String> {
    text.parse()
        .map_err(|_| format!("square {text:?} is not a square from a1 to h8"))
}

/// `rook`, `bishop` or `queen`.
pub fn slider(text: &str) -> Result<Slider, String> {
    Slider::from_name(text).ok_or_else(|| format!("piece {text:?} is not rook, bishop or queen"))
}

/// A `--scheme` value: `auto` (honouring `SLIDERS_SCHEME`) or an available scheme's name.
pub fn scheme(name: &str) -> Result<SchemeId, CliError> {
    if name == "auto" {
        return match schemes::env_override() {
            Ok(Some(id)) => Ok(id),
            Ok(None) => Ok(schemes::detect_best()),
            Err(message) => Err(CliError::input(message)),
        };
    }
    match SchemeId::from_name(name) {
        Some(id) if id.is_available() => Ok(id),
        Some(id) => Err(CliError::input(format!(
            "scheme {id} is unavailable on this CPU; {}",
            schemes::describe_choices()
        ))),
        None => Err(CliError::input(match schemes::missing_feature(name) {
            Some(feature) => format!(
                "scheme {name} is not compiled into this build (build with the cargo feature `{feature}` of sliders-core); {}",
                schemes::describe_choices()
            ),
            None => format!("unknown scheme {name:?}; {}", schemes::describe_choices()),
        })),
    }
}

/// The bounds on the numbers a user types, in one place. Each is far beyond any useful
/// value and small enough that nothing derived from it overflows or allocates without
/// limit; a value outside gets exit status 2 and a message naming the option and its
/// range (clap adds the option's name to the messages of these value parsers).
pub mod bounds {
    /// `--threads` (perft, find, refine, perft run).
    pub const MAX_THREADS: usize = 1024;
    /// `--hash` in MB: 1 TiB.
    pub const MAX_HASH_MB: usize = 1 << 20;
    /// A perft depth typed on the command line (perft(15) is the deepest ever counted;
    /// past 24 plies counts can pass 2^128).
    pub const MAX_DEPTH: u32 = 24;
    /// `perft split --at`: ply 6 keeps about 2 GB of positions in memory (README).
    pub const MAX_SPLIT_AT: u32 = 8;
    /// The shard count `N` of `--shard I/N` (and of SLURM_ARRAY_TASK_COUNT); Slurm's own
    /// array limit is 4,000,001.
    pub const MAX_SHARDS: usize = 4_000_001;
    /// `refine --candidates` per square visit (each is tested against the square's
    /// occupancies; the default is 4096).
    pub const MAX_CANDIDATES_PER_VISIT: u64 = 1 << 24;
    /// `--trials` per offset (before the per-square factor of up to 256).
    pub const MAX_TRIALS: u32 = 1 << 20;
    /// `bench --lookups`: each pair is 16 bytes of input per input set.
    pub const MAX_LOOKUPS: usize = 100_000_000;
    /// `bench --rounds` and `--first-lookup-runs`.
    pub const MAX_ROUNDS: usize = 1000;
    /// `bench --perft`: perft per scheme, 18 schemes.
    pub const MAX_BENCH_PERFT: u32 = 8;
    /// `--time`: a year.
    pub const MAX_SECONDS: u64 = 366 * 24 * 3600;
    /// A budget counted in visits or candidates (`refine --visits`, `find --candidates`
    /// and `--range-candidates`): the same limit as the counters a saved state may hold,
    /// so that sums of them cannot overflow.
    pub const MAX_BUDGET: u64 = 1 << 62;
    /// `prove --estimate` cubes: the exhaustive search makes at most 2^20 cubes, and a
    /// sample of all of them is the search itself.
    pub const MAX_SAMPLE: usize = 1 << 20;
}

/// A whole number from `low` to `high`: the one parser of every count, duration and
/// offset typed. A number outside, however many digits it has (2^64 - 1 and more, a
/// minus sign), is "out of range LO..=HI", never "not a whole number"; `unit` follows
/// the range.
pub fn ranged<T: TryFrom<u64>>(text: &str, low: u64, high: u64, unit: &str) -> Result<T, String> {
    let t = text.trim();
    let out_of_range = || format!("{text:?} is out of range {low}..={high}{unit}");
    let all_digits = |d: &str| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit());
    if let Some(below) = t.strip_prefix('-').filter(|d| all_digits(d)) {
        // Only "-0" is a value of ours.
        if !(low == 0 && below.bytes().all(|b| b == b'0')) {
            return Err(out_of_range());
        }
    }
    let digits = t.strip_prefix('+').or(t.strip_prefix('-')).unwrap_or(t);
    if !all_digits(digits) {
        return Err(format!(
            "{text:?} is not a whole number (expected {low}..={high}{unit})"
        ));
    }
    // Any number of digits: past u64 it is out of range like any other.
    let value = digits.parse::<u64>().map_err(|_| out_of_range())?;
    if value < low || value > high {
        return Err(out_of_range());
    }
    T::try_from(value).map_err(|_| out_of_range())
}

/// `--threads` of perft: 0 (one per core) to [`bounds::MAX_THREADS`].
pub fn threads(text: &str) -> Result<usize, String> {
    ranged(text, 0, bounds::MAX_THREADS as u64, " (0: one per core)")
}

/// `--threads` of find and refine: 1 to [`bounds::MAX_THREADS`].
pub fn threads_at_least_one(text: &str) -> Result<usize, String> {
    ranged(text, 1, bounds::MAX_THREADS as u64, "")
}

/// `--hash` in MB: 0 (none) to [`bounds::MAX_HASH_MB`].
pub fn hash_mb(text: &str) -> Result<usize, String> {
    ranged(text, 0, bounds::MAX_HASH_MB as u64, " MB")
}

/// A perft depth: 0 to [`bounds::MAX_DEPTH`].
pub fn depth(text: &str) -> Result<u32, String> {
    ranged(text, 0, bounds::MAX_DEPTH as u64, " plies")
}

/// `perft split --at`: 0 to [`bounds::MAX_SPLIT_AT`].
pub fn split_at(text: &str) -> Result<u32, String> {
    ranged(text, 0, bounds::MAX_SPLIT_AT as u64, " plies")
}

/// `refine --candidates`: 1 to [`bounds::MAX_CANDIDATES_PER_VISIT`].
pub fn candidates_per_visit(text: &str) -> Result<u64, String> {
    ranged(text, 1, bounds::MAX_CANDIDATES_PER_VISIT, "")
}

/// A budget of visits or candidates: 1 to [`bounds::MAX_BUDGET`].
pub fn budget(text: &str) -> Result<u64, String> {
    ranged(text, 1, bounds::MAX_BUDGET, "")
}

/// `--trials`: 1 to [`bounds::MAX_TRIALS`].
pub fn trials(text: &str) -> Result<u32, String> {
    ranged(text, 1, bounds::MAX_TRIALS as u64, "")
}

/// `prove --estimate`: 1 to [`bounds::MAX_SAMPLE`] cubes.
pub fn sample(text: &str) -> Result<usize, String> {
    ranged(text, 1, bounds::MAX_SAMPLE as u64, " cubes")
}

/// `bench --lookups`: 1 to [`bounds::MAX_LOOKUPS`].
pub fn lookups(text: &str) -> Result<usize, String> {
    ranged(text, 1, bounds::MAX_LOOKUPS as u64, "")
}

/// `bench --first-lookup-runs`: 0 (none) to [`bounds::MAX_ROUNDS`].
pub fn rounds(text: &str) -> Result<usize, String> {
    ranged(text, 0, bounds::MAX_ROUNDS as u64, "")
}

/// `bench --rounds`: 1 to [`bounds::MAX_ROUNDS`] (a median needs one round).
pub fn bench_rounds(text: &str) -> Result<usize, String> {
    ranged(text, 1, bounds::MAX_ROUNDS as u64, "")
}

/// `bench --perft`: 0 (none) to [`bounds::MAX_BENCH_PERFT`].
pub fn bench_perft_depth(text: &str) -> Result<u32, String> {
    ranged(text, 0, bounds::MAX_BENCH_PERFT as u64, " plies")
}

/// A number with no bound of its own (`--max-nodes`, `--bits`, ...): 0 to 2^64 - 1,
/// named "out of range" past it like every other.
pub fn any_u64(text: &str) -> Result<u64, String> {
    ranged(text, 0, u64::MAX, "")
}

/// As [`any_u64`], 0 to 2^32 - 1.
pub fn any_u32(text: &str) -> Result<u32, String> {
    ranged(text, 0, u64::from(u32::MAX), "")
}

/// `--time`: `90s`, `2m`, `1h`, `500ms` or seconds, at most [`bounds::MAX_SECONDS`].
pub fn duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (number, scale) = if let Some(n) = t.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60.0)
    } else if let Some(n) = t.strip_suffix('h') {
        (n, 3600.0)
    } else {
        (t, 1.0)
    };
    // Digits with at most one decimal point: no sign, exponent, `inf` or `nan`, which
    // Rust's float parser would take (`1e3`, `-0`, `1e-400`).
    let number = number.trim();
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let digits = |d: &str| d.bytes().all(|b| b.is_ascii_digit());
    let value: f64 = Some(number)
        .filter(|_| !whole.is_empty() && digits(whole) && digits(fraction))
        .filter(|n| !n.ends_with('.'))
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("{text:?}: expected like 90s, 2m, 1h, 500ms, 0.5s"))?;
    let seconds = value * scale;
    if !(seconds.is_finite() && (0.0..=bounds::MAX_SECONDS as f64).contains(&seconds)) {
        return Err(format!(
            "{text:?} is out of range 0..={}h (a year)",
            bounds::MAX_SECONDS / 3600
        ));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// `I/N` with 0 <= I < N <= [`bounds::MAX_SHARDS`]; `source` names where it came from.
pub fn shard(text: &str, source: &str) -> Result<(usize, usize), CliError> {
    let bad = |why: String| CliError::input(format!("{source} {text:?}: {why}"));
    let (i, n) = text
        .split_once('/')
        .ok_or_else(|| bad("expected I/N with 0 <= I < N".into()))?;
    let n: usize = ranged(n, 1, bounds::MAX_SHARDS as u64, "")
        .map_err(|e| bad(format!("the shard count {e}")))?;
    let i: usize =
        ranged(i, 0, n as u64 - 1, " (0 <= I < N)").map_err(|e| bad(format!("the shard {e}")))?;
    Ok((i, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occupancies() {
        assert_eq!(occupancy("0x0"), Ok(Bitboard(0)));
        assert_eq!(occupancy("0xFFffFFffFFffFFff"), Ok(Bitboard::FULL));
        for bad in [
            "",
            "0x",
            "0x+1",
            "0x10000000000000000",
            "ff",
            "0xg",
            "0X1",
            "0x 1",
            "0x-1",
        ] {
            assert!(occupancy(bad).is_err(), "{bad:?}");
        }
    }
}

#[cfg(test)]
mod bound_tests {
    use super::*;

    #[test]
    fn durations_and_shards() {
        assert_eq!(duration("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(duration("2m"), Ok(Duration::from_secs(120)));
        assert!(duration("99999999999999999999h").is_err());
        assert!(duration("-5s").is_err());
        assert!(duration("nan").is_err());
        assert!(duration("infs").is_err());
        // Round 3's probe: the float parser's other forms were taken.
        for text in ["1e3", "-0", "1e-400", "+5s", ".5s", "5.s", "1.2.3s", ""] {
            assert!(duration(text).is_err(), "{text}");
        }
        assert_eq!(duration("0.5s"), Ok(Duration::from_millis(500)));
        assert_eq!(duration("1.25h"), Ok(Duration::from_secs(4500)));
        assert_eq!(shard("0/4", "--shard").unwrap(), (0, 4));
        assert!(shard("0/18446744073709551615", "--shard").is_err());
        assert!(shard("4/4", "--shard").is_err());
        assert!(shard("0/0", "--shard").is_err());
        assert_eq!(threads("0"), Ok(0));
        assert!(threads("1025").is_err());
        assert!(threads_at_least_one("0").is_err());
    }
}

/// `dense --rounds`: 1 to 10^12.
pub fn dense_rounds(text: &str) -> Result<u64, String> {
    ranged(text, 1, 1_000_000_000_000, "")
}

/// `dense --population`: 1,024 to 2^24 candidates a round.
pub fn dense_population(text: &str) -> Result<usize, String> {
    ranged(text, 1024, 1 << 24, "")
}

/// `dense --elite`: 1 to 2^24 (at most the population, checked with it).
pub fn dense_elite(text: &str) -> Result<usize, String> {
    ranged(text, 1, 1 << 24, "")
}

/// `dense --cubes-per-round`: 1 to 1,024.
pub fn dense_cubes(text: &str) -> Result<usize, String> {
    ranged(text, 1, 1024, "")
}

/// `dense --cube-nodes`: 65,536 to 2^40.
pub fn dense_nodes(text: &str) -> Result<u64, String> {
    ranged(text, 65_536, 1 << 40, "")
}

/// A 64-bit number written `0x` and 1 to 16 hex digits.
pub fn hex_u64(text: &str) -> Result<u64, String> {
    let digits = text
        .trim()
        .strip_prefix("0x")
        .ok_or_else(|| format!("{text:?} must start with 0x"))?;
    if digits.is_empty() || digits.len() > 16 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(format!("{text:?} must have 1 to 16 hex digits after 0x"));
    }
    u64::from_str_radix(digits, 16).map_err(|e| format!("{text:?}: {e}"))
}
