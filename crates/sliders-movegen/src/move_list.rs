//! [`MoveList`]: the legal moves of a position, on the stack, never zero-filled, with
//! room for the moves of any position a [`crate::Board`] can hold.

use core::fmt;
use core::mem::MaybeUninit;

use crate::moves::Move;

/// Room for the legal moves of any position a [`crate::Board`] holds, reachable or not.
///
/// The bound: a side with `n` pieces has at most 27 targets a piece (a queen's most), so
/// at most `27n` (from, to) pairs; and each of the `64 - n` squares it does not occupy is
/// reached by at most 16 of its pieces (the nearest piece in each of the 8 line
/// directions, which covers sliders, king steps, pawn pushes and pawn captures, and 8
/// knights), so at most `16(64 - n)` pairs. The smaller of the two is at most 640 (at
/// n = 24). A promotion pair counts four moves, three more than its pair: at most 3 pawn
/// moves reach each of the 8 last-rank squares, 72 more. Castling, to the own rook,
/// adds 2. 640 + 72 + 2 = 714. (The most a reachable position has is 218.)
pub const MAX_MOVES: usize = 714;

/// A list of moves on the stack: no heap, no zero-fill, no drop code. It holds every
/// legal move of any position ([`MAX_MOVES`] says why they fit).
#[derive(Clone)]
pub struct MoveList {
    /// The first `len` are initialised.
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move. Panics when the list already holds [`MAX_MOVES`] moves (which
    /// the legal moves of a position never fill).
    ///
    /// ```
    /// use sliders_core::{File, Square};
    /// use sliders_movegen::{Move, MoveList};
    /// let mut list = MoveList::new();
    /// for _ in 0..300 {
    ///     list.push(Move::normal(Square::A1, Square::A2));
    /// }
    /// assert_eq!(list.len(), 300);
    /// ```
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        // The index check keeps `len <= MAX_MOVES`, which the slices below rely on.
        self.moves[self.len] = MaybeUninit::new(mv);
        self.len += 1;
    }

    /// Keeps only the moves for which `keep` is true, in their order.
    ///
    /// ```
    /// use sliders_movegen::{Board, MoveKind};
    /// let mut moves = Board::startpos().legal_moves();
    /// moves.retain(|mv| mv.from().rank() == sliders_movegen::Rank::Second);
    /// assert_eq!(moves.len(), 16);
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let mv = self[i];
            if keep(mv) {
                self.moves[kept] = MaybeUninit::new(mv);
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Shortens the list to its first `len` moves (no change when it is shorter).
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Removes every move.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Removes and returns the last move.
    pub fn pop(&mut self) -> Option<Move> {
        let mv = *self.last()?;
        self.len -= 1;
        Some(mv)
    }

    /// Removes the move at `index` and returns it, putting the last move in its place
    /// (constant time; the order changes). Panics when `index` is out of range, as
    /// `Vec::swap_remove` does.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let mut moves = Board::startpos().legal_moves();
    /// let first = moves[0];
    /// assert_eq!(moves.swap_remove(0), first);
    /// assert_eq!(moves.len(), 19);
    /// ```
    pub fn swap_remove(&mut self, index: usize) -> Move {
        let last = self.len() - 1;
        self.swap(index, last);
        self.pop().expect("the list held the move at `index`")
    }
}

/// An uninitialised list's place, handed to a function that must fill it: the only way
/// to get the [`Filled`] token that [`written_in_place`] asks of its filler back is
/// [`Slot::fill`], which writes a whole list there first. The lifetime `'id` brands one
/// call's slot and token (invariant, and chosen afresh by each call of
/// `written_in_place`), so a token made from another slot does not fit: the read of the
/// list after the filler returns is sound by the types, not by a promise of the callers.
pub(crate) struct Slot<'id> {
    place: &'id mut MaybeUninit<MoveList>,
    _brand: core::marker::PhantomData<fn(&'id ()) -> &'id ()>,
}

/// Proof that the [`Slot`] of the same brand holds a whole list. Made only by
/// [`Slot::fill`]: never give it `Default`, `Clone` or another constructor.
pub(crate) struct Filled<'id>(core::marker::PhantomData<fn(&'id ()) -> &'id ()>);

impl<'id> Slot<'id> {
    /// Writes an empty list into the slot; the list to fill and the token that says it
    /// is written.
    #[inline(always)]
    pub(crate) fn fill(self) -> (&'id mut MoveList, Filled<'id>) {
        (
            self.place.write(MoveList::new()),
            Filled(core::marker::PhantomData),
        )
    }
}

