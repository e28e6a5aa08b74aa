//! The independent rules reviews' scripts (`tests/scripts/rosebud/`, written from the
//! seed alone by reviewers who had not seen the code: `review_*` for sections 4-8, 12,
//! 17 and 18, `review2_*` for fire, morale, retreats, routs, rally and ammunition,
//! `review3_*` for melee, `review4_*` for Leader losses and pursuit, `review5_*` for the
//! Pack Trains and the special rules 16A, 16C, 16D and 16E, `review6_*` for Voluntary
//! Rout (10J1) and the optional rules 14C, 14D and grass fires) run here: every one
//! must pass.
//! A defect a review found and that is not fixed yet keeps its script in
//! `tests/scripts/rosebud_open/`, where each script must still fail: when one passes,
//! the defect is fixed and the script moves back.

#[test]
fn the_rules_review_scripts_all_pass() {
    crate::util::review_scripts_pass("tests/scripts/rosebud", 328);
}

#[test]
fn the_open_review_findings_still_fail() {
    crate::util::open_findings_still_fail("tests/scripts/rosebud_open", "tests/scripts/rosebud");
}
