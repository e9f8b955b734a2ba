//! The formula: "a magic with `bits` index bits maps every two occupancies of the square
//! whose attack sets differ to different indices", over the magic's bits.
//!
//! The product `occupancy * magic` is a sum of shifted copies of the magic, one per
//! occupied square. Each occupancy's product is built from the product of the occupancy
//! without its highest square by one adder (`magic << highest`), so an adder only spans
//! the bits from that square up; bits known to be 0 or 1 fold away (a magic bit at or
//! above the period, a product bit below the occupancy's lowest square). The index is
//! the product's top bits. Two ways to say "different attacks, different indices" are
//! provided (see [`Collisions`]); occupancies with the same attack set may share an
//! index (constructive collisions).

use std::collections::HashMap;

use sliders_core::{Bitboard, RookOrBishop, Square};

/// A DIMACS literal: variable `v` (from 1) is `v`, its negation `-v`.
pub type Lit = i32;

/// Which index function the magic is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexScheme {
    /// `((occupied & mask) * magic) >> (64 - bits)`.
    Fancy,
    /// `((occupied | !mask) * magic) >> (64 - bits)` (black magics).
    Black,
}

impl IndexScheme {
    /// `fancy` or `black`.
    pub const fn name(self) -> &'static str {
        match self {
            IndexScheme::Fancy => "fancy",
            IndexScheme::Black => "black",
        }
    }

    /// Parses `fancy` or `black`.
    pub fn from_name(name: &str) -> Option<Self> {
        [IndexScheme::Fancy, IndexScheme::Black]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

/// How "different attacks, different indices" is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Collisions {
    /// For every two occupancies with different attack sets, one clause that some index
    /// bit differs (one helper variable per index bit that can differ). Quadratic in the
    /// occupancies: right for bishops, far too big for rooks.
    Pairwise,
    /// A table: `holds(class, slot)` for every attack set (class) and index (slot);
    /// every occupancy's index value implies that its class holds that slot, and each
    /// slot holds at most one class (a sequential counter). Linear in the occupancies
    /// times the slots.
    Slots,
}

impl Collisions {
    /// `pairwise` or `slots`.
    pub const fn name(self) -> &'static str {
        match self {
            Collisions::Pairwise => "pairwise",
            Collisions::Slots => "slots",
        }
    }

    /// Parses `pairwise` or `slots`.
    pub fn from_name(name: &str) -> Option<Self> {
        [Collisions::Pairwise, Collisions::Slots]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

/// The question: is there a magic for `piece` on `square` with `bits` index bits?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Question {
    /// Rook or bishop.
    pub piece: RookOrBishop,
    /// The square.
    pub square: Square,
    /// Index bits, 1 to 63.
    pub bits: u32,
    /// Fancy or black.
    pub scheme: IndexScheme,
}

impl Question {
    /// The magic bits that can change an index: bits `0..period_bits`. For fancy magics
    /// a magic bit `k` reaches product bit `k + lowest mask square` at the lowest, so the
    /// bits from `64 - lowest` up never matter (the status file's `period_log2`); black
    /// magics also multiply the mask's complement, which holds a1 unless the mask does.
    pub fn period_bits(&self) -> u32 {
        let mask = self.piece.mask(self.square).0;
        let multiplied = match self.scheme {
            IndexScheme::Fancy => mask,
            IndexScheme::Black => !0,
        };
        if multiplied == 0 {
            0
        } else {
            64 - multiplied.trailing_zeros()
        }
    }
}

/// A formula in conjunctive normal form, with the variables that hold the magic.
#[derive(Clone, Debug, Default)]
pub struct Cnf {
    /// The number of variables (numbered 1..=variables).
    pub variables: u32,
    /// The clauses, each ended by a 0, one after the other.
    pub literals: Vec<Lit>,
    /// The number of clauses.
    pub clauses: usize,
    /// Magic bit `k`'s literal, or `None` where the bit cannot matter (read as 0).
    pub magic: Vec<Option<Lit>>,
}

impl Cnf {
    /// The clauses one by one.
    pub fn iter(&self) -> impl Iterator<Item = &[Lit]> {
        self.literals.split(|&l| l == 0).take(self.clauses)
    }

