//! An independent DRAT proof checker (forward): every lemma of the proof must be a
//! reverse unit propagation (RUP) consequence of the clauses present when it is added,
//! or a resolution asymmetric tautology (RAT) on its first literal; deletions are
//! honoured except for a clause the top-level assignment rests on (it is kept, as
//! drat-trim keeps unit deletions: keeping a clause the proof may delete is sound, since
//! every clause kept was in the formula or checked when added); the proof refutes the
//! formula when an empty lemma checks, or the clauses propagate to a conflict at the end.
//!
//! It shares no code with the solver and little with the encoder (only the literal
//! type): it reads the DIMACS file and the proof file as written. Text and binary DRAT
//! are both read. Written for this project from the definitions (Wetzler, Heule and
//! Hunt, "DRAT-trim", SAT 2014, describe the format); checking runs forward with two
//! watched literals.

use std::collections::HashMap;

use super::encoding::Lit;

/// One proof step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A lemma to check and add.
    Add(Vec<Lit>),
    /// A clause to delete.
    Delete(Vec<Lit>),
}

/// Reads a DRAT proof, text (`1 -2 0`, `d 1 -2 0`) or binary (`a`/`d` then variable-length
/// literals `2v + sign`); the format is told apart by the first bytes, as drat-trim does.
pub fn parse_proof(bytes: &[u8]) -> Result<Vec<Step>, String> {
    let binary = match bytes {
        [b'a', ..] => true,
        [b'd', next, ..] => !matches!(next, b' ' | b'\t'),
        _ => false,
    };
    if binary {
        parse_binary(bytes)
    } else {
        let text = std::str::from_utf8(bytes).map_err(|_| "a text proof that is not UTF-8")?;
        parse_text(text)
    }
}

fn parse_text(text: &str) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    let mut current = Vec::new();
    let mut delete = false;
    let mut open = false;
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('c') {
            continue;
        }
        for field in line.split_whitespace() {
            if field == "d" {
                if open {
                    return Err(format!("line {}: `d` inside a clause", number + 1));
                }
                delete = true;
                open = true;
                continue;
            }
            let lit: Lit = field
                .parse()
                .map_err(|_| format!("line {}: {field:?} is not a literal", number + 1))?;
            open = true;
            if lit == 0 {
                let clause = std::mem::take(&mut current);
                steps.push(if delete {
                    Step::Delete(clause)
                } else {
                    Step::Add(clause)
                });
                delete = false;
                open = false;
            } else {
                current.push(lit);
            }
        }
    }
    if open {
        return Err("the proof's last clause is not ended by 0".into());
    }
    Ok(steps)
}

fn parse_binary(bytes: &[u8]) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let delete = match bytes[i] {
            b'a' => false,
            b'd' => true,
            other => return Err(format!("byte {i}: 0x{other:02x} is neither `a` nor `d`")),
        };
        i += 1;
        let mut clause = Vec::new();
        loop {
            let mut value: u64 = 0;
            let mut shift = 0;
            loop {
                let byte = *bytes
                    .get(i)
                    .ok_or("the binary proof ends inside a clause")?;
                i += 1;
                value |= u64::from(byte & 0x7f) << shift;
                if byte & 0x80 == 0 {
                    break;
                }
                shift += 7;
                if shift > 35 {
                    return Err(format!("byte {i}: a literal longer than 32 bits"));
                }
            }
            if value == 0 {
                break;
            }
            let var = Lit::try_from(value >> 1)
                .map_err(|_| format!("byte {i}: variable {} too large", value >> 1))?;
            clause.push(if value & 1 == 1 { -var } else { var });
        }
        steps.push(if delete {
            Step::Delete(clause)
        } else {
            Step::Add(clause)
        });
    }
    Ok(steps)
}

/// What a successful check saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Lemmas checked.
    pub lemmas: usize,
    /// Of those, lemmas that needed the RAT check.
    pub rat_lemmas: usize,
    /// Deletions applied.
    pub deletions: usize,
    /// Deletions of clauses that were not there (ignored, which is sound).
    pub missing_deletions: usize,
    /// Deletions not applied because the top-level assignment rests on the clause.
    pub kept_reasons: usize,
}

