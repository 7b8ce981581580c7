"""What is copied through as written, found in a line: URLs, e-mail addresses, @handles, #hashtags, emoji, file
names, paths, codes, phone numbers, street addresses and formulas (the patterns the copy-through finder masks,
text/finders/copy_through.py), and the rule every other step keeps: no rewrite inside them.

    verbatim_spans("Schreib an info@gruesse.de")                 -> [<match "info@gruesse.de">]
    sub_outside_copied(WORD, mend, "Gruesse an info@gruesse.de")  # mends the first "Gruesse" only
"""
from __future__ import annotations

import functools
import re
from typing import Callable, Iterable

import regex

from text.forms.units import CODES, SYMBOLS, WORDS

# one emoji as a user sees it (a grapheme cluster): a keycap ("1️⃣", "#️⃣"), a flag (two regional indicators, or a
# black flag with the tags of a subdivision), a pictograph with its variation selector and skin tone, and what zero-
# width joiners join to it ("👨‍👩‍👧")
MODIFIERS = r"[\uFE0F\U0001F3FB-\U0001F3FF]*"
EMOJI = (rf"[0-9#*]\uFE0F?\u20E3|[\U0001F1E6-\U0001F1FF]{{2}}|\U0001F3F4[\U000E0020-\U000E007E]+\U000E007F"
         rf"|\p{{Extended_Pictographic}}{MODIFIERS}(?:\u200d\p{{Extended_Pictographic}}{MODIFIERS})*")
# an emoticon typed in letters and marks: eyes, a nose, a mouth (":)", ";-)", ":-D", ":P", ":/", ":*"), "^^", "xD"
# (a model dropped ":)" or wrote it as "')")
EMOTICON = r"[:;=][-'^]?[)(\]\[DPO/\\|*]+|\^\^|(?-i:[xX]D+)"
# laughter and a cry typed in a chat, kept as typed in both languages ("lol" came back as "Brot", "haha" as
# "Heuhahaarhahaft", "omg das ist so cool" as "Omg they is cool"): "lol", "haha", "hehe", "hihi", "lmao", "rofl",
# "omg", in lowercase, capitals, or with a capital
LAUGHTER = r"(?-i:(?:lol|lmao|rofl|omg|(?:ha){2,}h?|(?:he){2,}|(?:hi){2,}|LOL|LMAO|ROFL|OMG|(?:HA){2,}|(?:HE){2,}" \
           r"|(?:HI){2,}|Lol|Lmao|Rofl|Omg|Ha(?:ha)+h?|He(?:he)+|Hi(?:hi)+))"
LAUGHED = re.compile(LAUGHTER)          # a word that is laughter, whole (the case step and fills keep its case)
# a #hashtag, an order's number with its hyphens ("#A-12345": a model kept "#A" and spelled out "-12345")
HASHTAG = r"(?<![\w#&])#[^\W_]\w*(?:-(?=[^\W_]*\d)[^\W_]+)*"
# a ")" only closing a "(" of the URL ("wiki/Rhein_(Fluss)"); an apostrophe only inside a word ("wiki/Schindler's_List",
# not a closing quote nor an English "'s" after the URL: "example.com's")
URL_CHAR = r"(?:\([^\s()<>]*\)|'(?!s\b)(?=\w)|[^\s<>\"'„“”«»)])"
# a formula's parts: letters or small whole numbers, each alone, and the comparison among them (not the heart "<3")
OPERAND, RELATION, OPERATOR = r"(?:[^\W\d_]|\d{1,3})", r"(?:<(?!3(?!\d))|[>=≤≥≠])", "[<>=≤≥≠+×÷*/−-]"
JOIN = rf"(?: ?{OPERATOR} ?|(?<=\d) x (?=\d))"        # between operands; a letter x only between numbers ("3 x 4")
PART = r"[\w.-]*\w"                                  # a path's part: "etc", "config.yaml", ".bashrc"
# a number with a unit after it is a measure, not a house number: "auf dem Heimweg 20 Minuten", "der Schulweg 3 km"
MEASURED = r"(?![ \u00a0]?(?i:%s)(?![\w/-]))" % "|".join(
    re.escape(w) for w in sorted({w for words in WORDS.values() for w in words} | set(SYMBOLS), key=len, reverse=True))
