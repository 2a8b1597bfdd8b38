//! The skew lab's key set made from a preset: the preset the fields describe, the set made again
//! after an edit of its numbers (and brought back after a refused one), and a large preset
//! handed to the stepped generator.

use super::*;

impl SkewState {
    /// After an edit of a preset's numbers: the set again from the preset the fields describe,
    /// unless it is that set already. A refused text leaves the value as the edit began, so the
    /// set made from a prefix typed on the way (`1` on the way to `1.5`, `1000000` on the way to
    /// `1000001`) goes back with it.
    pub(in crate::labs::skew) fn follow_preset(&mut self) {
        if self.source != KeySource::Preset(self.preset()) || self.preset_total != self.total.value {
            self.regenerate();
        }
    }

    /// A hot-key set is the hot key and the rest: a number of keys typed below 2 for it is
    /// refused (the set stays as it was), as a bound of the field.
    pub(in crate::labs::skew) fn refuse_one_hot_key(&mut self) {
        if self.preset_kind == PresetKind::Hot && self.preset_n.error.is_none() && self.preset_n.value < MIN_HOT_KEYS {
            let text = self.preset_n.text.clone();
            let why = format!(
                "the one-hot-key preset needs at least {MIN_HOT_KEYS} keys (the hot key and the rest), got {}",
                self.preset_n.value
            );
            self.preset_n.apply(text, false, Err::<u32, _>(why));
        }
    }

    /// The set again from the preset the fields describe (a hot-key preset chosen over one key
    /// shows the two it makes).
    pub(in crate::labs::skew) fn regenerate(&mut self) {
        if self.preset_kind == PresetKind::Hot && self.preset_n.value < MIN_HOT_KEYS {
            self.preset_n = crate::labs::skew::query::N.field(MIN_HOT_KEYS);
        }
        let preset = self.preset();
        self.use_preset(preset);
    }

    /// Makes `preset` the key set: at once when small, else by asking for it in steps.
    pub(in crate::labs::skew) fn use_preset(&mut self, preset: Preset) {
        if let Ok(preset) = preset.validate() {
            self.cancel_reading();
            self.source = KeySource::Preset(preset);
            self.preset_total = self.total.value;
            self.key_type = preset.key_type();
            if preset.n() > STEPPED_KEYS {
                // The menu shows the preset's key type at once (the link too); until the keys
                // arrive, the previous set stays, each key of its own type.
                self.jobs += 1;
                let (job, total_milli, key_type) = (self.jobs, self.total.value, preset.key_type());
                self.generating = Some(Generating { job, preset, total_milli, permille: 0, key_type });
            } else {
                self.set_keys(preset.generate(self.total.value));
                self.sets += 1;
            }
        }
    }

    /// The preset the typed parameters describe.
    pub fn preset(&self) -> Preset {
        self.preset_kind.with(self.preset_n.value, self.preset_s.value as u32, self.preset_hot.value)
    }
}