/// Why a proof was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofError {
    /// Lemma number `lemma` (from 1) is neither RUP nor RAT.
    NotImplied {
        /// Its number among the lemmas.
        lemma: usize,
        /// The lemma.
        clause: Vec<Lit>,
    },
    /// A literal names a variable beyond the formula's and the proof's range.
    BadLiteral(Lit),
    /// Every lemma checked, but the formula is not refuted (no empty clause derived).
    NoRefutation,
    /// The check was stopped before its end ([`check_until`]'s `halt`).
    Halted,
}

impl std::fmt::Display for ProofError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProofError::NotImplied { lemma, clause } => {
                write!(f, "lemma {lemma} ({clause:?}) is neither RUP nor RAT")
            }
            ProofError::BadLiteral(l) => write!(f, "literal {l} out of range"),
            ProofError::NoRefutation => {
                write!(f, "every lemma checks, but no empty clause is derived")
            }
            ProofError::Halted => write!(f, "the check was stopped before its end"),
        }
    }
}

impl std::error::Error for ProofError {}

const NONE: u32 = u32::MAX;

struct Checker {
    clauses: Vec<Vec<Lit>>,
    alive: Vec<bool>,
    /// Live clauses by their sorted literals (for deletions).
    by_key: HashMap<Vec<Lit>, Vec<u32>>,
    /// Watch lists by literal code (`2v` positive, `2v + 1` negative): the clause and a
    /// blocking literal of it (when that is true, the clause need not be looked at).
    watches: Vec<Vec<(u32, Lit)>>,
    /// 1 true, -1 false, 0 unassigned, by variable.
    value: Vec<i8>,
    /// The clause a top-level literal was implied by (NONE for a temporary one).
    reason: Vec<u32>,
    trail: Vec<Lit>,
    head: usize,
    /// The live clauses propagate to a conflict at the top level.
    inconsistent: bool,
}

fn code(lit: Lit) -> usize {
    2 * lit.unsigned_abs() as usize + usize::from(lit < 0)
}

impl Checker {
    fn lit_value(&self, lit: Lit) -> i8 {
        let v = self.value[lit.unsigned_abs() as usize];
        if lit < 0 {
            -v
        } else {
            v
        }
    }

    fn assign(&mut self, lit: Lit, reason: u32) {
        self.value[lit.unsigned_abs() as usize] = if lit > 0 { 1 } else { -1 };
        self.reason[lit.unsigned_abs() as usize] = reason;
        self.trail.push(lit);
    }

    /// Unit propagation from `head`; true on a conflict.
    fn propagate(&mut self) -> bool {
        while self.head < self.trail.len() {
            let falsified = -self.trail[self.head];
            self.head += 1;
            let mut list = std::mem::take(&mut self.watches[code(falsified)]);
            let mut keep = 0;
            let mut i = 0;
            let mut conflict = false;
            while i < list.len() {
                let (id, blocker) = list[i];
                i += 1;
                if lit_value(&self.value, blocker) == 1 {
                    if self.alive[id as usize] {
                        list[keep] = (id, blocker);
                        keep += 1;
                    }
                    continue;
                }
                if !self.alive[id as usize] {
                    continue;
                }
                let clause = &mut self.clauses[id as usize];
                if clause[0] == falsified {
                    clause.swap(0, 1);
                }
                let first = clause[0];
                if lit_value(&self.value, first) == 1 {
                    list[keep] = (id, first);
                    keep += 1;
                    continue;
                }
                let mut moved = false;
                for k in 2..clause.len() {
                    if lit_value(&self.value, clause[k]) != -1 {
                        clause.swap(1, k);
                        self.watches[code(clause[1])].push((id, first));
                        moved = true;
                        break;
                    }
                }
                if moved {
                    continue;
                }
                list[keep] = (id, first);
                keep += 1;
                if lit_value(&self.value, first) == -1 {
                    conflict = true;
                    while i < list.len() {
                        list[keep] = list[i];
                        keep += 1;
                        i += 1;
                    }
                } else {
                    self.assign(first, id);
                }
            }
            list.truncate(keep);
            self.watches[code(falsified)] = list;
            if conflict {
                return true;
            }
        }
        false
    }

