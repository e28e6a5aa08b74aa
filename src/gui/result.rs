//! The result window over the board when a game ends: each seat's result and score,
//! the victory rule that decided it, a chart of each seat's score at the end of every
//! turn, and the way to replay the game or go back to the menu.

use super::Screen;
use super::playing::Game;
use crate::core::game::{Outcome, SeatResult};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// Register the result window.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        result_ui
            .run_if(in_state(Screen::Playing))
            .after(super::playing::play_ui),
    );
}

/// The seats' colours in the score chart: the Okabe-Ito palette, told apart under
/// every common colour-vision deficiency.
pub const SEAT_COLOURS: [[u8; 3]; 5] = [
    [230, 159, 0],
    [86, 180, 233],
    [0, 158, 115],
    [213, 94, 0],
    [204, 121, 167],
];

/// The score trace of the game on screen, computed once per game and length.
#[derive(Default)]
struct Trace {
    key: Option<(u64, usize)>,
    first_turn: u32,
    rows: Vec<Vec<i32>>,
}

fn result_ui(
    mut contexts: EguiContexts,
    game: Option<Res<Game>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
    mut trace: Local<Trace>,
) -> Result {
    let Some(game) = game else { return Ok(()) };
    let Some(outcome) = game.session().outcome() else {
        return Ok(());
    };
    // Over a look back, only at its last step, and only in the replay viewer (a
    // catch-up never reaches a finished game: the live game would be over too).
    let viewing = game.looking().is_some();
    if viewing && game.session().history().len() != game.live().history().len() {
        return Ok(());
    }
    let live = game.live();
    let key = (game.serial(), live.history().len());
    if trace.key != Some(key) {
        let (first, rows) = live.score_trace();
        *trace = Trace {
            key: Some(key),
            first_turn: first,
            rows,
        };
    }
    let names: Vec<String> = (0..live.seats()).map(|s| game.who(s)).collect();
    let ctx = contexts.ctx_mut()?;
    let mut replay = false;
    egui::Window::new("Game over")
        .collapsible(true)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 60.0))
        .show(ctx, |ui| {
            ui.heading(headline(&outcome, |s| game.who(s)));
            ui.horizontal_wrapped(|ui| {
                ui.strong("Decided by:");
                ui.colored_label(egui::Color32::from_rgb(240, 200, 80), &outcome.summary);
            });
            for (seat, name) in names.iter().enumerate() {
                let score = outcome
                    .scores
                    .get(seat)
                    .map_or(String::new(), |s| format!(", {s} points"));
                let r = u8::try_from(seat).map_or(SeatResult::Draw, |s| outcome.result(s));
                ui.label(format!("{name}: {}{score}", result_word(r)));
            }
            if trace.rows.iter().flatten().any(|v| *v != 0) {
                ui.separator();
                ui.strong("Score at the end of each turn");
                let rows: Vec<Vec<f32>> = trace
                    .rows
                    .iter()
                    .map(|r| r.iter().map(|v| *v as f32).collect())
                    .collect();
                score_chart(ui, &names, trace.first_turn, &rows);
            }
            ui.horizontal(|ui| {
                if !viewing
                    && ui
                        .button("Replay this game")
                        .on_hover_text("Step through it from the start, every seat's log shown")
                        .clicked()
                {
                    replay = true;
                }
                if ui.button("Back to the menu").clicked() {
                    // Only asked for: the transition to the menu ends the game.
                    next.set(Screen::Menu);
                }
            });
        });
    if replay {
        // The game is swapped for its replay in one command: it is never missing, and
        // one that cannot be replayed stays, saying why.
        commands.queue(|world: &mut World| {
            if let Some(g) = world.remove_resource::<Game>() {
                world.insert_resource(g.into_replay());
            }
        });
    }
    Ok(())
}

/// The range of the chart's score axis: every score, and 0, out to whole numbers.
pub fn score_range(rows: &[Vec<f32>]) -> (f32, f32) {
    let lo = rows
        .iter()
        .flatten()
        .copied()
        .fold(0.0f32, f32::min)
        .floor();
    let hi = rows.iter().flatten().copied().fold(0.0f32, f32::max).ceil();
    if hi <= lo { (lo, lo + 1.0) } else { (lo, hi) }
}

/// Where turn row `i` of `n` with score `v` is drawn in `rect`, the score axis spanning
/// `range`.
pub fn chart_point(i: usize, n: usize, v: f32, range: (f32, f32), rect: egui::Rect) -> egui::Pos2 {
    let x = if n <= 1 {
        rect.center().x
    } else {
        rect.left() + rect.width() * i as f32 / (n - 1) as f32
    };
    let t = (v - range.0) / (range.1 - range.0);
    egui::pos2(x, rect.bottom() - rect.height() * t)
}