    /// The magic a model gives: `value(v)` is variable `v`'s value.
    pub fn magic_from(&self, value: impl Fn(u32) -> bool) -> u64 {
        self.magic
            .iter()
            .enumerate()
            .filter_map(|(k, lit)| lit.map(|l| (k, l)))
            .filter(|&(_, l)| value(l.unsigned_abs()) == (l > 0))
            .fold(0, |m, (k, _)| m | 1 << k)
    }
}

/// One bit of a circuit: known, or a literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bit {
    Known(bool),
    Lit(Lit),
}

struct Builder {
    cnf: Cnf,
}

impl Builder {
    fn var(&mut self) -> Lit {
        self.cnf.variables += 1;
        self.cnf.variables as Lit
    }

    fn clause(&mut self, lits: &[Lit]) {
        self.cnf.literals.extend_from_slice(lits);
        self.cnf.literals.push(0);
        self.cnf.clauses += 1;
    }

    /// `a ^ b ^ c`, folding known bits.
    fn xor3(&mut self, bits: [Bit; 3]) -> Bit {
        let mut parity = false;
        let mut lits = Vec::with_capacity(3);
        for bit in bits {
            match bit {
                Bit::Known(b) => parity ^= b,
                Bit::Lit(l) => lits.push(l),
            }
        }
        let out = match lits[..] {
            [] => return Bit::Known(parity),
            [x] => return Bit::Lit(if parity { -x } else { x }),
            [x, y] => {
                let s = self.var();
                // s <-> x ^ y
                self.clause(&[-s, x, y]);
                self.clause(&[-s, -x, -y]);
                self.clause(&[s, -x, y]);
                self.clause(&[s, x, -y]);
                s
            }
            [x, y, z] => {
                let s = self.var();
                for mask in 0..8u32 {
                    // the assignment (x, y, z) = bits of `mask` forces s to its parity
                    let sign = |i: u32, l: Lit| if mask >> i & 1 == 1 { -l } else { l };
                    let odd = mask.count_ones() % 2 == 1;
                    self.clause(&[sign(0, x), sign(1, y), sign(2, z), if odd { s } else { -s }]);
                }
                s
            }
            _ => unreachable!("three bits at most"),
        };
        Bit::Lit(if parity { -out } else { out })
    }

    /// The majority of three bits (a full adder's carry), folding known bits.
    fn majority(&mut self, bits: [Bit; 3]) -> Bit {
        let known: Vec<bool> = bits
            .iter()
            .filter_map(|b| match b {
                Bit::Known(v) => Some(*v),
                Bit::Lit(_) => None,
            })
            .collect();
        let lits: Vec<Lit> = bits
            .iter()
            .filter_map(|b| match b {
                Bit::Lit(l) => Some(*l),
                Bit::Known(_) => None,
            })
            .collect();
        match (&known[..], &lits[..]) {
            ([a, b, c], []) => Bit::Known((*a as u8 + *b as u8 + *c as u8) >= 2),
            ([a, b], [x]) => {
                if a == b {
                    Bit::Known(*a)
                } else {
                    Bit::Lit(*x)
                }
            }
            ([true], [x, y]) => self.or(*x, *y),
            ([false], [x, y]) => self.and(*x, *y),
            (&[], &[x, y, z]) => {
                let c = self.var();
                for (p, q) in [(x, y), (x, z), (y, z)] {
                    self.clause(&[-p, -q, c]);
                    self.clause(&[p, q, -c]);
                }
                Bit::Lit(c)
            }
            _ => unreachable!("three bits in all"),
        }
    }

    fn and(&mut self, x: Lit, y: Lit) -> Bit {
        if x == y {
            return Bit::Lit(x);
        }
        if x == -y {
            return Bit::Known(false);
        }
        let c = self.var();
        self.clause(&[-c, x]);
        self.clause(&[-c, y]);
        self.clause(&[c, -x, -y]);
        Bit::Lit(c)
    }

    fn or(&mut self, x: Lit, y: Lit) -> Bit {
        match self.and(-x, -y) {
            Bit::Lit(l) => Bit::Lit(-l),
            Bit::Known(b) => Bit::Known(!b),
        }
    }

    /// `sum + (magic << shift)`, modulo 2^64; bits below `shift` pass through.
    fn add_shifted(&mut self, sum: &[Bit; 64], magic: &[Bit; 64], shift: u32) -> [Bit; 64] {
        let mut out = *sum;
        let mut carry = Bit::Known(false);
        for pos in shift as usize..64 {
            let bits = [sum[pos], magic[pos - shift as usize], carry];
            out[pos] = self.xor3(bits);
            if pos < 63 {
                carry = self.majority(bits);
            }
        }
        out
    }
}

