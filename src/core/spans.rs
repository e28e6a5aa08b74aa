//! Where each value of a RON file lies: an index from a value's structural path
//! (`forces[1].placement.at[2]`) to its byte span, so that a semantic error found after
//! parsing (an unknown hex, a side out of range, an over-stacked set-up) points at the
//! offending value itself, never at the first word in the file that happens to match,
//! and never inside a comment.
//!
//! Paths are written the way a designer reads the file:
//! - a struct field is `.name` (no dot at the root: `turns`, `victory.rule`);
//! - the items of a list or an unnamed tuple are `[i]`, from 0;
//! - a map entry is `{key}`, the key as written without its quotes (`zones{river}`,
//!   `legend{G}`); [`Spans::key`] gives the key's own span;
//! - an enum variant's name is transparent: the fields of `Zone(zone: "a", at: [...])`
//!   under `placement` are `placement.zone` and `placement.at`, and the single item of a
//!   newtype variant such as `Some(3)` is `turns[0]` while `turns` is the whole value.
//!
//! The indexer reads what `ron` reads (line and nested block comments, strings with
//! escapes, raw strings, chars, numbers, identifiers) and never fails: on text that
//! `ron` would refuse it indexes what it can, since a syntax error is reported by the
//! parser anyway.

use super::data::line_col;
use super::error::DataError;
use std::collections::HashMap;
use std::ops::Range;

/// The byte spans of the values (and map keys) of one RON text, by path.
#[derive(Debug, Clone, Default)]
pub struct Spans {
    values: HashMap<String, Range<usize>>,
    keys: HashMap<String, Range<usize>>,
}

impl Spans {
    /// Index `text`. Never fails; unreadable parts are simply not indexed.
    pub fn index(text: &str) -> Self {
        let mut p = Indexer {
            b: text.as_bytes(),
            i: 0,
            out: Spans::default(),
        };
        p.skip_ws();
        // `#![enable(...)]` extension attributes before the value.
        while p.peek() == Some(b'#') {
            while let Some(c) = p.peek() {
                p.i += 1;
                if c == b']' {
                    break;
                }
            }
            p.skip_ws();
        }
        p.value(String::new(), 0);
        p.out
    }

    /// The span of the value at `path`, if the text has one there.
    pub fn value(&self, path: &str) -> Option<Range<usize>> {
        self.values.get(path).cloned()
    }

    /// The span of the key of the map entry at `path` (`zones{river}`).
    pub fn key(&self, path: &str) -> Option<Range<usize>> {
        self.keys.get(path).cloned()
    }

    /// The path of the innermost value whose span holds byte `offset` (the value a
    /// parser error at that place is in), if any value but the whole file does.
    pub fn path_at(&self, offset: usize) -> Option<&str> {
        self.values
            .iter()
            .filter(|(p, r)| !p.is_empty() && r.start <= offset && offset < r.end.max(r.start + 1))
            .min_by_key(|(_, r)| r.end - r.start)
            .map(|(p, _)| p.as_str())
    }

    /// The span of the value at `path` or, where the text has none there (a field left
    /// to its default), at its nearest indexed ancestor.
    pub fn nearest(&self, path: &str) -> Option<Range<usize>> {
        let mut p = path;
        loop {
            if let Some(r) = self.values.get(p) {
                return Some(r.clone());
            }
            if p.is_empty() {
                return None;
            }
            p = parent(p);
        }
    }
}

/// The path one level up: `a.b[2]` → `a.b`, `a.b` → `a`, `a{k}` → `a`, `a` → ``.
pub fn parent(path: &str) -> &str {
    let b = path.as_bytes();
    if b.last() == Some(&b']') || b.last() == Some(&b'}') {
        let open = if b.last() == Some(&b']') { b'[' } else { b'{' };
        if let Some(i) = b.iter().rposition(|&c| c == open) {
            return &path[..i];
        }
    }
    match path.rfind(['.', '[', '{']) {
        Some(i) => &path[..i],
        None => "",
    }
}

/// A file's text with its span index: builds [`DataError`]s that point at a value by
/// its path.
#[derive(Debug, Clone)]
pub struct Located<'a> {
    file: &'a str,
    text: &'a str,
    spans: Spans,
}

impl<'a> Located<'a> {
    /// Index `text`, the contents of `file`.
    pub fn new(file: &'a str, text: &'a str) -> Self {
        Self {
            file,
            text,
            spans: Spans::index(text),
        }
    }

    /// The index.
    pub fn spans(&self) -> &Spans {
        &self.spans
    }

