//! Shards of a resumable run (`--cubes`, `--exhaust`): shard `I` of `N` answers the
//! `I`-th of `N` runs of nearly equal length of the run's list of cubes, so a job array
//! can share the work; a merge puts the shards' state files back together and answers
//! only when every shard is there and done.

use std::ops::Range;
use std::path::{Path, PathBuf};

use super::ProveError;

/// Shard `I` of `N` as `(I, N)`, `I < N`.
pub type Shard = (usize, usize);

/// The cubes of shard `(i, n)`: the `i`-th of `n` runs of nearly equal length that
/// together cover `0..cubes` once.
pub fn range(cubes: usize, (i, n): Shard) -> Range<usize> {
    // In 128 bits: a shard read from a file may say anything, and `i * cubes` must not
    // overflow before `cubes_of` refuses it.
    let at = |k: usize| (k as u128 * cubes as u128 / n.max(1) as u128) as usize;
    at(i)..at(i.saturating_add(1))
}

/// `I/N`, as a state file keeps it.
pub fn name((i, n): Shard) -> String {
    format!("{i}/{n}")
}

/// Reads [`name`]'s `I/N` back; `None` unless `I < N`.
pub fn parse(text: &str) -> Option<Shard> {
    let (i, n) = text.split_once('/')?;
    let (i, n) = (i.parse().ok()?, n.parse().ok()?);
    (i < n).then_some((i, n))
}

/// Checks that `shard` has at most as many shards as there are cubes, and gives its
/// cubes; `what` names the cubes for the message.
pub fn cubes_of(shard: Shard, cubes: usize, what: &str) -> Result<Range<usize>, ProveError> {
    let (i, n) = shard;
    if i < n && n <= cubes {
        Ok(range(cubes, shard))
    } else {
        Err(ProveError::Question(format!(
            "shard {i}/{n}: expected 0 <= I < N <= {cubes}, the cubes of {what}"
        )))
    }
}

/// The shard states given to a merge, by shard.
#[derive(Clone, Debug)]
pub struct Gathered<S> {
    /// The shard count `N` the states share.
    pub count: usize,
    /// Shard `i`'s state, when one of the files held it.
    pub states: Vec<Option<S>>,
}

/// Where a merge stands: its answer, or the shards it still needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// `Some(Some(magic))` a shard found a magic (verified when its state was read),
    /// `Some(None)` every shard answered all its cubes without one, `None` some shard is
    /// missing or unfinished.
    pub answer: Option<Option<u64>>,
    /// The shard count.
    pub shards: usize,
    /// Shards with no state among the files.
    pub missing: Vec<usize>,
    /// Shards whose state has cubes left and no magic.
    pub unfinished: Vec<usize>,
    /// The cubes, all shards.
    pub cubes: usize,
    /// Cubes answered, all shards.
    pub cubes_done: usize,
}

impl<S> Gathered<S> {
    /// Where the merge of these states stands, for a run of `cubes` cubes: `found` is
    /// a magic some shard found, `done(state)` the cubes a state answered and whether
    /// it found a magic.
    pub fn standing(
        &self,
        cubes: usize,
        found: Option<u64>,
        done: impl Fn(&S) -> (usize, bool),
    ) -> Standing {
        let missing: Vec<usize> = (0..self.count)
            .filter(|&i| self.states[i].is_none())
            .collect();
        let unfinished: Vec<usize> = (0..self.count)
            .filter(|&i| {
                self.states[i].as_ref().is_some_and(|s| {
                    let (answered, found) = done(s);
                    !found && answered < range(cubes, (i, self.count)).len()
                })
            })
            .collect();
        let answer = match found {
            Some(magic) => Some(Some(magic)),
            None if missing.is_empty() && unfinished.is_empty() => Some(None),
            None => None,
        };
        Standing {
            answer,
            shards: self.count,
            missing,
            unfinished,
            cubes,
            cubes_done: self.present().map(|s| done(s).0).sum(),
        }
    }

    /// The states present.
    pub fn present(&self) -> impl Iterator<Item = &S> {
        self.states.iter().flatten()
    }
}

/// Reads every file of a merge of a run of `cubes` cubes with `read`, which gives its
/// state and shard (or an error naming the file); refuses more shards than cubes,
/// shards with different counts and a shard given twice.
pub fn gather<S>(
    paths: &[PathBuf],
    cubes: usize,
    mut read: impl FnMut(&Path) -> Result<(S, Shard), ProveError>,
) -> Result<Gathered<S>, ProveError> {
    let mut count = None;
    let mut states: Vec<Option<S>> = Vec::new();
    for path in paths {
        let bad = |what: String| ProveError::State(format!("{}: {what}", path.display()));
        let (state, (i, n)) = read(path)?;
        if n > cubes {
            return Err(bad(format!(
                "shard {i}/{n}: more shards than the {cubes} cubes"
            )));
        }
        if *count.get_or_insert(n) != n {
            return Err(bad(format!(
                "shard {i}/{n}, but the other files have {} shards",
                count.unwrap_or(n)
            )));
        }
        if states.len() < n {
            states.resize_with(n, || None);
        }
        if states[i].is_some() {
            return Err(bad(format!("shard {i}/{n} is given twice")));
        }
        states[i] = Some(state);
    }
    let count = count.ok_or_else(|| ProveError::Question("no shard states to merge".into()))?;
    Ok(Gathered { count, states })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_cover_every_cube_once() {
        for cubes in [1, 7, 64, 1000, 945_560] {
            for n in [1, 2, 3, 7].into_iter().filter(|&n| n <= cubes) {
                let mut next = 0;
                for i in 0..n {
                    let r = range(cubes, (i, n));
                    assert_eq!(r.start, next, "{cubes} cubes, shard {i}/{n}");
                    assert!(r.len() >= cubes / n && r.len() <= cubes / n + 1);
                    next = r.end;
                }
                assert_eq!(next, cubes);
            }
        }
    }

    #[test]
    fn names_read_back() {
        assert_eq!(parse(&name((2, 5))), Some((2, 5)));
        for bad in ["5/5", "1", "a/2", "1/", "-1/2", "1/2/3", ""] {
            assert_eq!(parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn gather_refuses_more_shards_than_cubes_a_shard_twice_and_mixed_counts() {
        let paths: Vec<PathBuf> = ["a", "b"].iter().map(PathBuf::from).collect();
        let with = |shards: [Shard; 2]| {
            let mut next = shards.into_iter();
            gather(&paths, 4, |_| Ok(((), next.next().unwrap())))
        };
        let ok = with([(0, 2), (1, 2)]).unwrap();
        assert_eq!((ok.count, ok.states.len()), (2, 2));
        for (shards, says) in [
            ([(0, 5), (1, 5)], "more shards than the 4 cubes"),
            ([(1, 2), (1, 2)], "given twice"),
            ([(0, 2), (1, 3)], "the other files have 2 shards"),
        ] {
            let err = with(shards).unwrap_err().to_string();
            assert!(err.contains(says), "{shards:?}: {err}");
        }
    }

    #[test]
    fn cubes_of_refuses_more_shards_than_cubes() {
        assert_eq!(cubes_of((1, 4), 16, "x").unwrap(), 4..8);
        let err = cubes_of((5, 32), 16, "--cubes 4").unwrap_err().to_string();
        assert!(
            err.contains("shard 5/32") && err.contains("--cubes 4"),
            "{err}"
        );
    }
}
