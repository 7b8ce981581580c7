"""Everyday phrases that image captions never contain ("Hallo", "Tschüss", "Danke schön"): a sentence that is one
of them, whatever its case and punctuation, becomes a placeholder for the English phrase, so the model carries it
instead of guessing ("Tschüss" -> "Trverrrrrs of Tents.").

Only whole sentences match: "Hallo!" and "Guten Morgen, " + name do, "Hallo Welt" does not.
"""
from __future__ import annotations

import re

from text.placeholders import PlaceholderStep, Span

PHRASES = {
    "hallo": "Hello", "hallo zusammen": "Hello everyone", "hi": "Hi", "hey": "Hey", "servus": "Hi", "moin": "Hi",
    "grüß gott": "Hello", "guten morgen": "Good morning", "guten tag": "Good afternoon", "guten abend": "Good evening",
    "gute nacht": "Good night", "tschüss": "Bye", "tschüs": "Bye", "ciao": "Bye", "auf wiedersehen": "Goodbye",
    "bis bald": "See you soon", "bis morgen": "See you tomorrow", "bis später": "See you later", "danke": "Thank you",
    "danke schön": "Thank you very much", "dankeschön": "Thank you very much", "vielen dank": "Thank you very much",
    "bitte": "Please", "bitte schön": "You're welcome", "gern geschehen": "You're welcome",
    "entschuldigung": "Excuse me", "es tut mir leid": "I'm sorry", "ja": "Yes", "nein": "No", "okay": "Okay",
    "wie geht's": "How are you", "wie geht es dir": "How are you", "wie geht es ihnen": "How are you",
    "mir geht es gut": "I'm fine", "alles gute": "All the best", "herzlichen glückwunsch": "Congratulations",
    "alles gute zum geburtstag": "Happy birthday", "frohe weihnachten": "Merry Christmas",
    "frohes neues jahr": "Happy New Year", "willkommen": "Welcome", "herzlich willkommen": "Welcome",
    "viel glück": "Good luck", "viel spaß": "Have fun", "prost": "Cheers", "guten appetit": "Enjoy your meal",
    "achtung": "Attention", "vorsicht": "Caution",
}
SENTENCE = re.compile(r"\s*([^\W\d_][\w'’ ]*?)\s*([.!?…,]*)\s*", re.UNICODE)


class Phrases(PlaceholderStep):
    def find(self, text: str) -> list[Span]:
        m = SENTENCE.fullmatch(text)
        if m is None:
            return []
        key = " ".join(m.group(1).lower().replace("’", "'").split())
        return [Span(m.start(1), m.end(1), PHRASES[key])] if key in PHRASES else []
