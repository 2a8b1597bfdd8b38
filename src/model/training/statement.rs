//! A graded answer as the labs report it to a host page or a Learning Record Store: shaped
//! like an xAPI statement's verb, object and result. Pure data; the browser side posts it.

/// A graded answer, shaped like an xAPI statement's verb, object and result.
#[derive(Debug, Clone, PartialEq)]
pub struct Statement {
    /// `answered` for one prediction, `completed` for a finished exercise set.
    pub verb: &'static str,
    /// The activity's id: the page URL with the lab's state.
    pub object_id: String,
    pub object_name: String,
    pub raw: u32,
    pub max: u32,
    pub success: bool,
    pub response: String,
}

impl Statement {
    /// The xAPI verb IRI.
    pub fn verb_id(&self) -> String {
        format!("http://adlnet.gov/expapi/verbs/{}", self.verb)
    }

    /// `raw / max`, in thousandths (xAPI's `scaled` is this ÷ 1000).
    pub fn scaled_milli(&self) -> u32 {
        (self.raw * 1000).checked_div(self.max).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scaled_score() {
        let s = Statement {
            verb: "answered",
            object_id: String::new(),
            object_name: String::new(),
            raw: 1,
            max: 2,
            success: false,
            response: String::new(),
        };
        assert_eq!(s.scaled_milli(), 500);
        assert_eq!(Statement { max: 0, ..s }.scaled_milli(), 0);
    }
}
