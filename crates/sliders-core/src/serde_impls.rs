//! serde support (feature `serde`): a [`Square`] is its name (`"e4"`), a [`Bitboard`]
//! its `u64`.

use core::fmt;

use serde::de::{Error, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Bitboard, Square};

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let name = [self.file().to_char() as u8, self.rank().to_char() as u8];
        // Both bytes are ASCII letters and digits.
        serializer.serialize_str(core::str::from_utf8(&name).unwrap_or("a1"))
    }
}

struct SquareName;

impl Visitor<'_> for SquareName {
    type Value = Square;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a square name like \"e4\"")
    }
    fn visit_str<E: Error>(self, text: &str) -> Result<Square, E> {
        text.parse().map_err(|_| {
            E::custom(format_args!(
                "`{}` is not a square (a1 to h8)",
                text.escape_debug()
            ))
        })
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        deserializer.deserialize_str(SquareName)
    }
}

impl Serialize for Bitboard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(self.0)
    }
}

impl<'de> Deserialize<'de> for Bitboard {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Bitboard, D::Error> {
        u64::deserialize(deserializer).map(Bitboard)
    }
}
