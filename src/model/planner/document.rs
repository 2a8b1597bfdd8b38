//! The whole plan as one Markdown document (`plan.md`): the question, the verdict, the steps
//! with the point of no return, the clock (each step's times and arithmetic, the outage, the end
//! to end duration, the point of no return), the shorter cutover and the interim relief where
//! they exist, the warnings, the commands and configuration of the picked release, the in-place
//! route (the adaptive scheduler's answer and its two calls), and what to record. What an
//! operator hands to the people on call, in the order they need it.

use super::checklist::ChecklistInput;
use super::in_place_report::InPlaceReport;
use super::runbook::Runbook;
use super::{format_duration, format_span, Plan, PlanInput, Verdict};

/// The headline answer in one sentence, as the page shows it.
pub fn headline(plan: &Plan, target: u32) -> String {
    match plan.verdict {
        Verdict::DirectRestore => {
            let uneven = if plan.imbalance.is_some() {
                format!(", though {target} does not divide {}: the key groups are shared unevenly (see the warnings)", plan.saved_max)
            } else {
                String::new()
            };
            format!("A direct restore works: {target} is at or below the snapshot's max parallelism {}{uneven}.", plan.saved_max)
        }
        Verdict::RewriteNeeded => format!(
            "The ceiling is {}: reaching {target} needs an offline State Processor API rewrite of the snapshot to a new max parallelism.",
            plan.saved_max
        ),
        Verdict::RebuildFromLog => "Rebuild instead: the state lives shorter than a rewrite takes, so drop it and let a job at the new max parallelism build it again by replaying the log.".to_string(),
    }
}

/// The whole plan as Markdown.
pub fn plan_markdown(
    input: &PlanInput,
    plan: &Plan,
    new_max_note: Option<&str>,
    runbook: &Runbook,
    in_place: &InPlaceReport,
    checklist: &ChecklistInput,
) -> String {
    let mut s = format!("# Rescale plan: parallelism {} → {}\n\n", input.current, input.target);
    s.push_str(&format!("**{}**\n\n", headline(plan, input.target)));
    if let Some(note) = new_max_note {
        s.push_str(&format!("**{note}**\n\n"));
    }
    let ceiling =
        if plan.saved_known { "as given" } else { "unknown, so Flink's default for the first parallelism is assumed" };
    s.push_str(&format!("- Snapshot max parallelism: {} ({ceiling}).\n", plan.saved_max));
    if plan.verdict != Verdict::DirectRestore {
        s.push_str(&format!("- New max parallelism: {}.\n", plan.suggested_max));
    }
    s.push_str("\n## Steps\n\n");
    for (i, step) in plan.steps.iter().enumerate() {
        let tag = if step.point_of_no_return {
            "POINT OF NO RETURN"
        } else if step.reversible {
            "reversible"
        } else {
            "not reversible"
        };
        s.push_str(&format!("{}. [{tag}] {}\n", i + 1, step.text));
    }
    s.push_str(&operators_markdown(plan));
    let t = &plan.timeline;
    s.push_str("\n## Time\n\n| # | step | from | to | takes | outage | arithmetic |\n|---|---|---|---|---|---|---|\n");
    for (i, (ph, start)) in t.phases.iter().zip(t.starts()).enumerate() {
        let (from, to) = format_span(start, start.saturating_add(ph.seconds));
        s.push_str(&format!(
            "| {} | {} | {from} | {to} | {} | {} | {} |\n",
            i + 1,
            ph.what,
            format_duration(ph.seconds),
            // As the page says it: the job down, or running with nothing committed downstream.
            if ph.downtime { ph.outage_words() } else { "no" },
            ph.arithmetic
        ));
    }
    s.push_str(&format!(
        "\n- {} {}: {}{}.\n",
        t.outage_label(),
        format_duration(t.downtime_s()),
        t.downtime_arithmetic(),
        t.cutover_part()
    ));
    if let Some(note) = t.commit_gap_note() {
        s.push_str(&format!("- {note}\n"));
    }
    s.push_str(&format!("- End to end: {}.\n", format_duration(t.total_s())));
    s.push_str(&format!(
        "- Point of no return: at {}, {}.\n",
        format_duration(t.point_of_no_return_s()),
        plan.no_return_when
    ));
    s.push_str(&format!("- {}\n", plan.rollback));
    if let Some(alt) = &plan.alternative {
        s.push_str(&format!(
            "\n## A shorter outage\n\n{}: {}; {}, instead of {}.\n\nWhen:\n",
            alt.what,
            alt.arithmetic,
            alt.total(),
            format_duration(alt.instead_of_s(t))
        ));
        alt.conditions.iter().for_each(|c| s.push_str(&format!("- {c}\n")));
        s.push_str("\nRisks:\n");
        alt.risks.iter().for_each(|r| s.push_str(&format!("- {r}\n")));
    }
    if let Some(i) = &plan.interim {
        s.push_str(&format!(
            "\n## Relief now, without a rewrite\n\nRun at parallelism {} (the snapshot's max parallelism). Outage: {} ({}). {}\n",
            i.parallelism,
            format_duration(i.seconds),
            i.arithmetic,
            i.how
        ));
    }
    s.push_str("\n## What the plan asks of Kafka\n\n");
    for c in &plan.kafka {
        s.push_str(&format!("- {}{}\n", if c.above_default { "**Above the default:** " } else { "" }, c.text));
    }
    s.push_str(&format!("\n({}.)\n", super::kafka::SOURCE));
    s.push_str("\n## Warnings\n\n");
    plan.warnings.iter().for_each(|w| s.push_str(&format!("- {w}\n")));
    s.push('\n');
    s.push_str(&demoted(&runbook.markdown()));
    s.push('\n');
    s.push_str(&in_place.markdown());
    s.push('\n');
    s.push_str(&demoted(&checklist.markdown()));
    crate::markdown::placeholders_as_code(&s)
}

