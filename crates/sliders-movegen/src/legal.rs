//! The board's move API: all legal moves, captures, quiet moves, moves through a
//! [`MoveFilter`], a callback form that stops early, the legality of any 16-bit move
//! value, and attack queries (checkers, pins, attackers of a square). Each has a `_with`
//! form taking a slider scheme; the plain form runs with [`crate::DefaultScheme`] (black
//! magics, fixed at compile time: no check or dispatch per call).

use alloc::borrow::ToOwned;
use core::ops::ControlFlow;

use sliders_core::schemes::Scheme;
use sliders_core::{Bitboard, Color, Square};

use crate::board::Board;
use crate::filter::MoveFilter;
use crate::lookups::DEFAULT_SCHEME;
use crate::move_list::{written_in_place, MoveList};
use crate::movegen::{
    attackers, count, each_detailed, fill_captures, fill_legal, list, pinned, visit,
};
use crate::moves::{Move, MoveDetail, MoveKind, Uci, UciError};
use crate::ordered::each_ordered;
use crate::piece::Role;

impl Board {
    /// Every legal move, with the default slider scheme ([`crate::DefaultScheme`]).
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let kiwipete = Board::from_fen(
    ///     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    /// ).unwrap();
    /// assert_eq!(kiwipete.legal_moves().len(), 48);
    /// ```
    #[inline(never)]
    pub fn legal_moves(&self) -> MoveList {
        written_in_place(|out| fill_legal(self, out))
    }

    /// Every legal move, with slider attacks from `scheme`.
    ///
    /// ```
    /// use sliders_core::schemes::Black;
    /// use sliders_movegen::Board;
    /// assert_eq!(Board::startpos().legal_moves_with(Black).len(), 20);
    /// ```
    #[inline]
    pub fn legal_moves_with<S: Scheme>(&self, scheme: S) -> MoveList {
        list(scheme, self, MoveFilter::ALL)
    }

    /// The legal moves that `filter` admits: by origin, destination, role, captures or
    /// quiet moves ([`MoveFilter`]).
    ///
    /// ```
    /// use sliders_movegen::{Bitboard, Board, MoveFilter, Role, Square};
    /// let board = Board::startpos();
    /// let pawns_to_rank_4 = MoveFilter::ALL.role(Role::Pawn).to(Bitboard::rank(sliders_movegen::Rank::Fourth));
    /// assert_eq!(board.legal_moves_filtered(pawns_to_rank_4).len(), 8);
    /// ```
    #[inline]
    pub fn legal_moves_filtered(&self, filter: MoveFilter) -> MoveList {
        list(DEFAULT_SCHEME, self, filter)
    }

    /// [`Board::legal_moves_filtered`] with slider attacks from `scheme`.
    #[inline]
    pub fn legal_moves_filtered_with<S: Scheme>(&self, scheme: S, filter: MoveFilter) -> MoveList {
        list(scheme, self, filter)
    }

    /// Hands each legal move that `filter` admits to `f`, in generation order, until `f`
    /// breaks; returns the break, or `Continue` when every move was seen. Generation
    /// stops early too: after a break no further group of moves is generated.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use sliders_movegen::{Board, MoveFilter, Role};
    /// let board = Board::startpos();
    /// // The first knight move, without listing the others.
    /// let first = board.visit_legal_moves(MoveFilter::ALL.role(Role::Knight), |mv| ControlFlow::Break(mv));
    /// assert_eq!(first.break_value().map(|mv| mv.uci(false).to_string()).as_deref(), Some("b1a3"));
    /// let mut n = 0;
    /// let _ = board.visit_legal_moves(MoveFilter::ALL, |_| {
    ///     n += 1;
    ///     ControlFlow::<()>::Continue(())
    /// });
    /// assert_eq!(n, 20);
    /// ```
    pub fn visit_legal_moves<B>(
        &self,
        filter: MoveFilter,
        mut f: impl FnMut(Move) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        visit(DEFAULT_SCHEME, self, filter, &mut f)
    }

    /// [`Board::visit_legal_moves`] with slider attacks from `scheme`.
    #[inline]
    pub fn visit_legal_moves_with<S: Scheme, B>(
        &self,
        scheme: S,
        filter: MoveFilter,
        mut f: impl FnMut(Move) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        visit(scheme, self, filter, &mut f)
    }

    /// Hands `f` each legal move that `filter` admits with its moving role and the role
    /// it captures ([`MoveDetail`]): what a move orderer scores (MVV-LVA, history by
    /// piece), known to the generator as it makes the move, so no lookup per move is
    /// needed: the role from the piece whose moves it emits, the victim from the enemy
    /// role set it splits that piece's captures by. The generator is compiled for each
    /// callback, with the callback inlined, three times: for [`MoveFilter::ALL`] and
    /// for [`MoveFilter::captures_only`] with the filter a constant, and for any other
    /// filter (the choice folds away where `filter` is a constant): the form for a
    /// search's node loop,
    /// where [`Board::legal_moves`] plus [`Board::role_at`] and [`Board::captured`] per
    /// move would do the same work twice. The moves are those of
    /// [`Board::legal_moves_filtered`], in the generator's own order: within each group
    /// it emits (a piece's moves; a pawn's pushes, its captures to one side, its
    /// promotions) the captures come first, by victim from pawn to queen. Sort them for
    /// an order of your own.
    ///
    /// ```
    /// use sliders_movegen::{Board, MoveFilter, Role};
    /// let board = Board::from_fen("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1").unwrap();
    /// // Captures first, most valuable victim, then least valuable attacker.
    /// let mut scored = Vec::new();
    /// board.for_each_legal_move(MoveFilter::ALL, |d| {
    ///     let key = match d.captured {
    ///         Some(victim) => (5 - victim as u32) * 8 + d.role as u32,
    ///         None => 63,
    ///     };
    ///     scored.push((key, d.mv));
    /// });
    /// scored.sort_unstable_by_key(|e| e.0);
    /// assert_eq!(scored[0].1.uci(false).to_string(), "e4d5");
    /// assert_eq!(scored.len(), board.legal_moves().len());
    /// ```
    #[inline]
    pub fn for_each_legal_move(&self, filter: MoveFilter, f: impl FnMut(MoveDetail)) {
        each_detailed(DEFAULT_SCHEME, self, filter, f);
    }

    /// [`Board::for_each_legal_move`] with slider attacks from `scheme`.
    #[inline]
    pub fn for_each_legal_move_with<S: Scheme>(
        &self,
        scheme: S,
        filter: MoveFilter,
        f: impl FnMut(MoveDetail),
    ) {
        each_detailed(scheme, self, filter, f);
    }

    /// The legal moves that `filter` admits, each with its roles as
    /// [`Board::for_each_legal_move`] hands them out, in MVV-LVA order without a sort:
    /// captures by most valuable victim, then least valuable attacker, then the other
    /// moves; ties by from square, to square and promotion ([`MoveDetail::mvv_lva_key`]
    /// gives each move's place). The generator's move sets are walked in that order, so
    /// a search that orders its moves this way needs no sort (the engine-loop benchmark's
    /// alpha-beta: docs/journal/board-experiments.md).
    ///
    /// ```
    /// use sliders_movegen::{Board, MoveFilter};
    /// let board = Board::from_fen("4k3/8/2n5/3q4/2B1P3/8/8/4K3 w - - 0 1").unwrap();
    /// let mut first = Vec::new();
    /// board.for_each_legal_move_mvv_lva(MoveFilter::ALL.captures_only(), |d| {
    ///     first.push(d.mv.uci(false).to_string())
    /// });
    /// assert_eq!(first, ["e4d5", "c4d5"]);
    /// ```
    #[inline]
    pub fn for_each_legal_move_mvv_lva(&self, filter: MoveFilter, f: impl FnMut(MoveDetail)) {
        each_ordered(DEFAULT_SCHEME, self, filter, f);
    }

    /// [`Board::for_each_legal_move_mvv_lva`] with slider attacks from `scheme`.
    #[inline]
    pub fn for_each_legal_move_mvv_lva_with<S: Scheme>(
        &self,
        scheme: S,
        filter: MoveFilter,
        f: impl FnMut(MoveDetail),
    ) {
        each_ordered(scheme, self, filter, f);
    }

    /// The legal captures: en passant and capturing promotions included, quiet
    /// promotions not (those are in [`Board::captures_and_promotions`]). What an MVV-LVA
    /// quiescence search plays: every move here has a victim ([`Board::captured`]).
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let board = Board::from_fen("4k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    /// let uci: Vec<String> = board.captures().iter().map(|m| m.uci(false).to_string()).collect();
    /// assert_eq!(uci, ["e4d5"]);
    /// assert!(board.captures().iter().all(|&mv| board.captured(mv).is_some()));
    /// ```
    #[inline(never)]
    pub fn captures(&self) -> MoveList {
        written_in_place(|out| fill_captures(self, out))
    }

    /// The legal captures (en passant included) and promotions (quiet ones included):
    /// with [`Board::quiet_moves`], a partition of [`Board::legal_moves`].
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let board = Board::from_fen("4k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    /// let uci: Vec<String> = board.captures_and_promotions().iter().map(|m| m.uci(false).to_string()).collect();
    /// assert_eq!(uci, ["e4d5", "b7b8q", "b7b8n", "b7b8r", "b7b8b"]);
    /// assert_eq!(
    ///     board.captures_and_promotions().len() + board.quiet_moves().len(),
    ///     board.legal_moves().len()
    /// );
    /// ```
    #[inline]
    pub fn captures_and_promotions(&self) -> MoveList {
        self.legal_moves_filtered(MoveFilter::ALL.captures_and_promotions())
    }

    /// The legal moves that neither capture nor promote, castling included.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// assert_eq!(Board::startpos().quiet_moves().len(), 20);
    /// ```
    pub fn quiet_moves(&self) -> MoveList {
        self.legal_moves_filtered(MoveFilter::ALL.quiets_only())
    }

    /// The legal moves whose destination ([`Move::to`]; the rook's square for castling)
    /// is in `mask`.
    ///
    /// ```
    /// use sliders_core::{Bitboard, Square};
    /// use sliders_movegen::Board;
    /// let to_f3 = Board::startpos().legal_moves_to(Bitboard::from(Square::F3));
    /// assert_eq!(to_f3.len(), 2); // f2f3 and g1f3
    /// ```
    pub fn legal_moves_to(&self, mask: Bitboard) -> MoveList {
        self.legal_moves_filtered(MoveFilter::ALL.to(mask))
    }

    /// The number of legal moves, counted without listing them.
    #[inline]
    pub fn count_moves_with<S: Scheme>(&self, scheme: S) -> u64 {
        count(scheme, self)
    }

    /// Whether the side to move has a legal move; generation stops at the first one.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let mated = Board::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    /// assert!(!mated.has_legal_moves());
    /// assert!(Board::startpos().has_legal_moves());
    /// ```
    pub fn has_legal_moves(&self) -> bool {
        self.visit_legal_moves(MoveFilter::ALL, |_| ControlFlow::Break(()))
            .is_break()
    }

    /// Whether `mv` is a legal move here, for any 16-bit value (a hash move, a killer,
    /// a move from another position, garbage): exactly when it is in
    /// [`Board::legal_moves`].
    ///
    /// ```
    /// use sliders_core::Square;
    /// use sliders_movegen::{Board, Move};
    /// let board = Board::startpos();
    /// assert!(board.is_legal(Move::normal(Square::G1, Square::F3)));
    /// assert!(!board.is_legal(Move::normal(Square::G1, Square::G3)));
    /// assert!(!board.is_legal(Move::en_passant(Square::E2, Square::D3)));
    /// assert!(!board.is_legal(Move::from_u16(0xffff)));
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        let only = MoveFilter::ALL
            .from(Bitboard::from(mv.from()))
            .to(Bitboard::from(mv.to()));
        self.visit_legal_moves(only, |legal| {
            if legal == mv {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
    }

    /// Whether an en passant capture is legal here.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let open = Board::from_fen("4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2").unwrap();
    /// assert!(open.has_legal_en_passant());
    /// // Taking would leave the fifth rank open between the a5 king and the h5 rook.
    /// let pinned = Board::from_fen("8/8/8/K1pP3r/8/8/8/4k3 w - c6 0 2").unwrap();
    /// assert!(!pinned.has_legal_en_passant());
    /// ```
    pub fn has_legal_en_passant(&self) -> bool {
        match self.ep {
            Some(ep) if !self.en_passant_capturers(self.turn, ep).is_empty() => self
                .legal_moves_filtered(MoveFilter::ALL.role(Role::Pawn).to(Bitboard::from(ep)))
                .iter()
                .any(|m| m.kind() == MoveKind::EnPassant),
            _ => false,
        }
    }

    /// The pieces giving check to the side to move.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/q3K3 w - - 0 1").unwrap();
    /// assert_eq!(board.checkers().len(), 1);
    /// ```
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// [`Board::checkers`], computed afresh with slider attacks from `scheme` (the
    /// board keeps them up to date: [`Board::checkers`] reads them for free).
    #[inline]
    pub fn checkers_with<S: Scheme>(&self, scheme: S) -> Bitboard {
        let us = self.turn;
        let king = self.roles[Role::King as usize] & self.colors[us as usize];
        match king.first() {
            Some(k) => Bitboard(attackers(
                scheme,
                self,
                k as u32,
                us.other(),
                self.occupied().0,
            )),
            None => Bitboard::EMPTY,
        }
    }

    /// Whether `mv` (legal here) gives check: whether the side to move in
    /// [`Board::after_unchecked`]`(mv)` is in check, found without making the move for
    /// normal moves and promotions (the moved piece's attacks from its destination, and
    /// our sliders uncovered by its leaving); en passant and castling, which move two
    /// pieces, are made on a copy.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let board = Board::startpos().play_uci_moves(["e2e4", "f7f6"]).unwrap();
    /// assert!(board.gives_check(board.parse_uci("d1h5").unwrap()));
    /// assert!(!board.gives_check(board.parse_uci("d1g4").unwrap()));
    /// ```
    pub fn gives_check(&self, mv: Move) -> bool {
        let (from, to) = (mv.from(), mv.to());
        let role = match mv.kind() {
            MoveKind::EnPassant | MoveKind::Castle => return self.after_unchecked(mv).is_check(),
            MoveKind::Promotion(role) => role,
            MoveKind::Normal => self.role_at(from).unwrap_or(Role::Pawn),
        };
        let us = self.turn;
        let king = self.king(us.other());
        let occupied = (self.occupied() - Bitboard::from(from)) | Bitboard::from(to);
        let direct = match role {
            Role::Pawn => sliders_core::pawn_attacks(us, to),
            Role::Knight => sliders_core::knight_attacks(to),
            Role::Bishop => DEFAULT_SCHEME.bishop_attacks(to, occupied),
            Role::Rook => DEFAULT_SCHEME.rook_attacks(to, occupied),
            Role::Queen => DEFAULT_SCHEME.queen_attacks(to, occupied),
            Role::King => Bitboard::EMPTY,
        };
        if direct.contains(king) {
            return true;
        }
        // Discovered: one of our other sliders that sees the king once `from` is empty.
        let ours = self.colors[us as usize] - Bitboard::from(from);
        let queens = self.by_role(Role::Queen);
        let diagonal = (self.by_role(Role::Bishop) | queens) & ours;
        let orthogonal = (self.by_role(Role::Rook) | queens) & ours;
        !(DEFAULT_SCHEME.bishop_attacks(king, occupied) & diagonal).is_empty()
            || !(DEFAULT_SCHEME.rook_attacks(king, occupied) & orthogonal).is_empty()
    }

    /// Whether the side to move is in check: a read of what every move keeps up to date.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let board = Board::startpos().play_uci_moves(["e2e4", "f7f6", "d1h5"]).unwrap();
    /// assert!(board.is_check());
    /// assert!(!Board::startpos().is_check());
    /// ```
    #[inline(always)]
    pub fn is_check(&self) -> bool {
        !self.checkers.is_empty()
    }

    /// The pieces of the side to move pinned to its own king: each may move only along
    /// the line between the king and the pinning slider.
    ///
    /// ```
    /// use sliders_core::Square;
    /// use sliders_movegen::Board;
    /// let board = Board::from_fen("4k3/8/8/b7/8/2N5/8/4K3 w - - 0 1").unwrap();
    /// assert_eq!(board.pinned().into_iter().collect::<Vec<_>>(), [Square::C3]);
    /// ```
    pub fn pinned(&self) -> Bitboard {
        self.pinned_with(DEFAULT_SCHEME)
    }

    /// [`Board::pinned`] with slider attacks from `scheme`.
    #[inline]
    pub fn pinned_with<S: Scheme>(&self, scheme: S) -> Bitboard {
        Bitboard(pinned(scheme, self))
    }

    /// The pieces of `by` that attack `square` when `occupied` is the occupancy (pass
    /// [`Board::occupied`] for the board as it is; another set for x-rays and exchange
    /// evaluation). A piece on `square` itself is not its own attacker.
    ///
    /// ```
    /// use sliders_core::Square;
    /// use sliders_movegen::{Board, Color};
    /// let board = Board::startpos();
    /// let on_f3 = board.attackers_to(Square::F3, Color::White, board.occupied());
    /// assert_eq!(on_f3.len(), 3); // e2, g2 and g1
    /// assert!(board.attackers_to(Square::E4, Color::White, board.occupied()).is_empty());
    /// ```
    pub fn attackers_to(&self, square: Square, by: Color, occupied: Bitboard) -> Bitboard {
        self.attackers_to_with(DEFAULT_SCHEME, square, by, occupied)
    }

    /// [`Board::attackers_to`] with slider attacks from `scheme`.
    #[inline]
    pub fn attackers_to_with<S: Scheme>(
        &self,
        scheme: S,
        square: Square,
        by: Color,
        occupied: Bitboard,
    ) -> Bitboard {
        Bitboard(attackers(scheme, self, square as u32, by, occupied.0))
    }
}

/// Moves in UCI notation, resolved against the board.
impl Board {
    /// Reads a move in UCI notation and checks that it is legal here. Castling may be
    /// written either way: king to its target (`e1g1`) or king takes rook (`e1h1`);
    /// where the two could mean different moves (Chess960) a plain king move wins.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// assert_eq!(board.parse_uci("e1g1"), board.parse_uci("e1h1"));
    /// assert!(board.parse_uci("e1c1").is_ok());
    /// assert_eq!(board.parse_uci("e1e3").unwrap_err().reason, "not a legal move in this position");
    /// assert!(board.parse_uci("zz").is_err());
    /// ```
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciError> {
        let uci: Uci = text.parse()?;
        self.resolve(uci).ok_or_else(|| UciError {
            text: text.to_owned(),
            reason: "not a legal move in this position",
        })
    }

    /// The legal move that the UCI move `uci` names here, castling and en passant
    /// included, or `None` when no legal move matches. Castling may be given as king to
    /// its target (`e1g1`) or king takes rook (`e1h1`); where the two could mean
    /// different moves (Chess960) a plain king move wins.
    ///
    /// ```
    /// use sliders_movegen::{Board, MoveKind, Uci};
    /// let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// let read: Uci = "e1h1".parse().unwrap();
    /// assert_eq!(board.resolve(read).unwrap().kind(), MoveKind::Castle);
    /// ```
    pub fn resolve(&self, uci: Uci) -> Option<Move> {
        let Uci {
            from,
            to,
            promotion,
        } = uci;
        let mut castle = None;
        for &legal in self
            .legal_moves_filtered(MoveFilter::ALL.from(Bitboard::from(from)))
            .iter()
        {
            match legal.kind() {
                MoveKind::Castle => {
                    if promotion.is_none()
                        && (legal.to() == to || legal.castle_king_target() == Some(to))
                    {
                        castle = Some(legal);
                    }
                }
                MoveKind::Promotion(r) => {
                    if legal.to() == to && promotion == Some(r) {
                        return Some(legal);
                    }
                }
                _ => {
                    if legal.to() == to && promotion.is_none() {
                        return Some(legal);
                    }
                }
            }
        }
        castle
    }
}
