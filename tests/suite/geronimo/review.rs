//! The independent rules review of *Geronimo!*: scripts written from the seed alone by a
//! reader who had not seen the rules core (tests/scripts/geronimo/), and the defects it
//! found that are still open (tests/scripts/geronimo_open/: each must still fail).

#[test]
fn the_reviews_scripts_pass() {
    crate::util::review_scripts_pass("tests/scripts/geronimo", 90);
}

#[test]
fn the_reviews_open_findings_still_fail() {
    crate::util::open_findings_still_fail("tests/scripts/geronimo_open", "tests/scripts/geronimo");
}
