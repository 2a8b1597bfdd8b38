//! A form field as the labs keep it: the text as typed, the value the lab uses, and the
//! current problem. A field applies each keystroke: valid text replaces the value at once; bad
//! text only sets `error`, and the value goes back to what it was when this edit of the field
//! began (`before`), not to a prefix typed on the way (4000 on the way to 40000): a typo leaves
//! the lab as it was. The edit ends when the field is left ([`Field::settle`]). Beside it,
//! [`FieldSpec`]: what a field widget needs of the parameter it edits.

/// One edited value.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Field<T> {
    pub text: String,
    pub value: T,
    pub error: Option<String>,
    /// The value when the edit under way began (`None`: no edit under way).
    pub before: Option<T>,
}

impl<T> Field<T> {
    /// A field whose text is valid.
    pub fn valid(text: String, value: T) -> Self {
        Field { text, value, error: None, before: None }
    }
}

impl<T: Clone> Field<T> {
    /// Applies a parse of `text`: valid text replaces the value; bad text is kept with its
    /// error, and the value is the one the edit began with. `bad_input` means the browser could
    /// not read the text at all (a number input holding non-numbers); the text on screen is
    /// left as typed.
    pub fn apply<E: ToString>(&mut self, text: String, bad_input: bool, parsed: Result<T, E>) {
        let before = self.before.take().unwrap_or_else(|| self.value.clone());
        if bad_input {
            // A number input holding non-numbers reports "" as its value. Mirroring that keeps
            // the renderer from writing the last valid text back over what the person typed.
            self.error = Some("not a number: type digits only".to_string());
            self.text = String::new();
            self.value = before.clone();
        } else {
            match parsed {
                Ok(value) => (self.text, self.value, self.error) = (text, value, None),
                Err(e) => {
                    self.error = Some(e.to_string());
                    self.text = text;
                    self.value = before.clone();
                }
            }
        }
        self.before = Some(before);
    }

    /// The edit under way ends (the field was left, or the value was set by a menu, a slider or
    /// a button): the next edit begins from the value as it is.
    pub fn settle(&mut self) {
        self.before = None;
    }
}

/// The message for a number box whose text the browser could not read (letters, or digits past
/// any number it holds), naming the bound as an out-of-range number's does; `empty`: the box may
/// be left empty, meaning this (`""`: said without a meaning).
pub fn unreadable_number(min: i64, max: i64, empty: Option<&str>) -> String {
    let empty = match empty {
        None => String::new(),
        Some("") => ", or leave it empty".to_string(),
        Some(meaning) => format!(", or leave it empty ({meaning})"),
    };
    format!("not a number: type digits only, between {min} and {max}{empty}")
}

/// What a field widget needs of a parameter: its control's name, id, kind, bounds, what
/// empty means and its hint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldSpec {
    pub name: &'static str,
    pub label: &'static str,
    pub id: &'static str,
    pub number: bool,
    pub min: Option<i64>,
    pub max: Option<i64>,
    pub empty: Option<&'static str>,
    pub hint: Option<&'static str>,
}