/// The list `fill` writes, written where the caller keeps it: `fill` gets an
/// uninitialised slot, not a list made here, so LLVM hands a non-inlined filler the
/// destination itself and no 1.4 KB list is copied back (a list set to empty before the
/// call, or built in the filler and returned, was copied out whole). The callers
/// (`list`, `legal_moves`, `captures`) are not inlined: their destination is then their
/// own return slot, which nothing else can see, whatever their caller does with the
/// list (inlined into a caller that hands the list to a non-inlined iterator adapter,
/// the copy came back). Measured with callgrind on the engine-loop workloads
/// (`engine_loop::run` inclusive): perft 2,405.5 M to 2,356.9 M instructions,
/// alpha-beta 1,242.6 M to 1,198.9 M, quiescence 74.93 M to 66.94 M.
#[inline(always)]
pub(crate) fn written_in_place(fill: impl for<'id> FnOnce(Slot<'id>) -> Filled<'id>) -> MoveList {
    let mut out = MaybeUninit::uninit();
    let _: Filled<'_> = fill(Slot {
        place: &mut out,
        _brand: core::marker::PhantomData,
    });
    // SAFETY: `fill` returned a `Filled` of its slot's brand, and the only way to make
    // one is `Slot::fill`, which writes a whole list into `out` (`MaybeUninit::write`);
    // the slot is moved into `Slot::fill`, so nothing can un-write it after. If `fill`
    // panicked, the unwind leaves this function before the read. Covered by every test
    // that lists moves (`tests/python_chess.rs` compares `legal_moves`, `captures` and
    // the filtered lists on every fixture position).
    #[allow(unsafe_code)]
    unsafe {
        out.assume_init()
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    #[inline(always)]
    fn deref(&self) -> &[Move] {
        // SAFETY: the first `len` entries are initialised (`push` and `retain` write an
        // entry before counting it; `truncate`, `clear` and `pop` only lower `len`), and
        // `len <= MAX_MOVES` (`push` indexes with a bounds check before it increments).
        // `MaybeUninit<Move>` has `Move`'s layout. Measured (Zen 3, engine-loop, plain
        // build): a zero-filled list of this size costs the perft workload about 10%.
        // Covered by `tests/move_list.rs`, which fills, retains, truncates and pops lists
        // and compares them with a `Vec`, and by every test that lists moves.
        #[allow(unsafe_code)]
        unsafe {
            core::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len)
        }
    }
}

impl core::ops::DerefMut for MoveList {
    /// The moves as a mutable slice: sort them in place for move ordering
    /// (`sort_by_key`, `sort_unstable_by_key`), swap them, rewrite them.
    ///
    /// ```
    /// use sliders_movegen::{Board, Move};
    /// let mut moves = Board::startpos().legal_moves();
    /// // Order by destination rank, far first: a move-ordering key, in place.
    /// moves.sort_by_key(|mv| std::cmp::Reverse(mv.to().rank()));
    /// assert_eq!(moves[0].to().rank(), sliders_movegen::Rank::Fourth);
    /// ```
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Move] {
        // SAFETY: as for `deref`; the slice borrows the list mutably, so nothing else
        // changes `len` while it lives.
        #[allow(unsafe_code)]
        unsafe {
            core::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len)
        }
    }
}

impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, moves: I) {
        for mv in moves {
            self.push(mv);
        }
    }
}

impl FromIterator<Move> for MoveList {
    fn from_iter<I: IntoIterator<Item = Move>>(moves: I) -> MoveList {
        let mut list = MoveList::new();
        list.extend(moves);
        list
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut MoveList {
    type Item = &'a mut Move;
    type IntoIter = core::slice::IterMut<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = MoveListIntoIter;
    /// The moves by value, in order.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let board = Board::startpos();
    /// let mut n = 0;
    /// for mv in board.legal_moves() {
    ///     assert!(board.is_legal(mv));
    ///     n += 1;
    /// }
    /// assert_eq!(n, 20);
    /// ```
    fn into_iter(self) -> MoveListIntoIter {
        MoveListIntoIter {
            list: self,
            next: 0,
        }
    }
}

/// The moves of a [`MoveList`] by value ([`MoveList::into_iter`]).
#[derive(Clone, Debug)]
pub struct MoveListIntoIter {
    list: MoveList,
    next: usize,
}

impl Iterator for MoveListIntoIter {
    type Item = Move;
    #[inline]
    fn next(&mut self) -> Option<Move> {
        let mv = self.list.get(self.next).copied()?;
        self.next += 1;
        Some(mv)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.list.len() - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for MoveListIntoIter {}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        **self == **other
    }
}

impl Eq for MoveList {}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
