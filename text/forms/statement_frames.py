"""Statement frames, German <-> English, beside the question frames of text/forms/frames.py (the same slot, the
same quotations step): "X ist|war|sind|waren [intensifier] adjective." <-> "X is|was|are|were ...", X opening with
an article, a possessive or a demonstrative or a name's capitalized words ("Then the weather was nice." is none), the
copula as typed (its number is the subject's, or the model's noun phrase's where its words make it sure,
frames.number_of(): "Das Geschäft ist ..." for "The shops are ..." whose "The shops." came back "Das Geschäft."; English
"isn't" is "ist nicht"), the intensifier and the adjective from
text/forms/statements.py's tables (the adjective as said of a person where the slot's noun is one of PEOPLE, "Der Junge
ist groß." -> "The boy is tall."; and where the model copies a slot of capitalized words, a name's but a place's: "Anna
is nice." -> "Anna ist nett.", "Berlin ist groß." -> "Berlin is big."), "heute" / "gestern" after the copula, at the end
or first ("Heute ist das Wetter schön.") <-> "today" / "yesterday" at the end ("Das Wetter ist heute schön." <-> "The
weather is nice today.": a model given the whole line wrote "Das Wette ist schöne heute.", "The food waits for food.").
A possessive and a person one knows are the tables' ("My sister" -> "Meine Schwester", where a model wrote "Meine
Skifahrer").
"""
from __future__ import annotations

import re
from typing import Callable

from text.forms.cost_frames import cost_closing, cost_pattern
from text.forms.event_frames import event_closing, event_pattern
from text.forms.opening_frames import opening_closing, opening_pattern
from text.forms.frame_places import alternatives, toward, toward_closing
from text.forms.frames import COPULAS, Frame
from text.forms.places import EXONYMS, PLACE_NAMES, WHOLE_PLACES, WORDED_PLACES
from text.forms.statements import (ADJECTIVES, ALREADY, ENGLISH_ADJECTIVES, GERMAN_ADJECTIVES, KIN, NEGATED,
                                   POSSESSIVES, TIMES, WITH_SCHON, owned)
from text.forms.weather_frames import said_temperature, temperature_sentences

# nouns of people besides statements.py's KIN: an adjective said of them is a person's ("groß": "tall", not "big")
PERSON_NOUNS = [("Mann", "man"), ("Junge", "boy"), ("Mädchen", "girl"), ("Kinder", "children"), ("Kinder", "kids"),
          ("Leute", "people"), ("Lehrer", "teacher"), ("Lehrerin", "teacher"), ("Arzt", "doctor"),
          ("Ärztin", "doctor"), ("Eltern", "parents"), ("Freunde", "friends"), ("Brüder", "brothers"),
          ("Schwestern", "sisters")] + [(de, en) for de, en, _ in KIN]
PERSONS = {"de": frozenset(de.lower() for de, _ in PERSON_NOUNS), "en": frozenset(en for _, en in PERSON_NOUNS)}
# a possessive and a person one knows, as statements.py's tables translate them, each one's translation the last named
KIN_PHRASES = {"de": {f"{owned(mine, gender)} {de}".lower(): f"{my.capitalize()} {en}" for de, en, gender in KIN
                      for mine, my in POSSESSIVES},
               "en": {f"{my} {en}": f"{owned(mine, gender).capitalize()} {de}" for de, en, gender in KIN
                      for mine, my in POSSESSIVES}}
# places' names, which a statement's slot of capitalized words the model copies may be ("Berlin ist groß." is no
# "Berlin is tall."): a name but these is a person's
PLACES = frozenset(PLACE_NAMES) | set(EXONYMS) | set(EXONYMS.values()) | set(WHOLE_PLACES) | set(WORDED_PLACES)
COPULA_OF = {"de": dict(COPULAS), "en": {en: de for de, en in COPULAS}}
TIME_OF = {"de": dict(TIMES), "en": {en: de for de, en in TIMES}}
INTENSIFIER_OF = {"de": dict(WITH_SCHON), "en": {en: de for de, en in WITH_SCHON}}


def adjectives_of() -> dict[str, dict[str, tuple[str, str]]]:
    """Each source language's adjectives of the table: (its translation said of a thing, said of a person), the
    other's where it says one only; each one's translation the last named (statements.py's maps of each)."""
    said = {"de": (GERMAN_ADJECTIVES["thing"], GERMAN_ADJECTIVES["person"]),
            "en": (ENGLISH_ADJECTIVES["thing", False], ENGLISH_ADJECTIVES["person", False])}
    return {lang: {word: (thing.get(word, person.get(word)), person.get(word, thing.get(word)))
                   for word in thing | person} for lang, (thing, person) in said.items()}


ADJECTIVE_OF = adjectives_of()


