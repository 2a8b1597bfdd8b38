//! Writes the trace kit's files for a trace lab link, exactly as **Download trace** gives them:
//! `trace.csv` and `trace-totals.csv` in DIR (the model's [`Trace`] for the link's numbers).
//!     cargo run --example trace_kit -- '#/trace?keys=12&events=240' tests/flink-trace-kit
use rescale_lab::labs::trace::query::TraceQuery;
use rescale_lab::labs::trace::state::TraceState;
use rescale_lab::model::trace::kit::Trace;
use rescale_lab::url::Location;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [link, dir] = args.as_slice() else {
        eprintln!("usage: trace_kit '#/trace?<the lab's parameters>' DIR");
        std::process::exit(2);
    };
    let (query, notices) = TraceQuery::parse(&Location::parse(link).params);
    for n in &notices {
        eprintln!("trace_kit: {}: {}", n.param, n.message);
    }
    if !notices.is_empty() {
        std::process::exit(2);
    }
    let trace: Trace = TraceState::from_query(&query).trace();
    for (name, text) in [("trace.csv", trace.csv()), ("trace-totals.csv", trace.totals_csv())] {
        let path = std::path::Path::new(dir).join(name);
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("trace_kit: cannot write {}: {e}", path.display());
            std::process::exit(1);
        }
        println!("wrote {}", path.display());
    }
}
