//! Bodies that leave subtasks out, named against the lab's parallelism.

use super::*;

/// Three of the four subtask bodies, with the lab at parallelism 4, say one is missing; the
/// vertex details (which name their parallelism) and matching counts say nothing more.
#[test]
fn missing_subtask_bodies_are_named_against_the_labs_parallelism() {
    let three: String = SUBTASKS[..3].iter().map(|b| b.1).collect();
    let four: String = SUBTASKS.iter().map(|b| b.1).collect();
    let cases: [(&str, u32, Option<&str>); 6] = [
        (&three, 4, Some("Read 3 subtasks but the lab's parallelism is 4: if the job runs 4, 1 is missing, and the skew above covers only the 3 subtasks given.")),
        (&three, 6, Some("Read 3 subtasks but the lab's parallelism is 6: if the job runs 6, 3 are missing, and the skew above covers only the 3 subtasks given.")),
        (&three, 3, None),
        (&four, 4, None),
        (&four, 2, Some("Read 4 subtasks, more than the lab's parallelism 2: set Parallelism to the job's to compare.")),
        (VERTEX.1, 7, None),
    ];
    for (text, p, note) in cases {
        assert_eq!(per_subtask(text).coverage_note(p).as_deref(), note, "p = {p}");
    }
}
