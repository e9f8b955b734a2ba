//! Static exchange evaluation: what a capture wins or loses once both sides have
//! recaptured on its square as long as it pays ([`Board::see`], [`Board::see_ge`]).

use sliders_core::{Bitboard, Color, Square};

use crate::board::Board;
use crate::moves::{Move, MoveKind};
use crate::piece::Role;

/// The piece values static exchange evaluation counts in (centipawns): pawn, knight,
/// bishop, rook, queen, by [`Role`]. The king is never captured.
pub const SEE_VALUES: [i32; 5] = [100, 300, 300, 500, 900];

/// The value of `role` for the exchange in `values`; the king's is unreachable by
/// construction (a king is never left on the square to be taken).
const fn value(values: &[i32; 5], role: Role) -> i32 {
    match role {
        Role::King => 20_000,
        r => values[r as usize],
    }
}

impl Board {
    /// The static exchange evaluation of `mv`: the material the side to move gains (in
    /// [`SEE_VALUES`], negative for a loss) when it plays `mv` and then both sides take
    /// back on its destination as long as it pays, each choosing the best of its
    /// captures (not always the least valuable attacker's: taking with a queen may
    /// uncover an enemy rook where taking with the king would not). Attackers are found
    /// again after every capture, so pieces behind a capturer (x-rays) join in. A pawn reaching the last rank promotes to a
    /// queen (`mv` to its own promotion piece); a king takes only where no enemy piece
    /// attacks any more. Pins are not considered (as in engines' SEE). Castling and
    /// quiet moves start from nothing taken: a quiet move's SEE is 0 or the loss of the
    /// moved piece.
    ///
    /// `mv` should be legal here; for another move the answer means nothing (no panic).
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// // The knight takes a pawn defended by a pawn: +100 - 300.
    /// let board = Board::from_fen("4k3/8/2p5/3p4/8/4N3/8/4K3 w - - 0 1").unwrap();
    /// assert_eq!(board.see(board.parse_uci("e3d5").unwrap()), -200);
    /// // An undefended pawn: +100.
    /// let board = Board::from_fen("4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1").unwrap();
    /// assert_eq!(board.see(board.parse_uci("e3d5").unwrap()), 100);
    /// ```
    pub fn see(&self, mv: Move) -> i32 {
        self.see_with_values(mv, &SEE_VALUES)
    }

    /// [`Board::see`] in the engine's own piece values (pawn, knight, bishop, rook,
    /// queen, by [`Role`]) instead of [`SEE_VALUES`].
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// // Bishop takes a knight defended by a pawn: a loss at 300/300, a gain at 300/325.
    /// let board = Board::from_fen("4k3/8/2p5/3n4/8/5B2/8/4K3 w - - 0 1").unwrap();
    /// let bxd5 = board.parse_uci("f3d5").unwrap();
    /// assert_eq!(board.see(bxd5), 0);
    /// assert_eq!(board.see_with_values(bxd5, &[100, 325, 300, 500, 900]), 25);
    /// ```
    pub fn see_with_values(&self, mv: Move, values: &[i32; 5]) -> i32 {
        match self.exchange_start(mv, values) {
            Some(start) => {
                start.gain
                    - self.exchange(
                        start.to,
                        self.turn.other(),
                        start.on_square,
                        start.occupied,
                        i32::MAX,
                        values,
                    )
            }
            None => 0,
        }
    }

