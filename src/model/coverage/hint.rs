//! What a hidden-answers link says after a wrong prediction: what kind of mistake it holds and
//! where to look, never which residues the walk reaches or how many.

use super::{Grade, Orbit};

/// A hint for a graded, wrong prediction: which kind of mistake it holds (residues ticked that
/// the walk never lands on, residues left out, a count off), never how many: with the number
/// ticked, a number of wrong ticks gives the walk's size away (found by review: "4 residues you
/// ticked the walk never lands on" after ticking all 8), and the question that leads to the rule.
pub fn hint(orbit: Orbit, grade: &Grade) -> String {
    let mut parts = Vec::new();
    if !grade.predicted_not_reached.is_empty() {
        parts.push("Some residues you ticked the walk never lands on.".to_string());
    }
    if !grade.reached_not_predicted.is_empty() {
        parts.push("You left out residues it does reach.".to_string());
    }
    if grade.count_right == Some(false) {
        parts.push("Your count is off.".to_string());
    }
    parts.push(format!(
        "Hint: every step adds {} and wrapping subtracts {}; which numbers divide both? Only their multiples can \
         ever appear.",
        orbit.reduced_stride(),
        orbit.modulus()
    ));
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::super::{grade, Prediction};
    use super::*;

    fn check(m: i64, a: i64, residues: &[u32], count: Option<u32>, expected: &str) {
        let orbit = Orbit::new(m, a).unwrap();
        let p = Prediction { residues: residues.iter().copied().collect(), count };
        let text = hint(orbit, &grade(orbit, &p));
        assert!(text.contains(expected), "{text}");
        // Never the answer: no list of the reached residues, no orbit size.
        let reached: Vec<String> = orbit.reached().iter().map(u32::to_string).collect();
        assert!(!text.contains(&reached.join(", ")), "{text}");
        assert!(!text.contains(&format!("{} of {m}", orbit.size())), "{text}");
        assert!(!text.contains("gcd("), "{text}");
    }

    #[test]
    fn hints_name_the_mistake_without_the_answer() {
        check(8, 2, &[0, 1, 2, 3, 4, 5, 6, 7], None, "Some residues you ticked the walk never lands on.");
        check(8, 2, &[0, 2, 4, 6, 7], None, "Some residues you ticked");
        check(8, 3, &[0, 3], None, "You left out residues it does reach.");
        check(8, 2, &[], Some(8), "Your count is off.");
        check(8, 10, &[0], None, "every step adds 2 and wrapping subtracts 8");
        // No number but the hint's stride and modulus: nothing counts the mistakes.
        let orbit = Orbit::new(8, 2).unwrap();
        let all = Prediction { residues: (0..8).collect(), count: None };
        let text = hint(orbit, &grade(orbit, &all));
        assert!(!text.chars().any(|c| c.is_ascii_digit() && c != '2' && c != '8'), "{text}");
        assert!(!text.contains(" 4 "), "{text}");
    }
}
