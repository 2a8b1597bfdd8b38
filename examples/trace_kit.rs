//! Writes the trace kit's files for a trace lab link, exactly as **Download trace** gives them:
//! `trace.csv` and `trace-totals.csv` in DIR (the model's [`Trace`] for the link's numbers).
//!     cargo run --example trace_kit -- '#/trace?keys=12&events=240' tests/flink-trace-kit
//! With `check`, the lab's **Check output** instead: a job's `key,total` output against the
//! link's trace, printed as the verdict (`preserved`, `lost` or `wrong`) and the counts.
//!     cargo run --example trace_kit -- check '#/trace' output.csv
use rescale_lab::labs::frame::LabState;
use rescale_lab::labs::trace::state::TraceState;
use rescale_lab::model::trace::kit::Trace;
use rescale_lab::model::trace::output::{check, JobOutput};
use rescale_lab::url::Location;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [verb, link, output] if verb == "check" => check_output(&trace_of(link), output),
        [link, dir] => write_kit(&trace_of(link), dir),
        _ => {
            eprintln!("usage: trace_kit '#/trace?<the lab's parameters>' DIR | trace_kit check '#/trace?…' OUTPUT.csv");
            std::process::exit(2);
        }
    }
}

fn trace_of(link: &str) -> Trace {
    let (state, notices) = TraceState::parse(&Location::parse(link).params);
    for n in &notices {
        eprintln!("trace_kit: {}: {}", n.param, n.message);
    }
    if !notices.is_empty() {
        std::process::exit(2);
    }
    state.trace()
}

fn check_output(trace: &Trace, path: &str) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("trace_kit: cannot read {path}: {e}");
        std::process::exit(1);
    });
    let output = JobOutput::parse(&text).unwrap_or_else(|e| {
        eprintln!("trace_kit: {path}: {e}");
        std::process::exit(1);
    });
    let c = check(trace, &output);
    println!(
        "{}: {} of {} keys match, {} missing, {} below, {} above, {} extra",
        c.verdict.as_str(),
        c.matched,
        c.keys,
        c.missing.len(),
        c.below.len(),
        c.above.len(),
        c.extra.len()
    );
}

fn write_kit(trace: &Trace, dir: &str) {
    for (name, text) in [("trace.csv", trace.csv()), ("trace-totals.csv", trace.totals_csv())] {
        let path = std::path::Path::new(dir).join(name);
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("trace_kit: cannot write {}: {e}", path.display());
            std::process::exit(1);
        }
        println!("wrote {}", path.display());
    }
}
