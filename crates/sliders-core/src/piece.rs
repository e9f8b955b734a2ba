//! The sliders as types: [`Slider`] (rook, bishop or queen) and [`RookOrBishop`], the two
//! with a relevant-occupancy mask of their own (a queen is looked up as both). Their
//! masks and attacks ([`RookOrBishop::mask`], [`RookOrBishop::attacks`]) are the
//! reference's, so they are defined there: this module imports nothing.

/// Which slider: rook, bishop, or queen (both).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slider {
    /// Moves along ranks and files.
    Rook,
    /// Moves along diagonals.
    Bishop,
    /// Moves like a rook and a bishop.
    Queen,
}

impl Slider {
    /// The slider's lowercase English name.
    ///
    /// ```
    /// assert_eq!(sliders_core::Slider::Queen.name(), "queen");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Slider::Rook => "rook",
            Slider::Bishop => "bishop",
            Slider::Queen => "queen",
        }
    }

    /// Parses `rook`, `bishop` or `queen`.
    ///
    /// ```
    /// use sliders_core::Slider;
    /// assert_eq!(Slider::from_name("bishop"), Some(Slider::Bishop));
    /// assert_eq!(Slider::from_name("knight"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "rook" => Some(Slider::Rook),
            "bishop" => Some(Slider::Bishop),
            "queen" => Some(Slider::Queen),
            _ => None,
        }
    }
}

/// A slider with a relevant-occupancy mask of its own: rook or bishop. A queen is
/// looked up as both, so per-square tables (magics, PEXT) exist for these two only.
///
/// ```
/// use sliders_core::{RookOrBishop, Slider, Square};
/// assert_eq!(RookOrBishop::Bishop.mask(Square::D4).len(), 9);
/// assert_eq!(Slider::from(RookOrBishop::Rook), Slider::Rook);
/// assert_eq!(RookOrBishop::from_name("queen"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RookOrBishop {
    /// Moves along ranks and files.
    Rook,
    /// Moves along diagonals.
    Bishop,
}

impl RookOrBishop {
    /// Both, rook first: the order of per-piece tables and files.
    pub const BOTH: [RookOrBishop; 2] = [RookOrBishop::Rook, RookOrBishop::Bishop];

    /// `rook` or `bishop`.
    pub const fn name(self) -> &'static str {
        self.slider().name()
    }

    /// Parses `rook` or `bishop`.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::BOTH.into_iter().find(|s| s.name() == name)
    }

    /// 0 for rook, 1 for bishop: the row of a per-piece array.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The same slider as a [`Slider`].
    pub const fn slider(self) -> Slider {
        match self {
            RookOrBishop::Rook => Slider::Rook,
            RookOrBishop::Bishop => Slider::Bishop,
        }
    }
}

impl From<RookOrBishop> for Slider {
    fn from(slider: RookOrBishop) -> Slider {
        slider.slider()
    }
}

impl core::fmt::Display for RookOrBishop {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}
