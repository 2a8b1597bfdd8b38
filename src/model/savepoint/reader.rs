//! A bounds-checked big-endian cursor over the file's bytes, reading what Java's
//! `DataInputStream` writes: `byte`, `int`, `long`, `readUTF` strings (modified UTF-8 with a
//! two-byte length) and length-prefixed byte runs.
//!
//! Guarantee: no read allocates from a length before checking that that many bytes remain,
//! and every failure names the offset and what was expected there.

use super::error::SavepointError;

/// A position in the file, with the file.
#[derive(Debug, Clone)]
pub struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    /// A reader at `pos` (clamped to the end).
    pub fn at(bytes: &'a [u8], pos: usize) -> Self {
        Reader { bytes, pos: pos.min(bytes.len()) }
    }

    /// A reader over `len` bytes from `start` (offsets stay those of the whole file).
    pub fn window(&self, start: usize, len: usize) -> Reader<'a> {
        let end = start.saturating_add(len).min(self.bytes.len());
        Reader { bytes: &self.bytes[..end], pos: start.min(end) }
    }

    /// The whole file.
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The current byte offset.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Bytes left after the current offset.
    pub fn remaining(&self) -> usize {
        self.bytes.len() - self.pos
    }

    /// The file length.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Whether the file is empty.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Takes `n` bytes, or fails naming `expected`.
    pub fn take(&mut self, n: usize, expected: &'static str) -> Result<&'a [u8], SavepointError> {
        if n > self.remaining() {
            return Err(SavepointError::Truncated {
                offset: self.pos,
                expected,
                needed: n,
                available: self.remaining(),
            });
        }
        let slice = &self.bytes[self.pos..self.pos + n];
        self.pos += n;
        Ok(slice)
    }

    fn array<const N: usize>(&mut self, expected: &'static str) -> Result<[u8; N], SavepointError> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N, expected)?);
        Ok(out)
    }

    /// One unsigned byte.
    pub fn u8(&mut self, expected: &'static str) -> Result<u8, SavepointError> {
        Ok(self.array::<1>(expected)?[0])
    }

    /// A Java `int`.
    pub fn i32(&mut self, expected: &'static str) -> Result<i32, SavepointError> {
        Ok(i32::from_be_bytes(self.array(expected)?))
    }

    /// A Java `long`.
    pub fn i64(&mut self, expected: &'static str) -> Result<i64, SavepointError> {
        Ok(i64::from_be_bytes(self.array(expected)?))
    }

    /// A Java `short`, unsigned (`readUnsignedShort`).
    pub fn u16(&mut self, expected: &'static str) -> Result<u16, SavepointError> {
        Ok(u16::from_be_bytes(self.array(expected)?))
    }

    /// An `int` count that must be `>= 0`.
    pub fn count(&mut self, what: &'static str) -> Result<usize, SavepointError> {
        let offset = self.pos;
        let value = self.i32(what)?;
        usize::try_from(value).map_err(|_| SavepointError::Negative { offset, what, value: i64::from(value) })
    }

    /// A count of items each taking at least `min_item` bytes: refused before any allocation if
    /// the items could not fit in what remains.
    pub fn count_of(&mut self, what: &'static str, min_item: usize) -> Result<usize, SavepointError> {
        let offset = self.pos;
        let n = self.count(what)?;
        self.fits(offset, what, n, min_item)?;
        Ok(n)
    }

    /// Checks that `n` items of `item` bytes fit in what remains.
    pub fn fits(&self, offset: usize, what: &'static str, n: usize, item: usize) -> Result<(), SavepointError> {
        let need = (n as u64).saturating_mul(item as u64);
        if need > self.remaining() as u64 {
            return Err(SavepointError::LengthPastEnd { offset, what, length: n as u64, remaining: self.remaining() });
        }
        Ok(())
    }

    /// `n` Java `long`s, checked against the remaining bytes before allocating.
    pub fn longs(&mut self, n: usize, what: &'static str) -> Result<Vec<i64>, SavepointError> {
        self.fits(self.pos, what, n, 8)?;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            out.push(self.i64(what)?);
        }
        Ok(out)
    }

    /// An `int` length followed by that many bytes; returns (offset of the bytes, length).
    pub fn byte_run(&mut self, what: &'static str) -> Result<(usize, usize), SavepointError> {
        let offset = self.pos;
        let n = self.count(what)?;
        if n > self.remaining() {
            return Err(SavepointError::LengthPastEnd { offset, what, length: n as u64, remaining: self.remaining() });
        }
        let start = self.pos;
        self.pos += n;
        Ok((start, n))
    }

    /// A `readUTF` string: a two-byte length, then modified UTF-8.
    pub fn utf(&mut self, expected: &'static str) -> Result<String, SavepointError> {
        let offset = self.pos;
        let n = usize::from(self.u16(expected)?);
        if n > self.remaining() {
            return Err(SavepointError::LengthPastEnd {
                offset,
                what: expected,
                length: n as u64,
                remaining: self.remaining(),
            });
        }
        let body = self.take(n, expected)?;
        decode_modified_utf8(body).ok_or(SavepointError::BadString { offset })
    }
}

/// Decodes Java's modified UTF-8 (one to three bytes per UTF-16 unit, surrogates encoded one
/// by one), as `DataInputStream.readUTF` does. A lone surrogate becomes U+FFFD.
pub fn decode_modified_utf8(bytes: &[u8]) -> Option<String> {
    let mut units: Vec<u16> = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b & 0x80 == 0 {
            units.push(u16::from(b));
            i += 1;
        } else if b & 0xE0 == 0xC0 {
            let b2 = *bytes.get(i + 1)?;
            if b2 & 0xC0 != 0x80 {
                return None;
            }
            units.push((u16::from(b & 0x1F) << 6) | u16::from(b2 & 0x3F));
            i += 2;
        } else if b & 0xF0 == 0xE0 {
            let (b2, b3) = (*bytes.get(i + 1)?, *bytes.get(i + 2)?);
            if b2 & 0xC0 != 0x80 || b3 & 0xC0 != 0x80 {
                return None;
            }
            units.push((u16::from(b & 0x0F) << 12) | (u16::from(b2 & 0x3F) << 6) | u16::from(b3 & 0x3F));
            i += 3;
        } else {
            return None;
        }
    }
    Some(String::from_utf16_lossy(&units))
}

#[cfg(test)]
mod tests;
