//! The runbook as Markdown, to copy or download: a heading per step, its commands in a shell
//! block, its configuration in a YAML block, the operator's fields as a list, then the notes;
//! placeholders outside code as code spans, so a renderer keeps them.

use super::Runbook;
use crate::markdown::placeholders_as_code;

/// How a step's configuration is given, said before its keys on the page and in the Markdown
/// (not in the command block, so that pasting the commands alone is not taken for the whole step).
pub const CONFIG_HOW: &str =
    "Its configuration: each key as -Dkey=value on the step's flink run line, or in the job's configuration file.";

impl Runbook {
    /// The runbook as Markdown: a heading per step, the commands in a shell block, the
    /// configuration in a YAML block, the operator's fields as a list.
    pub fn markdown(&self) -> String {
        let mut s = format!("# Rescale runbook (Flink {})\n", self.release.slug());
        for (i, st) in self.steps.iter().enumerate() {
            s.push_str(&format!("\n## {}. {}\n", i + 1, st.title));
            if !st.cli.is_empty() {
                s.push_str("\n```sh\n");
                for c in &st.cli {
                    s.push_str(c);
                    s.push('\n');
                }
                s.push_str("```\n");
            }
            if !st.config.is_empty() {
                s.push_str(&format!("\n{CONFIG_HOW}\n"));
                s.push_str("\n```yaml\n");
                for (k, v) in &st.config {
                    s.push_str(&format!("{k}: {v}\n"));
                }
                s.push_str("```\n");
            }
            if !st.k8s.is_empty() {
                s.push_str("\nKubernetes operator (FlinkDeployment):\n");
                for f in &st.k8s {
                    s.push_str(&format!("- {f}\n"));
                }
            }
        }
        s.push_str("\n## Notes\n");
        for n in &self.notes {
            s.push_str(&format!("- {n}\n"));
        }
        placeholders_as_code(&s)
    }
}
