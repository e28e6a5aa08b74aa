//! The screenshot smoke test: every shipped scenario rendered mid-game under Xvfb.

use crate::util::{bin, root, scratch};
use wargame::games;

/// Screenshot smoke test: every scenario renders mid-game under Xvfb to a PNG that is
/// not blank. Needs `xvfb-run` and a Vulkan driver (tests/run.sh installs them).
#[test]
fn screenshot_every_scenario_under_xvfb() {
    if std::env::var_os("WARGAME_SKIP_GUI_TESTS").is_some() {
        eprintln!("WARGAME_SKIP_GUI_TESTS set: skipping the screenshot smoke test");
        return;
    }
    let dir = scratch("shots");
    let mut ids = crate::util::scenario_ids();
    ids.extend(games::scenarios(&root(), "moved_like_the_wind"));
    ids.extend(games::scenarios(&root(), "nez_perce_tactical"));
    assert!(ids.len() >= 17);
    for id in ids {
        let out = dir.join(format!("{}.png", id.replace('/', "_")));
        let status = std::process::Command::new("xvfb-run")
            .args([
                "-a",
                "-s",
                "-screen 0 1400x900x24",
                bin(),
                "screenshot",
                "--scenario",
                &id,
                "--seed",
                "2",
                "--steps",
                "60",
                "--out",
            ])
            .arg(&out)
            .current_dir(root())
            .env("WGPU_BACKEND", "vulkan")
            .status()
            .expect("xvfb-run must be installed (tests/run.sh installs it)");
        assert!(status.success(), "{id}: screenshot exited with {status}");
        let img = image::open(&out)
            .unwrap_or_else(|e| panic!("{id}: {e}"))
            .to_rgb8();
        assert!(img.width() >= 1000 && img.height() >= 700);
        let mut colours = std::collections::HashSet::new();
        for p in img.pixels().step_by(97) {
            colours.insert(p.0);
        }
        assert!(
            colours.len() > 40,
            "{id}: the screenshot looks blank ({} colours)",
            colours.len()
        );
    }
}
