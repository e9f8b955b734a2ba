//! The board: pieces as bitboards, side to move, castling rights, en passant, clocks,
//! and the Polyglot key, kept up to date by every move.

use core::fmt;

use sliders_core::{pawn_attacks, Bitboard, Color, File, Rank, Square};

use crate::lookups::{checks_and_pins, knight, pawn, DIAGONAL_RAYS, ORTHOGONAL_RAYS};
use crate::moves::{castling_squares, Move, MoveKind};
use crate::piece::{Piece, Role};
use crate::zobrist;

/// A chess position. Small and `Copy`: moves are made by copying ([`Board::play`]).
///
/// Castling rights are kept as the set of rook squares that may still castle, which
/// covers standard chess and Chess960 alike.
///
/// Two boards are equal when they hold the same position under the repetition rule:
/// the same pieces on the same squares, side to move, castling rights, and the same en
/// passant capture if one is legal (an en passant square no pawn may use does not count).
/// Move clocks and the Chess960 notation flag are not compared ([`Board::to_fen`] shows
/// everything). [`Hash`] hashes [`Board::hash_legal_ep`], which is the same for equal
/// boards.
///
/// ```
/// use sliders_movegen::Board;
/// let board = Board::startpos();
/// assert_eq!(board.legal_moves().len(), 20);
/// assert_eq!(board.to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// ```
// Aligned to 32 bytes, its size (96 bytes) a multiple: a build for AVX2 or AVX-512
// copies the board with wide stores, and where the copy straddles two cache lines the
// make's first loads from it wait (measured on a Zen 5, native build: the perft
// workload took 1.05 to 1.29 of cozy-chess's time by where the process's stack fell
// when the board was not aligned, docs/journal/board-experiments.md items 17 and 20; no change in a
// baseline build).
#[derive(Clone, Copy)]
#[repr(align(32))]
pub struct Board {
    pub(crate) roles: [Bitboard; 6],
    pub(crate) colors: [Bitboard; 2],
    /// The castling rooks, each colour's by file on its back rank (white's in the low
    /// byte): two bytes, not a set of eight, so that the board stays within 128 bytes,
    /// which a build for any x86-64 copies inline (a bigger board is copied by a call
    /// to `memcpy`: a quarter of an engine's time, measured).
    pub(crate) castling: u16,
    /// The pieces giving check to the side to move, kept by every move: `is_check`
    /// reads it and the generator starts from it.
    pub(crate) checkers: Bitboard,
    /// The Polyglot key of everything above plus turn and en passant.
    pub(crate) hash: u64,
    pub(crate) ep: Option<Square>,
    /// Each side's king square, kept by every move (the sets say the same: this saves
    /// the make and the generator a lookup at the head of their longest chain).
    pub(crate) kings: [Square; 2],
    pub(crate) turn: Color,
    pub(crate) chess960: bool,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
}

// 96 bytes: a copy is six 16-byte moves inline in a build for any x86-64; past 128
// bytes, a call to `memcpy` (see the `castling` field).
const _: () = assert!(core::mem::size_of::<Board>() == 96);
const _: () = assert!(core::mem::align_of::<Board>() == 32);

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.roles == other.roles
            && self.colors == other.colors
            && self.turn == other.turn
            && self.castling == other.castling
            && self.legal_ep() == other.legal_ep()
    }
}

impl Eq for Board {}

impl core::hash::Hash for Board {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash_legal_ep());
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::startpos()
    }
}

/// The standard start position.
pub const STARTPOS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Each square's bit in [`Board::castling`] (none off the back ranks).
const CASTLING_BIT: [u16; 64] = {
    let mut t = [0u16; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = pack_castling(1u64 << i);
        i += 1;
    }
    t
};

/// The corner rooks' bits in [`Board::castling`] (files a and h of each back rank).
const CORNERS: u16 = 0x8181;

/// A set of corner rooks packed as [`Board::castling`] is ([`CORNERS`] only), as an
/// index of [`CORNER_KEYS`]: white a, white h, black a, black h.
#[inline(always)]
const fn corner_index(packed: u16) -> usize {
    (packed & 1 | (packed >> 6) & 2 | (packed >> 6) & 4 | (packed >> 12) & 8) as usize
}

/// The key of each set of corner rooks' rights ([`corner_index`]): the rights of
/// standard chess without a look at the kings.
static CORNER_KEYS: [u64; 16] = {
    // Each index bit's right, in `corner_index`'s order.
    const RIGHTS: [(Color, bool); 4] = [
        (Color::White, false),
        (Color::White, true),
        (Color::Black, false),
        (Color::Black, true),
    ];
    let mut t = [0u64; 16];
    let mut i = 0;
    while i < 16 {
        let mut bit = 0;
        while bit < 4 {
            if i & (1 << bit) != 0 {
                t[i] ^= zobrist::castling(RIGHTS[bit].0, RIGHTS[bit].1);
            }
            bit += 1;
        }
        i += 1;
    }
    t
};

