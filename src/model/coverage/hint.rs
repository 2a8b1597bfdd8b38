//! What a hidden-answers link says after a wrong prediction: how far off it was and where to
//! look, never which residues the walk reaches or how many.

use super::{Grade, Orbit};

fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// A hint for a graded, wrong prediction: the number of wrongly ticked and missing residues
/// (not which), and the question that leads to the rule.
pub fn hint(orbit: Orbit, grade: &Grade) -> String {
    let mut parts = Vec::new();
    let (extra, missing) = (grade.predicted_not_reached.len(), grade.reached_not_predicted.len());
    if extra > 0 {
        parts.push(format!("{} you ticked the walk never lands on.", count(extra, "residue", "residues")));
    }
    if missing > 0 {
        parts.push(format!("You left out {} it does reach.", count(missing, "residue", "residues")));
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
    fn hints_count_mistakes_without_naming_the_answer() {
        check(8, 2, &[0, 1, 2, 3, 4, 5, 6, 7], None, "4 residues you ticked the walk never lands on.");
        check(8, 2, &[0, 2, 4, 6, 7], None, "1 residue you ticked");
        check(8, 3, &[0, 3], None, "You left out 6 residues it does reach.");
        check(8, 2, &[], Some(8), "Your count is off.");
        check(8, 10, &[0], None, "every step adds 2 and wrapping subtracts 8");
    }
}
