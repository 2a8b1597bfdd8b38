//! Prints what the planner gives for a planner link, exactly as the page's exports give it: the
//! runbook (`runbook.md`) or, with `--plan`, the whole plan (`plan.md`). tests/flink-runbook/
//! runs the runbook it prints, command by command, on a real Flink cluster.
//!     cargo run --example runbook -- '#/planner?current=2&p=6&saved_maxp=4' [--plan]
use rescale_lab::labs::frame::LabState;
use rescale_lab::labs::planner::state::PlannerState;
use rescale_lab::url::Location;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (link, whole) = match args.as_slice() {
        [link] => (link, false),
        [link, flag] if flag == "--plan" => (link, true),
        _ => {
            eprintln!("usage: runbook '#/planner?<the lab's parameters>' [--plan]");
            std::process::exit(2);
        }
    };
    // The link's own notices (a repeated parameter, a piece that is not UTF-8) and the lab's.
    let location = Location::parse(link);
    let (state, lab_notices) = PlannerState::parse(&location.params);
    let notices: Vec<_> = location.notices.iter().chain(&lab_notices).collect();
    for n in &notices {
        eprintln!("runbook: {}: {}", n.param, n.message);
    }
    if !notices.is_empty() {
        std::process::exit(2);
    }
    let plan = state.plan_input().plan();
    if whole {
        print!("{}", state.plan_markdown(&plan));
    } else {
        print!("{}", state.runbook(&plan).markdown());
    }
}