/// A colour's bits in [`Board::castling`], by [`Color`].
const OUR_CASTLING: [u16; 2] = [0x00ff, 0xff00];

/// Castling rooks as [`Board::castling`] keeps them, from a set on the back ranks.
#[inline(always)]
pub(crate) const fn pack_castling(rooks: u64) -> u16 {
    (rooks & 0xff) as u16 | ((rooks >> 56) as u16) << 8
}

/// Castling rooks as a set, from [`Board::castling`].
#[inline(always)]
pub(crate) const fn unpack_castling(packed: u16) -> u64 {
    (packed & 0xff) as u64 | ((packed >> 8) as u64) << 56
}

#[inline(always)]
pub(crate) const fn bit(sq: usize) -> u64 {
    1u64 << (sq & 63)
}

#[inline(always)]
pub(crate) fn sq(index: u32) -> Square {
    Square::index_wrapping(index as usize)
}

#[inline(always)]
pub(crate) fn back_rank(color: Color) -> Bitboard {
    Bitboard::rank(color.back_rank())
}

impl Board {
    /// The standard start position.
    ///
    /// ```
    /// assert_eq!(sliders_movegen::Board::startpos().fullmove_number(), 1);
    /// ```
    pub fn startpos() -> Board {
        let mut board = Board {
            roles: [
                Bitboard(0x00ff_0000_0000_ff00),
                Bitboard(0x4200_0000_0000_0042),
                Bitboard(0x2400_0000_0000_0024),
                Bitboard(0x8100_0000_0000_0081),
                Bitboard(0x0800_0000_0000_0008),
                Bitboard(0x1000_0000_0000_0010),
            ],
            colors: [Bitboard(0xffff), Bitboard(0xffff_0000_0000_0000)],
            castling: pack_castling(0x8100_0000_0000_0081),
            ..Board::empty()
        };
        board.refresh();
        board
    }

    /// An empty board (no kings: not a legal position; a start for building one).
    pub(crate) fn empty() -> Board {
        Board {
            roles: [Bitboard::EMPTY; 6],
            colors: [Bitboard::EMPTY; 2],
            castling: 0,
            checkers: Bitboard::EMPTY,
            hash: 0,
            ep: None,
            kings: [Square::E1, Square::E8],
            turn: Color::White,
            chess960: false,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The squares of one colour's pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.colors[color as usize]
    }

    /// The squares of one role's pieces, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.roles[role as usize]
    }

    /// The squares of one piece kind.
    ///
    /// ```
    /// use sliders_movegen::{Board, Color, Piece, Role};
    /// let board = Board::startpos();
    /// assert_eq!(board.pieces(Piece { color: Color::Black, role: Role::Pawn }).len(), 8);
    /// ```
    #[inline]
    pub fn pieces(&self, piece: Piece) -> Bitboard {
        self.roles[piece.role as usize] & self.colors[piece.color as usize]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// The piece on a square, if any.
    ///
    /// ```
    /// use sliders_core::Square;
    /// use sliders_movegen::{Board, Role};
    /// assert_eq!(Board::startpos().piece_at(Square::D1).map(|p| p.role), Some(Role::Queen));
    /// assert_eq!(Board::startpos().piece_at(Square::D4), None);
    /// ```
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let color = if self.colors[0].contains(square) {
            Color::White
        } else if self.colors[1].contains(square) {
            Color::Black
        } else {
            return None;
        };
        let role = self.role_at(square)?;
        Some(Piece { color, role })
    }

    /// The role of the piece on a square, if any: what a move orderer asks of a move's
    /// `from` square (the moving piece) and `to` square (see [`Board::captured`]); read
    /// without a branch from three unions of the role sets (the board keeps no mailbox:
    /// docs/journal/board-experiments.md item 20). A move orderer gets both roles with each move from
    /// [`Board::for_each_legal_move`] without a lookup.
    ///
    /// ```
    /// use sliders_core::Square;
    /// use sliders_movegen::{Board, Role};
    /// assert_eq!(Board::startpos().role_at(Square::G8), Some(Role::Knight));
    /// ```
    #[inline(always)]
    pub fn role_at(&self, square: Square) -> Option<Role> {
        // Read before the test on purpose: LLVM then keeps it free of branches (inside
        // the branches the dependent's key took 440 M instructions against 430 M).
        let role = self.role_by_bits(square);
        if self.occupied().contains(square) {
            Some(role)
        } else {
            None
        }
    }

