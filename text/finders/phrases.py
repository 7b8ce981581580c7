"""Everyday phrases that image captions never contain ("Hallo", "Tschüss", "Danke schön", "Hilfe!", a sign's
"Geschlossen"): a sentence that is one of them (a quotation is a sentence of its own, text/steps/quotations.py),
whatever its case and punctuation, becomes a placeholder for the phrase in the target language, so the model
carries it instead of guessing ("Tschüss" -> "Trverrrrrs of Tents."; "Stop!" -> "Bushaltestelle!"). German ->
English and back.

Whole sentences match ("Hallo!", "Guten Morgen."), and a greeting that opens a longer one before a comma, an
exclamation mark or a capitalized word ("Tschüss Anna." -> "Bye" + " Anna."), and a phrase after such openers
("Hallo, wie geht's dir?" -> "Hello" + ", " + "how are you" + "?": a model wrote "Hello, like you walks?"). An
introduction takes the name after it along ("Ich heiße Anna und spiele Tennis." -> "My name is Anna" + " und spiele
Tennis.": as two placeholders, a model wrote "My name is and Anna comes from Vienna." for "... und komme aus Wien."),
and where one lives or comes from after it, before a place that ends the sentence ("Ich heiße Lena und wohne in
Köln." -> "My name is Lena and I live in" + " Köln.": a model wrote "My name is Lena and live in Cologne."; not before
"Köln mit meinem Hund"), and thanks for something open a sentence with their "für" / "for", the thing left to
the model ("Vielen Dank für Ihre Hilfe!" -> "Thank you very much for" + " Ihre Hilfe!": "Dank" alone was taken for a
name, "Many Dank for their helps!"), and so does
"Bitte" / "Please" before a request ("Bitte warten Sie hier." -> "Please" + " warten Sie hier."), and a notice's
label with its colon ("Achtung: Rutschgefahr!" -> "Attention:" + " Rutschgefahr!": a model lost a colon after a
placeholder), and so does a field's ("Telefon: 030 1234567" -> "Phone:" + " 030 1234567"), after a comma too
("Abfahrt: 7:45 Uhr, Ankunft: 10:30 Uhr") or a colon ("Zug nach Berlin Hbf: Abfahrt 8:15": a model lost
"Abfahrt"), and before its number without a colon ("Abfahrt 10:15 Uhr" -> "Departure"
+ " 10:15 Uhr"). A request's "bitte" / "please" that closes a sentence is one too ("Zwei Kaffee, bitte." -> "Zwei
Kaffee, " + "please" + "."). A sentence around a phone number is one, the number copied into it as typed ("Ruf mich
unter 0171 2345678 an!" -> "Call me at 0171 2345678": a model wrote "Do I 0171 2345678!"; not "Call me at 5 pm."). A
sign-off with its writer's name after a comma at the line's end is one as on its
own line, in lowercase after the comma ("Vielen Dank für deine Hilfe, LG Maria" -> ... + ", " + "best wishes,
Maria"). Thanks or a farewell after a whole phrase's comma are two ("Das war toll, danke!" -> "That was great" +
", " + "thank you" + "!": a model wrote "That was dead, thank!"). A greeting and a farewell joined by "und" / "and"
are one ("Liebe Grüße und bis bald!" -> "Best wishes and see you soon" + "!"). A phrase typed with "ss" for "ß" is
found too ("LIEBE GRÜSSE!"). "Ein Mann sagt danke." is the model's.
"""
from __future__ import annotations

import functools
import re

from text.finders.finder import PlaceholderStep
from text.forms.masking import Span
from text.forms.verbatim import ADDRESS, LAUGHTER
from text.forms.phone_phrases import phone_phrase
from text.forms.calendar import WEEKDAYS
from text.forms.places import WHOLE_PLACES
from text.forms.phrase_tables import (ADDRESS_LEADS, BRAND_WORDS, CAPITALS, CLOSINGS, FAREWELLS, FIELDS, GREETINGS,
                                      HOURS_SIGNS, INTRODUCED, INTRODUCTIONS, LABELS, LEADS,
                                      SALUTATIONS, SIGN_OFFS, TABLES, THANKS, phrase_key)
from text.forms.thanks import THANKED

