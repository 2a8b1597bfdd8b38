//! The home page: what Rescale Lab is, and every registered lab with a link.

use yew::prelude::*;

use super::Lab;
use crate::url::workshop::WorkshopQuery;

#[derive(Properties, PartialEq)]
pub struct HomeProps {
    /// `exercises=PATH`: an exercise set for this visit.
    #[prop_or_default]
    pub exercises: Option<String>,
    /// The trainer's modes (`answers=`, `present=1`, `key=1`).
    #[prop_or_default]
    pub workshop: WorkshopQuery,
    /// `step=ID`: one step of the path.
    #[prop_or_default]
    pub step: Option<String>,
    /// `theme=`: the labs' links carry it.
    #[prop_or_default]
    pub theme: crate::url::Theme,
}

crate::components::deferred::deferred!(
    /// The guided path, its code (the exercises' grading: planner, restore rules, snapshot
    /// reader and the bundled snapshots) fetched when the path is wanted.
    DeferredPath(super::training::TrainingPathProps) => super::training::TrainingPath, chunk home_training, "the guided path"
);

/// Lists [`Lab::ALL`] with their summaries, then the guided training path; in presenter mode
/// and for the answer key, the guided path alone.
#[function_component]
pub fn Home(props: &HomeProps) -> Html {
    let path = html! {
        <crate::components::Wanted height="medium">
            <DeferredPath path={props.exercises.clone()} mode={props.workshop} step={props.step.clone()} />
        </crate::components::Wanted>
    };
    // This page's link is the visit: its labs open as the trainer's link asks.
    let visit = crate::url::Visit {
        answers_hidden: props.workshop.answers_hidden,
        exercises: props.exercises.clone(),
        theme: props.theme,
    };
    // An LMS launched the page: the path alone (a lab opens in a tab of its own).
    if props.workshop.present || props.workshop.key || crate::browser::lms::launched() {
        return html! {
            <section class="home" aria-labelledby="home-title">
                <h1 id="home-title">{ "Rescale Lab" }</h1>
                { path }
            </section>
        };
    }
    html! {
        <section class="home" aria-labelledby="home-title">
            <h1 id="home-title">{ "Rescale Lab" }</h1>
            <p class="lede">
                { "Keyed state in Flink lives in key groups: a fixed number of buckets chosen by \
                   the max parallelism. Rescaling never re-hashes a key; it only hands whole \
                   groups to different subtasks. These labs compute exactly what Flink computes \
                   for String, Integer and Long keys, in your browser." }
            </p>
            <h2>{ "Labs" }</h2>
            <ul class="lab-list">
                { for Lab::ALL.iter().map(|lab| html! {
                    <li key={lab.slug()}>
                        <a href={crate::url::lab_href(*lab, &visit.lab_pairs(*lab))}>{ lab.title() }</a>
                        <p>{ lab.summary() }</p>
                    </li>
                }) }
            </ul>
            { path }
        </section>
    }
}
