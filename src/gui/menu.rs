//! The main menu: game, scenario (background, victory, reconstructions, balance),
//! options drawn from the game's definition in the registry, seats (human or computer),
//! saved games.

use super::playing::{Game, SaveDir};
use super::{Screen, balance};
use crate::core::ai::Player;
use crate::core::registry::{Choice, GameDef, OptionDef, OptionKind, OptionValue};
use crate::core::session::GameSession;
use crate::games;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use std::path::PathBuf;

/// Register the menu screen.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuState>()
        .init_resource::<SaveDir>()
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            menu_ui.run_if(in_state(Screen::Menu)),
        );
}

/// Menu choices.
#[derive(Resource, Default)]
pub struct MenuState {
    game: usize,
    scenario: usize,
    seed: u64,
    curtain: bool,
    /// The chosen value of each optional rule, per game id, in the order of the game's
    /// option definitions (missing: defaults).
    option_values: std::collections::HashMap<&'static str, Vec<OptionValue>>,
    /// The names each pick option offers, per game id and option key, read once.
    choices: std::collections::HashMap<(&'static str, &'static str), Vec<Choice>>,
    error: String,
    /// The chosen game's scenarios (id, summary or the load error), read once per game.
    cache: Vec<(String, Result<games::ScenarioInfo, String>)>,
    /// The game the cache was read for.
    cached_game: Option<usize>,
    /// Who plays each seat of the next game.
    seats: Vec<SeatChoice>,
    /// The chosen scenario's seat names, read once per scenario and options (the
    /// scenario id and options, names).
    seat_names: Option<(String, Vec<String>)>,
    /// The chosen scenario's shipped balance report (scenario id and report variant,
    /// text if any).
    report: Option<(String, Option<String>)>,
    /// Which shipped report is shown: empty for random play, else the players part of
    /// its file name (`ai-random`, ...).
    report_variant: String,
    /// The shipped report variants of the chosen scenario (scenario id, variants).
    report_variants: Option<(String, Vec<String>)>,
    /// How many random games "Compute balance" plays.
    balance_games: usize,
    /// The balance computation in progress.
    balance_job: Option<balance::Job>,
    /// The last computed balance (scenario id and options, result).
    balance: Option<(String, Result<balance::Summary, String>)>,
    /// The save chosen for the replay viewer, its seat names and whether its game is
    /// over (the seat to watch it as is asked next).
    replay_pick: Option<(PathBuf, Vec<String>, bool)>,
    /// The last game, scenario and seats have been taken from the settings.
    restored: bool,
    /// The fault message on screen (a replay the engine could not open), until closed.
    fault: Option<String>,
}

/// The menu's choices as the settings last kept them: the game and scenario (by
/// position in `games` and in that game's `scenarios`) and the seats. What is no
/// longer there is left at the first entry.
pub fn restored_choice(
    settings: &crate::settings::Settings,
    games: &[&str],
    scenarios: impl Fn(usize) -> Vec<String>,
) -> (usize, usize, Vec<SeatChoice>) {
    let game = settings
        .last_game
        .as_deref()
        .and_then(|g| games.iter().position(|x| *x == g))
        .unwrap_or(0);
    let scenario = settings
        .last_scenario
        .as_deref()
        .and_then(|sc| scenarios(game).iter().position(|x| x == sc))
        .unwrap_or(0);
    let seats = settings
        .seats
        .iter()
        .map(|s| SeatChoice {
            ai: s.ai,
            level: s.level.clamp(1, 5),
            name: s.name.chars().take(24).collect(),
        })
        .collect();
    (game, scenario, seats)
}

impl MenuState {
    /// Whether a balance computation is running (or finished and not yet shown): the
    /// menu needs frames to show its progress and collect it.
    pub fn computing(&self) -> bool {
        self.balance_job.is_some()
    }
}

/// Who plays a seat, as chosen in the menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatChoice {
    /// A computer player (otherwise a human at the screen).
    pub ai: bool,
    /// The computer player's level (1-5).
    pub level: u8,
    /// The human player's name as typed (empty: "Player N").
    pub name: String,
}

impl Default for SeatChoice {
    fn default() -> Self {
        Self {
            ai: false,
            level: crate::core::ai::DEFAULT_LEVEL,
            name: String::new(),
        }
    }
}

