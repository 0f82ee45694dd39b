//! A count per kind: cards per resource, tokens per colour, tiles per good.
//!
//! Every board game keeps small multisets over a fixed enum: a hand, the
//! bank, a cost, an offer. [`Counts`] is that one idea once: an array of
//! `u8` indexed by the kind, with the arithmetic every game needs
//! (`add`/`sub`/`covers`/`total`) and the JSON form of a map from kind names
//! to numbers. A game names its count type as an alias
//! (`type Goods = Counts<Good, 5>`), so call sites keep their names.
//!
//! Why `u8` and an array: counts in these games stay far below 256, the
//! whole count fits in a register or two, and states are cloned millions of
//! times in simulations; a map or a `Vec` would cost an allocation each.
//! Why the JSON policy lives in the kind ([`CountKind::FORM`]): the games
//! chose different forms before this type existed (every key, or only the
//! kinds present), and positions and logs written in those forms must keep
//! reading and writing byte for byte.

use serde::de::{self, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::marker::PhantomData;

/// How a count is written in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountsForm {
    /// Every kind in order, zeros too; missing keys read as 0 and unknown
    /// keys are ignored.
    EveryKey,
    /// Only the kinds present, in order; missing keys read as 0 and unknown
    /// keys are refused.
    NonZero,
}

/// A kind that [`Counts`] are kept of: a small enum with a fixed order.
pub trait CountKind: Copy + 'static {
    /// The JSON key of each kind, in index order.
    const NAMES: &'static [&'static str];
    /// The JSON form.
    const FORM: CountsForm;
    /// The kind's index (below the count's `N`).
    fn index(self) -> usize;
}

/// The shared shape of a kind enum (a fieldless enum whose discriminants are
/// 0, 1, 2, … in declaration order): `ALL` (every kind in index order),
/// `index`, and its [`CountKind`] impl with the JSON names and form.
/// Written once here so that every game's kinds agree, and checked at
/// compile time: a variant out of order fails the build, because counts,
/// legal lists and weighted draws all walk `ALL` by index.
///
/// ```ignore
/// engine::count_kind!(
///     /// A fruit.
///     #[derive(Clone, Copy)]
///     pub enum Fruit { Apple, Pear, Plum },
///     3, NonZero, &["apple", "pear", "plum"]
/// );
/// ```
#[macro_export]
macro_rules! count_kind {
    // The enum itself, declared inside the call, so its variants are
    // written once: `count_kind!(#[derive(…)] pub enum Fruit { Apple, Pear,
    // Plum }, 3, NonZero, &["apple", "pear", "plum"]);`
    (
        $(#[$meta:meta])*
        $vis:vis enum $ty:ident {
            $($(#[$vmeta:meta])* $v:ident $(= $d:expr)?),+ $(,)?
        },
        $n:expr, $form:ident, $names:expr $(,)?
    ) => {
        $(#[$meta])*
        $vis enum $ty {
            $($(#[$vmeta])* $v $(= $d)?),+
        }
        $crate::count_kind!($ty, $n, $form, [$($v),+], $names);
    };
    ($ty:ident, $n:expr, $form:ident, [$($v:ident),+ $(,)?], $names:expr) => {
        impl $ty {
            /// Every kind in index order.
            pub const ALL: [$ty; $n] = [$($ty::$v),+];

            /// As an array index.
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }
        }

        impl $crate::CountKind for $ty {
            const NAMES: &'static [&'static str] = $names;
            const FORM: $crate::CountsForm = $crate::CountsForm::$form;
            #[inline]
            fn index(self) -> usize {
                self as usize
            }
        }

        const _: () = {
            let mut i = 0;
            while i < $ty::ALL.len() {
                assert!($ty::ALL[i] as usize == i, "kinds out of index order");
                i += 1;
            }
            assert!(<$ty as $crate::CountKind>::NAMES.len() == $ty::ALL.len(), "one JSON name per kind");
        };
    };
}

/// A count of `N` kinds `K`. The array is public so hot loops can work on it
/// directly; the methods say what the games mean by it.
pub struct Counts<K, const N: usize>(pub [u8; N], PhantomData<fn() -> K>);

impl<K, const N: usize> Counts<K, N> {
    /// Nothing counted.
    pub const ZERO: Self = Counts([0; N], PhantomData);

    /// The count with these numbers in index order.
    #[inline]
    pub const fn new(counts: [u8; N]) -> Self {
        Counts(counts, PhantomData)
    }

    /// Total of all kinds.
    #[inline]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| u32::from(n)).sum()
    }

    /// Whether nothing is counted.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; N]
    }

    /// Whether `self` holds at least `other` of every kind.
    #[inline]
    pub fn covers(&self, other: &Self) -> bool {
        if N <= 8 {
            // One subtraction over 16-bit lanes instead of a branch per kind:
            // each lane keeps its guard bit exactly when `self` has at least
            // `other` there.
            let guard = Self::lanes(&[0x80; N]) << 8;
            (Self::lanes(&self.0) | guard).wrapping_sub(Self::lanes(&other.0)) & guard == guard
        } else {
            self.0.iter().zip(other.0.iter()).all(|(a, b)| a >= b)
        }
    }

    /// The counts spread over 16-bit lanes (only for `N <= 8`).
    #[inline(always)]
    fn lanes(counts: &[u8; N]) -> u128 {
        let mut l = 0u128;
        let mut i = 0;
        while i < N && i < 8 {
            l |= (counts[i] as u128) << (16 * i);
            i += 1;
        }
        l
    }

    /// Adds `other` (saturating at 255).
    #[inline]
    pub fn add(&mut self, other: &Self) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a = a.saturating_add(*b);
        }
    }

    /// Removes `other` (saturating at 0; callers check [`Counts::covers`]
    /// first).
    #[inline]
    pub fn sub(&mut self, other: &Self) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a = a.saturating_sub(*b);
        }
    }

    /// Whether some kind is counted in both.
    #[inline]
    pub fn overlaps(&self, other: &Self) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| *a > 0 && *b > 0)
    }

    /// A count of `f` applied to every number.
    #[inline]
    pub fn map(&self, mut f: impl FnMut(u8) -> u8) -> Self {
        Counts::new(self.0.map(&mut f))
    }

    /// The index of one unit drawn uniformly from what is counted (each kind
    /// as likely as its number, [`crate::pick_weighted`]); `None`, drawing
    /// nothing, when the count is empty.
    #[inline]
    pub fn pick(&self, rng: &mut crate::GameRng) -> Option<usize> {
        crate::pick_weighted(self.0.iter().map(|&n| u32::from(n)), self.total(), rng)
    }

    /// A count of `f` applied to the numbers of both, kind by kind.
    #[inline]
    pub fn zip(&self, other: &Self, mut f: impl FnMut(u8, u8) -> u8) -> Self {
        let mut out = [0; N];
        for (i, o) in out.iter_mut().enumerate() {
            *o = f(self.0[i], other.0[i]);
        }
        Counts::new(out)
    }
}

