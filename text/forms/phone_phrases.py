"""A sentence around a phone number as one phrase, both ways ("Ruf mich unter 0171 2345678 an!" -> "Call me at 0171
2345678"), the number copied into it as typed: the phrases finder's (text/finders/phrases.py), from the phrasebook's
PHONED sentences (text/forms/phrasebook.py, keyed in text/forms/phrase_tables.py's PHONE_SENTENCES).
"""
from __future__ import annotations

import re

from text.forms.contracted import phrase_key
from text.forms.masking import Span
from text.forms.phrase_tables import PHONE_SENTENCES
from text.forms.verbatim import LOCAL_NUMBER, PHONE_NUMBER

# a phone number inside a phrase (PHONE_SENTENCES), as the copy-through finder finds one or a local one ("555-0199"):
# no time ("Call me at 5 pm", "um 17:30") nor year
PHONE = re.compile(f"{PHONE_NUMBER}|{LOCAL_NUMBER}")
AROUND = re.compile(r"\s*(\S.*?)\s*[.!]*\s*")                 # a sentence around a number's "{}"


def phone_phrase(text: str, at: int, source: str, target: str) -> Span | None:
    """The sentence from `at` as a phrase around a phone number, the number copied into it as typed ("Ruf mich unter
    0171 2345678 an!" -> "Call me at 0171 2345678"); None for any other, and where the number is a time ("Call me at 5
    pm": the model's)."""
    number = PHONE.search(text, at)
    if not number:
        return None
    around = AROUND.fullmatch(f"{text[at:number.start()]}{{}}{text[number.end():]}")
    table = PHONE_SENTENCES.get((source, target), {})
    key = phrase_key(around.group(1)) if around else None
    if key not in table:
        return None
    return Span(at + around.start(1), at + around.end(1) + len(number.group()) - 2, table[key].format(number.group()))
