//! Named rule parameters.

use std::fmt;

/// The type and range of a parameter.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// A whole number within `min..=max`.
    Int {
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// `true` / `false` (also `1`/`0`, `yes`/`no`, `on`/`off`).
    Bool,
    /// One of the listed words; the value is its index.
    Choice(&'static [&'static str]),
}

/// A named rule parameter with its default.
#[derive(Copy, Clone, Debug)]
pub struct ParamSpec {
    /// Name, as written in `name=value`.
    pub name: &'static str,
    /// Type and range.
    pub kind: ParamKind,
    /// Default value (for `Bool` 0/1, for `Choice` the index).
    pub default: i64,
    /// What it does, in one line.
    pub doc: &'static str,
}

impl ParamSpec {
    /// Parse a value for this parameter.
    pub fn parse(&self, text: &str) -> Result<i64, ParamError> {
        let t = text.trim();
        let bad = |expected: String| ParamError::BadValue {
            name: self.name.to_string(),
            value: t.to_string(),
            expected,
        };
        match self.kind {
            ParamKind::Int { min, max } => {
                let v: i64 = t
                    .parse()
                    .map_err(|_| bad(format!("a whole number from {min} to {max}")))?;
                if v < min || v > max {
                    return Err(bad(format!("a whole number from {min} to {max}")));
                }
                Ok(v)
            }
            ParamKind::Bool => match t.to_ascii_lowercase().as_str() {
                "true" | "1" | "yes" | "on" => Ok(1),
                "false" | "0" | "no" | "off" => Ok(0),
                _ => Err(bad("true or false".into())),
            },
            ParamKind::Choice(words) => words
                .iter()
                .position(|w| w.eq_ignore_ascii_case(t))
                .map(|i| i as i64)
                .ok_or_else(|| bad(format!("one of {}", words.join(", ")))),
        }
    }

    /// Render a value of this parameter.
    pub fn render(&self, value: i64) -> String {
        match self.kind {
            ParamKind::Int { .. } => value.to_string(),
            ParamKind::Bool => (value != 0).to_string(),
            ParamKind::Choice(words) => words
                .get(value as usize)
                .copied()
                .unwrap_or("?")
                .to_string(),
        }
    }

    /// Describe the accepted values.
    pub fn describe_kind(&self) -> String {
        match self.kind {
            ParamKind::Int { min, max } => format!("{min}..={max}"),
            ParamKind::Bool => "true|false".into(),
            ParamKind::Choice(words) => words.join("|"),
        }
    }
}

/// A named, documented bundle of parameter values, selected with `--preset NAME` (or the
/// assignment `preset=NAME`). Values the preset does not name keep their defaults; explicit
/// assignments win over the preset.
#[derive(Copy, Clone, Debug)]
pub struct Preset {
    /// Name, as written after `--preset`.
    pub name: &'static str,
    /// What the bundle stands for, in one line.
    pub doc: &'static str,
    /// `(parameter, value)` pairs, each value as written in `name=value`.
    pub values: &'static [(&'static str, &'static str)],
}

/// The assignment name that selects a preset.
pub const PRESET_KEY: &str = "preset";

/// A bad parameter name or value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParamError {
    /// No parameter of that name.
    #[error("unknown rule parameter `{name}` (known: {known})")]
    Unknown {
        /// The name given.
        name: String,
        /// The known names.
        known: String,
    },
    /// Not `name=value`.
    #[error("rule parameter `{0}` is not of the form name=value")]
    Syntax(String),
    /// No preset of that name.
    #[error("unknown preset `{name}` (known: {known})")]
    UnknownPreset {
        /// The name given.
        name: String,
        /// The known presets.
        known: String,
    },
    /// A value out of range or of the wrong type.
    #[error("rule parameter `{name}`: `{value}` is not {expected}")]
    BadValue {
        /// Parameter name.
        name: String,
        /// The value given.
        value: String,
        /// What was expected.
        expected: String,
    },
}

/// Values of a rule set's parameters.
#[derive(Clone, Debug)]
pub struct Params {
    specs: &'static [ParamSpec],
    values: Vec<i64>,
    preset: Option<&'static str>,
}

impl PartialEq for Params {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.specs, other.specs) && self.values == other.values
    }
}

impl Params {
    /// Every parameter at its default.
    pub fn defaults(specs: &'static [ParamSpec]) -> Self {
        Params {
            specs,
            values: specs.iter().map(|s| s.default).collect(),
            preset: None,
        }
    }

    /// Values from `name=value` assignments over the defaults. An assignment `preset=NAME`
    /// applies that preset of `presets` first, so that every explicit assignment wins over
    /// it whatever the order; the preset's name is kept ([`Params::preset`]).
    pub fn from_assignments<S: AsRef<str>>(
        specs: &'static [ParamSpec],
        presets: &'static [Preset],
        assignments: &[S],
    ) -> Result<Self, ParamError> {
        let mut p = Params::defaults(specs);
        let is_preset = |a: &str| {
            a.split_once('=')
                .is_some_and(|(n, _)| n.trim() == PRESET_KEY)
        };
        for a in assignments
            .iter()
            .map(AsRef::as_ref)
            .filter(|a| is_preset(a))
        {
            let name = a.split_once('=').map_or("", |(_, v)| v.trim());
            let preset = presets.iter().find(|q| q.name == name).ok_or_else(|| {
                let known: Vec<&str> = presets.iter().map(|q| q.name).collect();
                ParamError::UnknownPreset {
                    name: name.to_string(),
                    known: if known.is_empty() {
                        "none".into()
                    } else {
                        known.join(", ")
                    },
                }
            })?;
            p.apply_preset(preset)?;
        }
        for a in assignments
            .iter()
            .map(AsRef::as_ref)
            .filter(|a| !is_preset(a))
        {
            p.set(a)?;
        }
        Ok(p)
    }

