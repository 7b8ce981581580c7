"""Where a sentence ends, for the steps that split a line and those that mend a sentence's end (`sentence_spans`,
`ends_sentence`, `abbreviation_ends`, `ends_text`).

A sentence ends at ".", "!", "?" or "…" (with any closing quotes or brackets after it) when whitespace and then the
start of a new sentence follow: a capital letter, a digit or an opening quote (or a pronoun typed in lowercase,
"it's", "es"). Not after an abbreviation ("z. B.",
"Nr.", "St.", "Dr.", ...; "no", "jan" and a weekday's, "Sa.", only before a number), a single letter ("J. S.
Bach"; "a.m." and "p.m." unless a capital follows), an ordinal or a date ("am 3. Oktober", "1. Mai"): a period after
a number never ends a sentence. Decimals, URLs and e-mail addresses have no space after their
periods; a sentence mark between a word in lowercase (but for a capital first letter) and a capitalized one with no
space ("a mouse.The dog", "Ein Hund.Eine Katze") ends a sentence, unless the words are part of a domain or an address
("www.bbc.Com") or the first is an abbreviation ("Dr.Müller"). A period right after what is copied through (a URL,
a path, a @handle, a version: text/forms/verbatim.py) is a sentence's, whatever it ends in: "Lade v2.1.3.
Starte neu.", "Folge @anna.m. Sie postet viel." (a model lost the sentence after it); one inside it never is
("Hauptstr. 5, 10115 Berlin": a street's abbreviation before its number). Emoji, emoticons and #hashtags alone after
a sentence's mark to the line's end stand apart ("Das Wetter ist toll! #sommer"): they are copied as typed.
"""
from __future__ import annotations

import re

import regex

from text.forms.verbatim import EMOJI, EMOTICON, HASHTAG, verbatim_spans
from text.forms.calendar import MONTHS

# German abbreviations that end in a period inside a sentence (lowercase; matched case-insensitively)
# (single letters never end a sentence either: "z. B.", "J. S. Bach")
ABBREVIATIONS = set("""
bzw ca evtl ggf inkl usw etc vgl sog bspw zzgl zb dh ua uvm ebd allg ehem eigtl gegr nr st str dr prof hr fr frl
med dent vet rer nat pol theol habil phil jur dipl ing abt abs abb bd jh jhd jr sen tel mio mrd tsd std sek kap
jan feb mär apr jun jul aug sep sept okt nov dez co inc ltd corp vs mr mrs ms approx dept est fig jan feb mar oct dec
no incl cf mt gg tgl
""".split())
ENDS = ".!?…"                     # the marks that end a sentence
CLOSERS = r"[\"'»«“”„‚’)\]]*"     # the closing quotes and brackets a sentence's last mark may have after it
END = re.compile(rf"[{ENDS}]+{CLOSERS}")
CLOSING = re.compile(rf"{CLOSERS}\s*")
BEFORE_SENTENCE = re.compile(rf"[{ENDS}:]+{CLOSERS}\s+$")     # what stands before a sentence's first word
# abbreviations only before a number ("No. 5", "3. Jan. 2020", a weekday's before a time: "Sa. 9 Uhr"), else words
BEFORE_DIGIT = {"no", "jan", "mo", "di", "mi", "do", "sa", "so", "mon", "tue", "wed", "thu", "sat", "sun", "abb",
                "fig", "ch", "vol"}
