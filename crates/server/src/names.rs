//! Display names: what a seat is called at a table.
//!
//! A name is NFC-normalised first (so "e" + U+0301 and "é" are one name),
//! then checked character by character by Unicode general category
//! (`unicode-properties`): letters, marks, numbers, punctuation and symbols
//! are allowed, and the one space U+0020, never two in a row. Refused are
//! other separators (U+2028, U+2029, U+3000, …), control, format (U+0600,
//! U+200B, …), private-use, surrogate and unassigned code points (the
//! noncharacters U+FFFF and the like are unassigned), the default-ignorable
//! code points that are marks or letters by category but show nothing
//! (variation selectors U+FE0F, U+180B, U+E0100; Hangul fillers), the
//! Braille blank U+2800 (a symbol that looks like a space), more than two
//! combining marks on one base character, a mark with no base, and a name
//! with nothing visible.
//!
//! Two seats at one table may not have names that look alike: names whose
//! confusable skeletons (Unicode TR39, `unicode-security`) are equal after
//! lower-casing ("Anna" and "Аnna" with a Cyrillic А, "alice" and "ALICE")
//! are refused.

use crate::error::ApiError;
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

/// Longest player name, in characters (after normalisation).
pub const MAX_NAME_CHARS: usize = 40;

/// Most combining marks on one base character.
pub const MAX_MARKS_PER_BASE: usize = 2;

/// The name spectators chat under: never a seat's name.
pub const SPECTATOR_NAME: &str = "spectator";

/// Default-ignorable code points (Unicode `Default_Ignorable_Code_Point`,
/// DerivedCoreProperties.txt): they show nothing, whatever their category,
/// and several reorder text (bidi controls), so one player could pose as
/// another.
pub fn default_ignorable(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}'
        | '\u{FFF0}'..='\u{FFF8}' | '\u{1BCA0}'..='\u{1BCA3}' | '\u{1D173}'..='\u{1D17A}'
        | '\u{E0000}'..='\u{E0FFF}')
}

/// Characters that show as blank although their category is a symbol.
fn blank_symbol(c: char) -> bool {
    c == '\u{2800}'
}

/// Why a name is refused (each is `server.bad_name`; the sentence says which).
fn refuse(de: &str, en: &str) -> ApiError {
    ApiError::bad_name(de, en)
}

/// Checks and normalises a display name; an empty one becomes "Player N"
/// (seat `seat`, 0-based).
pub fn check_name(name: Option<String>, seat: usize) -> Result<String, ApiError> {
    let raw = name.unwrap_or_default();
    // Bounded before normalising: NFC never more than triples a string, and
    // a body is already bounded by the body limit.
    if raw.chars().nth(MAX_NAME_CHARS * 4).is_some() {
        return Err(too_long());
    }
    let name: String = raw.trim_matches(' ').nfc().collect();
    if name.is_empty() {
        return Ok(format!("Player {}", seat + 1));
    }
    if name.chars().nth(MAX_NAME_CHARS).is_some() {
        return Err(too_long());
    }
    let (mut marks, mut previous_space, mut visible) = (0usize, false, false);
    for (i, c) in name.chars().enumerate() {
        if c == ' ' {
            if previous_space {
                return Err(refuse(
                    "Ein Name hat keine zwei Leerzeichen hintereinander.",
                    "A name has no two spaces in a row.",
                ));
            }
            previous_space = true;
            marks = 0;
            continue;
        }
        previous_space = false;
        if default_ignorable(c) || blank_symbol(c) {
            return Err(invisible(c));
        }
        match c.general_category_group() {
            GeneralCategoryGroup::Mark => {
                marks += 1;
                if i == 0 {
                    return Err(refuse(
                        "Ein Name beginnt nicht mit einem Akzent (einem kombinierenden Zeichen).",
                        "A name does not start with an accent (a combining mark).",
                    ));
                }
                if marks > MAX_MARKS_PER_BASE {
                    return Err(refuse(
                        &format!("Ein Buchstabe trägt in einem Namen höchstens {MAX_MARKS_PER_BASE} Akzente."),
                        &format!("A letter in a name carries at most {MAX_MARKS_PER_BASE} accents (combining marks)."),
                    ));
                }
            }
            GeneralCategoryGroup::Letter
            | GeneralCategoryGroup::Number
            | GeneralCategoryGroup::Punctuation
            | GeneralCategoryGroup::Symbol => {
                marks = 0;
                visible = true;
            }
            GeneralCategoryGroup::Separator | GeneralCategoryGroup::Other => return Err(invisible(c)),
        }
    }
    if !visible {
        return Err(refuse(
            "Ein Name braucht mindestens ein sichtbares Zeichen.",
            "A name needs at least one visible character.",
        ));
    }
    Ok(name)
}

fn too_long() -> ApiError {
    refuse(
        &format!("Ein Name hat höchstens {MAX_NAME_CHARS} Zeichen."),
        &format!("A name has at most {MAX_NAME_CHARS} characters."),
    )
}

fn invisible(c: char) -> ApiError {
    let code = format!("U+{:04X}", u32::from(c));
    refuse(
        &format!(
            "Das Zeichen {code} ist in Namen nicht erlaubt: nur Buchstaben, Akzente, Ziffern, Satzzeichen, Symbole und einzelne Leerzeichen."
        ),
        &format!(
            "The character {code} is not allowed in names: only letters, accents, digits, punctuation, symbols and single spaces."
        ),
    )
}

/// The form two names are compared in: the TR39 confusable skeleton of the
/// lower-cased name.
pub fn skeleton(name: &str) -> String {
    unicode_security::skeleton(&name.to_lowercase()).collect()
}

/// Refuses `name` for a seat when it looks like one of `others` (the other
/// seats' names at the table).
pub fn check_distinct<'a>(name: &str, others: impl IntoIterator<Item = &'a str>) -> Result<(), ApiError> {
    let mine = skeleton(name);
    match others.into_iter().find(|o| skeleton(o) == mine) {
        Some(other) => Err(ApiError::name_confusable(other)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_normalised_and_defaulted() {
        assert_eq!(
            check_name(Some("e\u{301}mile".into()), 0).ok(),
            Some("\u{e9}mile".into())
        );
        assert_eq!(check_name(Some("  ".into()), 2).ok(), Some("Player 3".into()));
        assert_eq!(check_name(None, 0).ok(), Some("Player 1".into()));
        assert!(check_name(Some("Zoë ❤ 42!".into()), 0).is_ok());
        assert!(check_name(Some("a\u{301}\u{302}".into()), 0).is_ok());
    }

    #[test]
    fn look_alikes_are_the_same_name() {
        assert_eq!(skeleton("Anna"), skeleton("\u{410}nna"));
        assert_eq!(skeleton("alice"), skeleton("ALICE"));
        assert_ne!(skeleton("Anna"), skeleton("Anne"));
        assert!(check_distinct("paypal", ["Bob", "p\u{430}yp\u{430}l"]).is_err());
        assert!(check_distinct("Bob", ["Alice"]).is_ok());
    }
}
