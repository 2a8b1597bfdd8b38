//! Class descriptors as the stream writes them (new, proxy, null or a back-reference), with
//! their field lists and annotations, and the chain from a class up to its top superclass.

use super::super::error::SavepointError;
use super::super::reader::Reader;
use super::{bad, ClassDesc, Entry, Stream, BASE_HANDLE, MAX_DEPTH, SC_SERIALIZABLE};
use super::{TC_BLOCKDATA, TC_BLOCKDATALONG, TC_CLASSDESC, TC_ENDBLOCKDATA};
use super::{TC_NULL, TC_PROXYCLASSDESC, TC_REFERENCE};

impl Stream {
    /// A class descriptor: new, proxy, null or a reference. Returns its entry index.
    pub(super) fn class_desc(&mut self, r: &mut Reader<'_>, depth: usize) -> Result<Option<usize>, SavepointError> {
        if depth > MAX_DEPTH {
            return Err(SavepointError::TooDeep { offset: r.pos(), limit: MAX_DEPTH });
        }
        match r.u8("a class descriptor")? {
            TC_NULL => Ok(None),
            TC_REFERENCE => {
                let at = r.pos();
                let handle = r.i32("a class descriptor reference")?;
                let index = usize::try_from(handle.wrapping_sub(BASE_HANDLE)).ok();
                match index.and_then(|i| self.entries.get(i).map(|e| (i, e))) {
                    Some((i, Entry::Desc(_))) => Ok(Some(i)),
                    _ => {
                        Err(SavepointError::BadProperties { offset: at, expected: "a reference to a class descriptor" })
                    }
                }
            }
            TC_CLASSDESC => {
                let name = self.raw_utf(r)?;
                r.take(8, "a serialVersionUID")?;
                let index = self.new_handle(Entry::Placeholder);
                let flags = r.u8("class descriptor flags")?;
                let n = usize::from(r.u16("a field count")?);
                r.fits(r.pos(), "a field count", n, 4)?;
                let mut fields = Vec::with_capacity(n);
                for _ in 0..n {
                    let code = r.u8("a field type code")?;
                    let field = self.raw_utf(r)?;
                    match code {
                        b'B' | b'C' | b'D' | b'F' | b'I' | b'J' | b'S' | b'Z' => {}
                        b'[' | b'L' => {
                            self.string_object(r)?;
                        }
                        _ => return Err(bad(r, "a field type code")),
                    }
                    fields.push((code, field));
                }
                self.annotation(r, depth)?;
                let super_desc = self.class_desc(r, depth + 1)?;
                self.entries[index] = Entry::Desc(ClassDesc { name, flags, fields, super_desc });
                Ok(Some(index))
            }
            TC_PROXYCLASSDESC => {
                let index = self.new_handle(Entry::Placeholder);
                let n = r.count_of("a proxy interface count", 2)?;
                for _ in 0..n {
                    self.raw_utf(r)?;
                }
                self.annotation(r, depth)?;
                let super_desc = self.class_desc(r, depth + 1)?;
                let desc = ClassDesc { name: "(proxy)".into(), flags: SC_SERIALIZABLE, fields: Vec::new(), super_desc };
                self.entries[index] = Entry::Desc(desc);
                Ok(Some(index))
            }
            _ => Err(bad(r, "a class descriptor")),
        }
    }

    fn raw_utf(&self, r: &mut Reader<'_>) -> Result<String, SavepointError> {
        r.utf("a class or field name")
    }

    /// Contents up to `TC_ENDBLOCKDATA` (class and object annotations).
    pub(super) fn annotation(&mut self, r: &mut Reader<'_>, depth: usize) -> Result<(), SavepointError> {
        loop {
            let at = r.pos();
            match r.u8("an annotation or TC_ENDBLOCKDATA")? {
                TC_ENDBLOCKDATA => return Ok(()),
                TC_BLOCKDATA => {
                    let n = r.u8("a block length")?;
                    r.take(usize::from(n), "block data")?;
                }
                TC_BLOCKDATALONG => {
                    let (_, _) = r.byte_run("a block length")?;
                }
                _ => {
                    *r = Reader::at(r.bytes(), at);
                    self.content(r, depth + 1)?;
                }
            }
        }
    }

    /// The class chain of a descriptor, from the top superclass down.
    pub(super) fn chain(&self, desc: usize) -> Vec<ClassDesc> {
        let mut out = Vec::new();
        let mut next = Some(desc);
        while let Some(i) = next {
            match self.entries.get(i) {
                Some(Entry::Desc(d)) if out.len() <= MAX_DEPTH => {
                    next = d.super_desc;
                    out.push(d.clone());
                }
                _ => break,
            }
        }
        out.reverse();
        out
    }
}