    /// The role on an occupied `square` (a pawn where no set holds it) without a branch:
    /// its number's three bits (knight 1, bishop 2, rook 3, queen 4, king 5) read from
    /// three unions of the role sets: bit 0 from the knights, rooks and kings, bit 1 from
    /// the bishops and rooks, bit 2 from the queens and kings. The make keeps its tests
    /// ([`Board::role_by_tests`]); asked of every move by a move orderer, the tests'
    /// branches were half the mispredicted branches of the dependent's alpha-beta
    /// (docs/board.md).
    #[inline(always)]
    fn role_by_bits(&self, square: Square) -> Role {
        let r = &self.roles;
        let s = square as u32;
        let bit = |set: u64| ((set >> s) & 1) as u8;
        let low = bit(r[1].0 | r[3].0 | r[5].0);
        let mid = bit(r[2].0 | r[3].0);
        let high = bit(r[4].0 | r[5].0);
        match low | mid << 1 | high << 2 {
            0 => Role::Pawn,
            1 => Role::Knight,
            2 => Role::Bishop,
            3 => Role::Rook,
            4 => Role::Queen,
            // 5, and 6 and 7, which no board this crate makes has (a square in two sets).
            _ => Role::King,
        }
    }

    /// The role on an occupied `square` (the king's where no other set holds it), found
    /// by testing the sets in turn. A branch on each test lets the CPU guess the role
    /// and go on, where a role read from a table would hold every later load and store
    /// of the make until it arrives (measured with a mailbox, docs/journal/board-experiments.md item 16: the
    /// perft workload 143 ms to 120 ms).
    #[inline(always)]
    fn role_by_tests(&self, square: Square) -> u8 {
        let b = Bitboard::square(square);
        if !(self.roles[Role::Pawn as usize] & b).is_empty() {
            Role::Pawn as u8
        } else if !(self.roles[Role::Knight as usize] & b).is_empty() {
            Role::Knight as u8
        } else if !(self.roles[Role::Bishop as usize] & b).is_empty() {
            Role::Bishop as u8
        } else if !(self.roles[Role::Rook as usize] & b).is_empty() {
            Role::Rook as u8
        } else if !(self.roles[Role::Queen as usize] & b).is_empty() {
            Role::Queen as u8
        } else {
            Role::King as u8
        }
    }

    /// The role a move captures: the piece on its destination, a pawn for en passant,
    /// nothing for castling (whose destination is the castling rook) or a quiet move.
    ///
    /// ```
    /// use sliders_movegen::{Board, Role};
    /// let board = Board::startpos().play_uci_moves(["e2e4", "d7d5"]).unwrap();
    /// assert_eq!(board.captured(board.parse_uci("e4d5").unwrap()), Some(Role::Pawn));
    /// assert_eq!(board.captured(board.parse_uci("e4e5").unwrap()), None);
    /// ```
    #[inline(always)]
    pub fn captured(&self, mv: Move) -> Option<Role> {
        // An enemy piece on the destination first (castling's destination is our rook):
        // one test answers the quiet moves, most of what a move orderer asks about.
        let to = mv.to();
        let role = self.role_by_bits(to);
        if self.colors[self.turn.other() as usize].contains(to) {
            Some(role)
        } else if mv.is_en_passant() {
            Some(Role::Pawn)
        } else {
            None
        }
    }

