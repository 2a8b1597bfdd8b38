//! The skew lab's number fields, one per number parameter of its table: which [`Param`] each
//! one is, its view for the widget, and applying typed text (a valid preset parameter
//! regenerates the key set).

use super::super::query::{KeySource, HOT, MAXP, N, P, Q, S, SALT, TOTAL};
use super::SkewState;
use crate::url::FieldView;

/// The number fields, one per number parameter of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SkewField {
    MaxParallelism,
    Parallelism,
    PresetN,
    PresetS,
    PresetHot,
    Total,
    WhatIf,
    Salt,
}

impl SkewField {
    pub const ALL: [SkewField; 8] = [
        SkewField::MaxParallelism,
        SkewField::Parallelism,
        SkewField::PresetN,
        SkewField::PresetS,
        SkewField::PresetHot,
        SkewField::Total,
        SkewField::WhatIf,
        SkewField::Salt,
    ];
}

impl SkewState {
    /// One number field's parameter, text and error.
    pub fn field(&self, which: SkewField) -> FieldView<'_> {
        match which {
            SkewField::MaxParallelism => FieldView::of(&MAXP, &self.max_parallelism),
            SkewField::Parallelism => FieldView::of(&P, &self.parallelism),
            SkewField::PresetN => FieldView::of(&N, &self.preset_n),
            SkewField::PresetS => FieldView::of(&S, &self.preset_s),
            SkewField::PresetHot => FieldView::of(&HOT, &self.preset_hot),
            SkewField::Total => FieldView::of(&TOTAL, &self.total),
            SkewField::WhatIf => FieldView::of(&Q, &self.what_if),
            SkewField::Salt => FieldView::of(&SALT, &self.salt),
        }
    }

    /// Applies typed text to a number field; a valid preset parameter regenerates the set.
    pub(super) fn set(&mut self, which: SkewField, text: String, bad_input: bool) {
        let error = match which {
            SkewField::MaxParallelism => return MAXP.apply(&mut self.max_parallelism, text, bad_input),
            SkewField::Parallelism => return P.apply(&mut self.parallelism, text, bad_input),
            SkewField::WhatIf => return Q.apply(&mut self.what_if, text, bad_input),
            SkewField::Salt => return SALT.apply(&mut self.salt, text, bad_input),
            SkewField::PresetN => {
                N.apply(&mut self.preset_n, text, bad_input);
                &self.preset_n.error
            }
            SkewField::PresetS => {
                S.apply(&mut self.preset_s, text, bad_input);
                &self.preset_s.error
            }
            SkewField::PresetHot => {
                HOT.apply(&mut self.preset_hot, text, bad_input);
                &self.preset_hot.error
            }
            SkewField::Total => {
                TOTAL.apply(&mut self.total, text, bad_input);
                if !matches!(self.source, KeySource::Preset(_)) {
                    return;
                }
                &self.total.error
            }
        };
        if error.is_none() {
            let preset = self.preset();
            self.use_preset(preset);
        }
    }
}