    /// Does assigning every literal of `negated` false (on top of the top level)
    /// propagate to a conflict? The assignment is undone after.
    fn refutes(&mut self, negated: &[Lit]) -> bool {
        if self.inconsistent {
            return true;
        }
        let mark = self.trail.len();
        let mut conflict = false;
        for &lit in negated {
            match self.lit_value(lit) {
                1 => {
                    conflict = true;
                    break;
                }
                -1 => {}
                _ => self.assign(-lit, NONE),
            }
        }
        if !conflict {
            conflict = self.propagate();
        }
        for lit in self.trail.drain(mark..) {
            self.value[lit.unsigned_abs() as usize] = 0;
            self.reason[lit.unsigned_abs() as usize] = NONE;
        }
        self.head = mark;
        conflict
    }

    fn is_rat(&mut self, lemma: &[Lit]) -> bool {
        let Some(&pivot) = lemma.first() else {
            return false;
        };
        let candidates: Vec<u32> = (0..self.clauses.len() as u32)
            .filter(|&id| self.alive[id as usize] && self.clauses[id as usize].contains(&-pivot))
            .collect();
        let mut resolvent = Vec::new();
        for id in candidates {
            resolvent.clear();
            resolvent.extend_from_slice(lemma);
            let mut tautology = false;
            for &lit in &self.clauses[id as usize] {
                if lit == -pivot {
                    continue;
                }
                if lemma.contains(&-lit) {
                    tautology = true;
                    break;
                }
                resolvent.push(lit);
            }
            if !tautology && !self.refutes(&resolvent.clone()) {
                return false;
            }
        }
        true
    }

    /// Adds a clause (deduplicated; tautologies are not stored) at the top level.
    fn add(&mut self, mut clause: Vec<Lit>) {
        clause.sort_unstable_by_key(|l| (l.unsigned_abs(), *l));
        clause.dedup();
        if clause.windows(2).any(|w| w[0] == -w[1]) {
            return;
        }
        let id = self.clauses.len() as u32;
        let key = clause.clone();
        // Non-false literals first, true ones before unassigned ones.
        clause.sort_by_key(|&l| match self.lit_value(l) {
            1 => 0,
            0 => 1,
            _ => 2,
        });
        self.by_key.entry(key).or_default().push(id);
        self.alive.push(true);
        match clause.len() {
            0 => self.inconsistent = true,
            1 => {
                let lit = clause[0];
                match self.lit_value(lit) {
                    1 => self.reason[lit.unsigned_abs() as usize] = id,
                    -1 => self.inconsistent = true,
                    _ => {
                        self.assign(lit, id);
                        if self.propagate() {
                            self.inconsistent = true;
                        }
                    }
                }
            }
            _ => {
                self.watches[code(clause[0])].push((id, clause[1]));
                self.watches[code(clause[1])].push((id, clause[0]));
                let (first, second) = (self.lit_value(clause[0]), self.lit_value(clause[1]));
                if first == -1 {
                    self.inconsistent = true;
                } else if first == 0 && second == -1 {
                    self.assign(clause[0], id);
                    if self.propagate() {
                        self.inconsistent = true;
                    }
                }
            }
        }
        self.clauses.push(clause);
    }

    /// Deletes one live copy of `clause`, unless the top-level assignment rests on it.
    fn delete(&mut self, mut clause: Vec<Lit>) -> Deleted {
        clause.sort_unstable_by_key(|l| (l.unsigned_abs(), *l));
        clause.dedup();
        let Some(ids) = self.by_key.get_mut(&clause) else {
            return Deleted::Missing;
        };
        let Some(&id) = ids.last() else {
            return Deleted::Missing;
        };
        let rests_on_it = self.clauses[id as usize]
            .iter()
            .any(|l| self.reason[l.unsigned_abs() as usize] == id);
        if rests_on_it {
            return Deleted::Kept;
        }
        ids.pop();
        if ids.is_empty() {
            self.by_key.remove(&clause);
        }
        self.alive[id as usize] = false;
        Deleted::Yes
    }
}

enum Deleted {
    Yes,
    Missing,
    Kept,
}

fn lit_value(value: &[i8], lit: Lit) -> i8 {
    let v = value[lit.unsigned_abs() as usize];
    if lit < 0 {
        -v
    } else {
        v
    }
}