# "Yes, please." too, and a hyphen inside a word ("Free Wi-Fi")
SENTENCE = re.compile(r"\s*([^\W\d_](?:[\w'’ ,]|-(?=[^\W\d_]))*?)\s*([.!?…,]*)\s*", re.UNICODE)
LEADING = re.compile(r"[\s,]*")                      # between an opener and the rest of its sentence
# the name after an introduction: capitalized words ("Anna Schmidt"), not an abbreviation's ("Dr." of "Dr. Müller")
# fields whose number may be a duration, not their value ("Time 45 minutes"): only with a colon
DURATIONS = {"time"}
# after a greeting or thanks, only emoji or emoticons to the line's end ("Danke :)" -> "Thank you" + " :)": a model
# wrote "There is :)")
EMOJI_ONLY = r"(?:\s+[^\w\s]\S*)+\s*$"
NAME = re.compile(r"(?:\s+[A-ZÄÖÜ][\w'’-]*(?![\w'’-]))+(?!\.\s*\S)")
# laughter before or after a phrase ("haha ok", "danke lol"): copied through, the phrase found between (a model wrote
# "haha okoks", "haha Glas Glass")
LAUGHED_AROUND = re.compile(rf"(\s*(?:{LAUGHTER})[\s,]+)?(.*?)([\s,]+(?:{LAUGHTER})\s*[.!?]*)?\s*")
# the one a greeting speaks to, with its comma, before the rest of the sentence ("Hallo Tom, wie geht's?": a model wrote
# "Hello, Tom walking?")
ADDRESSED = re.compile(r"(?:\s+[A-ZÄÖÜ][\w'’-]*)+\s*,\s*")
# ... or in lowercase, one word that closes the sentence ("hello, my name is anna." -> "Hallo, meine Namensschild
# ist.": the name was lost), written with its capital
LOWER_NAME = re.compile(r"\s+([^\W\d_][\w'’-]*)(?=\s*[.!]*\s*$)")
# what opening hours' sign word comes before: a number, a weekday or its abbreviation ("Mon-Fri", "Sa.", "Sundays",
# "on Sundays"), "daily"
DAYS = sorted({form for days in WEEKDAYS.values() for day in days for form in (day, day[:2], day[:3])} |
              {"daily", "täglich", "weekend", "weekday"}, key=len, reverse=True)        # "Open weekends 10-4"
AND = {"de": "und", "en": "and"}          # what joins a closing and a farewell ("Liebe Grüße und bis bald!")
HOURS_AFTER = rf"(?=\s+(?:(?:on|am|an|from|von|ab)\s+)?(?:\d|(?:{'|'.join(DAYS)})s?(?![^\W\d_])))"


def alternatives(phrases) -> str:
    return "|".join(re.escape(g).replace(r"\ ", " +") for g in sorted(phrases, key=len, reverse=True))


# the place after where one lives or comes from, alone to the sentence's end ("... und wohne in Köln."; not "in Köln mit
# meinem Hund", "in Cologne, and you?": joined, a model wrote "My name is Lena and I live in with my dog Cologne.")
PLACE_ENDS = rf"(?=\s+(?:{alternatives(WHOLE_PLACES)}|[A-ZÄÖÜ][\w'’-]*(?:\s+[A-ZÄÖÜ][\w'’-]*)*)\s*[.!]*\s*$)"


def opening(greetings: list[str], leads: dict[str, str], labels: dict[str, str], fields: dict[str, str],
            signs: tuple[str, ...] = ()) -> re.Pattern:
    """A greeting before a comma, an exclamation mark, a capitalized word or only emoji, a lead (LEADS) before a word
    (ADDRESS_LEADS before an address only: "Mehr Infos unter www.example.de", not "... unter der Woche"), a label
    (LABELS, FIELDS) with its colon, a field's before its number (FIELDS: "Abfahrt 10:15 Uhr"), or a sign's word of
    opening hours before its days or hours (HOURS_SIGNS: "Open Mon-Fri 9-5")."""
    hours = rf"|(?i:{alternatives(signs)}){HOURS_AFTER}" if signs else ""
    intros = [g for g in greetings if g in INTRODUCTIONS]
    intro = rf"(?i:{alternatives(intros)})(?=\s+[^\W\d_][\w'’-]*\s*[.!]*\s*$)|" if intros else ""    # LOWER_NAME
    return re.compile(rf"[\s,]*((?i:{alternatives(greetings)})(?=\s*[,!]|\s+[^\W\d_]*[A-ZÄÖÜ]|{EMOJI_ONLY})|{intro}"
                      rf"(?i:{alternatives(set(leads) - ADDRESS_LEADS)})(?=\s+\S)|"
                      rf"(?i:{alternatives(ADDRESS_LEADS & set(leads))})(?=\s+(?:{ADDRESS}))|"
                      rf"{labelled(labels, fields)}{hours})")