    /// The king of `color` (every board made by this crate has exactly one per side).
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        sq(
            (self.roles[Role::King as usize] & self.colors[color as usize])
                .0
                .trailing_zeros(),
        )
    }

    /// The rook squares that still have castling rights (both colours).
    #[inline]
    pub fn castling_rooks(&self) -> Bitboard {
        Bitboard(unpack_castling(self.castling))
    }

    /// The Polyglot key of the position: pieces, side to move, castling rights and the
    /// en passant file when a pawn of the side to move stands next to the pawn that just
    /// made a double push. The same number as python-chess's
    /// `chess.polyglot.zobrist_hash` and Polyglot opening books. Kept up to date by
    /// every move, so this is free.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// assert_eq!(Board::startpos().hash(), 0x463b_9618_1691_fc9c);
    /// ```
    ///
    /// An engine with its own Zobrist keys hashes from the board's sets (and keeps its
    /// key up to date itself, or recomputes it):
    ///
    /// ```
    /// use sliders_movegen::{Board, Color, Piece, Role};
    /// // Any 793 keys: pieces (2 x 6 x 64), castling rooks by colour and file (16), en
    /// // passant files (8), the turn.
    /// let mut state = 0x9e37_79b9_7f4a_7c15u64;
    /// let keys: Vec<u64> = (0..793).map(|_| { state ^= state << 7; state ^= state >> 9; state }).collect();
    /// let my_hash = |b: &Board| {
    ///     let mut key = if b.turn() == Color::White { keys[792] } else { 0 };
    ///     for (c, color) in Color::ALL.into_iter().enumerate() {
    ///         for (r, role) in Role::ALL.into_iter().enumerate() {
    ///             for square in b.pieces(Piece { color, role }) {
    ///                 key ^= keys[(c * 6 + r) * 64 + square as usize];
    ///             }
    ///         }
    ///     }
    ///     for rook in b.castling_rooks() {
    ///         key ^= keys[768 + (rook as usize % 8) + 8 * (rook as usize / 56)];
    ///     }
    ///     if let Some(ep) = b.ep_square() {
    ///         key ^= keys[784 + ep.file() as usize];
    ///     }
    ///     key
    /// };
    /// let board = Board::startpos();
    /// let after = board.after_unchecked(board.parse_uci("e2e4").unwrap());
    /// assert_ne!(my_hash(&board), my_hash(&after));
    /// ```
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The key with the en passant file only when an en passant capture is legal: equal
    /// for positions that are the same under the repetition rule (FIDE 9.2), which
    /// [`Board::hash`] is not when a pawn stands next to the double-pushed one but may
    /// not take it. Differs from [`Board::hash`] only then.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// // b4 may not take on c3: the pawn is pinned against its king on a4 by the h4 rook.
    /// let board = Board::from_fen("8/8/8/8/kpP4R/8/8/4K3 b - c3 0 1").unwrap();
    /// assert_ne!(board.hash_legal_ep(), board.hash());
    /// assert_eq!(board.hash_legal_ep(), Board::from_fen("8/8/8/8/kpP4R/8/8/4K3 b - - 0 1").unwrap().hash());
    /// ```
    pub fn hash_legal_ep(&self) -> u64 {
        let pseudo = self.en_passant_key();
        if pseudo != 0 && !self.has_legal_en_passant() {
            self.hash ^ pseudo
        } else {
            self.hash
        }
    }

    /// The en passant square, as the FEN gave it or the last double push set it.
    /// After a move it is set only when an enemy pawn could capture there.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// The en passant square when an en passant capture is legal there.
    fn legal_ep(&self) -> Option<Square> {
        self.ep.filter(|_| self.has_legal_en_passant())
    }

    /// Half-moves since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number, starting at 1 and incremented after black's move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Whether this board uses Chess960 conventions: Shredder or X-FEN file letters in
    /// its FEN, or king and rooks off their standard squares. Castling moves then print as
    /// king-takes-rook (`e1h1`) and the FEN castling field as Shredder letters.
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Sets the Chess960 convention (see [`Board::is_chess960`]).
    pub fn set_chess960(&mut self, chess960: bool) {
        self.chess960 = chess960;
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, square: Square, piece: Piece) {
        self.roles[piece.role as usize] |= Bitboard::square(square);
        self.colors[piece.color as usize] |= Bitboard::square(square);
    }

    /// Toggles a piece (its role as an index, `Role as u8`) on a square in the bitboards
    /// and in the key.
    #[inline(always)]
    fn toggle<const HASH: bool>(&mut self, color: Color, role: u8, square: Square) {
        let b = Bitboard::square(square);
        self.roles[role as usize] ^= b;
        self.colors[color as usize] ^= b;
        if HASH {
            self.hash ^= zobrist::piece_code(color, role, square);
        }
    }

    /// Takes the piece on `square` off the board.
    #[inline(always)]
    fn remove<const HASH: bool>(&mut self, color: Color, role: Role, square: Square) {
        self.toggle::<HASH>(color, role as u8, square);
    }

    /// Puts a piece on the empty `square`.
    #[inline(always)]
    fn add<const HASH: bool>(&mut self, color: Color, role: Role, square: Square) {
        self.toggle::<HASH>(color, role as u8, square);
    }

    /// The board with the other side to move and nothing else changed but the en
    /// passant square (gone) and the clocks: a null move, for null-move pruning. `None`
    /// when the side to move is in check, where passing would leave its king capturable.
    ///
    /// ```
    /// use sliders_movegen::{Board, Color};
    /// let board = Board::startpos();
    /// let passed = board.play_null().unwrap();
    /// assert_eq!(passed.turn(), Color::Black);
    /// assert_ne!(passed.hash(), board.hash());
    /// assert_eq!(passed.hash(), Board::from_fen(&passed.to_fen()).unwrap().hash());
    /// let in_check = Board::from_fen("4k3/8/8/8/8/8/8/4K2r w - - 0 1").unwrap();
    /// assert_eq!(in_check.play_null(), None);
    /// ```
    #[must_use]
    pub fn play_null(&self) -> Option<Board> {
        if self.is_check() {
            return None;
        }
        let mut b = *self;
        b.hash ^= self.en_passant_key() ^ zobrist::WHITE_TO_MOVE;
        b.ep = None;
        b.halfmove = b.halfmove.saturating_add(1);
        if b.turn == Color::Black {
            b.fullmove = b.fullmove.saturating_add(1);
        }
        b.turn = b.turn.other();
        b.update_checkers();
        Some(b)
    }

    /// Plays `mv` in place when it is legal here ([`Board::is_legal`]); otherwise returns
    /// the error and leaves the board as it was. A move read without a board (UCI text,
    /// [`crate::Uci`]) becomes a legal move through [`Board::resolve`] or
    /// [`Board::parse_uci`].
    ///
    /// ```
    /// use sliders_movegen::{Board, Move, Square};
    /// let mut board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// // King to g1 as a plain move is not how castling is written (king takes rook is).
    /// let before = board;
    /// assert!(board.play(Move::normal(Square::E1, Square::G1)).is_err());
    /// assert_eq!(board, before);
    /// board.play(Move::castle(Square::E1, Square::H1)).unwrap();
    /// assert_eq!(board.to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        if !self.is_legal(mv) {
            return Err(IllegalMoveError {
                mv,
                chess960: self.chess960,
            });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move in place without checking it. The move must be legal on this board
    /// (from [`Board::legal_moves`], [`Board::parse_uci`] or [`Board::resolve`]); another
    /// move leaves a board that may be inconsistent, though never unsafe.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let mut board = Board::startpos();
    /// let mv = board.parse_uci("e2e4").unwrap();
    /// board.play_unchecked(mv);
    /// assert_eq!(board.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// ```
    ///
    /// Copy-make, as a search does it: the board is `Copy` (96 bytes, copied inline).
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// fn nodes(board: &Board, depth: u32) -> u64 {
    ///     if depth == 0 {
    ///         return 1;
    ///     }
    ///     let mut sum = 0;
    ///     for &mv in board.legal_moves().iter() {
    ///         let mut child = *board;
    ///         child.play_unchecked(mv);
    ///         sum += nodes(&child, depth - 1);
    ///     }
    ///     sum
    /// }
    /// assert_eq!(nodes(&Board::startpos(), 3), 8_902);
    /// ```
    // Not inlined: inlined into a search's loop, the make crowded it (a 1.8 KB frame,
    // more spills); called, the engine-loop perft workload took 0.92-0.95 of
    // cozy-chess's time instead of 1.03 (Zen 5, plain and native builds; docs/journal/board-experiments.md
    // item 18).
    #[inline(never)]
    pub fn play_unchecked(&mut self, mv: Move) {
        self.make::<true>(mv);
    }

    /// The board after a legal move, its key left stale: for perft, which never reads
    /// it. Measured (callgrind, startpos perft(5)): the key's upkeep is 8.7% of perft's
    /// instructions (156.5 M against 143.9 M).
    #[inline(always)]
    pub(crate) fn play_unhashed(&self, mv: Move) -> Board {
        let mut b = *self;
        b.make::<false>(mv);
        b
    }

    /// Makes a move; keeps the key up to date when `HASH`. Works from the move's raw
    /// kind and role codes (no [`MoveKind`] or `Option<Role>` in between), with the rare
    /// kinds (castling, promotion, en passant) out of line.
    #[inline(always)]
    fn make<const HASH: bool>(&mut self, mv: Move) {
        let us = self.turn;
        let them = us.other();
        let raw = mv.to_u16();
        let (from, to) = (sq(raw as u32 & 63), sq((raw as u32 >> 6) & 63));
        let kind = raw >> 12;
        // The moving role by testing the sets in turn (a king where none holds it, which
        // no legal move meets: the board stays consistent in its sets, never unsafe).
        let role = self.role_by_tests(from);
        // The rights this move takes away, packed as `castling` is: those of the squares
        // it leaves or lands on, and all of ours when the king moves (castling too).
        let mut lost = CASTLING_BIT[from as usize] | CASTLING_BIT[to as usize];
        if role == Role::King as u8 {
            lost |= OUR_CASTLING[us as usize];
        }
        let lost = self.castling & lost;
        if role == Role::King as u8 {
            self.kings[us as usize] = to;
        }
        if HASH {
            // Out with the old turn and en passant file (a new one goes in with a double
            // push) and the rights that go, keyed as they stood before the move.
            self.hash ^= self.en_passant_key() ^ zobrist::WHITE_TO_MOVE;
            if lost != 0 {
                self.hash ^= if lost & !CORNERS == 0 {
                    // Rooks in the corners, as in standard chess: an h-file rook is on
                    // its king's h-side and an a-file rook on its a-side whatever the
                    // king's file, so a table answers.
                    CORNER_KEYS[corner_index(lost)]
                } else {
                    castling_key(
                        unpack_castling(lost),
                        self.colors[0].0,
                        self.roles[Role::King as usize].0,
                    )
                };
            }
        }
        self.castling ^= lost;
        self.ep = None;
        self.halfmove = self.halfmove.saturating_add(1);
        self.fullmove = self.fullmove.saturating_add(us as u32);
        self.turn = them;
        if kind == 0 {
            let victim = if self.colors[them as usize].contains(to) {
                self.role_by_tests(to) + 1
            } else {
                0
            };
            if victim != 0 {
                self.toggle::<HASH>(them, victim - 1, to);
                self.halfmove = 0;
            }
            let path = Bitboard::square(from) | Bitboard::square(to);
            self.roles[role as usize] ^= path;
            self.colors[us as usize] ^= path;
            if HASH {
                self.hash ^=
                    zobrist::piece_code(us, role, from) ^ zobrist::piece_code(us, role, to);
            }
            if role == Role::Pawn as u8 {
                self.halfmove = 0;
                if (from as u8).abs_diff(to as u8) == 16 {
                    self.double_push::<HASH>(them, from, to);
                }
            }
            self.update_checkers_touching(path.0);
        } else {
            self.make_special::<HASH>(mv);
            self.update_checkers();
        }
    }

    /// Sets the en passant square after a double push, where a pawn of `them` may take
    /// (Polyglot's rule, which the key follows).
    #[inline(always)]
    fn double_push<const HASH: bool>(&mut self, them: Color, from: Square, to: Square) {
        let ep = sq((from as u32 + to as u32) / 2);
        if !self.en_passant_capturers(them, ep).is_empty() {
            self.ep = Some(ep);
            if HASH {
                self.hash ^= zobrist::en_passant(ep.file());
            }
        }
    }

    /// The pieces of castling, a promotion or an en passant capture (the turn, clocks
    /// and rights are done by [`Board::make`]); out of line, as they are rare.
    #[inline(never)]
    fn make_special<const HASH: bool>(&mut self, mv: Move) {
        let them = self.turn;
        let us = them.other();
        let (from, to) = (mv.from(), mv.to());
        match mv.kind() {
            MoveKind::Castle => {
                // `to` is the rook's square: king takes rook.
                let (king_to, rook_to) = castling_squares(from, to);
                self.remove::<HASH>(us, Role::King, from);
                self.remove::<HASH>(us, Role::Rook, to);
                self.add::<HASH>(us, Role::King, king_to);
                self.add::<HASH>(us, Role::Rook, rook_to);
                self.kings[us as usize] = king_to;
            }
            MoveKind::Promotion(promo) => {
                if let Some(victim) = self.captured_on(them, to) {
                    self.toggle::<HASH>(them, victim as u8, to);
                }
                self.remove::<HASH>(us, Role::Pawn, from);
                self.add::<HASH>(us, promo, to);
                self.halfmove = 0;
            }
            // A kind-0 move never comes here ([`Board::make`] plays it).
            MoveKind::EnPassant | MoveKind::Normal => {
                self.remove::<HASH>(us, Role::Pawn, from);
                self.add::<HASH>(us, Role::Pawn, to);
                self.remove::<HASH>(them, Role::Pawn, sq(to as u32 ^ 8));
                self.halfmove = 0;
            }
        }
    }

    /// Finds the pieces giving check to the side to move, from its king and without a
    /// slider lookup: the enemy knights and pawns that attack it, and the enemy sliders
    /// on its lines on an empty board with nothing between. A king never gives check on
    /// a board this crate holds (the side not to move is never in check).
    #[inline(always)]
    fn update_checkers(&mut self) {
        self.update_checkers_touching(!0);
    }

    /// [`Board::update_checkers`] after a plain move (no castling, promotion or en
    /// passant) whose from and to squares are `path`. The side now to move was the side
    /// not to move before it, which a board never leaves in check (the constructors
    /// refuse it, `play_null` is refused in check, and a legal move never does), so a
    /// slider can give check now only through one of those squares: directly from
    /// `to`, or by discovery through `from`. An enemy slider line of the king's that
    /// `path` does not touch is skipped (`!0` touches every line: the full recount).
    #[inline(always)]
    fn update_checkers_touching(&mut self, path: u64) {
        let us = self.turn;
        let ours = self.colors[us as usize].0;
        let theirs = self.colors[us.other() as usize].0;
        let king_sq = self.kings[us as usize] as u32;
        let occ = ours | theirs;
        let queens = self.roles[Role::Queen as usize].0;
        let diag_lines = DIAGONAL_RAYS[king_sq as usize];
        let orth_lines = ORTHOGONAL_RAYS[king_sq as usize];
        let diag = if path & diag_lines != 0 {
            (self.roles[Role::Bishop as usize].0 | queens) & theirs & diag_lines
        } else {
            0
        };
        let orth = if path & orth_lines != 0 {
            (self.roles[Role::Rook as usize].0 | queens) & theirs & orth_lines
        } else {
            0
        };
        let (diag_checkers, _, _) = checks_and_pins(king_sq, diag, occ, ours);
        let (orth_checkers, _, _) = checks_and_pins(king_sq, orth, occ, ours);
        let leapers = ((knight(king_sq) & self.roles[Role::Knight as usize].0)
            | (pawn(us, king_sq) & self.roles[Role::Pawn as usize].0))
            & theirs;
        self.checkers = Bitboard(leapers | diag_checkers | orth_checkers);
    }

    /// Recomputes what every move keeps up to date (the key and the checkers), for a
    /// board just set up.
    pub(crate) fn refresh(&mut self) {
        self.kings = [self.king(Color::White), self.king(Color::Black)];
        self.hash = self.key_from_scratch();
        self.update_checkers();
    }

    /// The key [`Board::hash`] will have after `mv` (legal here), computed without making
    /// the move: for a transposition-table prefetch issued before the make. The same
    /// number as `self.after_unchecked(mv).hash()` (checked on every move of the
    /// python-chess fixtures); it repeats the make's key updates, so a change to one is
    /// a change to both.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let board = Board::startpos();
    /// for mv in board.legal_moves() {
    ///     assert_eq!(board.hash_after(mv), board.after_unchecked(mv).hash());
    /// }
    /// ```
    pub fn hash_after(&self, mv: Move) -> u64 {
        let us = self.turn;
        let them = us.other();
        let (from, to) = (mv.from(), mv.to());
        let piece = zobrist::piece;
        let mut key = self.hash ^ self.en_passant_key() ^ zobrist::WHITE_TO_MOVE;
        let mut castling = self.castling_rooks().0;
        match mv.kind() {
            MoveKind::Castle => {
                let (king_to, rook_to) = castling_squares(from, to);
                key ^= piece(us, Role::King, from)
                    ^ piece(us, Role::Rook, to)
                    ^ piece(us, Role::King, king_to)
                    ^ piece(us, Role::Rook, rook_to);
                castling &= !back_rank(us).0;
            }
            kind => {
                if let Some(victim) = self.captured_on(them, to) {
                    key ^= piece(them, victim, to);
                }
                let role = self.role_at(from).unwrap_or(Role::Pawn);
                key ^= piece(us, role, from);
                match kind {
                    MoveKind::Promotion(promo) => key ^= piece(us, promo, to),
                    MoveKind::EnPassant => {
                        key ^=
                            piece(us, Role::Pawn, to) ^ piece(them, Role::Pawn, sq(to as u32 ^ 8));
                    }
                    _ => {
                        key ^= piece(us, role, to);
                        if role == Role::Pawn && (from as u8).abs_diff(to as u8) == 16 {
                            // The other side's pawns do not move: who may take is known now.
                            let ep = sq((from as u32 + to as u32) / 2);
                            if !self.en_passant_capturers(them, ep).is_empty() {
                                key ^= zobrist::en_passant(ep.file());
                            }
                        } else if role == Role::King {
                            castling &= !back_rank(us).0;
                        }
                    }
                }
                castling &= !(Bitboard::square(from) | Bitboard::square(to)).0;
            }
        }
        let lost = self.castling_rooks().0 & !castling;
        if lost != 0 {
            key ^= castling_key(lost, self.colors[0].0, self.roles[Role::King as usize].0);
        }
        key
    }

    /// The pawns of `color` that attack `ep` (which may or may not take there legally).
    #[inline(always)]
    pub(crate) fn en_passant_capturers(&self, color: Color, ep: Square) -> Bitboard {
        pawn_attacks(color.other(), ep)
            & self.roles[Role::Pawn as usize]
            & self.colors[color as usize]
    }

    /// The en passant part of the key: the file's key when a pawn of the side to move
    /// stands next to the pawn that just made a double push, whether or not the
    /// capture is legal (Polyglot's rule).
    #[inline(always)]
    pub(crate) fn en_passant_key(&self) -> u64 {
        match self.ep {
            Some(ep) if !self.en_passant_capturers(self.turn, ep).is_empty() => {
                zobrist::en_passant(ep.file())
            }
            _ => 0,
        }
    }

    /// The whole key, computed from the pieces, castling rights, en passant and turn.
    pub(crate) fn key_from_scratch(&self) -> u64 {
        let mut key = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                for square in self.roles[role as usize] & self.colors[color as usize] {
                    key ^= zobrist::piece(color, role, square);
                }
            }
        }
        if self.turn == Color::White {
            key ^= zobrist::WHITE_TO_MOVE;
        }
        let kings = self.roles[Role::King as usize].0;
        key ^ castling_key(self.castling_rooks().0, self.colors[0].0, kings) ^ self.en_passant_key()
    }

    /// The role of `color`'s piece on `square`, if there is one (the victim of a move).
    #[inline(always)]
    fn captured_on(&self, color: Color, square: Square) -> Option<Role> {
        if self.colors[color as usize].contains(square) {
            Some(Role::ALL[self.role_by_tests(square) as usize])
        } else {
            None
        }
    }

    /// The board after a legal move, unchecked: [`Board::play_unchecked`] on a copy.
    ///
    /// The child is written once, straight into the caller's slot: this function is
    /// called, not inlined, so the caller hands it the slot for its result, and it hands
    /// that slot on to its make (`make_into`), which copies the parent there and makes the move in
    /// it (LLVM's call-slot optimisation removes the local in between; the disassembly
    /// is in docs/board.md). Inlined, the board was made in a local of the caller and then
    /// copied a second time into the slot (rustc 1.95 places no returned value in the
    /// caller's slot itself): on the dependent's perft workload 5.9% more instructions
    /// than the in-place copy (`let mut child = *board; child.play_unchecked(mv);`), now
    /// 2.6% (one call more: six instructions a move).
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let board = Board::startpos();
    /// let after = board.after_unchecked(board.legal_moves()[0]);
    /// assert_ne!(after, board);
    /// ```
    #[inline(never)]
    #[must_use]
    pub fn after_unchecked(&self, mv: Move) -> Board {
        let mut child = core::mem::MaybeUninit::<Board>::uninit();
        make_into(&mut child, self, mv);
        // SAFETY: `make_into` wrote the whole of `child` (`MaybeUninit::write` of a
        // copy of `self`) before making the move in it. Unsafe because it pays: the safe
        // form, `*make_into(..)` returning the made board by reference, kept the pointer
        // alive across the call, 9.3 M more instructions on the dependent's perft
        // (1,923.5 M against 1,914.3 M; the in-place copy 1,865.9 M). Covered by
        // tests/engine_api.rs (both copy-make forms on every fixture move).
        #[allow(unsafe_code)]
        unsafe {
            child.assume_init()
        }
    }

    /// Plays moves given in UCI notation, checking each; the error names the move.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let board = Board::startpos().play_uci_moves(["e2e4", "e7e5"]).unwrap();
    /// assert!(board.to_fen().starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/"));
    /// assert!(Board::startpos().play_uci_moves(["e2e5"]).is_err());
    /// ```
    pub fn play_uci_moves<I, T>(&self, moves: I) -> Result<Board, crate::UciError>
    where
        I: IntoIterator<Item = T>,
        T: AsRef<str>,
    {
        let mut board = *self;
        for m in moves {
            let mv = board.parse_uci(m.as_ref())?;
            board.play_unchecked(mv);
        }
        Ok(board)
    }
}