impl<K: CountKind, const N: usize> Counts<K, N> {
    /// The count of one kind.
    #[inline]
    pub fn get(&self, kind: K) -> u8 {
        self.0[kind.index()]
    }

    /// Sets the count of one kind.
    #[inline]
    pub fn set(&mut self, kind: K, n: u8) {
        self.0[kind.index()] = n;
    }

    /// Builds a count from `(kind, n)` pairs (saturating).
    pub fn of(pairs: &[(K, u8)]) -> Self {
        let mut c = Self::ZERO;
        for &(k, n) in pairs {
            c.0[k.index()] = c.0[k.index()].saturating_add(n);
        }
        c
    }

    /// `(name, n)` of every kind in index order.
    pub fn named(&self) -> impl Iterator<Item = (&'static str, u8)> + '_ {
        K::NAMES.iter().copied().zip(self.0.iter().copied())
    }
}

// Manual impls: derives would ask the same of `K`, which is only a marker.
impl<K, const N: usize> Clone for Counts<K, N> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}
impl<K, const N: usize> Copy for Counts<K, N> {}
impl<K, const N: usize> PartialEq for Counts<K, N> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}
impl<K, const N: usize> Eq for Counts<K, N> {}
impl<K, const N: usize> std::hash::Hash for Counts<K, N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}
impl<K, const N: usize> Default for Counts<K, N> {
    fn default() -> Self {
        Self::ZERO
    }
}
impl<K: CountKind, const N: usize> fmt::Debug for Counts<K, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.named().filter(|(_, n)| *n > 0)).finish()
    }
}

impl<K: CountKind, const N: usize> Serialize for Counts<K, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let every = K::FORM == CountsForm::EveryKey;
        let len = if every {
            N
        } else {
            self.0.iter().filter(|&&n| n > 0).count()
        };
        let mut map = serializer.serialize_map(Some(len))?;
        for (name, n) in self.named() {
            if every || n > 0 {
                map.serialize_entry(name, &n)?;
            }
        }
        map.end()
    }
}

struct CountsVisitor<K, const N: usize>(PhantomData<fn() -> K>);

