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
//! Names are compared as people see them ([`Looks`]): two names are the
//! same name when their TR39 confusable skeletons (`unicode-security`) are
//! equal as written (so "PIayer 1" with a capital I is "Player 1") or after
//! lower-casing ("alice" and "ALICE"), both taken after compatibility
//! folding (NFKD: `𝐀𝐧𝐧𝐚` is "Anna"), with small capitals read as the
//! letters they are and the diacritics of the combining-diacritics blocks
//! left out ("Ạnna" and "Anna", "Émile" and "Emile"). The skeleton comes
//! before any case folding: lower-casing first would lose what an upper-case
//! letter looks like. A new name may look like no other seat's name at the
//! table ([`check_distinct`]), no name the server gives itself (an unnamed
//! seat's "Player N" / "Spieler N", a bot's name: [`check_seat_name`]) and
//! none of the [`RESERVED`] words. Styled letters (mathematical, enclosed,
//! small capital, superscript and subscript, full-width) are refused
//! outright, so a name shows in plain letters; U+FFFC and U+FFFD (stand-ins
//! for what is not shown) are refused too.

use crate::error::ApiError;
use std::sync::LazyLock;
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

/// Longest player name, in characters (after normalisation).
pub const MAX_NAME_CHARS: usize = 40;

/// Most combining marks on one base character.
pub const MAX_MARKS_PER_BASE: usize = 2;

/// The name spectators chat under: never a seat's name.
pub const SPECTATOR_NAME: &str = "spectator";

/// Words the server shows itself (for spectators, for its own messages, for
/// bots), in both languages: no seat may be called like one of them.
pub const RESERVED: [&str; 5] = [SPECTATOR_NAME, "Zuschauer", "server", "bot", "Spielleiter"];

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
        if placeholder(c) {
            return Err(ApiError::name_placeholder(&code(c)));
        }
        if styled(c) {
            return Err(ApiError::name_styled(&code(c)));
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
    let looks = Looks::of(&name);
    if let Some((word, _)) = RESERVED_LOOKS.iter().find(|(_, l)| l.alike(&looks)) {
        return Err(ApiError::name_reserved(word));
    }
    if let Some((default, _)) = DEFAULT_LOOKS.iter().find(|(_, l)| l.alike(&looks)) {
        return Err(ApiError::name_impersonates(default));
    }
    Ok(name)
}

/// [`check_name`] for a seat, and the name may not look like one of the
/// server's `bots` either (a human called "rаndom" would pass for the bot).
/// An empty name still becomes the seat's default name.
pub fn check_seat_name(name: Option<String>, seat: usize, bots: &[String]) -> Result<String, ApiError> {
    let typed = name.as_deref().is_some_and(|n| !n.trim_matches(' ').is_empty());
    let name = check_name(name, seat)?;
    if typed {
        let looks = Looks::of(&name);
        if let Some(bot) = bots.iter().find(|b| Looks::of(b).alike(&looks)) {
            return Err(ApiError::name_impersonates(bot));
        }
    }
    Ok(name)
}

/// The name an unnamed seat is shown under, in English and German (the
/// browser shows the German one), for every seat a table may have.
fn default_names() -> impl Iterator<Item = String> {
    (1..=crate::lobby::MAX_PLAYERS).flat_map(|n| [format!("Player {n}"), format!("Spieler {n}")])
}

static DEFAULT_LOOKS: LazyLock<Vec<(String, Looks)>> =
    LazyLock::new(|| default_names().map(|n| (n.clone(), Looks::of(&n))).collect());

