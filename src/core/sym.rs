//! Interned names: a counter's id, label or key, kept once for the whole program.
//!
//! The AI's search copies a game state thousands of times a decision. A name held as a
//! `String` would be copied each time, and one held as an `Arc<str>` would still cost an
//! atomic count on every copy and every drop. A [`Sym`] is a plain reference to the one
//! copy of its text, so a state made of them copies as plain memory.
//!
//! The texts are never freed. That is bounded by the distinct names the program ever
//! reads (counter ids and labels of the scenarios and saves it loads), which is small.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::HashSet;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Mutex, OnceLock};

/// An interned name. Equal texts share one address, so equality is a pointer test;
/// order, hashing, printing and serialization are the text's own, as for a `String`.
#[derive(Clone, Copy)]
pub struct Sym(&'static str);

fn table() -> &'static Mutex<HashSet<&'static str>> {
    static TABLE: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    TABLE.get_or_init(|| Mutex::new(HashSet::new()))
}

/// The one empty text, kept out of the table so that clearing a name takes no lock.
static EMPTY: &str = "";

impl Sym {
    /// The empty name.
    pub fn empty() -> Sym {
        Sym(EMPTY)
    }

    /// The name for `text`, interning it the first time it is seen.
    pub fn new(text: &str) -> Sym {
        if text.is_empty() {
            return Sym::empty();
        }
        // A poisoned lock only means another thread panicked while inserting; the set
        // itself is still whole (an insert either happened or not).
        let mut t = table().lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&s) = t.get(text) {
            return Sym(s);
        }
        let s: &'static str = Box::leak(text.to_owned().into_boxed_str());
        t.insert(s);
        Sym(s)
    }

    /// The text.
    pub fn as_str(&self) -> &'static str {
        self.0
    }
}

impl std::ops::Deref for Sym {
    type Target = str;
    fn deref(&self) -> &str {
        self.0
    }
}

impl AsRef<str> for Sym {
    fn as_ref(&self) -> &str {
        self.0
    }
}

impl std::borrow::Borrow<str> for Sym {
    fn borrow(&self) -> &str {
        self.0
    }
}

impl PartialEq for Sym {
    fn eq(&self, other: &Sym) -> bool {
        // Interned: equal texts are the same text.
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Sym {}

impl PartialEq<str> for Sym {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Sym {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialOrd for Sym {
    fn partial_cmp(&self, other: &Sym) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Sym {
    fn cmp(&self, other: &Sym) -> std::cmp::Ordering {
        self.0.cmp(other.0)
    }
}

impl Hash for Sym {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.0.hash(h)
    }
}

impl fmt::Debug for Sym {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.0, f)
    }
}

impl fmt::Display for Sym {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.0, f)
    }
}

impl From<&str> for Sym {
    fn from(s: &str) -> Sym {
        Sym::new(s)
    }
}

impl From<&String> for Sym {
    fn from(s: &String) -> Sym {
        Sym::new(s)
    }
}

impl From<String> for Sym {
    fn from(s: String) -> Sym {
        Sym::new(&s)
    }
}

impl Serialize for Sym {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

impl<'de> Deserialize<'de> for Sym {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Sym, D::Error> {
        let s = String::deserialize(d)?;
        Ok(Sym::new(&s))
    }
}

#[cfg(test)]
mod tests {
    use super::Sym;

    #[test]
    fn equal_texts_are_one_sym_and_order_is_the_texts() {
        let a = Sym::new("a10");
        let b = Sym::from(String::from("a10"));
        assert_eq!(a, b);
        assert!(std::ptr::eq(a.as_str(), b.as_str()));
        let c = Sym::new("a9");
        assert_eq!(Sym::new(""), Sym::empty());
        assert_eq!(Sym::from(String::new()), Sym::empty());
        assert_ne!(a, c);
        // Text order, as a String would sort, not address order.
        assert!(a < c);
        assert_eq!(format!("{a} {c:?}"), "a10 \"a9\"");
        let back: Sym = ron::from_str(&ron::to_string(&a).expect("serializes")).expect("parses");
        assert_eq!(back, a);
    }
}
