//! *I Will Fight No More Forever* (Nez Perce War, 1877; seed 000), the strategic
//! campaign (B1.0-B8.0, D2.0): the 29-turn pursuit from Idaho toward Canada whose
//! contacts are fought as tactical combats (`nez_perce_tactical`). Its data is in
//! `rules/nez_perce_strategic/` and `scenarios/nez_perce_strategic/`.

pub mod ai;
pub mod campaign;
pub mod data;
pub mod def;
pub mod play;
pub mod rules;
pub mod setup;
pub mod state;
