//! The home page: what Rescale Lab is, and every registered lab with a link.

use yew::prelude::*;

use super::Lab;

#[derive(Properties, PartialEq)]
pub struct HomeProps {
    /// `exercises=PATH`: an exercise set for this visit.
    #[prop_or_default]
    pub exercises: Option<String>,
}

/// Lists [`Lab::ALL`] with their summaries, then the guided training path.
#[function_component]
pub fn Home(props: &HomeProps) -> Html {
    html! {
        <section class="home" aria-labelledby="home-title">
            <h1 id="home-title">{ "Rescale Lab" }</h1>
            <p class="lede">
                { "Keyed state in Flink lives in key groups: a fixed number of buckets chosen by \
                   the max parallelism. Rescaling never re-hashes a key; it only hands whole \
                   groups to different subtasks. These labs compute exactly what Flink computes, \
                   in your browser." }
            </p>
            <h2>{ "Labs" }</h2>
            <ul class="lab-list">
                { for Lab::ALL.iter().map(|lab| html! {
                    <li key={lab.slug()}>
                        <a href={crate::url::lab_href(*lab, &[])}>{ lab.title() }</a>
                        <p>{ lab.summary() }</p>
                    </li>
                }) }
            </ul>
            <super::training::TrainingPath path={props.exercises.clone()} />
        </section>
    }
}