    /// Whether the static exchange evaluation of `mv` is at least `threshold`
    /// ([`Board::see`] `>= threshold`, found with less search): the test a search's
    /// move ordering and pruning ask (`see_ge(mv, 0)`: the capture does not lose
    /// material).
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let board = Board::from_fen("4k3/8/2p5/3p4/8/4N3/8/4K3 w - - 0 1").unwrap();
    /// let nxd5 = board.parse_uci("e3d5").unwrap();
    /// assert!(!board.see_ge(nxd5, 0));
    /// assert!(board.see_ge(nxd5, -200));
    /// ```
    pub fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        self.see_ge_with_values(mv, threshold, &SEE_VALUES)
    }

    /// [`Board::see_ge`] in the engine's own piece values ([`Board::see_with_values`]).
    pub fn see_ge_with_values(&self, mv: Move, threshold: i32, values: &[i32; 5]) -> bool {
        match self.exchange_start(mv, values) {
            Some(start) => {
                // Replies above `gain - threshold` all answer no: the search may stop there.
                let cap = start.gain.saturating_sub(threshold).saturating_add(1);
                let reply = self.exchange(
                    start.to,
                    self.turn.other(),
                    start.on_square,
                    start.occupied,
                    cap,
                    values,
                );
                start.gain - reply >= threshold
            }
            None => 0 >= threshold,
        }
    }

    /// The board as the exchange starts, after `mv`: `None` for castling and a move
    /// from an empty square (nothing is exchanged).
    fn exchange_start(&self, mv: Move, values: &[i32; 5]) -> Option<ExchangeStart> {
        let (from, to) = (mv.from(), mv.to());
        let mover = self.role_at(from)?;
        if mv.kind() == MoveKind::Castle {
            return None;
        }
        let mut occupied = self.occupied() ^ Bitboard::from(from);
        let mut gain = match mv.kind() {
            MoveKind::EnPassant => {
                occupied ^= Bitboard::from(Square::index_wrapping(to as usize ^ 8));
                value(values, Role::Pawn)
            }
            _ => self.role_at(to).map_or(0, |r| value(values, r)),
        };
        let mut on_square = mover;
        if let MoveKind::Promotion(promo) = mv.kind() {
            gain += value(values, promo) - value(values, Role::Pawn);
            on_square = promo;
        }
        Some(ExchangeStart {
            to,
            gain,
            on_square: value(values, on_square),
            occupied: occupied | Bitboard::from(to),
        })
    }

    /// The best the side `side` gains by taking on `to`, where a piece worth `on_square`
    /// stands and `occupied` holds the pieces still on the board, or by not taking (0).
    /// Every attacker is tried, least valuable first: the least valuable is not always
    /// best (it may uncover an enemy x-ray that another capture, the king's say, would
    /// not). A capture that takes no more than the best found so far is skipped, and so
    /// is one that cannot bring the result below `cap` (the most the caller can use).
    fn exchange(
        &self,
        to: Square,
        side: Color,
        on_square: i32,
        occupied: Bitboard,
        cap: i32,
        values: &[i32; 5],
    ) -> i32 {
        let attackers = self.attackers_to(to, side, occupied) & occupied;
        if attackers.is_empty() || cap <= 0 {
            return 0;
        }
        let enemy_left = !(self.attackers_to(to, side.other(), occupied) & occupied).is_empty();
        let promotes = last_rank(side).contains(to);
        let mut best = 0;
        // `Role::ALL` runs pawn to king: least valuable first.
        for role in Role::ALL {
            for from in attackers & self.by_role(role) {
                if role == Role::King && enemy_left {
                    continue;
                }
                let (gain, now) = if role == Role::Pawn && promotes {
                    (
                        on_square + value(values, Role::Queen) - value(values, Role::Pawn),
                        value(values, Role::Queen),
                    )
                } else {
                    (on_square, value(values, role))
                };
                if gain <= best {
                    continue;
                }
                let reply = self.exchange(
                    to,
                    side.other(),
                    now,
                    occupied ^ Bitboard::from(from),
                    gain - best,
                    values,
                );
                best = best.max(gain - reply);
                if best >= cap {
                    return best;
                }
            }
        }
        best
    }
}

/// Where an exchange starts: the square, what the first move took, the value of the
/// piece now on the square, and the pieces still on the board.
struct ExchangeStart {
    to: Square,
    gain: i32,
    on_square: i32,
    occupied: Bitboard,
}

/// The rank where `color`'s pawns promote.
fn last_rank(color: Color) -> Bitboard {
    Bitboard::rank(color.other().back_rank())
}
