//! *I Will Fight No More Forever* (Nez Perce War, 1877; seed 000), the strategic
//! campaign (B1.0-B8.0, D2.0): the 29-turn pursuit from Idaho toward Canada whose
//! contacts are fought as tactical combats (`nez_perce_tactical`). This first slice is
//! the data (types and checked loaders) and the rules arithmetic; the campaign's state,
//! sequence of play and registry entry come next (issue 32). Its reconstructed data
//! waits in `tools/nez_perce_strategic/draft/` until the game is registered.

pub mod campaign;
pub mod data;
pub mod play;
pub mod rules;
pub mod setup;
pub mod state;