/// Each stateful operator at the cutover: the plan's route, what the job says for it, what
/// follows, the other choices, and where each claim comes from.
fn operators_markdown(plan: &Plan) -> String {
    let mut s = String::from(
        "\n## Each stateful operator at the cutover\n\n| operator | state | route | max parallelism | subtasks | in the job | what follows |\n|---|---|---|---|---|---|---|\n",
    );
    for row in &plan.cutover {
        let c = &row.chosen;
        s.push_str(&format!(
            "| {} | {} | {} | {} | at most {} | {} | {} ({}) |\n",
            row.operator.name(),
            row.operator.state(),
            c.fate.label(),
            c.max_parallelism,
            c.parallelism,
            c.in_job,
            c.outcome,
            c.evidence.source()
        ));
    }
    for (what, how) in super::cutover::other_choices(&plan.cutover) {
        s.push_str(&format!("- {what}: {how}\n"));
    }
    if plan.verdict == Verdict::RewriteNeeded {
        for p in super::cutover::pitfalls(plan.saved_max, plan.suggested_max) {
            s.push_str(&format!("- {p}\n"));
        }
    }
    s
}

/// A document's headings one level down, so it nests under the plan's title.
fn demoted(markdown: &str) -> String {
    markdown.lines().map(|l| if l.starts_with('#') { format!("#{l}\n") } else { format!("{l}\n") }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::planner::release::Release;
    use crate::planner::runbook::RunbookInput;
    use crate::trace::Backend;

    #[test]
    fn seed_004s_plan_holds_every_part_in_order() {
        let input = PlanInput { job: crate::planner::JobStatus::Running, ..PlanInput::default() };
        let plan = input.plan();
        let runbook = RunbookInput {
            release: Release::V2_3,
            verdict: plan.verdict,
            target: 200,
            max_parallelism: plan.suggested_max,
            backend: Backend::RocksDb,
            current: 24,
            job: input.job,
            latest: input.latest,
            first_checkpoint_s: plan.timeline.first_checkpoint_s(),
            saved_max: plan.saved_max,
            partitions: input.partitions,
            transactional: input.transactional_sinks,
        }
        .runbook();
        let checklist = ChecklistInput {
            current: 24,
            target: 200,
            max_parallelism: plan.suggested_max,
            restore_estimate_s: 13_981,
            restore_what: "restore from that canonical savepoint (read every byte once)",
            resumes_from: plan.resumes_from,
        };
        let in_place = crate::planner::in_place_report::InPlaceContext {
            input: crate::planner::in_place::InPlaceInput {
                current: 24,
                target: 200,
                max_parallelism: plan.saved_max,
                scheduler: crate::planner::in_place::Scheduler::Default,
                slots: None,
                release: Release::V2_3,
            },
            job: input.job,
            verdict: plan.verdict,
            latest: input.latest,
            partitions: input.partitions,
            state: (
                input.state_bytes,
                crate::planner::outage::Rates {
                    savepoint: input.savepoint_rate,
                    rewrite: input.throughput,
                    restore: input.restore_rate,
                    incremental: input.incremental_rate,
                },
                input.backend,
            ),
            transactional: input.transactional_sinks,
            interval_s: None,
        }
        .report();
        let md = plan_markdown(&input, &plan, None, &runbook, &in_place, &checklist);
        let order = [
            "# Rescale plan: parallelism 24 → 200",
            "**The ceiling is 128: reaching 200 needs",
            "## Steps",
            "7. [POINT OF NO RETURN]",
            "## Each stateful operator at the cutover",
            "| Source | split state: where each partition was read up to | pinned | 128 | at most 128 | source: .setMaxParallelism(128).setParallelism(128) |",
            "| Keyed operators (after keyBy) | keyed state in key groups | rebuilt | 1200 | at most 200 |",
            "| Sink | its committer's pending commits | pinned | 128 | at most 128 |",
            "- Source, dropped: a new uid, and --allowNonRestoredState",
            "- A job-wide -Dpipeline.max-parallelism=1200 reaches every operator",
            "## Time",
            "| # | step | from | to | takes | outage | arithmetic |",
            "| 1 | restart the running job with a longer checkpoint timeout",
            "| job down |",
            "| nothing committed downstream |",
            "| 3 | savepoint of the live job (it keeps running) | 7 h 46 min | 11 h 39 min | 3 h 53 min | no |",
            "| 9 | restore the new job at the target",
            "| 10 | first checkpoint after the restore: a full one",
            "- The job is down, or commits nothing downstream, for 27 h 11 min: 3 h 53 min + 3 h 53 min + 3 h 53 min + 7 h 46 min + 3 h 53 min + 3 h 53 min = 27 h 11 min; the cutover alone: 3 h 53 min + 7 h 46 min + 3 h 53 min + 3 h 53 min = 19 h 25 min.",
            "- Not counted: the live job's own savepoint (3 h 53 min), while it runs.",
            "- End to end: 66 h 43 min.",
            "- Point of no return: at 66 h 43 min",
            "## A shorter outage",
            "then the first checkpoint: 4 TiB ÷ 300 MiB/s = 3 h 53 min; 11 h 39 min in all, instead of 19 h 25 min.",
            "## Relief now, without a rewrite",
            "Run at parallelism 128 (the snapshot's max parallelism). Outage: 19 h 25 min (7 h 46 min to restart it with a longer checkpoint timeout at 24",
            "Its savepoint would outlast the default checkpoint timeout: restart it at 24 with a longer one first",
            "## What the plan asks of Kafka",
            "- **Above the default:** The sink's transaction.timeout.ms",
            "## Warnings",
            "## Rescale runbook (Flink 2.3)",
            "### 1. ",
            "## Or in place: the adaptive scheduler",
            "**HTTP 400: in-place rescaling does not lift the ceiling.",
            "## What to record during the rescale (24 → 200)",
        ];
        crate::planner::tests::assert_in_order(&md, &order);
        for w in &plan.warnings {
            assert!(md.contains(w.as_str()));
        }
    }
}
