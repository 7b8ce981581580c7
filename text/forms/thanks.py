"""What one thanks for after a lead's "für" / "for" ("Vielen Dank für deine Hilfe!" -> "Thank you very much for your
help!"), both ways, for the phrases finder (text/finders/phrases.py): THANKED, a "your" and its noun, by the source.
"""
from __future__ import annotations

# what one thanks for after a lead's "für", with "your" ("Vielen Dank für deine Hilfe!" -> "Thank you very much for"
# + "your help": left to the model, "deine Hilfe!" came back as "t!"); German -> English
THANKED_NOUNS = {"hilfe": "help", "einladung": "invitation", "nachricht": "message",
                 "email": "email", "mail": "email", "geschenk": "gift", "unterstützung": "support",
                 "geduld": "patience", "antwort": "reply", "mühe": "effort", "zeit": "time",
                 "verständnis": "understanding", "besuch": "visit", "rat": "advice", "gastfreundschaft": "hospitality",
                 "brief": "letter", "karte": "card", "glückwünsche": "wishes", "bestellung": "order",
                 "interesse": "interest", "vertrauen": "trust"}
YOUR = "dein deine deinen ihr ihre ihren euer eure euren".split()
# and English -> German, "du"'s accusative after "für" ("Thank you so much for your help!" -> "Vielen Dank für" +
# "du helfen!" from a 30-minute model, "Vielen Dank für!" from a 300-step one)
THANKED_YOURS = {"help": "deine Hilfe", "invitation": "deine Einladung", "message": "deine Nachricht",
                 "email": "deine E-Mail", "gift": "dein Geschenk", "support": "deine Unterstützung",
                 "patience": "deine Geduld", "reply": "deine Antwort", "effort": "deine Mühe", "time": "deine Zeit",
                 "understanding": "dein Verständnis", "visit": "deinen Besuch", "advice": "deinen Rat",
                 "hospitality": "deine Gastfreundschaft", "letter": "deinen Brief", "card": "deine Karte",
                 "wishes": "deine Glückwünsche", "order": "deine Bestellung", "interest": "dein Interesse",
                 "trust": "dein Vertrauen"}
ARTICLES = {"deine": "die", "dein": "das", "deinen": "den"}        # "für die Einladung", "für das Geschenk"
THANKED = {"de": {f"{your} {noun}": f"your {en}" for your in YOUR for noun, en in THANKED_NOUNS.items()},
           "en": {f"{your} {en}": f"{ARTICLES[de.split()[0]] if your == 'the' else de.split()[0]} {de.split()[1]}"
                  for en, de in THANKED_YOURS.items() for your in ("your", "the")}}
