//! How a command block cuts its lines into words: the units kept together and the heads of
//! long words (`code_lines.rs`).

use super::{head, units};

/// A long word keeps its head whole: never a lone `-` or `p` at the end of a row.
#[test]
fn a_long_words_head_is_kept_whole() {
    for (word, kept) in [
        ("-Dpipeline.max-parallelism=1200", "-Dpipeline."),
        ("pipeline.max-parallelism:", "pipeline."),
        ("http://<jobmanager>:8081/jobs/<job-id>/resource-requirements", ""),
        ("--allowNonRestoredState-and-more-words-here", "--allowNonRestoredState-"),
        ("--aVeryLongFlagWithoutAnyBreakInIt=1", ""),
        ("jobmanager.scheduler:", "jobmanager.scheduler:"),
        ("", ""),
    ] {
        assert_eq!(&word[..head(word)], kept, "{word}");
    }
}

/// Joined again with single spaces the units give the line back; `#` and `\` hold to
/// their words.
#[test]
fn units_keep_the_text_and_hold_marks_to_their_words() {
    for (text, expected) in [
        ("curl -s http://x \\", vec!["curl", "-s", "http://x \\"]),
        (" | jq '.' \\", vec!["", "|", "jq", "'.' \\"]),
        ("# keep it", vec!["# keep", "it"]),
        ("a  b", vec!["a", "", "b"]),
        ("\\", vec!["\\"]),
        ("x: 1 # two words", vec!["x:", "1", "# two", "words"]),
        ("timeout: 467 min", vec!["timeout:", "467 min"]),
        ("t: \"467 min\" # as is", vec!["t:", "\"467 min\"", "# as", "is"]),
        ("-p 100 -cm NO_CLAIM", vec!["-p", "100", "-cm", "NO_CLAIM"]),
        ("", vec![""]),
    ] {
        let units = units(text);
        assert_eq!(units, expected, "{text:?}");
        assert_eq!(units.join(" "), text);
    }
}