    /// Set every value `preset` names and remember its name.
    pub fn apply_preset(&mut self, preset: &'static Preset) -> Result<(), ParamError> {
        for (n, v) in preset.values {
            self.set_value(n, v)?;
        }
        self.preset = Some(preset.name);
        Ok(())
    }

    /// The preset these values started from, if any.
    pub fn preset(&self) -> Option<&'static str> {
        self.preset
    }

    /// The specs.
    pub fn specs(&self) -> &'static [ParamSpec] {
        self.specs
    }

    fn index(&self, name: &str) -> Result<usize, ParamError> {
        self.specs
            .iter()
            .position(|s| s.name == name)
            .ok_or_else(|| ParamError::Unknown {
                name: name.to_string(),
                known: self
                    .specs
                    .iter()
                    .map(|s| s.name)
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// Set one parameter from its name and value text.
    pub fn set_value(&mut self, name: &str, value: &str) -> Result<(), ParamError> {
        let i = self.index(name.trim())?;
        self.values[i] = self.specs[i].parse(value)?;
        Ok(())
    }

    /// Set one parameter from `name=value`.
    pub fn set(&mut self, assignment: &str) -> Result<(), ParamError> {
        let (n, v) = assignment
            .split_once('=')
            .ok_or_else(|| ParamError::Syntax(assignment.to_string()))?;
        self.set_value(n, v)
    }

    /// The value of a parameter. Panics on an unknown name (a programming error: rule sets
    /// read their own parameters by the names they declared).
    pub fn get(&self, name: &str) -> i64 {
        match self.index(name) {
            Ok(i) => self.values[i],
            Err(e) => panic!("{e}"),
        }
    }

    /// `name=value` for every parameter, in declaration order.
    pub fn render(&self) -> Vec<(String, String)> {
        self.specs
            .iter()
            .zip(&self.values)
            .map(|(s, v)| (s.name.to_string(), s.render(*v)))
            .collect()
    }
}

impl fmt::Display for Params {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .render()
            .into_iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        write!(f, "{}", parts.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static SPECS: &[ParamSpec] = &[
        ParamSpec {
            name: "turn_limit",
            kind: ParamKind::Int { min: 1, max: 500 },
            default: 50,
            doc: "",
        },
        ParamSpec {
            name: "at_limit",
            kind: ParamKind::Choice(&["defender", "draw"]),
            default: 0,
            doc: "",
        },
        ParamSpec {
            name: "flag",
            kind: ParamKind::Bool,
            default: 0,
            doc: "",
        },
    ];

    static PRESETS: &[Preset] = &[Preset {
        name: "long",
        doc: "",
        values: &[("turn_limit", "200"), ("flag", "true")],
    }];

    #[test]
    fn presets_apply_first_and_explicit_values_win() {
        let p = Params::from_assignments(SPECS, PRESETS, &["turn_limit=7", "preset=long"]).unwrap();
        assert_eq!(p.to_string(), "turn_limit=7 at_limit=defender flag=true");
        assert_eq!(p.preset(), Some("long"));
        let q = Params::from_assignments(SPECS, PRESETS, &["at_limit=draw"]).unwrap();
        assert_eq!(q.to_string(), "turn_limit=50 at_limit=draw flag=false");
        assert_eq!(q.preset(), None);
        assert_eq!(
            Params::from_assignments(SPECS, PRESETS, &["preset=short"])
                .unwrap_err()
                .to_string(),
            "unknown preset `short` (known: long)"
        );
        assert_eq!(
            Params::from_assignments(SPECS, &[], &["preset=long"])
                .unwrap_err()
                .to_string(),
            "unknown preset `long` (known: none)"
        );
    }

    #[test]
    fn parse_and_errors() {
        let mut p = Params::defaults(SPECS);
        assert_eq!(p.get("turn_limit"), 50);
        p.set("turn_limit=10").unwrap();
        p.set("at_limit=Draw").unwrap();
        p.set("flag=yes").unwrap();
        assert_eq!(p.get("turn_limit"), 10);
        assert_eq!(p.get("at_limit"), 1);
        assert_eq!(p.get("flag"), 1);
        assert_eq!(p.to_string(), "turn_limit=10 at_limit=draw flag=true");
        assert_eq!(
            p.set("turn_limit=0").unwrap_err().to_string(),
            "rule parameter `turn_limit`: `0` is not a whole number from 1 to 500"
        );
        assert!(matches!(p.set("nope=1"), Err(ParamError::Unknown { .. })));
        assert!(matches!(p.set("turn_limit"), Err(ParamError::Syntax(_))));
        assert_eq!(
            p.set("at_limit=attacker").unwrap_err().to_string(),
            "rule parameter `at_limit`: `attacker` is not one of defender, draw"
        );
    }
}
