//! The independent rules review's scripts (`tests/scripts/nez_perce_tactical/`, written
//! from the seed alone by a reviewer who had not seen the code) run here: every one
//! must pass. Where the review and the engine's documented reading differed, the script
//! says so in its comments.

use crate::util::{bin, root};

#[test]
fn the_rules_review_scripts_all_pass() {
    let out = std::process::Command::new(bin())
        .args(["script", "tests/scripts/nez_perce_tactical"])
        .current_dir(root())
        .output()
        .expect("run wargame");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let n: usize = text
        .lines()
        .last()
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(n >= 45, "every review script ran: {text}");
}
