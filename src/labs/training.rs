//! The guided training path on the home page: an exercise set loaded from a JSON file
//! (`static/exercises.json`, or `exercises=PATH` for one visit, same site only), each
//! exercise graded against the model's own answer, with the score kept in local storage
//! (`rescale-lab.training.v1`); a corrupt entry is ignored with a notice.

use std::collections::BTreeMap;

use yew::prelude::*;

use crate::browser;
use crate::browser::json::{fetch_json, Json};
use crate::model::training::{grade, Answer, Exercise, ExerciseKind, Sample, TrainingProgress};

/// Where progress is kept.
pub const STORAGE_KEY: &str = "rescale-lab.training.v1";

fn text(value: &Json, key: &str) -> Result<String, String> {
    value.get(key).as_text().map(String::from).ok_or_else(|| format!("\"{key}\" must be text"))
}

fn number(value: &Json, key: &str) -> Result<u32, String> {
    match value.get(key).as_number() {
        Some(n) if n.fract() == 0.0 && (0.0..=4_294_967_295.0).contains(&n) => Ok(n as u32),
        _ => Err(format!("\"{key}\" must be a whole number")),
    }
}

fn sample(value: &Json) -> Result<Sample, String> {
    let slug = text(value, "sample")?;
    Sample::from_slug(&slug).ok_or_else(|| {
        format!("unknown sample {slug:?}; the bundled samples are {}", Sample::ALL.map(Sample::slug).join(", "))
    })
}

/// Reads one exercise object; problems are named so a trainer can fix the file.
fn exercise(value: &Json) -> Result<Exercise, String> {
    let kind = match text(value, "kind")?.as_str() {
        "coverage_reach" => ExerciseKind::CoverageReach { m: number(value, "m")?, a: u64::from(number(value, "a")?) },
        "owner_of_group" => ExerciseKind::OwnerOfGroup {
            max: number(value, "max")?,
            p: number(value, "p")?,
            group: number(value, "group")?,
        },
        "busiest_groups" => ExerciseKind::BusiestGroups { max: number(value, "max")?, p: number(value, "p")? },
        "restore_starts" => {
            ExerciseKind::RestoreStarts { saved_max: number(value, "saved_max")?, p: number(value, "p")? }
        }
        "rescale_fixes_hot_key" => ExerciseKind::RescaleFixesHotKey {
            n: number(value, "n")?,
            hot: number(value, "hot")?,
            p: number(value, "p")?,
            q: number(value, "q")?,
        },
        "point_of_no_return" => ExerciseKind::PointOfNoReturn {
            current: number(value, "current")?,
            target: number(value, "target")?,
            first: number(value, "first")?,
        },
        "snapshot_max_parallelism" => ExerciseKind::SnapshotMaxParallelism { sample: sample(value)? },
        "uid_change_blocks_restore" => {
            ExerciseKind::UidChangeBlocksRestore { sample: sample(value)?, uid: text(value, "uid")? }
        }
        other => return Err(format!("unknown kind {other:?}")),
    };
    let kind = kind.validate().map_err(|e| e.to_string())?;
    Ok(Exercise { id: text(value, "id")?, title: text(value, "title")?, prompt: text(value, "prompt")?, kind })
}

/// A loaded set: its title, its exercises, and what was wrong with the file.
#[derive(Debug, Clone, PartialEq)]
pub struct ExerciseSet {
    pub title: String,
    pub exercises: Vec<Exercise>,
    pub problems: Vec<String>,
}

async fn load(path: String) -> Result<ExerciseSet, String> {
    let json = fetch_json(&path).await?;
    if json.get("format").as_text() != Some("rescale-lab-exercises") || json.get("version").as_number() != Some(1.0) {
        return Err(format!("{path} is not a version-1 Rescale Lab exercise set"));
    }
    let list = json.get("exercises").as_list().ok_or_else(|| "\"exercises\" must be a list".to_string())?;
    let mut set = ExerciseSet {
        title: text(&json, "title").unwrap_or_else(|_| "Exercises".into()),
        exercises: Vec::new(),
        problems: Vec::new(),
    };
    for (i, item) in list.iter().enumerate() {
        match exercise(item) {
            Ok(e) => set.exercises.push(e),
            Err(why) => set.problems.push(format!("exercise {} was skipped: {why}", i + 1)),
        }
    }
    Ok(set)
}

/// A same-site relative path for `exercises=`, or `None`.
pub fn safe_path(path: &str) -> Option<String> {
    let ok = !path.is_empty()
        && !path.contains("://")
        && !path.starts_with("//")
        && !path.contains('\\')
        && !path.starts_with("data:")
        && !path.starts_with("javascript:");
    ok.then(|| path.to_string())
}

#[derive(Properties, PartialEq)]
pub struct TrainingPathProps {
    /// `exercises=` from the link, if any.
    pub path: Option<String>,
}

