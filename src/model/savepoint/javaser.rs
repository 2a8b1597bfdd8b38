//! A reader for the Java object serialization stream (`ObjectOutputStream`, protocol 2) that
//! format 4 and later append as the checkpoint properties. It builds a small tree of objects,
//! strings and enum constants; it never runs or loads anything, and it is bounded: every
//! count is checked against the bytes left, and nesting is limited to [`MAX_DEPTH`].

use super::error::SavepointError;
use super::reader::{decode_modified_utf8, Reader};

mod class_desc;

/// Deepest nesting of objects accepted.
pub const MAX_DEPTH: usize = 32;
const BASE_HANDLE: i32 = 0x7E_0000;

const TC_NULL: u8 = 0x70;
const TC_REFERENCE: u8 = 0x71;
const TC_CLASSDESC: u8 = 0x72;
const TC_OBJECT: u8 = 0x73;
const TC_STRING: u8 = 0x74;
const TC_ARRAY: u8 = 0x75;
const TC_CLASS: u8 = 0x76;
const TC_BLOCKDATA: u8 = 0x77;
const TC_ENDBLOCKDATA: u8 = 0x78;
const TC_BLOCKDATALONG: u8 = 0x7A;
const TC_LONGSTRING: u8 = 0x7C;
const TC_PROXYCLASSDESC: u8 = 0x7D;
const TC_ENUM: u8 = 0x7E;

const SC_WRITE_METHOD: u8 = 0x01;
const SC_SERIALIZABLE: u8 = 0x02;
const SC_EXTERNALIZABLE: u8 = 0x04;
const SC_BLOCK_DATA: u8 = 0x08;

/// A value in the stream. Objects are referred to by handle, so cycles are harmless.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    /// An object, array or class (look it up with [`Stream::object`]).
    Object(usize),
    String(String),
    /// An enum constant: its class and name.
    Enum {
        class: String,
        constant: String,
    },
    /// A primitive field, widened (floats as their bits).
    Primitive(i64),
}

/// A deserialized object: its class and its fields, from the top class down.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Object {
    pub class: String,
    pub fields: Vec<(String, Value)>,
}

impl Object {
    /// The first field of this name (a subclass cannot repeat a superclass's private name here).
    pub fn field(&self, name: &str) -> Option<&Value> {
        self.fields.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }
}

#[derive(Debug, Clone)]
struct ClassDesc {
    name: String,
    flags: u8,
    fields: Vec<(u8, String)>,
    super_desc: Option<usize>,
}

#[derive(Debug, Clone)]
enum Entry {
    Desc(ClassDesc),
    Value(Value),
    Placeholder,
}

/// The objects of one stream.
#[derive(Debug, Default)]
pub struct Stream {
    entries: Vec<Entry>,
    objects: Vec<Object>,
}

impl Stream {
    /// An object by its index in a [`Value::Object`].
    pub fn object(&self, index: usize) -> Option<&Object> {
        self.objects.get(index)
    }
}

fn bad(r: &Reader<'_>, expected: &'static str) -> SavepointError {
    SavepointError::BadProperties { offset: r.pos(), expected }
}

/// Reads the stream header and its first object.
pub fn read(r: &mut Reader<'_>) -> Result<(Stream, Value), SavepointError> {
    let at = r.pos();
    let magic = r.take(4, "the Java serialization header AC ED 00 05")?;
    if magic != [0xAC, 0xED, 0x00, 0x05] {
        return Err(SavepointError::BadProperties {
            offset: at,
            expected: "the Java serialization header AC ED 00 05",
        });
    }
    let mut stream = Stream::default();
    let value = stream.content(r, 0)?;
    Ok((stream, value))
}

impl Stream {
    fn new_handle(&mut self, entry: Entry) -> usize {
        self.entries.push(entry);
        self.entries.len() - 1
    }

    fn reference(&self, r: &mut Reader<'_>) -> Result<&Entry, SavepointError> {
        let handle = r.i32("an object reference")?;
        usize::try_from(handle.wrapping_sub(BASE_HANDLE))
            .ok()
            .and_then(|i| self.entries.get(i))
            .ok_or_else(|| bad(r, "a reference to an earlier object"))
    }

    fn string(&mut self, r: &mut Reader<'_>, long: bool) -> Result<String, SavepointError> {
        let at = r.pos();
        let len = if long { r.i64("a long string's length")? as u64 } else { u64::from(r.u16("a string's length")?) };
        if len > r.remaining() as u64 {
            return Err(SavepointError::LengthPastEnd {
                offset: at,
                what: "a string's length",
                length: len,
                remaining: r.remaining(),
            });
        }
        let text =
            decode_modified_utf8(r.take(len as usize, "a string")?).ok_or(SavepointError::BadString { offset: at })?;
        self.new_handle(Entry::Value(Value::String(text.clone())));
        Ok(text)
    }