# a software string's slot for a value, as a format string writes it: "{0}", "{name}", "{0:.2f}", "{{name}}", "${var}",
# "#{var}", "%{var}", "%s", "%d", "%1$s", "%-5.2f", "%(count)d", "%@", "$VAR", ":name" (a model dropped "{name}" and
# "%s" and wrote "{0}" as "0"); not a price ("$5", "5 %", "50%ige", "5 % der"), nor braces around words ("{siehe oben}")
FORMAT_SLOTS = [
    r"(?<!\{)[$#%]?\{\{ ?\w+(?:\.\w+)* ?\}\}(?!\})"                                      # "{{name}}", "{{ user.name }}"
    r"|(?<![{\w])[$#%]?\{(?:\w+(?:\.\w+|\[\w+\])*)?(?:![rsa])?(?::[^{}\s]*)?\}",       # "{0}", "{name!r:>10}", "${var}"
    r"(?-i:(?<![\w%])%(?:\d+\$|\(\w+\))?[-+0#]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|z|j|t|q)?"
    r"[sdiufFeEgGxXoScpaA@](?!\w))",                                 # printf's "%s", "%1$s", "%(count)d", "%.2f"
    r"(?<![\w$])\$[A-Za-z_]\w*",                                    # "$VAR", "$user_name"; "$5" is a price
    r"(?-i:(?<![^\s(\[\"']):[a-z_][a-z0-9_]+(?![\w:]))",
    # ":name" (a named parameter), lowercase, after a space, a bracket or a quote; not "Zeit:abends", ":smile:", ":P"
]
# a product's model after its number ("iPhone 15 Pro", "Galaxy S23 Ultra": a model lost the word or put it elsewhere)
MODEL = r"(?: (?:Pro Max|Pro|Max|Plus|Ultra|Mini|Air|Lite|SE)(?![\w-]))"
# a key of a keyboard that is pressed with others ("Ctrl+C", "Strg + Umschalt + T")
KEY = r"(?:Ctrl|Strg|Alt|AltGr|Shift|Umschalt|Cmd|Command|Option|Opt|Win|Fn|[⌘⌥⇧⌃])"
# a phone number: "0341 593 3500", "+1 (555) 010-9999", "(030) 123 456", "+49 (0)30 1234567"; the phrases around one
# read it too (text/finders/phrases.py: "Call me at 0341 593 3500.")
PHONE_NUMBER = (r"(?<![\w.,+(])(?<!\d[ \u00a0\u202f])(?:\+\d{1,3}(?: ?\(\d{1,5}\))?|\(\d{2,5}\)|0\d{2,})"
                r"(?:(?<=\))\d{2,}|[ /-]\d{2,})+(?![.,]?\d)")
# a local number of three and four digits with a hyphen ("555-0199"): a phone number only where a phrase around it
# says so ("Call me at 555-0199."); alone it may be a range ("200-1000 Euro", "300-1500 Meter")
LOCAL_NUMBER = r"(?<![\w.,+(-])[1-9]\d{2}-\d{4}(?![.,]?\d)"
URL = rf"(?:(?:https?|s?ftps?|file|ssh|git)://|www\.){URL_CHAR}+?(?=[.,;:!?)\]}}>\"'“”»]*(?:\s|$))"
EMAIL = r"[\w.+-]+(?:'[\w.+-]+)*@[\w-]+(?:\.[\w-]+)+"
DOMAIN = r"(?<![\w@./-])[a-z0-9](?:[a-z0-9-]*\.)+(?-i:com|de|org|net|io|eu|at|ch|uk|info|edu|gov)(?:/[^\s\"'<>]*\w)?\b"
# where one is written to or called: a URL, a bare domain, an e-mail address, a phone number (what "Mehr Infos unter"
# and "Schreib mir an" lead, text/forms/phrase_tables.py)
ADDRESS = "|".join(f"(?:{p})" for p in (URL, DOMAIN, EMAIL, PHONE_NUMBER, LOCAL_NUMBER))
# short words before a number in a line typed in capitals, no type's name ("AM 3. MAI" is a date, not "ICE 578")
SHORT_WORDS = ("AM", "UM", "IM", "AB", "AN", "BIS", "VOM", "ZUM", "ZUR", "MIT", "FÜR", "VON", "VOR", "UND", "NUR",
               "AT", "ON", "IN", "TO", "BY", "OF", "FOR", "THE", "AND")