    /// An error at the first character of the value at `path` (or of its nearest
    /// indexed ancestor; the whole file when there is none).
    pub fn at(&self, path: &str, message: impl Into<String>) -> DataError {
        self.at_span(self.spans.nearest(path), message)
    }

    /// An error at the key of the map entry at `path` (`zones{river}`), or at the
    /// entry's value where the key is not indexed.
    pub fn at_key(&self, path: &str, message: impl Into<String>) -> DataError {
        let span = self.spans.key(path).or_else(|| self.spans.nearest(path));
        self.at_span(span, message)
    }

    /// An error `offset` bytes into the value at `path` (a character inside a string),
    /// clamped to the value.
    pub fn inside(&self, path: &str, offset: usize, message: impl Into<String>) -> DataError {
        let span = self
            .spans
            .value(path)
            .map(|r| (r.start + offset).min(r.end.saturating_sub(1).max(r.start))..r.end);
        match span {
            Some(s) => self.at_span(Some(s), message),
            None => self.at(path, message),
        }
    }

    fn at_span(&self, span: Option<Range<usize>>, message: impl Into<String>) -> DataError {
        match span {
            Some(r) => {
                let (l, c) = line_col(self.text, r.start);
                DataError::at(self.file, l, c, message)
            }
            None => DataError::file(self.file, message),
        }
    }
}

struct Indexer<'a> {
    b: &'a [u8],
    i: usize,
    out: Spans,
}

/// The deepest nesting indexed; deeper text is skipped (no stack overflow on a
/// hostile file).
const MAX_DEPTH: usize = 128;

