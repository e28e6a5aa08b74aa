//! Area maps: named areas with properties and an adjacency list whose edges carry a
//! boundary type (open, mountain, river...), for area-movement games. Data files give
//! the areas and edges; the ruleset gives the cost of each boundary type.

use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, BinaryHeap, HashMap};

/// One area of an area map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Area {
    /// Short unique id used in notation and data.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Properties the rules test for (territory, town, fort, water...).
    #[serde(default)]
    pub props: BTreeSet<String>,
    /// Outline for drawing, in map units, clockwise.
    #[serde(default)]
    pub polygon: Vec<[f32; 2]>,
}

/// A boundary between two areas.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Boundary {
    /// One area id.
    pub a: String,
    /// The other area id.
    pub b: String,
    /// Boundary type, as the rules name it.
    pub kind: String,
}

/// An area map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaMap {
    /// The areas.
    pub areas: Vec<Area>,
    /// Adjacencies.
    pub boundaries: Vec<Boundary>,
}

impl AreaMap {
    /// Index of an area by id.
    pub fn index(&self, id: &str) -> Option<usize> {
        self.areas.iter().position(|a| a.id == id)
    }

    /// Neighbours of an area with the boundary type crossed to reach each.
    pub fn neighbors<'a>(&'a self, id: &'a str) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
        self.boundaries.iter().filter_map(move |b| {
            if b.a == id {
                Some((b.b.as_str(), b.kind.as_str()))
            } else if b.b == id {
                Some((b.a.as_str(), b.kind.as_str()))
            } else {
                None
            }
        })
    }

    /// Check the map: unique ids, boundaries between known areas, no self-loops. An
    /// error comes back with the path of the value at fault (`boundaries[4].b`, see
    /// [`crate::core::spans`]) and its message.
    pub fn validate(&self) -> Result<(), (String, String)> {
        let mut seen = BTreeSet::new();
        for (i, a) in self.areas.iter().enumerate() {
            if !seen.insert(a.id.as_str()) {
                return Err((
                    format!("areas[{i}].id"),
                    format!("area '{}' is defined twice", a.id),
                ));
            }
        }
        for (i, b) in self.boundaries.iter().enumerate() {
            for (end, field) in [(&b.a, "a"), (&b.b, "b")] {
                if !seen.contains(end.as_str()) {
                    return Err((
                        format!("boundaries[{i}].{field}"),
                        format!("boundary names unknown area '{end}'"),
                    ));
                }
            }
            if b.a == b.b {
                return Err((
                    format!("boundaries[{i}].b"),
                    format!("area '{}' borders itself", b.a),
                ));
            }
        }
        Ok(())
    }

    /// Cheapest cost from `start` to every area within `budget`, where `cost(kind,
    /// to)` prices a crossing (or forbids it with `None`).
    pub fn reachable(
        &self,
        start: &str,
        budget: u32,
        cost: impl Fn(&str, &str) -> Option<u32>,
    ) -> HashMap<String, u32> {
        let mut best: HashMap<String, u32> = HashMap::new();
        let mut heap = BinaryHeap::new();
        best.insert(start.to_string(), 0);
        heap.push(std::cmp::Reverse((0u32, start.to_string())));
        while let Some(std::cmp::Reverse((d, a))) = heap.pop() {
            if best.get(&a).is_some_and(|bd| *bd < d) {
                continue;
            }
            for (n, kind) in self.neighbors(&a) {
                let Some(k) = cost(kind, n) else { continue };
                let nd = d + k;
                if nd <= budget && best.get(n).is_none_or(|bd| nd < *bd) {
                    best.insert(n.to_string(), nd);
                    heap.push(std::cmp::Reverse((nd, n.to_string())));
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area(id: &str) -> Area {
        Area {
            id: id.into(),
            name: id.into(),
            props: BTreeSet::new(),
            polygon: vec![],
        }
    }

    #[test]
    fn boundary_costs_limit_reach() {
        let m = AreaMap {
            areas: vec![area("a"), area("b"), area("c")],
            boundaries: vec![
                Boundary {
                    a: "a".into(),
                    b: "b".into(),
                    kind: "open".into(),
                },
                Boundary {
                    a: "b".into(),
                    b: "c".into(),
                    kind: "mountain".into(),
                },
            ],
        };
        m.validate().unwrap();
        let cost = |k: &str, _: &str| Some(if k == "mountain" { 2 } else { 1 });
        assert_eq!(m.reachable("a", 2, cost).len(), 2);
        assert_eq!(m.reachable("a", 3, cost).get("c"), Some(&3));
    }

    #[test]
    fn validate_rejects_unknown_area() {
        let m = AreaMap {
            areas: vec![area("a")],
            boundaries: vec![Boundary {
                a: "a".into(),
                b: "z".into(),
                kind: "open".into(),
            }],
        };
        assert!(m.validate().is_err());
    }
}