LAST_WORD = re.compile(r"([^\W_]+)$")
INITIALS = re.compile(r"(?<![^\W_])(?:[^\W\d_]\.)+[^\W\d_]$")     # "U.S", "z.B", "D.C": letters with periods between
# whitespace, then a speaker's dash, an opening mark and no lowercase ("Wo ist er? - Keine Ahnung.")
BULLETS = "•◦‣●▪·*"                     # a list item's bullet, kept as a speaker's dash is (DIALOGUE_DASH below)
START = re.compile(rf"\s+(?=(?:[-–—{BULLETS}]\s+)?[\"'„“‚»«(\[]?[^\W_a-zäöüß])")
START_LOWER = re.compile(rf"\s+(?=(?:[-–—{BULLETS}]\s+)?[\"'„“‚»«(\[]?[^\W_])")      # a line typed all in lowercase
# in a line with capitals, a pronoun typed in lowercase opens a sentence too ("The kids are playing outside. it's
# sunny." was one sentence, and a model lost its second: "Die Kinder spielen im Freien.")
# after a sentence's mark, only emoji, emoticons and #hashtags to the line's end: they stand apart, copied as typed (in
# the sentence, "Das Wetter ist toll! #sommer" came back as "... four! #sommer!", "Hast du Lust auf Eis? 🍦" as "... 🍦?"
# and "... 🍦" without its "?": the sentence's final mark went after them or was lost)
TAGGED = rf"(?:{EMOJI})+|{EMOTICON}|{HASHTAG}"
START_TAIL = regex.compile(rf"\s+(?=(?:{TAGGED})(?:\s*(?:{TAGGED}))*\s*$)")
START_PRONOUN = re.compile(r"\s+(?=(?:i|i['’]m|it|it['’]s|we|they|he|she|you|ich|es|wir|er)(?![\w'’-]))")
# a speaker's dash that opens a sentence of dialogue ("- Hallo! - Tschüss!"), kept as typed: a model read "- Hallo!"
# as "A now!" and a line of two turns as one sentence, losing one; and a list item's, before a number too ("- 2 Eier":
# a model lost the dash that "- Milch" kept), and a list's bullet before a word ("• eggs" -> "• Eier": a model wrote
# "Wittiere", the bullet lost; not before a number: "2 · 3")
DIALOGUE_DASH = re.compile(rf"[-–—]\s+(?=[\"'„“‚»«(\[]?[^\W_])|[{BULLETS}]\s+(?=[\"'„“‚»«(\[]?[^\W\d_])")
# a space left out after a sentence's mark ("a mouse.The dog", "Ein Hund.Eine Katze", "A dog.A cat"): a word of two
# letters or more, lowercase but for its first (a German noun), or a closing quote or a quotation's slot (text/
# finders/slots.py: 'Er sagte "Hallo".Dann ging er.'), the mark, then a capitalized word that is no part of a domain,
# file name or address ("www.bbc.Com", "john.Smith@x.de"); an abbreviation before the mark stays one
JOINED_BEFORE = re.compile(r"(?:(?<![\w.@/])[A-ZÄÖÜa-zäöüß][a-zäöüß]+|[^\W\d_][.!?…]*[\"'»«“”‘’]|[\ue100-\ue1ff])$")
JOINED_AFTER = re.compile(r"(?=[A-ZÄÖÜ][a-zäöüß]*(?![\w.@/]))")
CODE_NUMBER = re.compile(r"[^\W\d_]-\d+$")                   # "ABC-123", "XR-7": letters, a hyphen, the number
AN_HOUR = re.compile(r"(?<![^\W_])(?i:um|at) \d{1,2}$")       # a number after these is an hour, not an ordinal
CAPITAL_INITIALS = re.compile(r"(?<![^\W_])(?:[A-ZÄÖÜ]\.)+[A-ZÄÖÜ]$")      # "U.S", "U.K", "E.U": not "z.B"
LIST_ENDS = {"etc", "usw"}          # abbreviations that end a list, and often a sentence with it
# words that start a new sentence after a number and its period ("Haus Nummer 12. Es ist rot."), where a noun
# would continue it ("am 3. Oktober")
OPENING_WORDS = set("""
der die das ein eine er sie es wir ich du ihr man dann danach dort hier heute jetzt aber und doch alle viele
mein meine sein seine dieser diese dieses was wer wie wo warum wann
the a an he she it we they i you then there here today now but and this that these those my his her our their
its your some all every each both many
""".split())


def sentence_spans(text: str, unbroken: list[tuple[int, int]] = ()) -> list[tuple[int, int]]:
    """(start, end) of each sentence of a text, in order, without the spaces around it; none ends strictly inside
    one of the `unbroken` spans (a quotation: "„Schau! Ein Hund.“, ruft sie." is one sentence)."""
    starts = START if any(c.isupper() for c in text) else START_LOWER
    spans_copied = [m.span() for m in verbatim_spans(text)]
    copied = {b for _, b in spans_copied}     # where a URL, path, handle or version ends
    spans, start = [], 0
    for end in END.finditer(text):
        if any(a < end.end() < b for a, b in [*unbroken, *spans_copied]):    # nor inside an address ("Hauptstr. 5")
            continue
        gap = starts.match(text, end.end()) or START_PRONOUN.match(text, end.end()) or joined(text, start, end) or \
            START_TAIL.match(text, end.end())
        if gap is not None and (end.start() in copied or
                                ends_sentence(text[start:end.end()], end.group(), text[gap.end():])):
            spans.append((start, end.end()))
            start = gap.end()
    spans.append((start, len(text)))
    return [(a + len(text[a:b]) - len(text[a:b].lstrip()), b - len(text[a:b]) + len(text[a:b].rstrip()))
            for a, b in spans if text[a:b].strip()]


