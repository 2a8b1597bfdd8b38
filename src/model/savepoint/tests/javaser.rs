//! The Java serialization reader: the real trailers of format 4 to 6 and hand-made streams
//! that must be refused (bad header, dangling references, deep nesting, truncation).
use super::super::javaser::{self, Value};
use super::super::reader::Reader;
use super::super::SavepointError;
use super::fixtures::{V4, V5, V6};

fn trailer(file: &[u8]) -> &[u8] {
    let at = file.windows(4).rposition(|w| w == [0xAC, 0xED, 0x00, 0x05]).unwrap();
    &file[at..]
}

#[test]
fn real_trailers_hold_checkpoint_properties() {
    for (file, class) in [(V4, "SavepointType"), (V5, "CheckpointType"), (V6, "CheckpointType")] {
        let bytes = trailer(file);
        let (stream, top) = javaser::read(&mut Reader::at(bytes, 0)).unwrap();
        let Value::Object(i) = top else { panic!("{top:?}") };
        let props = stream.object(i).unwrap();
        assert_eq!(props.class, "org.apache.flink.runtime.checkpoint.CheckpointProperties");
        let Some(Value::Object(t)) = props.field("checkpointType") else { panic!() };
        assert!(stream.object(*t).unwrap().class.ends_with(class));
    }
}

#[test]
fn bad_streams_are_refused() {
    let cases: [(&[u8], usize); 6] = [
        (b"\xAC\xED\x00\x04\x70", 0),
        (b"\xAC\xED\x00\x05", 4),
        (b"\xAC\xED\x00\x05\x71\x00\x7E\x00\x05", 9),
        (b"\xAC\xED\x00\x05\x73\x72\x00\x01A", 9),
        (b"\xAC\xED\x00\x05\x99", 4),
        (b"\xAC\xED\x00\x05\x74\x00\x09abc", 5),
    ];
    for (bytes, offset) in cases {
        let err = javaser::read(&mut Reader::at(bytes, 0)).unwrap_err();
        assert_eq!(err.offset(), offset, "{bytes:02x?}: {err}");
    }
    let mut deep = b"\xAC\xED\x00\x05".to_vec();
    for _ in 0..40 {
        deep.extend(b"\x75\x72\x00\x02[L\0\0\0\0\0\0\0\0\x02\x00\x00\x78\x70\x00\x00\x00\x01");
    }
    let err = javaser::read(&mut Reader::at(&deep, 0)).unwrap_err();
    assert!(matches!(err, SavepointError::TooDeep { .. }), "{err:?}");
}

#[test]
fn every_truncation_of_a_real_trailer_is_an_error() {
    let bytes = trailer(V4);
    for n in 0..bytes.len() {
        assert!(javaser::read(&mut Reader::at(&bytes[..n], 0)).is_err(), "{n}");
    }
}