impl SeatChoice {
    /// The computer player, or `None` for a human.
    pub fn player(&self) -> Option<Player> {
        self.ai.then_some(Player::Search {
            level: self.level.clamp(1, 5),
        })
    }
}

/// The option keys the scenario `id` does not take (from its cached summary).
fn skipped(menu: &MenuState, id: &str) -> Vec<&'static str> {
    menu.cache
        .iter()
        .find(|(i, _)| i == id)
        .and_then(|(_, l)| l.as_ref().ok())
        .map(|info| info.skip_options.clone())
        .unwrap_or_default()
}

/// The optional rules a menu choice means for a scenario id, in notation: each option
/// the game defines that is not at its default and that the scenario takes, in the
/// order of the definitions.
fn menu_options(menu: &MenuState, id: &str) -> Vec<String> {
    let game = id.split('/').next().unwrap_or_default();
    let Some(def) = games::registry().get(game) else {
        return vec![];
    };
    let skip = skipped(menu, id);
    let values = menu.option_values.get(def.id());
    def.options()
        .iter()
        .enumerate()
        .filter(|(_, d)| !skip.contains(&d.key))
        .filter_map(|(i, d)| {
            let v = values
                .and_then(|v| v.get(i).cloned())
                .unwrap_or_else(|| d.default_value());
            d.notation(&v)
        })
        .collect()
}

