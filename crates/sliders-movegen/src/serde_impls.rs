//! serde support (feature `serde`): a [`Move`] is its 16-bit value ([`Move::to_u16`]),
//! so a round trip keeps its kind (castling, en passant) and is the identity; a [`Uci`]
//! move is its UCI text, which a board turns into the legal move it names
//! ([`Board::resolve`]); a [`Board`] is its FEN.

use serde::de::Error;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Board, Move, Uci};

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u16(self.to_u16())
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        u16::deserialize(deserializer).map(Move::from_u16)
    }
}

impl Serialize for Uci {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Uci {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Uci, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(D::Error::custom)
    }
}

impl Serialize for Board {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_fen())
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Board, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Board::from_fen(&text).map_err(D::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use sliders_core::{Bitboard, Square};

    use crate::{Board, MoveKind, Uci};

    #[test]
    fn round_trips_through_json() {
        let board = Board::from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 2").unwrap();
        let json = serde_json::to_string(&board).unwrap();
        assert_eq!(json, "\"r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 2\"");
        assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), board);

        // Moves keep their kind: castling and en passant come back as themselves.
        let moves = board.legal_moves().to_vec();
        let json = serde_json::to_string(&moves).unwrap();
        let back: Vec<crate::Move> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, moves);
        assert!(back.iter().any(|mv| mv.kind() == MoveKind::Castle));
        assert!(back.iter().any(|mv| mv.kind() == MoveKind::EnPassant));

        // UCI text round-trips as text and resolves on the board.
        let ucis: Vec<Uci> = moves.iter().map(|mv| mv.uci(true)).collect();
        let json = serde_json::to_string(&ucis).unwrap();
        assert!(
            json.contains("\"e1h1\"") && json.contains("\"e5d6\""),
            "{json}"
        );
        let back: Vec<Uci> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, ucis);
        for (read, mv) in back.iter().zip(&moves) {
            assert_eq!(board.resolve(*read), Some(*mv));
        }
        let castle = board
            .resolve(serde_json::from_str("\"e1g1\"").unwrap())
            .unwrap();
        assert_eq!(castle.kind(), MoveKind::Castle);

        assert_eq!(serde_json::to_string(&Square::E4).unwrap(), "\"e4\"");
        assert_eq!(
            serde_json::from_str::<Square>("\"h8\"").unwrap(),
            Square::H8
        );
        assert_eq!(serde_json::to_string(&Bitboard(5)).unwrap(), "5");
        assert_eq!(serde_json::from_str::<Bitboard>("5").unwrap(), Bitboard(5));
    }

    #[test]
    fn bad_input_is_an_error_naming_it() {
        let err = serde_json::from_str::<Board>("\"8/8/8 w - -\"").unwrap_err();
        assert!(err.to_string().contains("placement"), "{err}");
        let err = serde_json::from_str::<Uci>("\"e9e4\"").unwrap_err();
        assert!(err.to_string().contains("e9e4"), "{err}");
        let err = serde_json::from_str::<Square>("\"i1\"").unwrap_err();
        assert!(err.to_string().contains("i1"), "{err}");
    }
}
