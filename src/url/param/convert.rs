//! How each kind of [`Param`] reads typed text (bounds and units from the parameter) and
//! writes its value back: the function pairs the `const` constructors store.

use super::Param;
use crate::model::number::parse_in_range;
use crate::model::planner::parse_ttl;
use crate::model::skew::units::{
    format_bytes_exact, format_bytes_exact_iec, format_milli, parse_milli, parse_rate, parse_size,
};
use crate::model::{MaxParallelism, ModelError};

pub(super) fn whole<T: TryFrom<i64>>(p: &Param<T>, text: &str) -> Result<T, ModelError> {
    let v = parse_in_range(text, p.what, p.min, p.max)?;
    // In range by the check above, so the conversion cannot fail for the tables' types.
    T::try_from(v).map_err(|_| ModelError::NumberTooLarge { text: text.to_string() })
}

pub(super) fn optional_whole(p: &Param<Option<u32>>, text: &str) -> Result<Option<u32>, ModelError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    parse_in_range(text, p.what, p.min, p.max).map(|v| Some(v as u32))
}

pub(super) fn zero_when_empty(p: &Param<u32>, text: &str) -> Result<u32, ModelError> {
    if text.trim().is_empty() {
        Ok(0)
    } else {
        whole(p, text)
    }
}

pub(super) fn max_parallelism(
    p: &Param<Option<MaxParallelism>>,
    text: &str,
) -> Result<Option<MaxParallelism>, ModelError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    parse_in_range(text, p.what, p.min, p.max).and_then(MaxParallelism::new).map(Some)
}

pub(super) fn positive_size(p: &Param<u64>, text: &str) -> Result<u64, ModelError> {
    match parse_size(text, p.what)? {
        0 if p.min > 0 => Err(ModelError::NotPositive { what: p.what }),
        bytes => Ok(bytes),
    }
}

pub(super) fn positive_rate(p: &Param<u64>, text: &str) -> Result<u64, ModelError> {
    match parse_rate(text, p.what)? {
        0 if p.min > 0 => Err(ModelError::NotPositive { what: p.what }),
        rate => Ok(rate),
    }
}

pub(super) fn milli(p: &Param<u64>, text: &str) -> Result<u64, ModelError> {
    match parse_milli(text, p.what, p.max as u64)? {
        0 if p.min > 0 => Err(ModelError::NotPositive { what: p.what }),
        v => Ok(v),
    }
}

pub(super) fn ttl(_: &Param<Option<u64>>, text: &str) -> Result<Option<u64>, ModelError> {
    parse_ttl(text)
}

pub(super) fn decimal<T: ToString>(v: &T) -> String {
    v.to_string()
}

pub(super) fn optional_decimal<T: ToString>(v: &Option<T>) -> String {
    v.as_ref().map(T::to_string).unwrap_or_default()
}

pub(super) fn max_text(v: &Option<MaxParallelism>) -> String {
    v.map(|m| m.get().to_string()).unwrap_or_default()
}

pub(super) fn ttl_text(ttl: &Option<u64>) -> String {
    match *ttl {
        None => "none".to_string(),
        Some(s) if s > 0 && s % 86_400 == 0 => format!("{}d", s / 86_400),
        Some(s) if s > 0 && s % 3600 == 0 => format!("{}h", s / 3600),
        Some(s) if s > 0 && s % 60 == 0 => format!("{}min", s / 60),
        Some(s) => format!("{s}s"),
    }
}

pub(super) fn format_bytes_ref(v: &u64) -> String {
    format_bytes_exact(*v)
}

pub(super) fn format_bytes_iec_ref(v: &u64) -> String {
    format_bytes_exact_iec(*v)
}

pub(super) fn format_milli_ref(v: &u64) -> String {
    format_milli(*v)
}