/// The menu's editors for a game's optional rules, drawn from its definitions (those
/// the chosen scenario does not take are hidden).
fn options_ui(
    ui: &mut egui::Ui,
    menu: &mut MenuState,
    def: &'static dyn GameDef,
    root: &std::path::Path,
    skip: &[&'static str],
) {
    let defs = def.options();
    if defs.iter().all(|d| skip.contains(&d.key)) {
        return;
    }
    for d in defs {
        if matches!(d.kind, OptionKind::Pick { .. }) && !skip.contains(&d.key) {
            menu.choices
                .entry((def.id(), d.key))
                .or_insert_with(|| def.option_choices(root, d.key));
        }
    }
    let MenuState {
        option_values,
        choices,
        ..
    } = menu;
    let values = option_values
        .entry(def.id())
        .or_insert_with(|| defs.iter().map(OptionDef::default_value).collect());
    values.resize_with(defs.len(), || OptionValue::Flag(false));
    ui.label("Optional rules:");
    for (d, v) in defs.iter().zip(values.iter_mut()) {
        if skip.contains(&d.key) {
            continue;
        }
        match (d.kind, v) {
            (OptionKind::Flag, OptionValue::Flag(on)) => {
                ui.checkbox(on, d.label).on_hover_text(d.help);
            }
            (OptionKind::Int { min, max, .. }, OptionValue::Ints(n)) if n.len() == 1 => {
                ui.horizontal(|ui| {
                    ui.label(format!("{}:", d.label)).on_hover_text(d.help);
                    if max - min <= 9 {
                        for t in min..=max {
                            if ui.selectable_label(n[0] == t, t.to_string()).clicked() {
                                n[0] = t;
                            }
                        }
                    } else {
                        ui.add(egui::DragValue::new(&mut n[0]).range(min..=max));
                    }
                });
            }
            (OptionKind::Ints { min, max, .. }, OptionValue::Ints(n)) => {
                ui.horizontal(|ui| {
                    ui.label(format!("{}:", d.label)).on_hover_text(d.help);
                    for (i, x) in n.iter_mut().enumerate() {
                        if let Some(part) = d.parts.get(i) {
                            ui.label(*part);
                        }
                        ui.add(egui::DragValue::new(x).range(min..=max));
                    }
                });
            }
            (OptionKind::Pick { many }, OptionValue::Names(picked)) => {
                let offered = choices.get(&(def.id(), d.key)).cloned().unwrap_or_default();
                pick_ui(ui, d, many, &offered, picked);
            }
            (_, v) => *v = d.default_value(),
        }
    }
}

/// The editor of a pick option: a collapsible list of toggles (several names) or of
/// choices (one name), and "as the scenario has it" when nothing is picked.
fn pick_ui(
    ui: &mut egui::Ui,
    d: &OptionDef,
    many: bool,
    offered: &[Choice],
    picked: &mut Vec<String>,
) {
    let summary = if picked.is_empty() {
        "as the scenario has it".to_string()
    } else {
        picked
            .iter()
            .map(|p| {
                offered
                    .iter()
                    .find(|c| &c.id == p)
                    .map_or(p.clone(), |c| c.label.clone())
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    egui::CollapsingHeader::new(format!("{}: {summary}", d.label))
        .id_salt(d.key)
        .show(ui, |ui| {
            ui.small(d.help);
            ui.horizontal_wrapped(|ui| {
                if ui
                    .selectable_label(picked.is_empty(), "the scenario's")
                    .clicked()
                {
                    picked.clear();
                }
                for c in offered {
                    let on = picked.contains(&c.id);
                    if ui.selectable_label(on, &c.label).clicked() {
                        if !many {
                            *picked = vec![c.id.clone()];
                        } else if on {
                            picked.retain(|p| p != &c.id);
                        } else {
                            picked.push(c.id.clone());
                        }
                    }
                }
            });
        });
}

/// Start a session the way the menu does (the Start button, and each game of the
/// balance computation).
fn menu_session(
    root: &std::path::Path,
    id: &str,
    seed: u64,
    options: &[String],
) -> Result<Box<dyn GameSession>, String> {
    games::new_session_with(root, id, seed, options).map_err(|e| e.to_string())
}

fn menu_ui(
    mut contexts: EguiContexts,
    mut menu: ResMut<MenuState>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    mut ui_settings: Option<ResMut<super::settings::UiSettings>>,
    save_dir: Res<SaveDir>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let root = crate::core::data::data_root();
    let registry = games::registry();
    let list = registry.games();
    if !menu.restored {
        menu.restored = true;
        if let Some(t) = super::STARTED.get() {
            info!(
                "start to an interactive menu: {} ms",
                t.elapsed().as_millis()
            );
        }
        if let Some(us) = &ui_settings {
            let ids: Vec<&str> = list.iter().map(|g| g.id()).collect();
            let (game, scenario, seats) =
                restored_choice(&us.settings, &ids, |i| list[i].scenarios(&root));
            menu.game = game;
            menu.scenario = scenario;
            menu.seats = seats;
        }
    }
    let mut root_ui = super::playing::background_ui(&ctx, "menu_root");
    egui::CentralPanel::default().show(&mut root_ui, |ui| {
        ui.heading("Wargame — board wargames of the American Indian Wars");
        ui.label(
            "Hot-seat play at one screen, or against the computer. Choose a game, a scenario and who plays each seat.",
        );
        ui.separator();
        ui.columns(2, |cols| {
            cols[0].heading("Game");
            for (i, g) in list.iter().enumerate() {
                if cols[0].selectable_label(menu.game == i, g.name()).clicked() {
                    menu.game = i;
                    menu.scenario = 0;
                }
                cols[0].small(g.blurb());
            }
            cols[0].separator();
            cols[0].heading("Scenario");
            let game = &list[menu.game.min(list.len() - 1)];
            if menu.cached_game != Some(menu.game) {
                menu.cache = game
                    .scenarios(&root)
                    .into_iter()
                    .map(|id| {
                        let l = games::scenario_info(&root, &id).map_err(|e| e.to_string());
                        (id, l)
                    })
                    .collect();
                menu.cached_game = Some(menu.game);
            }
            let ids: Vec<String> = menu.cache.iter().map(|(id, _)| id.clone()).collect();
            let mut pick = None;
            for (i, (id, l)) in menu.cache.iter().enumerate() {
                let name = match l {
                    Ok(info) => format!("{} ({})", info.name, info.subtitle),
                    Err(e) => format!("{id}: {e}"),
                };
                if cols[0].selectable_label(menu.scenario == i, name).clicked() {
                    pick = Some(i);
                }
            }
            if let Some(i) = pick {
                menu.scenario = i;
            }
            cols[0].separator();
            cols[0].heading("Options");
            cols[0].horizontal(|ui| {
                ui.label("Dice seed:");
                ui.add(egui::DragValue::new(&mut menu.seed));
            });
            cols[0].checkbox(
                &mut menu.curtain,
                "Handoff curtain between human seats (always on when a scenario hides counters)",
            );
            let skip = ids
                .get(menu.scenario)
                .map(|id| skipped(&menu, id))
                .unwrap_or_default();
            options_ui(&mut cols[0], &mut menu, *game, &root, &skip);
            cols[0].separator();
            cols[0].heading("Saved games");
            let mut saves: Vec<PathBuf> = std::fs::read_dir(&save_dir.0)
                .map(|r| {
                    r.filter_map(|e| e.ok())
                        .map(|e| e.path())
                        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                        .collect()
                })
                .unwrap_or_default();
            saves.sort();
            if saves.is_empty() {
                cols[0].small(format!(
                    "none yet (games autosave each turn to {})",
                    save_dir.0.join("autosave.ron").display()
                ));
            }
            for p in saves {
                let mut load = false;
                cols[0].horizontal(|ui| {
                    load = ui.button(format!("Load {}", p.display())).clicked();
                    if ui
                        .button("Replay")
                        .on_hover_text("Step back and forth through this game")
                        .clicked()
                    {
                        match games::load_save(&root, &p) {
                            Ok(s) => {
                                let names = (0..s.seats()).map(|k| s.seat_name(k)).collect();
                                menu.replay_pick = Some((p.clone(), names, s.outcome().is_some()));
                            }
                            Err(e) => menu.error = format!("{e}"),
                        }
                    }
                });
                if let Some((rp, names, over)) = menu.replay_pick.clone()
                    && rp == p
                {
                    let mut as_seat: Option<Option<u8>> = None;
                    cols[0].horizontal_wrapped(|ui| {
                        ui.label("Replay as:");
                        for (k, n) in names.iter().enumerate() {
                            if ui.button(n).clicked() {
                                as_seat = Some(u8::try_from(k).ok());
                            }
                        }
                        if over {
                            if ui.button("Every seat (the game is over)").clicked() {
                                as_seat = Some(None);
                            }
                        } else {
                            ui.small("(unfinished: one seat's view only)");
                        }
                    });
                    if let Some(seat) = as_seat {
                        // A save that does not load is the file's fault, told in the
                        // loader's words; a loaded game the viewer cannot open is the
                        // engine's.
                        match games::load_save(&root, &p).map(|s| Game::open_viewer(s, seat)) {
                            Ok(Ok(g)) => {
                                menu.replay_pick = None;
                                commands.insert_resource(g.with_saves(save_dir.0.clone()));
                                next.set(Screen::Playing);
                            }
                            Ok(Err((e, s))) => {
                                menu.replay_pick = None;
                                menu.fault = Some(replay_fault(&save_dir.0, s.as_ref(), seat, e));
                            }
                            Err(e) => menu.error = e.to_string(),
                        }
                    }
                }
                if load {
                    match games::load_save(&root, &p) {
                        Ok(s) => {
                            // Version-2 saves name who played each seat.
                            let (players, names) = crate::core::save::SaveFile::read(&p)
                                .map(|f| (Game::players_of(&f), Game::names_of(&f)))
                                .unwrap_or_default();
                            // The curtain as for a new game: the menu's choice, and always
                            // when the scenario hides counters (or cannot be told: a save
                            // of a scenario file that has moved).
                            let hidden = games::scenario_info(&root, s.scenario())
                                .map_or(true, |i| i.hidden);
                            commands.insert_resource(
                                Game::new(s, menu.curtain || hidden)
                                    .with_players(players)
                                    .with_names(names)
                                    .with_saves(save_dir.0.clone()),
                            );
                            next.set(Screen::Playing);
                        }
                        Err(e) => menu.error = format!("{e}"),
                    }
                }
            }
            if let Some(id) = ids.get(menu.scenario) {
                match menu.cache[menu.scenario.min(menu.cache.len() - 1)]
                    .1
                    .clone()
                {
                    Ok(sc) => {
                        cols[1].heading(&sc.name);
                        cols[1].label(&sc.subtitle);
                        egui::ScrollArea::vertical()
                            .id_salt("scenario_text")
                            .max_height(260.0)
                            .show(&mut cols[1], |ui| {
                                ui.strong("Historical background");
                                ui.label(&sc.background);
                                ui.strong("Victory conditions");
                                ui.label(&sc.victory);
                                ui.label(&sc.length);
                                if !sc.notes.is_empty() {
                                    ui.strong("Reconstructions in this scenario");
                                    for n in &sc.notes {
                                        ui.label(format!("• {n}"));
                                    }
                                }
                            });
                        cols[1].separator();
                        let options = menu_options(&menu, id);
                        seats_ui(&mut cols[1], &mut menu, &root, id);
                        let hidden = sc.hidden;
                        if cols[1]
                            .button(egui::RichText::new("▶ Start game").heading())
                            .clicked()
                        {
                            match menu_session(&root, id, menu.seed, &options)
                            {
                                Ok(s) => {
                                    if let Some(us) = ui_settings.as_mut() {
                                        let mut kept = us.settings.clone();
                                        kept.last_game = Some(game.id().to_string());
                                        kept.last_scenario = Some(id.clone());
                                        kept.seats = menu
                                            .seats
                                            .iter()
                                            .map(|c| crate::settings::SeatSetting {
                                                ai: c.ai,
                                                level: c.level,
                                                name: c.name.clone(),
                                            })
                                            .collect();
                                        us.keep(kept);
                                    }
                                    let players =
                                        menu.seats.iter().map(SeatChoice::player).collect();
                                    let names =
                                        menu.seats.iter().map(|c| c.name.clone()).collect();
                                    commands.insert_resource(
                                        Game::new(s, menu.curtain || hidden)
                                            .with_players(players)
                                            .with_names(names)
                                            .with_saves(save_dir.0.clone()),
                                    );
                                    next.set(Screen::Playing);
                                }
                                Err(e) => menu.error = e,
                            }
                        }
                        cols[1].separator();
                        balance_ui(&mut cols[1], &mut menu, &root, id, &options);
                    }
                    Err(e) => {
                        cols[1].colored_label(egui::Color32::LIGHT_RED, e.to_string());
                    }
                }
            }
            if !menu.error.is_empty() {
                cols[1].colored_label(egui::Color32::LIGHT_RED, &menu.error);
            }
        });
    });
    if menu.fault.is_some() {
        super::fault::window(&ctx, &mut menu.fault);
    }
    Ok(())
}

/// A replay the viewer could not open for a game that loaded: a fault, reported in the
/// saves folder; the player's message.
fn replay_fault(
    dir: &std::path::Path,
    s: &dyn GameSession,
    seat: Option<u8>,
    error: String,
) -> String {
    let log: Vec<String> = s
        .log()
        .iter()
        .filter(|l| seat.is_none_or(|k| l.visible(k)))
        .map(|l| l.text.clone())
        .collect();
    let fault = super::fault::Fault {
        doing: super::fault::Doing::Replay,
        action: None,
        why: "the replay viewer could not open a saved game that loaded".into(),
        error,
    };
    let to_act = s.to_act().map(|k| s.seat_name(k));
    super::fault::record(dir, &fault, &s.save(), to_act, &log)
}

/// The seat selector: Human or Computer (with its level) for each seat of the chosen
/// scenario.
fn seats_ui(ui: &mut egui::Ui, menu: &mut MenuState, root: &std::path::Path, id: &str) {
    // The seats may depend on the options chosen (a game of one to five players).
    let options = menu_options(menu, id);
    let key = format!("{id} {}", options.join(" "));
    if menu.seat_names.as_ref().is_none_or(|(k, _)| *k != key) {
        let names = menu_session(root, id, 0, &options)
            .map(|s| (0..s.seats()).map(|i| s.seat_name(i)).collect())
            .unwrap_or_default();
        menu.seat_names = Some((key, names));
    }
    let names = menu
        .seat_names
        .as_ref()
        .map(|(_, n)| n.clone())
        .unwrap_or_default();
    if menu.seats.len() < names.len() {
        menu.seats.resize(names.len(), SeatChoice::default());
    }
    ui.strong("Seats");
    egui::Grid::new("seats").num_columns(4).show(ui, |ui| {
        for (i, name) in names.iter().enumerate() {
            let c = &mut menu.seats[i];
            ui.label(name);
            ui.radio_value(&mut c.ai, false, "Human");
            ui.radio_value(&mut c.ai, true, "Computer");
            if c.ai {
                ui.add(egui::Slider::new(&mut c.level, 1..=5).text("level"))
                    .on_hover_text("1 is fastest; each level doubles the computer's search");
            } else {
                ui.add(
                    egui::TextEdit::singleline(&mut c.name)
                        .hint_text(format!("Player {}", i + 1))
                        .desired_width(140.0)
                        .char_limit(24),
                )
                .on_hover_text(
                    "The player's name, shown on the curtain, the turn bar and the result",
                );
            }
            ui.end_row();
        }
    });
    let humans = menu
        .seats
        .iter()
        .take(names.len())
        .filter(|c| !c.ai)
        .count();
    ui.small(match humans {
        0 => "No human seat: watch the computer play itself.",
        1 => "One human seat: no curtain; the computer's hidden counters stay hidden.",
        _ => "Hot-seat between the human seats.",
    });
}

/// The balance section: the shipped report as plain text when there is one, and
/// "Compute balance" (seeded random playouts on a worker thread) with its result.
fn balance_ui(
    ui: &mut egui::Ui,
    menu: &mut MenuState,
    root: &std::path::Path,
    id: &str,
    options: &[String],
) {
    if menu.report_variants.as_ref().is_none_or(|(k, _)| k != id) {
        menu.report_variants = Some((id.to_string(), balance::report_variants(root, id)));
        menu.report_variant.clear();
    }
    let report_key = format!("{id} {}", menu.report_variant);
    if menu.report.as_ref().is_none_or(|(k, _)| *k != report_key) {
        let text = balance::read_report_variant(root, id, &menu.report_variant);
        menu.report = Some((report_key, text));
    }
    let key = format!("{id} {}", options.join(" "));
    if menu
        .balance_job
        .as_ref()
        .is_some_and(balance::Job::finished)
        && let Some(job) = menu.balance_job.take()
    {
        let k = job.key.clone();
        menu.balance = Some((k, job.join()));
    }
    egui::CollapsingHeader::new("Balance")
        .id_salt("balance")
        .default_open(true)
        .show(ui, |ui| {
            let variants = menu
                .report_variants
                .as_ref()
                .map(|(_, v)| v.clone())
                .unwrap_or_default();
            if !variants.is_empty() {
                ui.horizontal_wrapped(|ui| {
                    ui.small("Shipped reports (players seat by seat):");
                    ui.selectable_value(
                        &mut menu.report_variant,
                        String::new(),
                        "random, random",
                    );
                    for v in variants {
                        let label = balance::variant_label(&v);
                        ui.selectable_value(&mut menu.report_variant, v, label);
                    }
                });
            }
            match menu.report.as_ref().and_then(|(_, t)| t.as_ref()) {
                Some(text) => {
                    ui.small(format!(
                        "Shipped report: {}",
                        balance::variant_path(
                            std::path::Path::new(""),
                            id,
                            &menu.report_variant
                        )
                        .display()
                    ));
                    let blocks = super::markdown::parse(text);
                    egui::ScrollArea::vertical()
                        .id_salt("balance_report")
                        .max_height(260.0)
                        .show(ui, |ui| super::markdown::show(ui, &blocks));
                }
                None => {
                    ui.small(format!(
                        "No balance report is shipped for this scenario ({}).",
                        balance::report_path(std::path::Path::new(""), id).display()
                    ));
                }
            }
            ui.horizontal(|ui| {
                if menu.balance_games == 0 {
                    menu.balance_games = 100;
                }
                let running = menu.balance_job.is_some();
                if ui
                    .add_enabled(
                        !running,
                        egui::Button::new(format!(
                            "Compute balance ({} random games)",
                            menu.balance_games
                        )),
                    )
                    .on_hover_text(
                        "seeded random playouts (seeds 1..=N, default set-up, the chosen optional rules) on a worker thread",
                    )
                    .clicked()
                {
                    let (root, id, options) =
                        (root.to_path_buf(), id.to_string(), options.to_vec());
                    menu.balance_job = Some(balance::Job::start(
                        key.clone(),
                        menu.balance_games,
                        Box::new(move |seed| menu_session(&root, &id, seed, &options)),
                    ));
                }
                ui.add_enabled(
                    !running,
                    egui::DragValue::new(&mut menu.balance_games)
                        .range(1..=10_000)
                        .suffix(" games"),
                );
            });
            if let Some(job) = &menu.balance_job {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(format!(
                        "Playing random games… {}/{}",
                        job.done.load(std::sync::atomic::Ordering::Relaxed),
                        job.games
                    ));
                });
            }
            match &menu.balance {
                Some((k, Ok(sum))) if *k == key => {
                    ui.strong(format!(
                        "{} random games (seeds 1-{}, default set-up):",
                        sum.games, sum.games
                    ));
                    for l in sum.lines() {
                        ui.label(l);
                    }
                }
                Some((k, Err(e))) if *k == key => {
                    ui.colored_label(egui::Color32::LIGHT_RED, e);
                }
                _ => {}
            }
        });
}