/// What [`encode`] built, besides the formula.
#[derive(Clone, Debug)]
pub struct Encoded {
    /// The formula.
    pub cnf: Cnf,
    /// The square's relevant occupancies (2^mask bits).
    pub occupancies: usize,
    /// Distinct attack sets among them.
    pub classes: usize,
    /// Magic bits that are variables (the period).
    pub magic_variables: u32,
}

/// Builds the formula for `question` with the collision constraint `collisions`, over
/// every relevant occupancy of the square.
/// `bits` must be 1..=63 (the caller checks; a mask with fewer bits than `bits` still
/// gets a valid formula).
pub fn encode(question: &Question, collisions: Collisions) -> Encoded {
    let all: Vec<u64> = question
        .piece
        .mask(question.square)
        .subsets()
        .map(|o| o.0)
        .collect();
    encode_occupancies(question, collisions, &all)
}

/// Builds the formula for `question` over the relevant occupancies `chosen` only (each
/// a subset of the mask): a relaxation of [`encode`]'s formula. Every magic that works
/// for all occupancies satisfies it, so "unsatisfiable" here is "none" for the square;
/// a model's magic still has to be verified on every occupancy.
///
/// Products are built for `chosen` and the occupancies their chain of adders passes
/// through (each occupancy without its highest squares); for the whole mask that is the
/// mask's subsets in increasing order, and the formula is [`encode`]'s.
pub fn encode_occupancies(question: &Question, collisions: Collisions, chosen: &[u64]) -> Encoded {
    let Question {
        piece,
        square,
        bits,
        scheme,
    } = *question;
    let mask = piece.mask(square);
    let mut b = Builder {
        cnf: Cnf::default(),
    };
    let period = question.period_bits();
    let mut magic = [Bit::Known(false); 64];
    for slot in magic.iter_mut().take(period as usize) {
        *slot = Bit::Lit(b.var());
    }
    b.cnf.magic = magic
        .iter()
        .map(|bit| match bit {
            Bit::Lit(l) => Some(*l),
            Bit::Known(_) => None,
        })
        .collect();

    // The product of the empty occupancy: 0, or for black magics !mask * magic.
    let mut base = [Bit::Known(false); 64];
    if scheme == IndexScheme::Black {
        for j in Bitboard(!mask.0).into_iter() {
            base = b.add_shifted(&base, &magic, j as u32);
        }
    }

    // The chosen occupancies and every prefix their adders need, in increasing order,
    // so the one without the highest square is always done first.
    let mut needed: Vec<u64> = Vec::with_capacity(chosen.len());
    for &occ in chosen {
        debug_assert_eq!(occ & !mask.0, 0, "an occupancy outside the mask");
        let mut prefix = occ;
        loop {
            needed.push(prefix);
            if prefix == 0 {
                break;
            }
            prefix &= !(1u64 << (63 - prefix.leading_zeros()));
        }
    }
    needed.sort_unstable();
    needed.dedup();
    let mut products: HashMap<u64, [Bit; 64]> = HashMap::with_capacity(needed.len());
    for &occ in &needed {
        let product = if occ == 0 {
            base
        } else {
            let highest = 63 - occ.leading_zeros();
            let rest = occ & !(1u64 << highest);
            b.add_shifted(&products[&rest], &magic, highest)
        };
        products.insert(occ, product);
    }
    let mut occupancies: Vec<u64> = chosen.to_vec();
    occupancies.sort_unstable();
    occupancies.dedup();
    let index: Vec<Vec<Bit>> = occupancies
        .iter()
        .map(|occ| products[occ][64 - bits as usize..].to_vec())
        .collect();
    drop(products);

    let mut class_of: HashMap<u64, usize> = HashMap::new();
    let classes: Vec<usize> = occupancies
        .iter()
        .map(|&occ| {
            let attacks = piece.attacks(square, Bitboard(occ)).0;
            let next = class_of.len();
            *class_of.entry(attacks).or_insert(next)
        })
        .collect();

    match collisions {
        Collisions::Pairwise => pairwise(&mut b, &index, &classes),
        Collisions::Slots => slots(&mut b, &index, &classes, class_of.len(), bits),
    }
    Encoded {
        cnf: b.cnf,
        occupancies: occupancies.len(),
        classes: class_of.len(),
        magic_variables: period,
    }
}

