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
        let text = <alloc::borrow::Cow<'de, str>>::deserialize(deserializer)?;
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
        let text = <alloc::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        // Laxly: any board this crate holds serializes, a laxly read one included, and
        // must read back.
        Board::from_fen_lax(&text).map_err(D::Error::custom)
    }
}