def labelled(labels: dict[str, str], fields: dict[str, str]) -> str:
    """A label with its colon ("Achtung:"), or a field's before a number without one ("Abfahrt 10:15 Uhr": a model
    wrote "A train tracks 4 drives 10:15.")."""
    before_number = {field: to for field, to in fields.items() if field not in DURATIONS}
    return rf"(?i:{alternatives(labels | fields)})\s*:|(?i:{alternatives(before_number)})(?=\s+\d)"


# a salutation at a sentence's start before a capitalized word, not a sign-off's "Grüße" ("Liebe Grüße, Anna" read as
# "Dear Grüße, Anna"); the names finder joins it to the name there
SALUTE = {lang: re.compile(rf"\s*((?i:{alternatives(words)}))\s+(?=[A-ZÄÖÜ])(?!(?i:grüß)\w*\b)")
          for lang, words in SALUTATIONS.items()}
# a sign-off and the writer's name after it to the line's end, a comma between them or not: "LG Anna", "Gruß, Peter
# Müller"; one placeholder (the name alone went to the model: "Best wishes, is about tonanas")
SIGN_OFF = {lang: re.compile(rf"\s*((?i:{alternatives(words)}))(,?)((?:\s+[A-ZÄÖÜ][\w'’-]*(?![\w'’.-]))+)\s*$")
            for lang, words in SIGN_OFFS.items()}
# the same in a line typed in lowercase, after an abbreviation only ("lg anna" -> "Best wishes, Anna": the names went
# to the model, "Lg atna"), not before a word a sign-off is followed by ("lg an alle", "lg euch", "vg aus Berlin")
SIGNED_LOWER = re.compile(r"\s*((?i:lg|vg|mfg))(,?)((?:\s+(?!(?:an|aus|von|und|euch|dich|dir|alle|allen|zurück|auch)\b)"
                          r"[^\W\d_][\w'’-]*(?![\w'’.-])){1,2})\s*$")     # "Mfg Peter müller": the case step's
TO_COMMA = re.compile(r"(?:[A-ZÄÖÜ][\w.'’-]*\s*)+,")          # the name after it, to its comma ("Herr Dr. Bauer,")
COMMA = re.compile(r"\s*,")                                            # before a sign-off that ends the line


def opener_key(written: str) -> str:
    """An opener's key in the tables, a sentence's key without a label's colon: "Achtung :" -> "achtung", "Guten
    Morgen" -> "guten morgen"."""
    return phrase_key(written.rstrip(":"))


def as_typed_inside(phrase: str, written: str) -> str:
    """A phrase after another opener, lowercase where the text wrote it so, unless its first word is always
    capitalized ("I", "Entschuldigung": CAPITALS)."""
    return phrase[0].lower() + phrase[1:] if written[0].islower() and phrase.split()[0] not in CAPITALS else phrase


def spelled(key: str, table: dict[str, str]) -> str:
    """A key typed with "ss" for "ß" (Swiss, or in capitals: "LIEBE GRÜSSE!" came back "Liebe grüsse!") as the table
    writes it, where only that is in the table."""
    written = key.replace("ss", "ß")
    return written if key not in table and written in table else key


def closing(word: str) -> re.Pattern:
    """The word (a pattern) after a comma or a space at the sentence's end, before its final marks: "Zwei Kaffee,
    bitte!"."""
    return re.compile(rf"(?<=[\w,])(?<!\bto)(?<!\byou)[\s,]+({word})\s*[.!?…]*\s*$")


