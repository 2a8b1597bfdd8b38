//! Small presentational widgets shared by the labs. They hold no lab logic: values in,
//! callbacks out.

pub mod announce;
pub mod answer_field;
pub mod big_text;
pub mod chart_box;
pub mod code_lines;
pub mod confirm;
pub mod copy_export;
pub mod deferred;
pub mod live_form;
pub mod locks;
pub mod notices;
pub mod pager;
pub mod param_field;
pub mod plain_field;
pub mod result_sink;
pub mod scroll_box;
pub mod select_field;
pub mod settle;
pub mod slot_widgets;
pub mod text_field;
pub mod view_part;
pub mod wanted;

pub use announce::{use_announce, use_announced, use_spoken, Announce, ResultAlert, ResultRegion};
pub use answer_field::AnswerField;
pub use big_text::{on_file_text, use_big_text, BigField, BigText, Draft, FileKind};
pub use chart_box::{use_chart_style, DarkTheme};
pub use code_lines::code_lines;
pub use confirm::Confirm;
pub use copy_export::{CopyButton, CopyExport};
pub use live_form::LiveForm;
pub use locks::{locked_class, use_any_locked, use_locked, LockNote, Locks, LOCKED_NOTE};
pub use notices::Notices;
pub use pager::{use_page, use_page_from, Page, PageStep, PagerButtons};
pub use param_field::{edits, refused_slot_field, slot_field, slot_field_with, view_field};
pub use plain_field::{form_field, lrs_fields, PlainField};
pub use result_sink::{use_result_sink, HashWatch, ResultSink};
pub use scroll_box::ScrollBox;
pub use select_field::{pick_field, slot_pick, SelectField};
pub use settle::{use_busy, Settle};
pub use slot_widgets::{slot_widgets, SlotWidget};
pub use text_field::{FieldInput, TextField};
pub use view_part::{use_view, InView, Reveal, RevealAt, ViewChoice};
pub use wanted::Wanted;