impl<'de, K: CountKind, const N: usize> Visitor<'de> for CountsVisitor<K, N> {
    type Value = Counts<K, N>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a map from {} to counts", K::NAMES.join(", "))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut out = [0u8; N];
        let mut seen = [false; N];
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            match K::NAMES.iter().position(|n| *n == key) {
                Some(i) if i < N => {
                    if seen[i] {
                        return Err(de::Error::duplicate_field(K::NAMES[i]));
                    }
                    seen[i] = true;
                    out[i] = map.next_value()?;
                }
                _ if K::FORM == CountsForm::NonZero => return Err(de::Error::unknown_field(&key, K::NAMES)),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(Counts::new(out))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        // The named forms were read from a list of numbers in order too.
        let mut out = [0u8; N];
        for o in out.iter_mut() {
            match seq.next_element()? {
                Some(n) => *o = n,
                None => break,
            }
        }
        Ok(Counts::new(out))
    }
}

impl<'de, K: CountKind, const N: usize> Deserialize<'de> for Counts<K, N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_struct("Counts", K::NAMES, CountsVisitor(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::count_kind!(
        #[derive(Clone, Copy, Debug, PartialEq)]
        enum Fruit {
            Apple,
            Pear,
            Plum,
        },
        3,
        NonZero,
        &["apple", "pear", "plum"]
    );

    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Coin;

    impl CountKind for Coin {
        const NAMES: &'static [&'static str] = &["copper", "silver"];
        const FORM: CountsForm = CountsForm::EveryKey;
        fn index(self) -> usize {
            0
        }
    }

    type Basket = Counts<Fruit, 3>;
    type Purse = Counts<Coin, 2>;

    #[test]
    fn arithmetic() {
        let mut a = Basket::of(&[(Fruit::Apple, 2), (Fruit::Plum, 1)]);
        let b = Basket::new([1, 0, 1]);
        assert!(a.covers(&b) && !b.covers(&a));
        assert_eq!(a.total(), 3);
        a.sub(&b);
        assert_eq!(a, Basket::new([1, 0, 0]));
        a.add(&Basket::new([255, 1, 0]));
        assert_eq!(a.0, [255, 1, 0]);
        assert_eq!(a.get(Fruit::Pear), 1);
        assert!(a.overlaps(&b) && !Basket::new([0, 1, 0]).overlaps(&b));
        assert_eq!(b.map(|n| n * 2).0, [2, 0, 2]);
        assert_eq!(a.zip(&b, u8::saturating_sub).0, [254, 1, 0]);
        assert!(Basket::ZERO.is_empty() && Basket::default().is_empty());
        assert_eq!(format!("{b:?}"), r#"{"apple": 1, "plum": 1}"#);
        assert_eq!(Fruit::ALL.map(Fruit::index), [0, 1, 2]);
    }

    #[test]
    fn covers_agrees_with_the_plain_comparison() {
        let values = [0u8, 1, 2, 17, 127, 128, 255];
        for &x in &values {
            for &y in &values {
                for i in 0..3 {
                    let mut a = Basket::new([3, 255, 0]);
                    let mut b = Basket::new([3, 254, 0]);
                    a.0[i] = x;
                    b.0[i] = y;
                    let plain = a.0.iter().zip(b.0.iter()).all(|(p, q)| p >= q);
                    assert_eq!(a.covers(&b), plain, "{:?} covers {:?}", a.0, b.0);
                }
            }
        }
    }

    #[test]
    fn json_forms() {
        let b = Basket::of(&[(Fruit::Plum, 2), (Fruit::Apple, 1)]);
        assert_eq!(serde_json::to_string(&b).unwrap(), r#"{"apple":1,"plum":2}"#);
        assert_eq!(serde_json::from_str::<Basket>(r#"{"plum":2,"apple":1}"#).unwrap(), b);
        let e = serde_json::from_str::<Basket>(r#"{"kiwi":1}"#).unwrap_err().to_string();
        assert!(e.contains("unknown field `kiwi`"), "{e}");
        let e = serde_json::from_str::<Basket>(r#"{"plum":1,"plum":2}"#)
            .unwrap_err()
            .to_string();
        assert!(e.contains("duplicate field `plum`"), "{e}");
        assert!(serde_json::from_str::<Basket>(r#"{"plum":256}"#).is_err());
        assert!(serde_json::from_str::<Basket>(r#"{"plum":-1}"#).is_err());

        let p = Purse::new([0, 3]);
        assert_eq!(serde_json::to_string(&p).unwrap(), r#"{"copper":0,"silver":3}"#);
        assert_eq!(serde_json::from_str::<Purse>(r#"{"silver":3,"gold":9}"#).unwrap(), p);
    }
}