class Phrases(PlaceholderStep):
    def __init__(self, source: str = "de", target: str = "en"):
        self.table = TABLES.get((source, target), {})
        self.fields = FIELDS.get(source, {})
        self.salute = SALUTE.get(source) if self.table else None
        self.source, self.target, self.sign_off = source, target, SIGN_OFF.get(source) if self.table else None
        self.opening = opening(GREETINGS[source], LEADS[source], LABELS[source], self.fields,
                               HOURS_SIGNS.get(source, ())) if self.table else None
        labels = labelled(LABELS[source], self.fields) if self.table else None      # a field after a comma too
        self.next_label = re.compile(rf"(?<=[,;:] )({labels})") if labels else None      # "Berlin Hbf: Abfahrt 8:15"
        word, self.closed_by = CLOSINGS.get(source, ("", ""))
        self.closing = closing(word) if self.table and word else None
        joins = INTRODUCED.get(source) if self.table else None       # "und wohne in" before a place's capital
        self.introduced = re.compile(rf"\s+((?i:{alternatives(joins)})){PLACE_ENDS}") if joins else None

    def find(self, text: str) -> list[Span]:
        m = SENTENCE.fullmatch(text)
        key = spelled(phrase_key(m.group(1)), self.table) if m else None
        if key in self.table:
            return [Span(m.start(1), m.end(1), self.table[key])]
        if phoned := phone_phrase(text, 0, self.source, self.target):      # "Ruf mich unter 0171 2345678 an!"
            return [phoned]
        if m and (joined := self.joined(key)):                           # "Liebe Grüße und bis bald!"
            return [Span(m.start(1), m.end(1), joined)]
        laughed = LAUGHED_AROUND.fullmatch(text)
        if laughed and (laughed.group(1) or laughed.group(3)) and (inner := SENTENCE.fullmatch(laughed.group(2))) \
                and phrase_key(inner.group(1)) in self.table:                  # "haha ok" -> "haha" + "OK"
            at = laughed.start(2)
            return [Span(at + inner.start(1), at + inner.end(1), self.table[phrase_key(inner.group(1))])]
        if signed := self.signed(text):                                     # "LG Anna" -> "Best wishes, Anna"
            return [signed]
        for comma in COMMA.finditer(text) if self.sign_off else ():        # "Danke für alles, LG Maria": as alone
            if comma.start() and (signed := self.signed(text, comma.end())):     # "..., best wishes, Maria"
                return self.find(text[:comma.start()]) + [signed._replace(fill=signed.fill[:1].lower() +
                                                                          signed.fill[1:])]
        if thanked := self.thanked(text):                                   # "Das war toll, danke!"
            return thanked
        salute = self.salute.match(text) if self.salute else None           # "Lieber Tom, vielen Dank für ..."
        saluted = TO_COMMA.match(text, salute.end()) if salute else None    # is the names finder's
        spans, at = [], saluted.end() if saluted else 0     # openers one after another: "Hallo, ich heiße Anna."
        while self.opening and (m := self.opening.match(text, at)):
            key, phrase = opener_key(m.group(1)), self.phrase_of(m.group(1))
            end = m.end(1)
            if spans or saluted:                                         # inside a sentence
                phrase = as_typed_inside(phrase, m.group(1))
            name = NAME.match(text, end) if key in INTRODUCTIONS else None
            lower = LOWER_NAME.match(text, end) if key in INTRODUCTIONS and not name else None
            if name:                                                     # "Ich heiße Anna" -> "My name is Anna"
                phrase, end = f"{phrase} {' '.join(name.group().split())}", name.end()
            elif lower:                                                  # "my name is anna" -> "Ich heiße Anna"
                phrase, end = f"{phrase} {lower.group(1)[:1].upper()}{lower.group(1)[1:]}", lower.end()
            joined = self.introduced.match(text, end) if name and self.introduced else None
            if joined:                                       # "... Lena und wohne in" -> "... Lena and I live in"
                phrase, end = f"{phrase} {INTRODUCED[self.source][phrase_key(joined.group(1))]}", joined.end(1)
            spans.append(Span(m.start(1), end, phrase))
            at = end
        rest = SENTENCE.fullmatch(text, LEADING.match(text, at).end()) if spans else None
        phrase = self.table.get(phrase_key(rest.group(1))) if rest else None
        if rest and not phrase and key.endswith((" für", " for")):     # "Vielen Dank für" + "deine Hilfe"
            phrase = THANKED.get(self.source, {}).get(phrase_key(rest.group(1)))
            if not phrase and (farewell := self.farewell(text, rest)):    # "deine Hilfe, bis bald"
                return spans + farewell
        after = LEADING.match(text, at).end()
        phoned = phone_phrase(text, after, self.source, self.target) if spans and not phrase else None
        if phoned:                                                     # "Bitte rufen Sie mich unter ... an."
            return spans + [phoned._replace(fill=as_typed_inside(phoned.fill, text[phoned.start:]))]
        named = ADDRESSED.match(text, at) if spans and not phrase else None      # "Hallo Tom, wie geht's?" too
        if named and (rest := SENTENCE.fullmatch(text, named.end())):
            phrase = self.table.get(phrase_key(rest.group(1)))
        if named and not phrase and (phoned := phone_phrase(text, named.end(), self.source, self.target)):
            # "Hallo Tom, ruf mich unter ..."
            return spans + [phoned._replace(fill=as_typed_inside(phoned.fill, text[phoned.start:]))]
        if phrase:                                                     # "Hallo, wie geht's dir?": a phrase too
            return spans + [Span(rest.start(1), rest.end(1), as_typed_inside(phrase, rest.group(1)))]
        for label in self.next_label.finditer(text, at) if self.next_label else ():   # "..., Ankunft: 10:30 Uhr"
            spans.append(Span(label.start(1), label.end(1), self.phrase_of(label.group(1))))
        last = self.closing.search(text, at) if self.closing else None
        if last and last.start() > at:                          # "Zwei Kaffee, bitte." -> ..., "please"
            spans.append(Span(last.start(1), last.end(1), self.closed_by))
        return spans

    def joined(self, key: str) -> str | None:
        """A sentence's key of two phrases joined by "und" / "and", the second a farewell, as the target's two joined
        so ("liebe grüße und bis bald" -> "Best wishes and see you soon": a model wrote "People sitting on the
        Grüße!"); None for any other."""
        first, _, second = key.partition(f" {AND[self.source]} ") if self.source in AND else ("", "", "")
        first, second = spelled(first, self.table), spelled(second, self.table)
        if first not in self.table or second not in self.table or second not in FAREWELLS.get(self.source, ()):
            return None
        return f"{self.table[first]} {AND[self.target]} {as_typed_inside(self.table[second], second)}"

    def farewell(self, text: str, rest: re.Match) -> list[Span]:
        """A farewell after the rest's last comma that closes the sentence, and what one thanks for before it where
        it is one (THANKED: "deine Hilfe, bis bald" -> "your help" + ", " + "see you soon"; as one rest neither was
        found, and a model wrote "for hone help to take baseball"); none without a farewell."""
        comma = text.rfind(",", rest.start(1), rest.end(1))
        tail = SENTENCE.fullmatch(text, LEADING.match(text, comma).end(), rest.end(1)) if comma > 0 else None
        key = phrase_key(tail.group(1)) if tail else None
        if key not in FAREWELLS.get(self.source, ()) or key not in self.table:
            return []
        head = THANKED.get(self.source, {}).get(phrase_key(text[rest.start(1):comma]))
        return [Span(rest.start(1), comma, head)] * bool(head) + \
            [Span(tail.start(1), tail.end(1), as_typed_inside(self.table[key], tail.group(1)))]

    def thanked(self, text: str) -> list[Span]:
        """A phrase of the table, its comma, and thanks or a farewell that close the sentence, each the table's ("Das
        war toll, danke!" -> "That was great" + ", " + "thank you" + "!": a model given it whole wrote "That was dead,
        thank!"); none for any other sentence."""
        comma = text.rfind(",")
        head = SENTENCE.fullmatch(text, 0, comma) if comma > 0 else None
        tail = SENTENCE.fullmatch(text, LEADING.match(text, comma).end()) if head and not head.group(2) else None
        key = phrase_key(tail.group(1)) if tail else None
        if key not in THANKS.get(self.source, set()) | FAREWELLS.get(self.source, set()) or key not in self.table or \
                phrase_key(head.group(1)) not in self.table:
            return []
        return [Span(head.start(1), head.end(1), self.table[phrase_key(head.group(1))]),
                Span(tail.start(1), tail.end(1), as_typed_inside(self.table[key], tail.group(1)))]

    def signed(self, text: str, at: int = 0) -> Span | None:
        """A sign-off and the writer's name from `at` to the line's end ("LG Anna", "lg anna" -> "Best wishes,
        Anna"), not a brand's ("LG Electronics")."""
        signed = self.sign_off.fullmatch(text, at) if self.sign_off else None
        lower = SIGNED_LOWER.fullmatch(text, at) if self.sign_off and not signed else None
        signed = signed or lower
        if not signed or BRAND_WORDS.intersection(signed.group(3).lower().split()):
            return None
        phrase, name = SIGN_OFFS[self.source][phrase_key(signed.group(1))], " ".join(signed.group(3).split())
        return Span(signed.start(1), signed.end(3), f"{phrase}, {name.title() if lower else name}")

    def phrase_of(self, written: str) -> str:
        """The target's phrase for an opener as the text writes it; a label keeps its colon ("Achtung :" ->
        "Attention:")."""
        key = opener_key(written)
        return (self.table.get(key) or self.fields[key]) + ":" * written.endswith(":")


@functools.cache
def finder(source: str, target: str) -> Phrases:
    return Phrases(source, target)


def written_in(line: str) -> str | None:
    """The one language whose everyday phrases make up most of the line's letters ("Best regards", "Kind regards,
    Anna", "Hallo Tom"); None where neither's do, or both's ("OK", "Hi"), or they are a small part of it ("Sorry, ich
    bin spät dran.": German's "Sorry" is English's). The language identifier's letters cannot tell such short lines
    ("Kind regards" read as German for "Kind")."""
    letters = sum(c.isalpha() for c in line)
    found = {source for source, target in TABLES
             if sum(c.isalpha() for s in finder(source, target).find(line) for c in line[s.start:s.end]) * 2 > letters}
    return found.pop() if len(found) == 1 else None