# the marks the subword units write (data/tokenizer.py's joiner "￭", data/subwords.py's word start "▁"): typed into a
# line, the model read "Ein ▁Hund ￭ rennt." as one word and wrote "A Wundund runs."
UNIT_MARKS = "[\u2581\uffed]+"
PATTERNS = [
    rf"(?-i:(?<![\w+-]){KEY}(?: ?\+ ?(?:{KEY}|Tab|Enter|Esc|Entf|Del|Space|Leertaste|F\d{{1,2}}|[A-Z0-9]))+(?![\w+]))",
    # keys pressed together, spaces around the "+" too ("Ctrl + C": a model wrote "Ctrl Count")
    r"(?-i:(?<![\w.])(?:C\+\+|[CF]#|\.NET)(?![\w+#])|(?<![\w-])USB-C(?!\w)"
    r"|(?<=\b[Vv]ersion )\d+(?:\.\d+)+(?![\w-]|\.\d))",
    # a language or a plug whose marks a model drops ("C++", "C#", ".NET" as "NET", "USB-C" as "USB"), a version
    # after its word ("Version 2.0": a model wrote "2,0")
    r"(?<![\w-])\w+(?:-\w+)*[®™]",
    # a brand with its mark ("Coca-Cola®", "Snickers™": the mark alone came back apart, "Coca-Cola ®")
    URL,
    # a URL, without what ends the sentence ("ftp://files.example.com/a.zip": a model garbled all but "a.zip")
    EMAIL,                                                      # an e-mail address ("o'brien@example.com")
    DOMAIN,
    r"(?<![\w.])(?:(?-i:v)\d+(?:\.\d+)+(?:-[^\W\d_][\w.]*\w)?|\d+(?:\.\d+){2,}-[^\W\d_][\w.]*\w)(?![\w-])",
    # a version ("v2.1.3", "1.2.3-beta": the model lost "-beta"); a date or a decimal alone stays the number step's
    # a bare domain ("example.com", "bahn.de/hilfe"; a model wrote "Visit example.com" as "Visitische")
    r"(?<![\w@])@\w{1,30}(?:\.\w+)*",                                           # a @handle ("@lena.malt")
    rf"(?:{EMOJI})+",                                                          # emoji, several in a row as one
    rf"(?<!\S)(?:{EMOTICON})(?=[\s.,!?]|$)",         # an emoticon typed in letters and marks (":)", ";-)", ":D", "^^")
    rf"(?<![\w'’-])(?:{LAUGHTER})(?![\w'’-])",       # laughter ("lol", "haha"), not inside a word ("Lolita")
    HASHTAG,
    rf"(?<![\w.:/\\~-])(?:/{PART}(?:(?:/{PART})+/?|/)|(?:~|\.\.?)/{PART}(?:/{PART})*/?)",
    rf"(?<![\w\\])[A-Za-z]:\\(?:{PART}(?:\\{PART})*\\?)?",
    # a path: "/etc/app/config.yaml", "/etc/", "~/docs", "./run.sh", "C:\\Users\\anna" (a model lost the one and
    # garbled the others); not "km/h", "und/oder", "Ein-/Ausgang", "/h"
    r"(?<![\w.-])[\w-]+(?:\([\w -]*\)[\w-]*| \(\d{1,3}\))*"
    r"(?:\.(?:pdf|jpe?g|png|gif|svg|docx?|xlsx?|pptx?|odt|txt|csv|json|xml|zip|tar|gz|mp3|mp4|mov|wav|html?|py|js|exe"
    r"|ya?ml|md|toml|ini|cfg|log|sh|css|sql|cpp|hpp|java|rb|php|kt|swift|ipynb|webp|heic|epub|mkv|avi|rar|apk"
    r"|dmg|iso)\b)+",
    r"(?<![\w.-])[\w-]{2,}\.[ch](?![\w-]|\.\w)",
    # a C file ("main.h", "util.c": a model dropped both); a name of two letters or more, not "d.h." ("das heißt")
    # a file name, brackets in it too ("bericht(final).docx", a second download's "Rechnung (2).pdf"; "config.yaml",
    # "README.md": a model dropped the one and wrote "README" of the other), all its endings ("archive.tar.gz": a
    # model lost ".gz")
    r"(?<![\w.])[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*\(\)|(?<![\w.-])[A-Za-z]\w*(?:_[A-Za-z0-9]+)+(?![\w-])",
    # code: a call without arguments ("print()", "obj.get_id()"), a snake_case name ("user_name"): a model wrote "()"
    # for "print()" and dropped "user_name"
    r"(?<![\w$%&*+=~^|\\#])(?!(?:US|AU|CA|NZ|HK|[ACS])\$\d)\w+(?:[$%&*+=~^|\\#]+\w+)+(?![\w$%&*+=~^|\\#])",
    # a password, a key, a name with symbols inside ("abc$def", "aB3$xY", "AT&T"): a model dropped "abc$def" whole;
    # not a price in a country's dollars ("US$5,000": the numbers finder's)
    r"(?-i:(?<![\w-])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?![\w-]))",
    r"(?-i:(?<![\w-])[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}(?![\w-]))",
    # an IBAN ("DE89 3704 0044 0532 0130 00": a model put its groups in another order) and a British postcode
    # ("SW1A 1AA": a model wrote its halves apart), each one span
    rf"(?<![\w.,:-])[^\W\d_][\w]*\d[\w]*(?:[-.:/]\w+)*(?-i:{MODEL})?",   # a code: letters first, then a digit
    rf"(?-i:(?<![\w-])(?!(?:{'|'.join([*CODES, *SHORT_WORDS])}) )(?:\p{{Lu}}{{2,3}}|\p{{Lu}}+-\p{{Lu}}+|\p{{Lu}}+!\w+|"
    rf"\p{{Lu}}?\p{{Ll}}+\p{{Lu}}\w*)(?: (?:Pro|Air|Mini))? \d\w*{MODEL}?"
    r"|(?:Windows|Ubuntu|Android|Debian|Fedora|Python|Java|Excel|Photoshop) \d+(?:\.\d+)*(?![\w-]))"
    r"(?![.,:]?\d)",
    # a type: "ICE 578", "B-XY 1", a capital inside its name and a number, "iPhone 15", "PlayStation 5" (as two
    # placeholders a model wrote "My new iPhone is 15."), its model after it ("iPhone 15 Pro": a model lost "Pro"),
    # an operating system or program with its version ("Windows 11", "Ubuntu 22.04": a model dropped "Windows" and
    # wrote "22,04"); not a currency's code ("EUR 20": a price)
    PHONE_NUMBER,
    r"(?-i:(?<![\w-])(?:(?:\p{Lu}\w*-)*\p{Lu}\p{Ll}+(?:straße|strasse|str\.|gasse|weg|allee|platz|ring|damm|ufer"
    r"|chaussee|-Straße|-Platz|-Allee|-Weg|-Ring|-Damm)|\p{Ll}{2,}(?:straße|strasse|str\.|gasse|allee|chaussee)"
    r"|\p{Lu}\p{Ll}+er (?:Straße|Strasse|Str\.|Gasse|Weg|Allee|Platz|Ring|Damm|Ufer|Chaussee))"
    rf" \d{{1,4}}(?:[a-z]\b)?(?![.,:]?\d){MEASURED}(?:, \d{{5}} \p{{Lu}}\p{{Ll}}+(?:-\p{{Lu}}\p{{Ll}}+)*(?![\w-]))?)",
    r"(?-i:(?<![\w.,])\d{1,5}[A-Z]? (?:\p{Lu}\p{Ll}+ )+(?:Street|Road|Avenue|Lane|Drive|Boulevard|Square|Place)\b)",
    r"(?-i:(?<![\w.,])(?:\d{1,5}[A-Z]? )?\d{1,3}(?:st|nd|rd|th) (?:Street|Road|Avenue|Lane|Drive|Boulevard|Place"
    r"|St|Ave|Rd|Blvd)\b(?:(?<=\b(?:St|Ave|Rd|Blvd))\.(?= +\p{Ll}|[,;]))?)",
    # a street named by its ordinal, as written: "5th Avenue", "350 5th Avenue" ("5th" was "5.", "Avenue" the model's:
    # "auf 5."), "5th Ave", "42nd St." (apart, "5. ... 42. Ave und St."), its full stop where a lowercase word or a
    # comma follows (names.py's SUFFIXES)
    # a street address, as written: "Goethestraße 12", "Karl-Marx-Allee 5a", "221B Baker Street" (a model wrote
    # "She lives in the going 12" for "in der Goethestraße 12"), a street named after a place, "Berliner Str. 7", with
    # its postcode and town ("Bahnhofstr. 12, 80335 München": apart, a model lost the comma, "12 80335 Munich"), and
    # one typed in lowercase, "hauptstraße 5" (not "weg" or "ring" there: "bring 2"); a letter between the capital and
    # "ring" or "weg" (not "Bring 2 Euro mit": a model wrote "Bring 2 is working with her.")
    # a formula ("a < b", "x = 3", "2 + 2 = 4", "3 x 4 = 12", "0 ≤ x ≤ 1"): a model reads "<" rarely and drops it
    rf"(?<![\w<>=+×÷*/−-]){OPERAND}(?:{JOIN}{OPERAND})*? ?{RELATION} ?{OPERAND}"
    rf"(?:{JOIN}{OPERAND})*(?![\w<>=+×÷*/−-])",
    *FORMAT_SLOTS,
    UNIT_MARKS,
    r"(?<!\w)`[^`\n]+`(?!\w)",
    # code between backticks ("`ls -la`": a model dropped it whole); not a backtick typed for an apostrophe ("don`t")
]
SPAN = "|".join(f"(?:{p})" for p in PATTERNS)


