//! placeholder
pub mod state;
use yew::prelude::*;
use crate::url::Location;
#[derive(Properties, PartialEq)]
pub struct SkewLabProps { pub location: Location }
#[function_component]
pub fn SkewLab(_props: &SkewLabProps) -> Html { html! {} }
