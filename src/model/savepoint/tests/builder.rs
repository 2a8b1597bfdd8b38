//! A writer of synthetic `_metadata` files (big-endian, Java `writeUTF`), for table tests
//! that need a value at a known offset.

/// Bytes being written.
#[derive(Default, Clone)]
pub struct W(pub Vec<u8>);

impl W {
    pub fn u8(mut self, v: u8) -> Self {
        self.0.push(v);
        self
    }
    pub fn i32(mut self, v: i32) -> Self {
        self.0.extend(v.to_be_bytes());
        self
    }
    pub fn i64(mut self, v: i64) -> Self {
        self.0.extend(v.to_be_bytes());
        self
    }
    pub fn utf(mut self, s: &str) -> Self {
        self.0.extend((s.len() as u16).to_be_bytes());
        self.0.extend(s.as_bytes());
        self
    }
    pub fn raw(mut self, b: &[u8]) -> Self {
        self.0.extend(b);
        self
    }
}

/// Magic, version, checkpoint id 1, no master states.
pub fn header(version: i32) -> W {
    W::default().i32(0x4960_672d).i32(version).i64(1).i32(0)
}

/// An operator record up to its subtask count (format 3 or 4: no name or uid).
pub fn operator(w: W, parallelism: i32, max: i32, subtasks: i32) -> W {
    w.raw(&[7; 16]).i32(parallelism).i32(max).u8(0).i32(subtasks)
}

/// A subtask with no operator state, the given keyed handle bytes and no channel state.
pub fn subtask(w: W, index: i32, keyed: &[u8]) -> W {
    w.i32(index).i32(0).i32(0).raw(keyed).u8(0).i32(0).i32(0)
}

/// A full file of format 3 with one operator holding one subtask with this keyed handle.
pub fn one_subtask(keyed: &[u8]) -> Vec<u8> {
    subtask(operator(header(3).i32(1), 1, 128, 1), 0, keyed).0
}

/// A key-groups handle (tag 3) over `count` groups from 0 with an inline stream of `len` bytes.
pub fn key_groups(offsets: &[i64], len: usize) -> Vec<u8> {
    let mut w = W::default().u8(3).i32(0).i32(offsets.len() as i32);
    for &o in offsets {
        w = w.i64(o);
    }
    w.u8(1).utf("inline").i32(len as i32).raw(&vec![0; len]).0
}
