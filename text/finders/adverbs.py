"""A sentence adverb that opens a sentence ("Leider", "Gestern", "Unfortunately", "Yesterday") and that the training
corpus lacks becomes a placeholder for the target's adverb: image captions never say when or how sure, so a caption
model copies the word as a name ("Trotzdem two men swim ...") or writes junk for it. German -> English and back.

    Adverbs(lexicon, "de", "en").find("Leider ist der Laden zu.")   -> [Span(0, 6, "Unfortunately")]

Only at the start of a sentence (after opening quotes), before a space, a comma or the sentence's end, and only
where the corpus does not teach the word (of two, either; text/forms/lexicon.py's Lexicon.taught): a model trained
on a corpus that has it often translates it in context. A day in one word ("heute", "tomorrow") is one anywhere in
the sentence, in lowercase.
"""
from __future__ import annotations

import re

from text.finders.finder import PlaceholderStep
from text.forms.event_frames import DAY_WORDS
from text.forms.lexicon import Lexicon
from text.forms.masking import Span

GERMAN = {
    "leider": "Unfortunately", "trotzdem": "Still", "deshalb": "That is why", "deswegen": "That is why",
    "außerdem": "Also", "jedoch": "However", "allerdings": "However", "endlich": "Finally", "plötzlich": "Suddenly",
    "gestern": "Yesterday", "vielleicht": "Maybe", "natürlich": "Of course",
    "übrigens": "By the way", "inzwischen": "Meanwhile", "schließlich": "Finally", "anschließend": "Afterwards",
    "zuerst": "First", "danach": "After that", "hoffentlich": "Hopefully", "glücklicherweise": "Luckily",
    "zum glück": "Luckily", "normalerweise": "Usually", "manchmal": "Sometimes", "oft": "Often",
    "sofort": "Right away", "bald": "Soon", "später": "Later", "jetzt": "Now", "eigentlich": "Actually",
    "wahrscheinlich": "Probably",
    "heute nacht": "Tonight", "heute morgen": "This morning", "heute früh": "This morning",
    "heute nachmittag": "This afternoon", "morgen früh": "Tomorrow morning", "morgen abend": "Tomorrow evening",
    "morgen nachmittag": "Tomorrow afternoon", "gestern abend": "Last night", "gestern morgen": "Yesterday morning",
    "gestern nachmittag": "Yesterday afternoon", "heute mittag": "Today at noon", "morgen mittag": "Tomorrow at noon",
}
ENGLISH = {
    "unfortunately": "Leider", "yesterday": "Gestern",
    "suddenly": "Plötzlich", "sometimes": "Manchmal", "usually": "Normalerweise", "maybe": "Vielleicht",
    "perhaps": "Vielleicht", "finally": "Endlich", "however": "Jedoch", "meanwhile": "Inzwischen",
    "afterwards": "Danach", "luckily": "Zum Glück", "fortunately": "Zum Glück", "hopefully": "Hoffentlich",
    "of course": "Natürlich", "by the way": "Übrigens", "later": "Später", "now": "Jetzt", "soon": "Bald",
    "often": "Oft", "actually": "Eigentlich", "probably": "Wahrscheinlich", "nevertheless": "Trotzdem",
    "this morning": "Heute Morgen", "this afternoon": "Heute Nachmittag",
    "this evening": "Heute Abend", "tomorrow morning": "Morgen früh", "tomorrow evening": "Morgen Abend",
    "tomorrow afternoon": "Morgen Nachmittag", "yesterday morning": "Gestern Morgen",
    "yesterday evening": "Gestern Abend", "yesterday afternoon": "Gestern Nachmittag",
}
for _de, _en in DAY_WORDS:               # "heute", "morgen", "heute Abend": the event frames' days in words
    GERMAN[_de.lower()], ENGLISH[_en] = _en[0].upper() + _en[1:], _de[0].upper() + _de[1:]
TABLES = {("de", "en"): GERMAN, ("en", "de"): ENGLISH}
# a day in one word is one anywhere in the sentence, in lowercase ("Es sind heute 25 °C in Berlin." -> "There are
# erute 25 °C in Berlin." from a 30-minute model), and so is a day with a time of it that the tables hold ("heute
# Abend" -> "tonight"), but not with another ("heute Mittag")
DAYS = {"de": ("heute", "gestern", "morgen"), "en": ("today", "yesterday", "tomorrow", "tonight")}
PART_OF_DAY = r"(?: ((?i:abend|früh|nacht|nachmittag|vormittag|mittag|morgen|night|morning|evening|afternoon)))?"
OPENING = "[\"'„“‚‘»«(\\[ ]*"                      # before the adverb: opening quotes and brackets
AFTER = "(?=,? |[.!?…]*[\"'“”‘’»«)\\]]*$)"           # after it: a space, a comma, or the sentence's end


class Adverbs(PlaceholderStep):
    def __init__(self, lexicon: Lexicon, source: str = "de", target: str = "en"):
        self.lexicon = lexicon
        self.table = TABLES.get((source, target), {})
        words = "|".join(re.escape(a).replace(r"\ ", " +") for a in sorted(self.table, key=len, reverse=True))
        self.pattern = re.compile(rf"{OPENING}((?i:{words})){AFTER}") if words else None
        days = DAYS[source] if self.table else ()
        self.days = re.compile(rf"(?<=\S )({'|'.join(days)}){PART_OF_DAY}\b{AFTER}") if days else None

    def find(self, text: str) -> list[Span]:
        m = self.pattern.match(text) if self.pattern else None
        spans = [] if m is None or all(self.lexicon.taught(w) for w in m.group(1).split()) else \
            [Span(m.start(1), m.end(1), self.table[" ".join(m.group(1).lower().split())])]
        for day in self.days.finditer(text) if self.days else ():
            key = " ".join(day.group(1, 2)).lower() if day.group(2) else day.group(1)
            if not self.lexicon.taught(day.group(1)) and key in self.table:      # "heute Abend" -> "tonight"
                fill = self.table[key]
                spans.append(Span(day.start(1), day.end(), fill[0].lower() + fill[1:]))
        return spans
