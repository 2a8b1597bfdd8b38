//! Tests of the `_metadata` reader, one file per concern: refusals with their offsets
//! (`errors`), real Flink files (`fixtures`), parsing in steps (`stepper`), per-key-group
//! sizes and range checks (`report`), the properties trailer (`javaser`), and properties
//! over arbitrary and mutated bytes (`props`). `builder` writes synthetic files.
mod builder;
mod errors;
mod fixtures;
mod javaser;
mod props;
mod report;
mod stepper;
