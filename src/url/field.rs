//! A form field as the labs keep it: the text as typed, the last valid value, and the
//! current problem. Bad text only sets `error`; `value` keeps the last valid value. Beside it,
//! [`FieldSpec`]: what a field widget needs of the parameter it edits.

/// One edited value.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Field<T> {
    pub text: String,
    pub value: T,
    pub error: Option<String>,
}

impl<T> Field<T> {
    /// A field whose text is valid.
    pub fn valid(text: String, value: T) -> Self {
        Field { text, value, error: None }
    }

    /// Applies a parse of `text`: valid text replaces the value; bad text is kept with its
    /// error beside the old value. `bad_input` means the browser could not read the text at
    /// all (a number input holding non-numbers); the text on screen is left as typed.
    pub fn apply<E: ToString>(&mut self, text: String, bad_input: bool, parsed: Result<T, E>) {
        if bad_input {
            // A number input holding non-numbers reports "" as its value. Mirroring that keeps
            // the renderer from writing the last valid text back over what the person typed.
            self.error = Some("not a number: type digits only".to_string());
            self.text = String::new();
            return;
        }
        match parsed {
            Ok(value) => *self = Field::valid(text, value),
            Err(e) => {
                self.error = Some(e.to_string());
                self.text = text;
            }
        }
    }
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
