//! What every ruleset's charts window shares: each value's source, the seed's rule in
//! green and a RECONSTRUCTION in orange, so a player can tell at a glance which numbers
//! the rules text gives and which it lost.

use bevy_egui::egui;

/// The colour of a reconstructed value's source.
pub const RECONSTRUCTED: egui::Color32 = egui::Color32::from_rgb(240, 170, 90);
/// The colour of a source in the seed.
pub const FROM_SEED: egui::Color32 = egui::Color32::from_rgb(150, 200, 150);

/// A source line under a chart: the rule, or RECONSTRUCTION with its reasoning.
pub fn source_line(ui: &mut egui::Ui, src: &crate::core::data::Source) {
    let colour = if src.is_reconstruction() {
        RECONSTRUCTED
    } else {
        FROM_SEED
    };
    ui.add(egui::Label::new(egui::RichText::new(src.label()).small().color(colour)).wrap());
}

/// A source in a table cell, where a whole line does not fit: "seed" or
/// "RECONSTRUCTED" in its colour, the rule or the reasoning on hover.
pub fn source_tag(ui: &mut egui::Ui, src: &crate::core::data::Source) {
    let (word, colour) = if src.is_reconstruction() {
        ("RECONSTRUCTED", RECONSTRUCTED)
    } else {
        ("seed", FROM_SEED)
    };
    ui.add(egui::Label::new(
        egui::RichText::new(word).small().color(colour),
    ))
    .on_hover_text(src.label());
}