@functools.cache
def span_pattern() -> regex.Pattern:
    """SPAN compiled, at its first use: compiling it took a tenth of a second of every command's start, and a line
    with nothing it NEEDED never uses it."""
    return regex.compile(SPAN, regex.IGNORECASE)


# what every pattern above needs somewhere in a line: a digit, one of its marks, a pictograph or regional indicator,
# a brace, a colon before a letter, a subword mark, an emoticon, or a full stop inside a word ("www.", "x.de",
# ".pdf"); most lines have none, and this finds that 15 times faster than SPAN finds nothing (preparing Multi30K's
# training pairs spent 13 s in SPAN, now under 1 s)
NEEDED = regex.compile(rf"[\d@#/\\$%&*+=~^|<>≤≥≠{{_`\p{{Extended_Pictographic}}\U0001F1E6-\U0001F1FF]|\.\S|:[a-z_]"
                       rf"|\(\)|USB-C|{UNIT_MARKS}|{EMOTICON}|{LAUGHTER}", regex.IGNORECASE)


_last: tuple[str, tuple] = ("", ())


def verbatim_spans(text: str) -> list:
    """SPAN's matches in text, in order (none, without running SPAN, where the line has nothing SPAN needs). The last
    text's are kept: the sentence ends, the umlaut, apostrophe, contraction, case and typos steps and the copy-through
    finder all ask about the same line or sentence in turn."""
    global _last
    last = _last                         # one read: a server's threads may share it
    if last[0] != text:
        last = _last = text, tuple(span_pattern().finditer(text)) if NEEDED.search(text) else ()
    return list(last[1])


def inside_copied(text: str, index: int) -> bool:
    """Whether text[index] belongs to what is copied through ("info@zoo.de", "/home/anna", "#sommer")."""
    return any(m.start() <= index < m.end() for m in verbatim_spans(text))


def sub_outside_copied(pattern: re.Pattern, rewrite: Callable[[re.Match], str], text: str,
                       free: Iterable[str] = ()) -> str:
    """pattern.sub(rewrite, text), but no match inside what is copied through is rewritten: a step that mends typed
    words ("Gruesse" -> "Grüße", "dont" -> "don't") must not mend "info@gruesse.de" or "/home/dont/". `free`: what
    is copied through only by its look, rewritten all the same where it is all a span (chat's "b4", a code by its
    digit)."""
    kept = [m.span() for m in verbatim_spans(text) if m.group() not in free]
    return pattern.sub(lambda m: m.group() if any(a <= m.start() < b for a, b in kept) else rewrite(m), text)
