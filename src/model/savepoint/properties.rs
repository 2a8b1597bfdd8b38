//! The checkpoint-properties trailer of format 4 and later: a Java-serialized
//! `CheckpointProperties` whose `checkpointType` tells a checkpoint from a savepoint and, for
//! savepoints, the format type (`SavepointFormatType` `CANONICAL` or `NATIVE`).

use super::error::SavepointError;
use super::javaser::{self, Value};
use super::reader::Reader;
use super::types::{Properties, SavepointFormat, SnapshotKind};

const PROPERTIES_CLASS: &str = "org.apache.flink.runtime.checkpoint.CheckpointProperties";
const SAVEPOINT_TYPE: &str = "org.apache.flink.runtime.checkpoint.SavepointType";
const CHECKPOINT_TYPE: &str = "org.apache.flink.runtime.checkpoint.CheckpointType";

/// Reads the trailer that starts at the reader's position.
pub fn read(r: &mut Reader<'_>) -> Result<Properties, SavepointError> {
    let start = r.pos();
    let (stream, top) = javaser::read(r)?;
    let wrong = |expected| SavepointError::BadProperties { offset: start, expected };
    let Value::Object(top) = top else { return Err(wrong("a CheckpointProperties object")) };
    let props = stream.object(top).filter(|o| o.class == PROPERTIES_CLASS);
    let props = props.ok_or_else(|| wrong("a CheckpointProperties object"))?;
    let unknown = Properties { kind: SnapshotKind::Unknown, format: SavepointFormat::Unknown, type_name: None };
    Ok(match props.field("checkpointType") {
        Some(Value::Object(i)) => match stream.object(*i) {
            Some(t) => {
                let type_name = match t.field("name") {
                    Some(Value::String(s)) => Some(s.clone()),
                    _ => None,
                };
                if t.class == SAVEPOINT_TYPE {
                    let format = match t.field("formatType") {
                        Some(Value::Enum { constant, .. }) if constant == "CANONICAL" => SavepointFormat::Canonical,
                        Some(Value::Enum { constant, .. }) if constant == "NATIVE" => SavepointFormat::Native,
                        _ => SavepointFormat::Unknown,
                    };
                    Properties { kind: SnapshotKind::Savepoint, format, type_name }
                } else if t.class == CHECKPOINT_TYPE {
                    Properties { kind: SnapshotKind::Checkpoint, format: SavepointFormat::Unknown, type_name }
                } else {
                    Properties { type_name, ..unknown }
                }
            }
            None => unknown,
        },
        _ => unknown,
    })
}