/// A line per seat of its score at the end of each turn, with the zero line, the axis
/// values and a legend.
pub fn score_chart(ui: &mut egui::Ui, names: &[String], first_turn: u32, rows: &[Vec<f32>]) {
    let (resp, painter) = ui.allocate_painter(egui::vec2(440.0, 180.0), egui::Sense::hover());
    let outer = resp.rect;
    let rect = egui::Rect::from_min_max(
        outer.min + egui::vec2(36.0, 8.0),
        outer.max - egui::vec2(10.0, 22.0),
    );
    let range = score_range(rows);
    let n = rows.len();
    let axis = egui::Stroke::new(1.0, egui::Color32::from_gray(110));
    painter.rect_stroke(rect, 0.0, axis, egui::StrokeKind::Inside);
    let zero = chart_point(0, n, 0.0, range, rect).y;
    painter.line_segment(
        [
            egui::pos2(rect.left(), zero),
            egui::pos2(rect.right(), zero),
        ],
        egui::Stroke::new(1.0, egui::Color32::from_gray(80)),
    );
    let font = egui::FontId::proportional(11.0);
    let text = egui::Color32::from_gray(190);
    for v in [range.0, 0.0, range.1] {
        let y = chart_point(0, n, v, range, rect).y;
        painter.text(
            egui::pos2(rect.left() - 4.0, y),
            egui::Align2::RIGHT_CENTER,
            v.to_string(),
            font.clone(),
            text,
        );
    }
    for i in 0..n {
        let x = chart_point(i, n, range.0, range, rect).x;
        painter.line_segment(
            [
                egui::pos2(x, rect.bottom()),
                egui::pos2(x, rect.bottom() + 4.0),
            ],
            axis,
        );
    }
    let last_turn = first_turn + n.saturating_sub(1) as u32;
    painter.text(
        rect.left_bottom() + egui::vec2(0.0, 4.0),
        egui::Align2::LEFT_TOP,
        format!("turn {first_turn}"),
        font.clone(),
        text,
    );
    painter.text(
        rect.right_bottom() + egui::vec2(0.0, 4.0),
        egui::Align2::RIGHT_TOP,
        format!("turn {last_turn}"),
        font.clone(),
        text,
    );
    for (seat, name) in names.iter().enumerate() {
        let [r, g, b] = SEAT_COLOURS[seat % SEAT_COLOURS.len()];
        let colour = egui::Color32::from_rgb(r, g, b);
        let points: Vec<egui::Pos2> = rows
            .iter()
            .enumerate()
            .map(|(i, row)| chart_point(i, n, row.get(seat).copied().unwrap_or(0.0), range, rect))
            .collect();
        // Each seat its own dash, so the lines are told apart without colour too.
        if seat == 0 {
            painter.add(egui::Shape::line(
                points.clone(),
                egui::Stroke::new(2.0, colour),
            ));
        } else {
            let dash = 3.0 + 3.0 * seat as f32;
            painter.extend(egui::Shape::dashed_line(
                &points,
                egui::Stroke::new(2.0, colour),
                dash,
                3.0,
            ));
        }
        if let Some(p) = points.last() {
            painter.circle_filled(*p, 3.0, colour);
        }
        let legend = rect.left_top() + egui::vec2(6.0, 4.0 + 13.0 * seat as f32);
        painter.text(legend, egui::Align2::LEFT_TOP, name, font.clone(), colour);
    }
}

/// The window's heading: who won, a draw, or (with ranks) who came first.
pub fn headline(outcome: &Outcome, who: impl Fn(u8) -> String) -> String {
    let results = &outcome.results;
    if let Some(w) = outcome.winner() {
        format!("{} wins", who(w))
    } else if results.iter().all(|r| *r == SeatResult::Draw) {
        "Draw".into()
    } else if results.iter().all(|r| *r == SeatResult::Loss) {
        "Lost".into()
    } else {
        "Game over".into()
    }
}

/// One seat's result in words.
pub fn result_word(r: SeatResult) -> String {
    match r {
        SeatResult::Win => "won".into(),
        SeatResult::Loss => "lost".into(),
        SeatResult::Draw => "draw".into(),
        SeatResult::Rank(n) => format!("place {n}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_spans_every_score_and_zero_and_puts_turns_left_to_right() {
        assert_eq!(score_range(&[vec![3.0, 9.0], vec![5.0, 11.5]]), (0.0, 12.0));
        assert_eq!(score_range(&[vec![-4.0, 2.0]]), (-4.0, 2.0));
        assert_eq!(score_range(&[]), (0.0, 1.0));
        let r = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(100.0, 50.0));
        assert_eq!(
            chart_point(0, 3, 0.0, (0.0, 10.0), r),
            egui::pos2(0.0, 50.0)
        );
        assert_eq!(
            chart_point(2, 3, 10.0, (0.0, 10.0), r),
            egui::pos2(100.0, 0.0)
        );
        assert_eq!(
            chart_point(1, 3, 5.0, (0.0, 10.0), r),
            egui::pos2(50.0, 25.0)
        );
    }
}
