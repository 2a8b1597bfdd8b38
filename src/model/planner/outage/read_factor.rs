//! How many times over a restore reads the state, kept exact: key groups read over key groups
//! held (`24 → 100` at 128 reads 536 of 128, 4.1875 ×). A time is multiplied by the fraction
//! itself, never by a rounded decimal, and the decimal shown is exact where four places hold it.

use std::fmt;

/// A fraction of the state, in lowest terms (1 = every byte once).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadFactor {
    num: u64,
    den: u64,
}

/// Places shown after the point; a fraction that needs more is rounded and marked `≈`.
const PLACES: u32 = 4;

impl ReadFactor {
    pub const ONCE: ReadFactor = ReadFactor { num: 1, den: 1 };
    pub const TWICE: ReadFactor = ReadFactor { num: 2, den: 1 };

    /// `num ÷ den` in lowest terms (a zero `den` is read as 1).
    pub fn new(num: u64, den: u64) -> ReadFactor {
        let den = den.max(1);
        let g = gcd(num, den);
        ReadFactor { num: num / g, den: den / g }
    }

    pub fn is_once(self) -> bool {
        self == ReadFactor::ONCE
    }

    /// `seconds` times the factor, rounded down (saturating).
    pub fn of(self, seconds: u64) -> u64 {
        (u128::from(seconds) * u128::from(self.num) / u128::from(self.den)).min(u128::from(u64::MAX)) as u64
    }

    /// Seconds to read `bytes` this many times over at `rate` bytes per second (a rate of 0 is
    /// read as 1), rounded down once (saturating).
    pub fn of_bytes(self, bytes: u64, rate: u64) -> u64 {
        let whole = u128::from(bytes) * u128::from(self.num) / (u128::from(self.den) * u128::from(rate.max(1)));
        whole.min(u128::from(u64::MAX)) as u64
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a.max(1)
    } else {
        gcd(b, a % b)
    }
}

/// `2`, `5.375`, `4.1875`; `≈ 1.0079` where four places do not hold it (127 ÷ 126).
impl fmt::Display for ReadFactor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scale = 10u128.pow(PLACES);
        let (num, den) = (u128::from(self.num), u128::from(self.den));
        let exact = (num * scale).is_multiple_of(den);
        let scaled = (num * scale + if exact { 0 } else { den / 2 }) / den;
        let (whole, mut frac, mut places) = (scaled / scale, scaled % scale, PLACES);
        while places > 0 && frac % 10 == 0 {
            frac /= 10;
            places -= 1;
        }
        let approx = if exact { "" } else { "≈ " };
        match places {
            0 => write!(f, "{approx}{whole}"),
            _ => write!(f, "{approx}{whole}.{frac:0width$}", width = places as usize),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Table: the fraction as shown, exact or marked rounded, and a time it multiplies.
    #[test]
    fn shown_and_applied() {
        for (num, den, shown, of_13981) in [
            (1, 1, "1", 13_981),
            (256, 128, "2", 27_962),
            (688, 128, "5.375", 75_147),
            (536, 128, "4.1875", 58_545),
            (168, 128, "1.3125", 18_350),
            (127, 126, "≈ 1.0079", 14_091),
            (2, 3, "≈ 0.6667", 9_320),
            (1, 20_000, "≈ 0.0001", 0),
            (0, 0, "0", 0),
        ] {
            let f = ReadFactor::new(num, den);
            assert_eq!((f.to_string().as_str(), f.of(13_981)), (shown, of_13981), "{num} ÷ {den}");
        }
        assert_eq!(ReadFactor::new(256, 128), ReadFactor::TWICE);
        assert!(ReadFactor::new(128, 128).is_once());
        assert_eq!(ReadFactor::new(u64::MAX, 1).of(u64::MAX), u64::MAX);
    }

    /// The bytes are read this many times over and divided once (found by review: 4.1875 × 1 GiB
    /// at 300 MiB/s read "12 s", 4.1875 × a 3 s pass rounded down first).
    #[test]
    fn a_pass_is_divided_once() {
        const MIB: u64 = 1 << 20;
        for (factor, bytes, seconds) in [
            (ReadFactor::new(67, 16), 1 << 30, 14),
            (ReadFactor::TWICE, 500 * MIB, 3),
            (ReadFactor::ONCE, 1 << 30, 3),
            (ReadFactor::new(43, 8), 4 << 40, 75_147),
            (ReadFactor::ONCE, 4 << 40, 13_981),
        ] {
            assert_eq!(factor.of_bytes(bytes, 300 * MIB), seconds, "{factor} × {bytes}");
        }
        assert_eq!(ReadFactor::new(u64::MAX, 1).of_bytes(u64::MAX, 0), u64::MAX);
    }
}