/// Checks that `proof` refutes the formula `clauses` over `variables` variables.
pub fn check(variables: u32, clauses: &[Vec<Lit>], proof: &[Step]) -> Result<Checked, ProofError> {
    check_until(variables, clauses, proof, &|| false)
}

/// Proof steps between two questions to [`check_until`]'s `halt`.
const HALT_EVERY: usize = 4096;

/// [`check`], stopped ([`ProofError::Halted`]) as soon as `halt()` says so: it is asked
/// before the first step and every 4,096 steps, so a stop request does not wait for the
/// rest of a proof of millions of lemmas.
pub fn check_until(
    variables: u32,
    clauses: &[Vec<Lit>],
    proof: &[Step],
    halt: &dyn Fn() -> bool,
) -> Result<Checked, ProofError> {
    let max_var = proof
        .iter()
        .flat_map(|s| match s {
            Step::Add(c) | Step::Delete(c) => c.iter(),
        })
        .chain(clauses.iter().flatten())
        .map(|l| l.unsigned_abs())
        .max()
        .unwrap_or(0)
        .max(variables) as usize;
    let mut checker = Checker {
        clauses: Vec::new(),
        alive: Vec::new(),
        by_key: HashMap::new(),
        watches: vec![Vec::new(); 2 * max_var + 2],
        value: vec![0; max_var + 1],
        reason: vec![NONE; max_var + 1],
        trail: Vec::new(),
        head: 0,
        inconsistent: false,
    };
    for clause in clauses {
        checker.add(clause.clone());
    }
    let mut checked = Checked {
        lemmas: 0,
        rat_lemmas: 0,
        deletions: 0,
        missing_deletions: 0,
        kept_reasons: 0,
    };
    for (i, step) in proof.iter().enumerate() {
        if i % HALT_EVERY == 0 && halt() {
            return Err(ProofError::Halted);
        }
        match step {
            Step::Add(lemma) => {
                checked.lemmas += 1;
                if checker.inconsistent {
                    break;
                }
                if !checker.refutes(lemma) {
                    if !checker.is_rat(lemma) {
                        return Err(ProofError::NotImplied {
                            lemma: checked.lemmas,
                            clause: lemma.clone(),
                        });
                    }
                    checked.rat_lemmas += 1;
                }
                if lemma.is_empty() {
                    checker.inconsistent = true;
                    break;
                }
                checker.add(lemma.clone());
            }
            Step::Delete(clause) => match checker.delete(clause.clone()) {
                Deleted::Yes => checked.deletions += 1,
                Deleted::Missing => checked.missing_deletions += 1,
                Deleted::Kept => checked.kept_reasons += 1,
            },
        }
    }
    if checker.inconsistent {
        Ok(checked)
    } else {
        Err(ProofError::NoRefutation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (a | b), (a | !b), (!a | b), (!a | !b): unsatisfiable.
    fn all_four() -> Vec<Vec<Lit>> {
        vec![vec![1, 2], vec![1, -2], vec![-1, 2], vec![-1, -2]]
    }

    #[test]
    fn a_valid_rup_proof_checks() {
        let proof = parse_proof(b"1 0\n0\n").unwrap();
        let checked = check(2, &all_four(), &proof).unwrap();
        assert_eq!(checked.lemmas, 2);
    }

    #[test]
    fn a_check_asked_to_halt_stops_without_a_verdict() {
        let proof = parse_proof(b"1 0\n0\n").unwrap();
        assert_eq!(
            check_until(2, &all_four(), &proof, &|| true),
            Err(ProofError::Halted)
        );
        // Asked before the first step and every 4,096 steps after: a proof of 10,000
        // deletions (of clauses it never had) asks three times.
        let mut long: Vec<Step> = (0..10_000).map(|_| Step::Delete(vec![1, 2, 3])).collect();
        long.extend(proof);
        let asked = std::cell::Cell::new(0);
        let checked = check_until(2, &all_four(), &long, &|| {
            asked.set(asked.get() + 1);
            false
        });
        assert_eq!(checked.map(|c| c.lemmas), Ok(2));
        assert_eq!(asked.get(), 3);
    }

    #[test]
    fn binary_and_text_read_the_same() {
        // a 1 0, d 1 2 0, a 0: literal 1 is 2, -2 is 5.
        let binary = [b'a', 2, 0, b'd', 2, 4, 0, b'a', 0];
        assert_eq!(
            parse_proof(&binary).unwrap(),
            parse_proof(b"1 0\nd 1 2 0\n0\n").unwrap()
        );
    }

    #[test]
    fn a_lemma_that_does_not_follow_is_rejected() {
        // (a | b), (a | !b) force a: -1 is neither RUP nor RAT (resolving with (1 | 2)
        // leaves (-1 | 2), which (1 | -2) does not refute).
        let formula = vec![vec![1, 2], vec![1, -2]];
        let proof = parse_proof(b"-1 0\n0\n").unwrap();
        assert_eq!(
            check(2, &formula, &proof),
            Err(ProofError::NotImplied {
                lemma: 1,
                clause: vec![-1]
            })
        );
        // In the unsatisfiable all-four formula, -1 does follow (but 0 alone does not).
        let proof = parse_proof(b"-1 0\n0\n").unwrap();
        assert!(check(2, &all_four(), &proof).is_ok());
        let proof = parse_proof(b"0\n").unwrap();
        assert!(check(2, &all_four(), &proof).is_err());
    }

    #[test]
    fn a_proof_without_the_empty_clause_refutes_nothing() {
        let formula = vec![vec![1, 2], vec![-1, 2]];
        let proof = parse_proof(b"2 0\n").unwrap();
        assert_eq!(check(2, &formula, &proof), Err(ProofError::NoRefutation));
        // ... and an empty clause that does not follow is rejected.
        let proof = parse_proof(b"2 0\n0\n").unwrap();
        assert!(matches!(
            check(2, &formula, &proof),
            Err(ProofError::NotImplied { lemma: 2, .. })
        ));
    }

    #[test]
    fn a_deleted_clause_no_longer_helps() {
        // Both values of 1 are refuted; without (1 | 2), 1 is no longer RUP.
        let formula = vec![vec![1, 2], vec![1, -2], vec![-1, 3], vec![-1, -3]];
        let proof = parse_proof(b"1 0\n0\n").unwrap();
        assert!(check(3, &formula, &proof).is_ok());
        let proof = parse_proof(b"d 1 2 0\n1 0\n0\n").unwrap();
        assert_eq!(
            check(3, &formula, &proof),
            Err(ProofError::NotImplied {
                lemma: 1,
                clause: vec![1]
            })
        );
    }

    #[test]
    fn a_clause_the_top_level_rests_on_is_kept() {
        // 1 and 2 hold at the top level (2 by (-1 | 2)); the four clauses over 3 and 4
        // need the lemma 3. Deleting (-1 | 2) would leave 2 unimplied: it is kept.
        let formula = vec![
            vec![1],
            vec![-1, 2],
            vec![-2, 3, 4],
            vec![-2, 3, -4],
            vec![-2, -3, 4],
            vec![-2, -3, -4],
        ];
        let proof = parse_proof(b"d -1 2 0\n3 0\n0\n").unwrap();
        let checked = check(4, &formula, &proof).unwrap();
        assert_eq!((checked.kept_reasons, checked.deletions), (1, 0));
        // A clause nothing rests on is deleted, and then missed.
        let proof = parse_proof(b"d -2 3 4 0\n3 0\n0\n").unwrap();
        assert!(check(4, &formula, &proof).is_err());
    }

    #[test]
    fn rat_lemmas_on_their_first_literal() {
        // x3 appears nowhere negated: (3 | 1) is RAT on 3, not RUP.
        let formula = vec![vec![1, 2], vec![-1, 2]];
        let proof = parse_proof(b"3 1 0\n").unwrap();
        assert_eq!(check(3, &formula, &proof), Err(ProofError::NoRefutation));
        // (-2) is neither: resolving on -2 with (1 | 2) leaves (-2 | 1), not RUP.
        let proof = parse_proof(b"-2 0\n").unwrap();
        assert!(matches!(
            check(3, &formula, &proof),
            Err(ProofError::NotImplied { .. })
        ));
    }

    #[test]
    fn malformed_proofs_are_refused() {
        assert!(parse_proof(b"1 2").is_err());
        assert!(parse_proof(b"1 x 0").is_err());
        assert!(parse_proof(&[b'a', 0x82]).is_err());
    }
}