static RESERVED_LOOKS: LazyLock<Vec<(&'static str, Looks)>> =
    LazyLock::new(|| RESERVED.iter().map(|w| (*w, Looks::of(w))).collect());

/// Stand-ins for something not shown: the object replacement character
/// (an embedded object that is not there) and the replacement character
/// (text that could not be decoded).
fn placeholder(c: char) -> bool {
    matches!(c, '\u{FFFC}' | '\u{FFFD}')
}

/// Small capitals have no compatibility decomposition, so neither NFKC nor
/// the confusables data reads them as letters: the plain letter each one is.
fn small_capital(c: char) -> Option<char> {
    Some(match c {
        '\u{1D00}' => 'a',
        '\u{0299}' => 'b',
        '\u{1D04}' => 'c',
        '\u{1D05}' => 'd',
        '\u{1D07}' => 'e',
        '\u{A730}' => 'f',
        '\u{0262}' => 'g',
        '\u{029C}' => 'h',
        '\u{026A}' => 'i',
        '\u{1D0A}' => 'j',
        '\u{1D0B}' => 'k',
        '\u{029F}' => 'l',
        '\u{1D0D}' => 'm',
        '\u{0274}' => 'n',
        '\u{1D0F}' => 'o',
        '\u{1D18}' => 'p',
        '\u{A7AF}' => 'q',
        '\u{0280}' => 'r',
        '\u{A731}' => 's',
        '\u{1D1B}' => 't',
        '\u{1D1C}' => 'u',
        '\u{1D20}' => 'v',
        '\u{1D21}' => 'w',
        '\u{028F}' => 'y',
        '\u{1D22}' => 'z',
        _ => return None,
    })
}

/// Enclosed letters and digits (Ⓐ ① ❶ 🄰 ㊀): a letter in a frame is still
/// the letter. The regional indicators U+1F1E6–U+1F1FF, which make flags,
/// are not among them.
fn enclosed(c: char) -> bool {
    matches!(c, '\u{2460}'..='\u{24FF}' | '\u{2776}'..='\u{2793}' | '\u{3200}'..='\u{32FF}' | '\u{1F100}'..='\u{1F1E5}')
}

/// A letter or digit drawn in a style of a plain one: its compatibility
/// form (NFKC) is other letters or digits (mathematical `𝐀 𝖠 𝐴`, letter-like
/// `ℌ`, superscript and subscript `ᴬ ⁿ ²`, full-width `Ａ`, ligatures `ﬁ`),
/// a small capital, or an enclosed one. The compatibility forms East Asian
/// text is written in every day (Hangul compatibility jamo, half-width
/// kana and Hangul) are not styling and stay allowed.
fn styled(c: char) -> bool {
    if c.is_ascii() || matches!(c, '\u{3131}'..='\u{318E}' | '\u{FF61}'..='\u{FFDC}') {
        return false;
    }
    if small_capital(c).is_some() || enclosed(c) {
        return true;
    }
    if !matches!(
        c.general_category_group(),
        GeneralCategoryGroup::Letter | GeneralCategoryGroup::Number
    ) {
        return false;
    }
    let mut folded = std::iter::once(c).nfkc().peekable();
    let same = folded.peek() == Some(&c);
    !same && folded.all(char::is_alphanumeric)
}

/// Diacritics of the combining-diacritics blocks (U+0300–U+036F and their
/// extensions and supplements): a name with or without them looks like the
/// same name. Marks of other scripts' blocks (Indic vowel signs, …) make
/// another word and are kept.
fn diacritic(c: char) -> bool {
    matches!(c, '\u{0300}'..='\u{036F}' | '\u{1AB0}'..='\u{1AFF}' | '\u{1DC0}'..='\u{1DFF}' | '\u{20D0}'..='\u{20FF}' | '\u{FE20}'..='\u{FE2F}')
}

/// How a name looks, in the two forms names are compared in: its skeleton
/// as written, and its skeleton lower-cased; both after compatibility
/// folding, small capitals read as letters and diacritics left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Looks {
    shown: String,
    caseless: String,
}

impl Looks {
    /// The looks of `name`.
    pub fn of(name: &str) -> Looks {
        let folded: String = name
            .nfkd()
            .filter(|c| !diacritic(*c))
            .map(|c| small_capital(c).unwrap_or(c))
            .collect();
        Looks {
            shown: unicode_security::skeleton(&folded).collect(),
            caseless: unicode_security::skeleton(&folded.to_lowercase()).collect(),
        }
    }

    /// Whether two names look alike: equal skeletons as written (the
    /// skeleton before any case folding, so `PIayer` is `Player`), or equal
    /// lower-cased ones (`ALICE` is `alice`).
    pub fn alike(&self, other: &Looks) -> bool {
        self.shown == other.shown || self.caseless == other.caseless
    }
}

fn too_long() -> ApiError {
    refuse(
        &format!("Ein Name hat höchstens {MAX_NAME_CHARS} Zeichen."),
        &format!("A name has at most {MAX_NAME_CHARS} characters."),
    )
}

