//! Line of sight (II.A.2) and Cover (Table 3, with the prepared positions of IX.E).

use crate::core::hexmap::Coord;
use crate::games::harvest::data::Special;
use crate::games::harvest::state::{Kind, Occupied, Pid, Side, State};

/// Whether a hex gives Cover to a piece of `side` standing in it (Table 3, IX.E).
pub fn in_cover(s: &State, c: Coord, target: Pid) -> bool {
    let st = &s.stat;
    if st.tec(c).is_some_and(|t| t.cover) {
        return true;
    }
    let tp = s.p(target);
    if tp.hidden {
        return true; // Table 3: Hidden provides Cover.
    }
    let mounted = tp.mounted_on.is_some();
    for i in s.at(c) {
        let k = s.p(i).kind;
        match k {
            Kind::Wagon | Kind::Blaze | Kind::Dust | Kind::Lodge => return true,
            Kind::Horses
                if !mounted && s.p(i).id != tp.id
                // Table 3: a Horse gives Cover to a dismounted unit (under the Horses).
                && !s.pieces.iter().any(|p| p.mounted_on == Some(i)) =>
            {
                return true;
            }
            _ => {}
        }
    }
    s.stat.scenario.special.iter().any(|sp| matches!(sp, Special::PreparedPositions { side, mark } if *side == tp.side && st.map.has_mark(c, mark)))
}

/// Whether an intervening hex blocks line of sight for a shot between levels `la`
/// and `lb`, as seen by `seer`. II.A.2, Table 3. A Hidden counter does not block
/// (Table 3), and what stands under an enemy Hidden counter is judged by what the seer
/// sees, the Hidden counter: it does not block either (the seer cannot tell a dummy
/// from a real stack, and must not learn which it is from its line of sight). A
/// seat's own hidden pieces block its own lines of sight as usual. `occ` spares the
/// look at the pieces of an empty hex.
fn blocks(s: &State, c: Coord, la: u8, lb: u8, seer: Side, occ: &Occupied) -> bool {
    let st = &s.stat;
    if st.tec(c).is_some_and(|t| t.blocks_los) {
        return true;
    }
    let lv = st.map.level(c);
    if lv >= 2 && (la < lv || lb < lv) {
        return true;
    }
    occ.has(c, s)
        && s.at(c).any(|i| {
            let p = s.p(i);
            match p.kind {
                Kind::Unit
                | Kind::Crew
                | Kind::Dependent
                | Kind::Horses
                | Kind::Wagon
                | Kind::Blaze
                | Kind::Dust
                | Kind::Lodge => p.side == seer || !p.hidden,
                // Table 3 lists Units and Dependents, not Leaders: a Leader does not
                // block (IX.F counts the Leader as a unit only for victory).
                Kind::Leader => false,
                Kind::Hidden => false,
                _ => false,
            }
        })
}

/// Line of sight from `a` to `b` as seen by `seer` (II.A.2).
pub fn los(s: &State, a: Coord, b: Coord, seer: Side) -> bool {
    los_among(s, a, b, seer, &Occupied::of(s))
}

/// Line of sight from `a` to `b` as a seat that knows of no hidden piece must allow
/// for it: no piece under a Hidden counter blocks, of either side. Every line of sight
/// a side has ([`los`]) is one of these, so a question asked with it tells the other
/// side nothing it may not know (who may react to a move, IV).
pub(super) fn los_public(s: &State, a: Coord, b: Coord, occ: &Occupied) -> bool {
    los_among(s, a, b, Side::MAX, occ)
}

/// [`los`] with the occupied hexes already noted (for many lines in one position).
pub(super) fn los_among(s: &State, a: Coord, b: Coord, seer: Side, occ: &Occupied) -> bool {
    let (la, lb) = (s.stat.map.level(a), s.stat.map.level(b));
    s.stat.map.los(a, b, |c| blocks(s, c, la, lb, seer, occ))
}