/// A move that is not legal on the board it was played on ([`Board::play`],
/// [`crate::Game::play`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The move.
    pub mv: Move,
    chess960: bool,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} ({:?}): not a legal move in this position",
            self.mv.uci(self.chess960),
            self.mv.kind()
        )
    }
}

impl core::error::Error for IllegalMoveError {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.to_fen())
    }
}

/// Draws the board with rank 8 on top and the FEN below.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = self
                    .piece_at(Square::new(file, *rank))
                    .map_or('.', Piece::char);
                write!(f, "{c} ")?;
            }
            writeln!(f)?;
        }
        write!(f, "{}", self.to_fen())
    }
}

/// The castling part of the key for the castling rooks `rooks`, with white's pieces
/// `white` and both kings `kings`: one key per side of each king that has a castling
/// rook there. A side of a king holds at most one right (the setup checks it), so the
/// key of a set of rights is the XOR of its rooks' keys, and the key of rights lost is
/// what a move takes out. Out of line, on values: castling rights change in few moves,
/// and no pointer to the board escapes the inlined make.
#[inline(never)]
fn castling_key(rooks: u64, white: u64, kings: u64) -> u64 {
    let mut key = 0;
    for color in Color::ALL {
        let side = if color == Color::White { white } else { !white };
        let rooks = rooks & side;
        if rooks == 0 {
            continue;
        }
        let king = (kings & side).trailing_zeros() & 63;
        if rooks >> king > 1 {
            key ^= zobrist::castling(color, true);
        }
        if rooks & ((1u64 << king) - 1) != 0 {
            key ^= zobrist::castling(color, false);
        }
    }
    key
}

/// [`Board::after_unchecked`]'s make: `parent` copied into `child`, then `mv` made there.
/// Not inlined, and writing `child` before it reads it: that is what lets the caller's
/// return slot stand in for `child` (LLVM's call-slot optimisation needs a callee that
/// it can see keeps no other pointer to the slot, which it infers here, in this crate).
#[inline(never)]
fn make_into(child: &mut core::mem::MaybeUninit<Board>, parent: &Board, mv: Move) {
    child.write(*parent).make::<true>(mv);
}
