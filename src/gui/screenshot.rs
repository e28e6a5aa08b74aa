//! Screenshot mode (`wargame screenshot`): render a number of frames, record their
//! times (the frame-time benchmark), write the window to a PNG and exit.

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use std::path::PathBuf;

/// Screenshot request.
#[derive(Resource)]
struct AutoShot {
    path: PathBuf,
    at_frame: u32,
}

/// Write a screenshot of the window to `path` after `frames` frames, then exit.
pub fn install(app: &mut App, path: PathBuf, frames: u32) {
    app.insert_resource(AutoShot {
        path,
        at_frame: frames,
    });
    app.init_resource::<FrameTimes>();
    app.add_systems(Update, (record_frame_time, auto_screenshot));
}

/// Frame times recorded in screenshot mode (the frame-time benchmark).
#[derive(Resource, Default)]
struct FrameTimes(Vec<f32>);

fn record_frame_time(time: Res<Time>, frames: Res<FrameCount>, mut times: ResMut<FrameTimes>) {
    // Skip start-up frames (pipeline compilation, font atlas).
    if frames.0 > 10 {
        times.0.push(time.delta_secs());
    }
}

fn auto_screenshot(
    mut commands: Commands,
    frames: Res<FrameCount>,
    shot: Res<AutoShot>,
    times: Res<FrameTimes>,
    mut done: Local<bool>,
) {
    if *done || frames.0 < shot.at_frame {
        return;
    }
    *done = true;
    let mut t = times.0.clone();
    if !t.is_empty() {
        t.sort_by(f32::total_cmp);
        let mean = t.iter().sum::<f32>() / t.len() as f32;
        let p95 = t[(t.len() * 95 / 100).min(t.len() - 1)];
        println!(
            "frame time over {} frames: mean {:.2} ms, median {:.2} ms, p95 {:.2} ms, max {:.2} ms",
            t.len(),
            mean * 1e3,
            t[t.len() / 2] * 1e3,
            p95 * 1e3,
            t[t.len() - 1] * 1e3
        );
    }
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(shot.path.clone()))
        .observe(
            |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                exit.write(AppExit::Success);
            },
        );
}