#[function_component]
pub fn TrainingPath(props: &TrainingPathProps) -> Html {
    let set = use_state(|| None::<Result<ExerciseSet, String>>);
    {
        let set = set.clone();
        let path = props.path.clone();
        use_effect_with(path, move |path| {
            let target = match path {
                None => Ok("static/exercises.json".to_string()),
                Some(p) => safe_path(p)
                    .ok_or_else(|| format!("exercises={p:?} is not a path on this site; using the built-in set")),
            };
            let set = set.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let loaded = match target {
                    Ok(p) => load(p).await,
                    Err(why) => load("static/exercises.json".to_string()).await.map(|mut s| {
                        s.problems.insert(0, why);
                        s
                    }),
                };
                set.set(Some(loaded));
            });
        });
    }
    let stored = use_memo((), |_| browser::storage_get(STORAGE_KEY));
    let progress = use_state(|| match stored.as_deref() {
        None => (TrainingProgress::default(), None),
        Some(text) => match TrainingProgress::parse(text) {
            Some(p) => (p, None),
            None => (
                TrainingProgress::default(),
                Some("Saved training progress was unreadable (older or damaged), so it was set aside.".to_string()),
            ),
        },
    });
    use_effect_with(progress.0.clone(), |p| browser::storage_set(STORAGE_KEY, &p.format()));
    let responses = use_state(BTreeMap::<String, String>::new);
    let feedback = use_state(Feedback::new);
    let on_reset = {
        let (progress, feedback) = (progress.clone(), feedback.clone());
        Callback::from(move |_: MouseEvent| {
            progress.set((TrainingProgress::default(), None));
            feedback.set(BTreeMap::new());
        })
    };
    let body = match set.as_ref() {
        None => html! { <p role="status">{ "Loading the exercises…" }</p> },
        Some(Err(why)) => {
            html! { <p class="alert" role="alert">{ format!("The exercises could not be loaded: {why}.") }</p> }
        }
        Some(Ok(s)) => html! {
            <>
                <p data-testid="training-score" role="status">{ format!("Score: {} of {}.", s.exercises.iter().filter(|e| progress.0.answers.get(&e.id).is_some_and(|a| a.0)).count(), s.exercises.len()) }</p>
                if !s.problems.is_empty() {
                    <ul class="notices">{ for s.problems.iter().map(|p| html! { <li>{ p.clone() }</li> }) }</ul>
                }
                <ol class="training-steps">
                    { for s.exercises.iter().map(|e| step(e, &progress, &responses, &feedback)) }
                </ol>
            </>
        },
    };
    html! {
        <section class="training" aria-labelledby="training-title">
            <h2 id="training-title">{ set.as_ref().and_then(|s| s.as_ref().ok()).map_or("Guided path".to_string(), |s| format!("Guided path: {}", s.title)) }</h2>
            <p>{ "Short steps through the labs. Each ends in a prediction; check it, then open the lab to see why." }</p>
            if let Some(note) = &progress.1 {
                <p class="notices" role="status">{ note.clone() }</p>
            }
            { body }
            <button type="button" onclick={on_reset}>{ "Reset progress" }</button>
        </section>
    }
}

/// Per exercise: graded (right or not, with the reason), or why the answer could not be read.
type Feedback = BTreeMap<String, Result<(bool, String), String>>;

fn step(
    e: &Exercise,
    progress: &UseStateHandle<(TrainingProgress, Option<String>)>,
    responses: &UseStateHandle<BTreeMap<String, String>>,
    feedback: &UseStateHandle<Feedback>,
) -> Html {
    let id = e.id.clone();
    let input_id = format!("training-{}", e.id);
    let (answer, _) = e.kind.solve();
    let on_input = {
        let (responses, id) = (responses.clone(), id.clone());
        Callback::from(move |ev: InputEvent| {
            let value = browser::events::input_value(&ev);
            let mut next = (*responses).clone();
            next.insert(id.clone(), value);
            responses.set(next);
        })
    };
    let on_check = {
        let (responses, feedback, progress, kind, id) =
            (responses.clone(), feedback.clone(), progress.clone(), e.kind.clone(), id.clone());
        Callback::from(move |_: MouseEvent| {
            let response = responses.get(&id).cloned().unwrap_or_default();
            let result = grade(&kind, &response).map(|ok| (ok, kind.solve().1)).map_err(|e| e.to_string());
            if let Ok((ok, _)) = &result {
                let mut p = progress.0.clone();
                p.answers.insert(id.clone(), (*ok, response.clone()));
                progress.set((p, progress.1.clone()));
            }
            let mut f = (*feedback).clone();
            f.insert(id.clone(), result);
            feedback.set(f);
        })
    };
    let earlier = progress.0.answers.get(&e.id);
    let shown = feedback.get(&e.id).cloned().or_else(|| earlier.map(|(ok, _)| Ok((*ok, e.kind.solve().1))));
    let hint = match answer {
        Answer::Number(_) => "A whole number.",
        Answer::YesNo(_) => "yes or no.",
    };
    html! {
        <li key={e.id.clone()} class="training-step" data-exercise={e.id.clone()}>
            <h3>{ e.title.clone() }</h3>
            <p>{ e.prompt.clone() }</p>
            <div class="field">
                <label for={input_id.clone()}>{ format!("Your answer: {}", e.title) }</label>
                <input id={input_id.clone()} type="text" autocomplete="off" spellcheck="false" aria-describedby={format!("{input_id}-hint")}
                    value={responses.get(&e.id).cloned().or_else(|| earlier.map(|a| a.1.clone())).unwrap_or_default()} oninput={on_input} />
                <p class="field-hint" id={format!("{input_id}-hint")}>{ hint }</p>
            </div>
            <button type="button" onclick={on_check}>{ format!("Check: {}", e.title) }</button>
            { match shown {
                None => html! {},
                Some(Ok((ok, why))) => html! {
                    <p class={classes!("training-verdict", if ok { "correct" } else { "incorrect" })} role="status" data-verdict={if ok { "correct" } else { "incorrect" }}>
                        <strong>{ if ok { "Correct. " } else { "Not quite. " } }</strong>{ why }
                    </p>
                },
                Some(Err(why)) => html! { <p class="field-error" role="alert">{ why }</p> },
            } }
            <p><a href={e.kind.lab_link()}>{ "Open the lab for this step" }</a></p>
        </li>
    }
}