/// A character's code point as people write it: `U+FFFC`.
fn code(c: char) -> String {
    format!("U+{:04X}", u32::from(c))
}

fn invisible(c: char) -> ApiError {
    let code = code(c);
    refuse(
        &format!(
            "Das Zeichen {code} ist in Namen nicht erlaubt: nur Buchstaben, Akzente, Ziffern, Satzzeichen, Symbole und einzelne Leerzeichen."
        ),
        &format!(
            "The character {code} is not allowed in names: only letters, accents, digits, punctuation, symbols and single spaces."
        ),
    )
}

/// The key a claimed name is stored under (`players.skeleton`): the TR39
/// confusable skeleton of the lower-cased name. Kept as it was so that
/// stored claims are found again; seats are compared with [`Looks`].
pub fn skeleton(name: &str) -> String {
    unicode_security::skeleton(&name.to_lowercase()).collect()
}

/// Refuses `name` for a seat when it looks like one of `others` (the other
/// seats' names at the table).
pub fn check_distinct<'a>(name: &str, others: impl IntoIterator<Item = &'a str>) -> Result<(), ApiError> {
    let mine = Looks::of(name);
    match others.into_iter().find(|o| Looks::of(o).alike(&mine)) {
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

    fn rule_of(name: &str) -> String {
        check_name(Some(name.into()), 0).map_or_else(|e| e.info.rule, |_| "ok".into())
    }

    #[test]
    fn styled_letters_are_refused_and_east_asian_forms_kept() {
        for styled in [
            "𝐀𝐧𝐧𝐚",
            "𝖠𝗇𝗇𝖺",
            "𝐴𝑛𝑛𝑎",
            "Ⓐnna",
            "ᴬⁿⁿᵃ",
            "ᴀɴɴᴀ",
            "Ａnna",
            "ℌans",
            "ﬁna",
            "Anna①",
            "Anna❶",
        ] {
            assert_eq!(rule_of(styled), "server.bad_name.styled", "{styled}");
        }
        for fine in [
            "Anna",
            "ㅋㅋ",
            "ｶﾀ",
            "Ærø",
            "Łukasz",
            "Δήμητρα",
            "Анна",
            "李小龍",
            "🇩🇪 Jan",
            "½ Ei",
            "Anna™",
        ] {
            assert_eq!(rule_of(fine), "ok", "{fine}");
        }
    }

    #[test]
    fn looks_compare_the_skeleton_before_case_folding() {
        let alike = |a: &str, b: &str| Looks::of(a).alike(&Looks::of(b));
        assert!(alike("PIayer 1", "Player 1"), "capital I as small l");
        assert!(alike("ALICE", "alice"), "case");
        assert!(alike("Ạnna", "Anna") && alike("Émile", "Emile"), "diacritics");
        assert!(
            alike("𝐀𝐧𝐧𝐚", "Anna") && alike("ᴀɴɴᴀ", "anna") && alike("Ａｎｎａ", "Anna"),
            "folded"
        );
        assert!(alike("\u{410}nna", "Anna"), "Cyrillic");
        assert!(!alike("Anna", "Anne") && !alike("Ilse", "Else") && !alike("Player 1", "Player 2"));
        // Marks of other scripts make another name.
        assert!(!alike("\u{915}\u{93F}", "\u{915}"));
    }

    #[test]
    fn reserved_default_and_bot_names_are_refused() {
        assert_eq!(rule_of("Zuschauer"), "server.bad_name.reserved");
        assert_eq!(rule_of("SPECTATOR"), "server.bad_name.reserved");
        assert_eq!(rule_of("Spieler 16"), "server.bad_name.impersonates");
        assert_eq!(rule_of("An\u{FFFC}na"), "server.bad_name.placeholder");
        assert_eq!(rule_of("Player 17"), "ok", "no table has a 17th seat");
        let bots = ["random".to_string(), "greedy".to_string()];
        let seat = |n: &str| check_seat_name(Some(n.into()), 0, &bots).map_err(|e| e.info.rule);
        assert_eq!(seat("gr\u{435}edy"), Err("server.bad_name.impersonates".into()));
        assert_eq!(seat(""), Ok("Player 1".into()));
        assert_eq!(seat("Grete"), Ok("Grete".into()));
    }
}