def statement_frames(source: str) -> list[Frame]:
    """The statement frames of a source language: the slot, then a copula, an intensifier or none, an adjective of
    the table and a time word or none (German: also after the copula, or first and the copula before the slot,
    "Heute ist das Wetter schön.")."""
    side = 0 if source == "de" else 1
    adjectives = {w for de, thing, person in ADJECTIVES for w in ((de,) if side == 0 else (*thing, *person))}
    intensifiers = [pair[side] for pair in WITH_SCHON]
    copula, time = (alternatives(pair[side] for pair in table) for table in (COPULAS, TIMES))
    if side == 1:                       # "isn't": "ist nicht"
        copula += "|" + alternatives([*NEGATED.values(), *(w.replace("'", "’") for w in NEGATED.values())])
    words, placed = toward(source)                   # "The flight to Vienna": the place by rule
    early = rf"(?:(?P<early>{time})\s+)?" if side == 0 else ""
    predicate = rf"(?:(?P<very>{alternatives(intensifiers)})\s+)?(?P<adjective>{alternatives(adjectives)})"
    said_after = re.compile(rf"\s*(?P<slot>{words}){placed}\s+(?P<copula>{copula})\s+{early}{predicate}"
                            rf"(?:\s+(?P<time>{time}))?\s*(?P<marks>[.!]*)\s*")
    costs = [Frame(pattern(source, words, placed), "", "", "nom", statement=True, closer=by_rule(closing))
             for pattern, closing in ((cost_pattern, cost_closing),            # "X kostet 5 Euro."
                                      (opening_pattern, opening_closing),      # "X ist montags zu."
                                      (event_pattern, event_closing))]         # "X beginnt um 9 Uhr."
    costs += [Frame(pattern, "", into, "nom", statement=True, closer=temperature_said)      # "Es sind 30 Grad."
              for pattern, into in temperature_sentences(source)]
    if side == 1:
        return [Frame(said_after, "", "", "nom", statement=True), *costs]
    said_first = re.compile(rf"\s*(?P<early>{time.title()})\s+(?P<copula>{copula})\s+(?P<slot>{words}?){placed}\s+"
                            rf"{predicate}\s*(?P<marks>[.!]*)\s*")
    return [Frame(said_after, "", "", "nom", statement=True), Frame(said_first, "", "", "nom", statement=True), *costs]


def said(frame: Frame, m: re.Match, source: str) -> Frame | None:
    """A frame with its closing (closed()), a known place after the slot first in it ("Der Flug" + " nach Wien" +
    " kostet 89 €"); None where closed() says none."""
    found, place = closed(frame, m, source), toward_closing(m, source)
    if found is None or not place:
        return found
    return found._replace(closing=place + found.closing, named=place + found.named if found.named else "")


def closed(frame: Frame, m: re.Match, source: str) -> Frame | None:
    """A statement frame with its closing: the match's copula, intensifier, adjective and time word in the target
    language (the adjective as said of a person where the slot's last word is one, else of a thing); None where one
    has no translation there ("schon" but before an adjective of ALREADY). Another frame as it is."""
    if not frame.statement:
        return frame
    if frame.closer is not None:        # "X kostet 5 Euro.", "Es sind 30 Grad.": the rest by rule
        return frame.closer(frame, m, source)
    adjective, very, copula = m.group("adjective"), " ".join((m.group("very") or "").split()), m.group("copula")
    if copula.endswith(("n't", "n’t")):       # "isn't very": "is not very"
        copula, very = copula[:-3], " ".join(filter(None, ("not", very)))
    times = [t.lower() for t in (m.groupdict().get("early"), m.groupdict().get("time")) if t]
    if len(times) > 1:                  # "Das Wetter ist heute schön heute"
        return None
    copula, time = COPULA_OF[source][copula], TIME_OF[source][times[0]] if times else ""
    very = INTENSIFIER_OF[source].get(very)
    if very is None:                    # "isn't really": no "not really" in the table
        return None
    of_thing, of_person = ADJECTIVE_OF[source][adjective]
    slot = m.group("slot").split()
    closing = predicate(source, adjective, copula, very, of_person if slot[-1].lower() in PERSONS[source] else of_thing,
                        time)
    if closing is None:
        return None
    named = predicate(source, adjective, copula, very, of_person, time) \
        if all(w[:1].isupper() for w in slot) and not {" ".join(slot), *slot} & PLACES else ""
    typed = " ".join(m.group("slot").lower().split())
    return frame._replace(closing=closing, known=KIN_PHRASES[source].get(typed), named=named or "")


def by_rule(closing_of: Callable[[re.Match, str], str | None]) -> Callable[[Frame, re.Match, str], Frame | None]:
    """A frame's closer from a rule that writes its closing from the match (cost_closing: " kostet 5 €")."""
    def closer(frame: Frame, m: re.Match, source: str) -> Frame | None:
        closing = closing_of(m, source)
        return frame._replace(closing=closing, named="") if closing else None
    return closer


def temperature_said(frame: Frame, m: re.Match, source: str) -> Frame | None:
    """A temperature sentence's frame, all of it by rule: its words before the temperature and the rest."""
    said_as = said_temperature(m, frame.closing, source)
    return frame._replace(known=said_as[0], closing=said_as[1], named="") if said_as else None


def predicate(source: str, adjective: str, copula: str, very: str, word: str, time: str) -> str | None:
    """A statement's closing in the target language, after the slot's translation: " is very nice today", " ist
    heute sehr schön"; None where "schon" / "already" stands before an adjective not of ALREADY."""
    german = adjective if source == "de" else word
    if very in ("already", "schon") and german not in ALREADY:
        return None
    words = (copula, very, word, time) if source == "de" else (copula, time, very, word)
    return " " + " ".join(filter(None, words))