    /// A string object (`TC_STRING`, `TC_LONGSTRING` or a reference to one).
    fn string_object(&mut self, r: &mut Reader<'_>) -> Result<String, SavepointError> {
        match r.u8("a string")? {
            TC_STRING => self.string(r, false),
            TC_LONGSTRING => self.string(r, true),
            TC_REFERENCE => match self.reference(r)? {
                Entry::Value(Value::String(s)) => Ok(s.clone()),
                _ => Err(bad(r, "a reference to a string")),
            },
            _ => Err(bad(r, "a string")),
        }
    }

    fn content(&mut self, r: &mut Reader<'_>, depth: usize) -> Result<Value, SavepointError> {
        if depth > MAX_DEPTH {
            return Err(SavepointError::TooDeep { offset: r.pos(), limit: MAX_DEPTH });
        }
        let at = r.pos();
        match r.u8("a serialized object")? {
            TC_NULL => Ok(Value::Null),
            TC_REFERENCE => match self.reference(r)? {
                Entry::Value(v) => Ok(v.clone()),
                _ => Err(bad(r, "a reference to an object")),
            },
            TC_STRING => Ok(Value::String(self.string(r, false)?)),
            TC_LONGSTRING => Ok(Value::String(self.string(r, true)?)),
            TC_CLASS => {
                self.class_desc(r, depth + 1)?;
                let index = self.objects.len();
                self.objects.push(Object { class: "java.lang.Class".into(), fields: Vec::new() });
                self.new_handle(Entry::Value(Value::Object(index)));
                Ok(Value::Object(index))
            }
            TC_CLASSDESC | TC_PROXYCLASSDESC => {
                *r = Reader::at(r.bytes(), at);
                self.class_desc(r, depth + 1)?;
                Ok(Value::Null)
            }
            TC_ENUM => {
                let desc = self.class_desc(r, depth + 1)?.ok_or_else(|| bad(r, "an enum's class"))?;
                let handle = self.new_handle(Entry::Placeholder);
                let constant = self.string_object(r)?;
                let class = self.chain(desc).last().map(|d| d.name.clone()).unwrap_or_default();
                let value = Value::Enum { class, constant };
                self.entries[handle] = Entry::Value(value.clone());
                Ok(value)
            }
            TC_ARRAY => {
                let desc = self.class_desc(r, depth + 1)?.ok_or_else(|| bad(r, "an array's class"))?;
                let index = self.objects.len();
                let class = self.chain(desc).last().map(|d| d.name.clone()).unwrap_or_default();
                self.objects.push(Object { class: class.clone(), fields: Vec::new() });
                self.new_handle(Entry::Value(Value::Object(index)));
                let n = r.count_of("an array length", 1)?;
                let code = class.as_bytes().get(1).copied().unwrap_or(b'L');
                for _ in 0..n {
                    self.field_value(r, code, depth)?;
                }
                Ok(Value::Object(index))
            }
            TC_OBJECT => {
                let desc = self.class_desc(r, depth + 1)?.ok_or_else(|| bad(r, "an object's class"))?;
                let index = self.objects.len();
                let chain = self.chain(desc);
                let class = chain.last().map(|d| d.name.clone()).unwrap_or_default();
                self.objects.push(Object { class, fields: Vec::new() });
                self.new_handle(Entry::Value(Value::Object(index)));
                let mut fields = Vec::new();
                for d in &chain {
                    if d.flags & SC_EXTERNALIZABLE != 0 {
                        if d.flags & SC_BLOCK_DATA == 0 {
                            return Err(bad(r, "block data for an Externalizable object"));
                        }
                        self.annotation(r, depth)?;
                        continue;
                    }
                    for (code, name) in &d.fields {
                        fields.push((name.clone(), self.field_value(r, *code, depth)?));
                    }
                    if d.flags & SC_WRITE_METHOD != 0 {
                        self.annotation(r, depth)?;
                    }
                }
                self.objects[index].fields = fields;
                Ok(Value::Object(index))
            }
            _ => Err(SavepointError::BadProperties {
                offset: at,
                expected: "a serialized object (type code 0x70 to 0x7e)",
            }),
        }
    }

    fn field_value(&mut self, r: &mut Reader<'_>, code: u8, depth: usize) -> Result<Value, SavepointError> {
        let v = match code {
            b'B' => i64::from(r.u8("a byte field")? as i8),
            b'Z' => i64::from(r.u8("a boolean field")?),
            b'C' | b'S' => i64::from(r.u16("a char or short field")?),
            b'I' | b'F' => i64::from(r.i32("an int or float field")?),
            b'J' | b'D' => r.i64("a long or double field")?,
            _ => return self.content(r, depth + 1),
        };
        Ok(Value::Primitive(v))
    }
}