/// One clause per pair of occupancies of different classes: some index bit differs.
fn pairwise(b: &mut Builder, index: &[Vec<Bit>], classes: &[usize]) {
    let mut clause = Vec::new();
    for i in 0..index.len() {
        'pair: for j in 0..i {
            if classes[i] == classes[j] {
                continue;
            }
            clause.clear();
            for (&x, &y) in index[i].iter().zip(&index[j]) {
                match (x, y) {
                    (Bit::Known(p), Bit::Known(q)) => {
                        if p != q {
                            continue 'pair; // differ whatever the magic
                        }
                    }
                    (Bit::Known(p), Bit::Lit(l)) | (Bit::Lit(l), Bit::Known(p)) => {
                        clause.push(if p { -l } else { l });
                    }
                    (Bit::Lit(l), Bit::Lit(m)) => {
                        if l == m {
                            continue;
                        }
                        if l == -m {
                            continue 'pair;
                        }
                        let d = b.var();
                        b.clause(&[-d, l, m]);
                        b.clause(&[-d, -l, -m]);
                        clause.push(d);
                    }
                }
            }
            let c = std::mem::take(&mut clause);
            b.clause(&c);
            clause = c;
        }
    }
}

/// `holds(class, slot)`: each occupancy's index value implies its class holds the slot;
/// at most one class per slot.
fn slots(b: &mut Builder, index: &[Vec<Bit>], classes: &[usize], class_count: usize, bits: u32) {
    let slot_count = 1usize << bits;
    // holds[slot][class], created when first needed.
    let mut holds: Vec<Vec<Lit>> = vec![vec![0; class_count]; slot_count];
    let mut clause = Vec::new();
    for (bits_of, &class) in index.iter().zip(classes) {
        // bits_of[k] is index bit k (the product's bit 64 - bits + k).
        'slot: for (slot, row) in holds.iter_mut().enumerate() {
            clause.clear();
            for (k, bit) in bits_of.iter().enumerate() {
                let want = slot >> k & 1 == 1;
                match *bit {
                    Bit::Known(v) => {
                        if v != want {
                            continue 'slot; // this occupancy never lands here
                        }
                    }
                    Bit::Lit(l) => clause.push(if want { -l } else { l }),
                }
            }
            if row[class] == 0 {
                row[class] = b.var();
            }
            clause.push(row[class]);
            let c = std::mem::take(&mut clause);
            b.clause(&c);
            clause = c;
        }
    }
    for row in &holds {
        let used: Vec<Lit> = row.iter().copied().filter(|&l| l != 0).collect();
        at_most_one(b, &used);
    }
}

/// At most one of `lits`: pairwise for a few, Sinz's sequential counter for more.
fn at_most_one(b: &mut Builder, lits: &[Lit]) {
    if lits.len() <= 5 {
        for i in 0..lits.len() {
            for j in 0..i {
                b.clause(&[-lits[i], -lits[j]]);
            }
        }
        return;
    }
    // s_i: one of lits[..=i] is true.
    let mut prev = b.var();
    b.clause(&[-lits[0], prev]);
    for &x in &lits[1..lits.len() - 1] {
        let s = b.var();
        b.clause(&[-x, s]);
        b.clause(&[-prev, s]);
        b.clause(&[-x, -prev]);
        prev = s;
    }
    b.clause(&[-lits[lits.len() - 1], -prev]);
}

/// The index of `occupied` under `question`'s scheme with `magic` (for checks).
pub fn index_of(question: &Question, magic: u64, occupied: u64) -> u64 {
    let mask = question.piece.mask(question.square).0;
    let relevant = match question.scheme {
        IndexScheme::Fancy => occupied & mask,
        IndexScheme::Black => occupied | !mask,
    };
    relevant.wrapping_mul(magic) >> (64 - question.bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn period_matches_the_status_file() {
        let q = |piece, square, scheme| Question {
            piece,
            square,
            bits: 4,
            scheme,
        };
        assert_eq!(
            q(RookOrBishop::Rook, Square::A1, IndexScheme::Fancy).period_bits(),
            63
        );
        assert_eq!(
            q(RookOrBishop::Bishop, Square::D8, IndexScheme::Fancy).period_bits(),
            26
        );
        assert_eq!(
            q(RookOrBishop::Bishop, Square::D8, IndexScheme::Black).period_bits(),
            64
        );
    }
}
