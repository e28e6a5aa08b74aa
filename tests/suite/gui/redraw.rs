//! Redraw on demand (issue 30, item 1): an idle board asks for no frames, a held pan key
//! or a computer player's turn does.

use super::{AI1, ai_app, app_with, update_until};
use bevy::prelude::*;
use wargame::gui::ai::{AiMode, AiPlay};

/// Requests for a frame read so far (a reader after `keep_awake`).
#[derive(Resource, Default)]
struct Asked(usize);

/// How many frames `keep_awake` asks for over `n` updates.
fn redraws_over(app: &mut App, n: usize) -> usize {
    let before = app.world().resource::<Asked>().0;
    for _ in 0..n {
        app.update();
    }
    app.world().resource::<Asked>().0 - before
}

fn with_keep_awake(mut app: App) -> App {
    use bevy::window::RequestRedraw;
    app.add_message::<RequestRedraw>();
    app.init_resource::<Asked>();
    app.add_systems(
        Last,
        (
            wargame::gui::redraw::keep_awake,
            |mut r: MessageReader<RequestRedraw>, mut asked: ResMut<Asked>| {
                asked.0 += r.read().count();
            },
        )
            .chain(),
    );
    app
}

#[test]
fn an_idle_board_asks_for_no_frames_and_a_held_pan_key_does() {
    // Two human seats, nobody touching anything: the window may sleep.
    let mut app = with_keep_awake(app_with("harvest_the_wind/wagon_box"));
    assert_eq!(
        redraws_over(&mut app, 10),
        0,
        "an idle board asks for no frame"
    );
    // A pan key held down moves the camera every frame.
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::ArrowLeft);
    assert_eq!(redraws_over(&mut app, 3), 3);
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .release(KeyCode::ArrowLeft);
    app.update();
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .clear();
    assert_eq!(redraws_over(&mut app, 5), 0, "idle again once released");
}

#[test]
fn a_computer_player_keeps_the_window_drawing_until_a_human_is_to_act() {
    // The Sioux are a computer player: while it is their turn (thinking, or waiting for
    // the pace delay) every update asks for the next; paused with an answer held, none.
    let mut app = with_keep_awake(ai_app(
        "harvest_the_wind/massacre_canyon",
        2,
        false,
        vec![Some(AI1), None],
    ));
    assert_eq!(
        redraws_over(&mut app, 3),
        3,
        "the computer's turn needs frames"
    );
    app.world_mut().resource_mut::<AiPlay>().mode = AiMode::Paused;
    update_until(&mut app, "an answer is ready", |app| {
        app.world().resource::<AiPlay>().ready()
    });
    assert_eq!(
        redraws_over(&mut app, 5),
        0,
        "paused with the answer held: the window waits for Step"
    );
}