def dialogue_dash(sentence: str) -> str:
    """The speaker's dash (with its space) that opens a sentence of dialogue, or a list item's bullet, "" for none:
    "- Hallo!" -> "- ", "• Eier" -> "• "."""
    m = DIALOGUE_DASH.match(sentence)
    return m.group() if m else ""


def joined(text: str, start: int, end: re.Match) -> re.Match | None:
    """An empty gap where a space was left out between two sentences ("a mouse.The dog"), else None."""
    if end.group()[:1] not in ENDS or JOINED_BEFORE.search(text, start, end.start()) is None:
        return None
    return JOINED_AFTER.match(text, end.end())


def ends_sentence(sentence: str, mark: str, rest: str) -> bool:
    """Whether the sentence (its text up to and including `mark`) really ends before `rest`: "!", "?" and "…"
    always do; a period not after an abbreviation or a single letter, nor after a number or "etc."/"usw." unless a
    word that opens sentences follows (capitalized, after "etc."/"usw.")."""
    if not mark.startswith("."):
        return True
    before = sentence[:len(sentence) - len(mark)]
    word = LAST_WORD.search(before)
    if word is None:
        return True
    word = word.group(1)
    if re.search(r"(?<![^\W_])[ap]\.m$", before, re.IGNORECASE):     # "5 p.m. Then": a capital ends it
        return rest.lstrip("\"'„“‚»«([")[:1].isupper()
    if word.lower() in BEFORE_DIGIT:
        return not rest[:1].isdigit()
    if word.isdigit() and CODE_NUMBER.search(before):  # a code's number, no ordinal: "Der Code ist ABC-123. Bitte"
        return True
    if word.isdigit() or word.lower() in LIST_ENDS:     # an ordinal or a date: "am 3. Oktober", "1. Mai"; a list's
        following = re.match(r"[^\W_]+", rest)         # end: "Äpfel, Birnen usw. Der Verkäufer lächelt."
        if word.isdigit() and AN_HOUR.search(before) and following is not None and \
                following.group()[:1].isupper() and not a_month(following.group()):
            return True                                # "um 3. Sei pünktlich.", "at 5. Please come.": an hour
        return following is not None and following.group().lower() in OPENING_WORDS and \
            (word.isdigit() or following.group()[:1].isupper())
    if CAPITAL_INITIALS.search(before):                # "in the U.S. He likes it.": before a word that opens one
        following = re.match(r"[^\W_]+", rest)
        return following is not None and following.group().lower() in OPENING_WORDS and following.group()[0].isupper()
    return not (len(word) == 1 or abbreviation_ends(before))


def a_month(word: str) -> bool:
    """Whether a word is a month's name, German or English ("um 3. Oktober" is a date, not an hour)."""
    return any(word in names or word.capitalize() in names for names in MONTHS.values())    # "OKTOBER" too


def ends_text(text: str, at: int) -> bool:
    """Whether only closing quotes or brackets and whitespace follow `at`: an abbreviation's full stop there is the
    sentence's too ("bis Fr.", "Brot, Käse usw.“"), and a placeholder for the abbreviation leaves it out."""
    return CLOSING.fullmatch(text, at) is not None


def abbreviation_ends(text: str) -> bool:
    """Whether text ends in an abbreviation, so that a period after it is the abbreviation's own ("usw", "Inc",
    "U.S"), not a sentence's; "no" and "jan" are words there (they abbreviate only before a number)."""
    word = LAST_WORD.search(text)
    if word is None:
        return False
    word = word.group(1).lower()
    return (word in ABBREVIATIONS and word not in BEFORE_DIGIT) or INITIALS.search(text) is not None