impl Indexer<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn peek_at(&self, k: usize) -> Option<u8> {
        self.b.get(self.i + k).copied()
    }

    /// Skip blanks and comments (`//` lines, nested `/* */` blocks).
    fn skip_ws(&mut self) {
        loop {
            match self.peek() {
                Some(c) if c.is_ascii_whitespace() => self.i += 1,
                Some(b'/') if self.peek_at(1) == Some(b'/') => {
                    while let Some(c) = self.peek() {
                        self.i += 1;
                        if c == b'\n' {
                            break;
                        }
                    }
                }
                Some(b'/') if self.peek_at(1) == Some(b'*') => {
                    self.i += 2;
                    let mut depth = 1;
                    while depth > 0 {
                        match (self.peek(), self.peek_at(1)) {
                            (None, _) => return,
                            (Some(b'*'), Some(b'/')) => {
                                depth -= 1;
                                self.i += 2;
                            }
                            (Some(b'/'), Some(b'*')) => {
                                depth += 1;
                                self.i += 2;
                            }
                            _ => self.i += 1,
                        }
                    }
                }
                _ => return,
            }
        }
    }

    fn ident(&mut self) -> Option<Range<usize>> {
        let start = self.i;
        if self.peek() == Some(b'r') && self.peek_at(1) == Some(b'#') {
            self.i += 2;
        }
        match self.peek() {
            Some(c) if c.is_ascii_alphabetic() || c == b'_' => {}
            _ => {
                self.i = start;
                return None;
            }
        }
        while matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric() || c == b'_') {
            self.i += 1;
        }
        Some(start..self.i)
    }

    /// A quoted string or char starting at its opening `close` (`"` or `'`), escapes
    /// skipped.
    fn quoted(&mut self, close: u8) {
        self.i += 1;
        while let Some(c) = self.peek() {
            self.i += 1;
            if c == b'\\' {
                self.i += 1;
            } else if c == close {
                return;
            }
        }
    }

    /// Whether a raw string (`r"`, `r#"`, `r##"`...) starts at the cursor, not a raw
    /// identifier (`r#type`).
    fn raw_string_ahead(&self) -> bool {
        let mut k = 1;
        while self.peek_at(k) == Some(b'#') {
            k += 1;
        }
        self.peek_at(k) == Some(b'"')
    }

    /// A raw string `r#*"..."#*` starting at `r`.
    fn raw_string(&mut self) {
        self.i += 1;
        let mut hashes = 0;
        while self.peek() == Some(b'#') {
            hashes += 1;
            self.i += 1;
        }
        if self.peek() != Some(b'"') {
            return;
        }
        self.i += 1;
        while self.i < self.b.len() {
            if self.b[self.i] == b'"'
                && self.b[self.i + 1..]
                    .iter()
                    .take(hashes)
                    .filter(|&&c| c == b'#')
                    .count()
                    == hashes
            {
                self.i += 1 + hashes;
                return;
            }
            self.i += 1;
        }
    }

    /// The text of a map key as a path segment: a string's or char's contents without
    /// quotes, otherwise the key as written.
    fn key_text(&self, r: &Range<usize>) -> String {
        let s = String::from_utf8_lossy(&self.b[r.clone()]).into_owned();
        let trimmed = s
            .strip_prefix('"')
            .and_then(|x| x.strip_suffix('"'))
            .or_else(|| s.strip_prefix('\'').and_then(|x| x.strip_suffix('\'')));
        trimmed.map_or(s.clone(), str::to_string)
    }

    fn record(&mut self, path: String, r: Range<usize>) {
        self.out.values.entry(path).or_insert(r);
    }

    /// One value at `path`; records its span and those of everything inside it.
    fn value(&mut self, path: String, depth: usize) {
        self.skip_ws();
        let start = self.i;
        let Some(c) = self.peek() else { return };
        if depth > MAX_DEPTH {
            self.i = self.b.len();
            return;
        }
        match c {
            b'"' => self.quoted(b'"'),
            b'\'' => self.quoted(b'\''),
            b'r' if self.raw_string_ahead() => self.raw_string(),
            b'b' if self.peek_at(1) == Some(b'"') => {
                self.i += 1;
                self.quoted(b'"')
            }
            b'[' => self.list(&path, depth),
            b'{' => self.map(&path, depth),
            b'(' => self.group(&path, depth),
            c if c.is_ascii_alphabetic() || c == b'_' => {
                self.ident();
                self.skip_ws_inline();
                if self.peek() == Some(b'(') {
                    self.group(&path, depth);
                }
            }
            c if c.is_ascii_digit() || matches!(c, b'-' | b'+' | b'.') => {
                self.i += 1;
                while let Some(c) = self.peek() {
                    let exp_sign = matches!(c, b'-' | b'+')
                        && matches!(self.b.get(self.i - 1), Some(b'e' | b'E'));
                    if c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || exp_sign {
                        self.i += 1;
                    } else {
                        break;
                    }
                }
            }
            _ => {
                self.i += 1;
                return;
            }
        }
        self.record(path, start..self.i);
    }

    /// Blanks and comments between a variant's name and its `(`.
    fn skip_ws_inline(&mut self) {
        let save = self.i;
        self.skip_ws();
        if self.peek() != Some(b'(') {
            self.i = save;
        }
    }

    fn map(&mut self, path: &str, depth: usize) {
        self.i += 1;
        loop {
            self.skip_ws();
            match self.peek() {
                None => return,
                Some(b'}') => {
                    self.i += 1;
                    return;
                }
                Some(b',') => self.i += 1,
                Some(_) => {
                    let kstart = self.i;
                    self.value(format!("{path}{{\u{0}}}"), depth + 1);
                    self.out.values.remove(&format!("{path}{{\u{0}}}"));
                    let kr = kstart..self.i;
                    if self.i == kstart {
                        self.i += 1;
                        continue;
                    }
                    let entry = format!("{path}{{{}}}", self.key_text(&kr));
                    self.out.keys.entry(entry.clone()).or_insert(kr);
                    self.skip_ws();
                    if self.peek() == Some(b':') {
                        self.i += 1;
                        self.value(entry, depth + 1);
                    }
                }
            }
        }
    }

    /// `( ... )`: named fields when it opens with `name:`, otherwise items.
    fn group(&mut self, path: &str, depth: usize) {
        self.items(path, depth, b')', true);
    }

    /// `[ ... ]`: items.
    fn list(&mut self, path: &str, depth: usize) {
        self.items(path, depth, b']', false);
    }

    /// The items (or, with `fields`, the `name: value` fields) of a group or list up
    /// to `close`, the cursor on its opening bracket.
    fn items(&mut self, path: &str, depth: usize, close: u8, fields: bool) {
        self.i += 1;
        let mut n = 0;
        loop {
            self.skip_ws();
            match self.peek() {
                None => return,
                Some(c) if c == close => {
                    self.i += 1;
                    return;
                }
                Some(b',') => self.i += 1,
                Some(_) => {
                    let before = self.i;
                    match self.field_name().filter(|_| fields) {
                        Some(name) if path.is_empty() => self.value(name, depth + 1),
                        Some(name) => self.value(format!("{path}.{name}"), depth + 1),
                        None => {
                            self.value(format!("{path}[{n}]"), depth + 1);
                            n += 1;
                        }
                    }
                    if self.i == before {
                        self.i += 1;
                    }
                }
            }
        }
    }

    /// `name :` (not `::`) at the cursor: consumes it and returns the name; otherwise
    /// leaves the cursor where it was.
    fn field_name(&mut self) -> Option<String> {
        let save = self.i;
        let r = self.ident()?;
        self.skip_ws();
        if self.peek() == Some(b':') && self.peek_at(1) != Some(b':') {
            self.i += 1;
            let name = String::from_utf8_lossy(&self.b[r]).into_owned();
            return Some(name.trim_start_matches("r#").to_string());
        }
        self.i = save;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, path: &str) -> Option<String> {
        Spans::index(text).value(path).map(|r| text[r].to_string())
    }

    #[test]
    fn fields_items_variants_and_maps_are_indexed() {
        let t = r##"// a comment: side: 9
(
    turns: Some(10), // side: 8
    zones: {"river": [Rect("0113", "2017")], 'G': "grass"},
    forces: [
        (side: 1, placement: Zone(zone: "box", at: ["1014", "1115"])),
        (side: 7, at: (5, 8), x: -1.5e-3, r: r#"a "q" b"#, c: '\''),
    ],
    /* nested /* block */ side: 4 */
    rule: EliminateAll(attacker: 0),
    unit: None,
)"##;
        assert_eq!(at(t, "turns").as_deref(), Some("Some(10)"));
        assert_eq!(at(t, "turns[0]").as_deref(), Some("10"));
        assert_eq!(at(t, "zones{river}[0][1]").as_deref(), Some("\"2017\""));
        assert_eq!(at(t, "zones{G}").as_deref(), Some("\"grass\""));
        assert_eq!(
            at(t, "forces[0].placement.at[1]").as_deref(),
            Some("\"1115\"")
        );
        assert_eq!(at(t, "forces[1].side").as_deref(), Some("7"));
        assert_eq!(at(t, "forces[1].at[1]").as_deref(), Some("8"));
        assert_eq!(at(t, "forces[1].x").as_deref(), Some("-1.5e-3"));
        assert_eq!(at(t, "forces[1].r").as_deref(), Some("r#\"a \"q\" b\"#"));
        assert_eq!(at(t, "forces[1].c").as_deref(), Some("'\\''"));
        assert_eq!(at(t, "rule.attacker").as_deref(), Some("0"));
        assert_eq!(at(t, "unit").as_deref(), Some("None"));
        assert_eq!(at(t, "side"), None, "nothing in a comment is indexed");
        let s = Spans::index(t);
        assert_eq!(&t[s.key("zones{G}").unwrap()], "'G'");
        assert_eq!(&t[s.nearest("forces[1].morale").unwrap()][..6], "(side:");
    }

    #[test]
    fn parents_and_errors() {
        assert_eq!(parent("a.b[2]"), "a.b");
        assert_eq!(parent("a.b"), "a");
        assert_eq!(parent("a{k.x}"), "a");
        assert_eq!(parent("a"), "");
        let t = "(\n  a: [1,\n    22],\n)";
        let l = Located::new("f.ron", t);
        assert_eq!(l.at("a[1]", "bad").to_string(), "f.ron:3:5: bad");
        assert_eq!(l.inside("a[1]", 1, "bad").to_string(), "f.ron:3:6: bad");
        assert_eq!(l.at("a[7]", "bad").to_string(), "f.ron:2:6: bad");
        assert_eq!(
            Located::new("f.ron", "").at("x", "bad").to_string(),
            "f.ron: bad"
        );
    }

    #[test]
    fn the_innermost_value_at_an_offset_is_named() {
        let t = "(\n  a: [1, -22],\n  b: (c: \"x\"),\n)";
        let s = Spans::index(t);
        assert_eq!(s.path_at(t.find("22").unwrap()), Some("a[1]"));
        assert_eq!(s.path_at(t.find("\"x\"").unwrap()), Some("b.c"));
        assert_eq!(s.path_at(0), None, "the whole file is no value to name");
        let e = crate::core::data::parse_ron::<std::collections::BTreeMap<String, Vec<u8>>>(
            "f.ron",
            "{\"a\": [1, -22]}",
        )
        .unwrap_err();
        assert!(e.message.contains("in `{a}[1]`"), "{e}");
    }

    #[test]
    fn garbage_never_panics() {
        for t in [
            "(",
            "[[[",
            "{\"a\"",
            "r#\"",
            "'",
            "(a: ",
            "/* ",
            "#![x",
            "\u{e9}(é: 1)",
        ] {
            let _ = Spans::index(t);
        }
        let deep = "[".repeat(10_000);
        let _ = Spans::index(&deep);
    }
}
