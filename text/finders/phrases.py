"""Everyday phrases that image captions never contain ("Hallo", "Tschüss", "Danke schön", "Hilfe!", a sign's
"Geschlossen"): a sentence that is one of them (a quotation is a sentence of its own, text/steps/quotations.py),
whatever its case and punctuation, becomes a placeholder for the phrase in the target language, so the model
carries it instead of guessing ("Tschüss" -> "Trverrrrrs of Tents."; "Stop!" -> "Bushaltestelle!"). German ->
English and back.

Whole sentences match ("Hallo!", "Guten Morgen."), and a greeting that opens a longer one before a comma, an
exclamation mark or a capitalized word ("Tschüss Anna." -> "Bye" + " Anna.", "Hallo, wie geht's?"). An introduction
takes the name after it along ("Ich heiße Anna und komme aus Wien." -> "My name is Anna" + " und komme aus Wien.": as
two placeholders, a model wrote "My name is and Anna comes from Vienna."), and thanks for something open a sentence
with their "für" / "for", the thing left to the model ("Vielen Dank für Ihre Hilfe!" -> "Thank you very much for" +
" Ihre Hilfe!": "Dank" alone was taken for a name, "Many Dank for their helps!"), and so does "Bitte" / "Please"
before a request ("Bitte warten Sie hier." -> "Please" + " warten Sie hier."), and a notice's label with its colon
("Achtung: Rutschgefahr!" -> "Attention:" + " Rutschgefahr!": a model lost a colon after a placeholder), and so
does a field's ("Telefon: 030 1234567" -> "Phone:" + " 030 1234567"), after a comma too ("Abfahrt: 7:45 Uhr,
Ankunft: 10:30 Uhr"). A request's "bitte" / "please" that closes a sentence is one too ("Zwei Kaffee, bitte." ->
"Zwei Kaffee, " + "please" + "."). "Ein Mann sagt danke." is the model's.
"""
from __future__ import annotations

import functools
import re

from text.finders.finder import PlaceholderStep
from text.forms.masking import Span

PHRASES = {
    "hallo": "Hello", "hallo zusammen": "Hello everyone", "hi": "Hi", "hey": "Hey", "servus": "Hi", "moin": "Hi",
    "grüß gott": "Hello", "guten morgen": "Good morning", "guten tag": "Good afternoon", "guten abend": "Good evening",
    "gute nacht": "Good night", "tschüss": "Bye", "tschüs": "Bye", "ciao": "Bye", "auf wiedersehen": "Goodbye",
    "bis bald": "See you soon", "bis morgen": "See you tomorrow", "bis später": "See you later", "danke": "Thank you",
    "danke schön": "Thank you very much", "dankeschön": "Thank you very much", "vielen dank": "Thank you very much",
    "bitte": "Please", "bitte schön": "You're welcome", "gern geschehen": "You're welcome",
    "entschuldigung": "Excuse me", "es tut mir leid": "I'm sorry", "ja": "Yes", "nein": "No", "okay": "Okay", "ok": "OK",
    "ja bitte": "Yes please", "nein danke": "No thanks",
    "wie geht's": "How are you", "wie geht es dir": "How are you", "wie geht es ihnen": "How are you",
    "mir geht es gut": "I'm fine", "alles gute": "All the best", "herzlichen glückwunsch": "Congratulations",
    "alles gute zum geburtstag": "Happy birthday", "herzlichen glückwunsch zum geburtstag": "Happy birthday",
    "frohe weihnachten": "Merry Christmas",
    "frohes neues jahr": "Happy New Year", "willkommen": "Welcome", "herzlich willkommen": "Welcome",
    "viel glück": "Good luck", "viel spaß": "Have fun", "prost": "Cheers", "guten appetit": "Enjoy your meal",
    "achtung": "Attention", "vorsicht": "Caution", "pass auf": "Watch out", "passen sie auf": "Watch out",
    "ich heiße": "My name is", "mein name ist": "My name is", "wie heißt du": "What's your name",
    "wie heißen sie": "What's your name", "wie spät ist es": "What time is it", "halt": "Stop", "offen": "Open",
    "freut mich": "Nice to meet you", "schönen tag noch": "Have a nice day",
    "schönes wochenende": "Have a nice weekend", "gute reise": "Have a good trip", "gute besserung": "Get well soon",
    "kein problem": "No problem", "keine ahnung": "No idea", "natürlich": "Of course", "alles klar": "All right",
    "bis dann": "See you", "wie bitte": "Pardon", "wie viel kostet das": "How much is it",
    "frohe weihnachten und ein gutes neues jahr": "Merry Christmas and a happy New Year",
    "frohe weihnachten und ein frohes neues jahr": "Merry Christmas and a happy New Year",
    "guten rutsch": "Happy New Year", "einen guten rutsch": "Happy New Year",
    "sehr geehrte damen und herren": "Dear Sir or Madam", "mit freundlichen grüßen": "Kind regards",
    "freundliche grüße": "Kind regards", "beste grüße": "Best regards", "viele grüße": "Best wishes",
    "liebe grüße": "Best wishes", "können sie mir helfen": "Can you help me", "kannst du mir helfen": "Can you help me",
    "wie geht's dir": "How are you", "wie geht es euch": "How are you", "was ist los": "What's up",
    "viel erfolg": "Good luck", "bis nächste woche": "See you next week", "pass auf dich auf": "Take care",
    "danke vielmals": "Thanks a lot", "tut mir leid": "I'm sorry",
    "was kostet das": "How much is it", "wir sehen uns": "See you", "wir sehen uns morgen": "See you tomorrow",
    "wir sehen uns später": "See you later", "wir sehen uns bald": "See you soon",
    "wir sehen uns nächste woche": "See you next week",
}
SENTENCE = re.compile(r"\s*([^\W\d_][\w'’ ,]*?)\s*([.!?…,]*)\s*", re.UNICODE)   # "Yes, please." too


def phrase_key(phrase: str) -> str:
    """A sentence's key in the tables: lower case, no commas, one space ("Die Rechnung, bitte" -> "die rechnung
    bitte")."""
    return " ".join(phrase.lower().replace("’", "'").replace(",", " ").split())


ENGLISH = {
    "hello": "Hallo", "hi": "Hallo", "hey": "Hallo", "hello everyone": "Hallo zusammen",
    "good morning": "Guten Morgen", "good afternoon": "Guten Tag", "good evening": "Guten Abend",
    "good night": "Gute Nacht", "bye": "Tschüss", "goodbye": "Auf Wiedersehen", "see you": "Bis bald",
    "see you soon": "Bis bald", "see you later": "Bis später", "see you tomorrow": "Bis morgen",
    "thank you": "Danke", "thanks": "Danke", "thank you very much": "Vielen Dank", "thanks a lot": "Vielen Dank",
    "please": "Bitte", "you're welcome": "Gern geschehen", "excuse me": "Entschuldigung", "sorry": "Entschuldigung",
    "i'm sorry": "Es tut mir leid", "yes": "Ja", "no": "Nein", "okay": "Okay", "ok": "OK",
    "yes please": "Ja bitte", "no thanks": "Nein danke", "no thank you": "Nein danke",
    "how are you": "Wie geht es dir", "i'm fine": "Mir geht es gut", "all the best": "Alles Gute",
    "congratulations": "Herzlichen Glückwunsch", "happy birthday": "Alles Gute zum Geburtstag",
    "merry christmas": "Frohe Weihnachten", "happy new year": "Frohes neues Jahr", "welcome": "Willkommen",
    "good luck": "Viel Glück", "have fun": "Viel Spaß", "cheers": "Prost", "enjoy your meal": "Guten Appetit",
    "attention": "Achtung", "caution": "Vorsicht", "watch out": "Vorsicht", "look out": "Vorsicht",
    "my name is": "Ich heiße", "what's your name": "Wie heißt du", "what is your name": "Wie heißt du",
    "what time is it": "Wie spät ist es", "good job": "Gut gemacht", "silence": "Ruhe",
    "nice to meet you": "Freut mich", "pleased to meet you": "Freut mich", "have a nice day": "Schönen Tag noch",
    "have a nice weekend": "Schönes Wochenende", "have a good trip": "Gute Reise", "get well soon": "Gute Besserung",
    "no problem": "Kein Problem", "no idea": "Keine Ahnung", "of course": "Natürlich", "all right": "Alles klar",
    "pardon": "Wie bitte", "how much is it": "Wie viel kostet das", "how much does it cost": "Wie viel kostet das",
    "merry christmas and a happy new year": "Frohe Weihnachten und ein gutes neues Jahr",
    "dear sir or madam": "Sehr geehrte Damen und Herren", "kind regards": "Mit freundlichen Grüßen",
    "best regards": "Beste Grüße", "yours sincerely": "Mit freundlichen Grüßen", "best wishes": "Viele Grüße",
    "can you help me": "Können Sie mir helfen", "could you help me": "Können Sie mir helfen",
    "how are you doing": "Wie geht es dir", "what's up": "Was ist los", "see you next week": "Bis nächste Woche",
    "have a great weekend": "Schönes Wochenende", "have a good weekend": "Schönes Wochenende",
    "take care": "Pass auf dich auf", "no worries": "Kein Problem",
    "have a nice trip": "Gute Reise",
}
# calls and signs, often quoted ("Er ruft „Hilfe!“", "Auf dem Schild steht „Geschlossen“"), and interjections (a
# quoted "Wow!" came back as "Eine Frau!"): (German, English), the same pair both ways
CALLS = [("Stopp", "Stop"), ("Hilfe", "Help"), ("Warte", "Wait"), ("Los", "Go"), ("Los geht's", "Let's go"),
         ("Komm her", "Come here"), ("Beeil dich", "Hurry up"), ("Sitz", "Sit"), ("Gut gemacht", "Well done"),
         ("Ich liebe dich", "I love you"), ("Frohe Ostern", "Happy Easter"), ("Geöffnet", "Open"),
         ("Geschlossen", "Closed"), ("Ausgang", "Exit"), ("Eingang", "Entrance"), ("Gefahr", "Danger"),
         ("Feuer", "Fire"), ("Drücken", "Push"), ("Ziehen", "Pull"), ("Ruhe", "Quiet"), ("Kein Zutritt", "No entry"),
         ("Außer Betrieb", "Out of order"), ("Ausverkauft", "Sold out"), ("Zu verkaufen", "For sale"),
         ("Eintritt frei", "Free admission"), ("Der Eintritt ist frei", "Admission is free"),
         ("Parken verboten", "No parking"), ("Rauchen verboten", "No smoking"), ("Betreten verboten", "No trespassing"),
         ("Bitte nicht stören", "Do not disturb"), ("Notausgang", "Emergency exit"), ("Frisch gestrichen", "Wet paint"),
         ("Nur für Personal", "Staff only"), ("Bitte warten", "Please wait"), ("Wow", "Wow"), ("Hurra", "Hooray"),
         ("Autsch", "Ouch"), ("Igitt", "Yuck"), ("Hoppla", "Oops"), ("Ups", "Oops"), ("Juhu", "Yay"),
         ("Toll", "Great"), ("Super", "Great"), ("Oh nein", "Oh no")]
# an app's or a web page's buttons and links, alone on a line ("Passwort vergessen?" -> "Areor eating?", "Add to cart"
# -> "Ein gekärtter Flümmter" from a 30-minute model); (German, English), each one's translation the last named
SCREENS = [("Passwort vergessen", "Forgot your password"), ("Jetzt kaufen", "Buy now"), ("Kaufen", "Buy"),
           ("In den Warenkorb", "Add to cart"), ("Zum Warenkorb", "Go to cart"), ("Warenkorb", "Cart"),
           ("Jetzt bestellen", "Order now"), ("Einloggen", "Log in"), ("Anmelden", "Log in"),
           ("Anmelden", "Sign in"), ("Ausloggen", "Log out"), ("Abmelden", "Log out"), ("Abmelden", "Sign out"),
           ("Registrieren", "Sign up"), ("Konto erstellen", "Create account"), ("Weiter", "Continue"),
           ("Weiter", "Next"), ("Zurück", "Back"), ("Abbrechen", "Cancel"), ("Speichern", "Save"),
           ("Löschen", "Delete"), ("Bearbeiten", "Edit"), ("Suche", "Search"), ("Suchen", "Search"),
           ("Einstellungen", "Settings"), ("Mehr erfahren", "Learn more"), ("Mehr anzeigen", "Show more"),
           ("Weniger anzeigen", "Show less"), ("Alle akzeptieren", "Accept all"), ("Alle ablehnen", "Reject all"),
           ("Schließen", "Close"), ("Senden", "Send"), ("Absenden", "Submit"), ("Herunterladen", "Download"),
           ("Hochladen", "Upload"), ("Teilen", "Share"), ("Bestätigen", "Confirm"), ("Jetzt anmelden", "Sign up now"),
           ("Newsletter abonnieren", "Subscribe to our newsletter"), ("Abonnieren", "Subscribe")]
# a traveller's sentences ("Vielen Dank im Voraus!" -> "Many Dank in front of the!", "I'm lost." -> "Ich is taking.")
TRAVEL = [("Danke im Voraus", "Thanks in advance"), ("Vielen Dank im Voraus", "Thank you in advance"),
          ("Vielen Dank im Voraus", "Thanks in advance"),
          ("Gute Fahrt", "Have a safe trip"), ("Guten Flug", "Have a good flight"),
          ("Schönen Abend noch", "Have a nice evening"), ("Ich verstehe nicht", "I don't understand"),
          ("Sprichst du Englisch", "Do you speak English"), ("Sprechen Sie Englisch", "Do you speak English"),
          ("Sprechen Sie Deutsch", "Do you speak German"), ("Ich habe mich verlaufen", "I'm lost"),
          ("Die Rechnung, bitte", "The check, please"), ("Die Rechnung, bitte", "The bill, please"),
          ("Ich weiß es nicht", "I don't know"), ("Ich weiß nicht", "I don't know"), ("Einen Moment", "Just a moment"),
          ("Einen Moment, bitte", "One moment, please"), ("Bis gleich", "See you in a bit"),
          ("Willkommen zurück", "Welcome back"), ("Schlaf gut", "Sleep well"), ("Wie alt sind Sie", "How old are you"),
          ("Wie alt bist du", "How old are you"), ("Woher kommen Sie", "Where are you from"),
          ("Woher kommst du", "Where are you from"), ("Gern", "Gladly"), ("Gerne", "Gladly"), ("Klar", "Sure"),
          *(("Wir sehen uns am Wochenende", f"See you {when} weekend") for when in ("this", "on the", "at the"))]
PAIRS = CALLS + SCREENS + TRAVEL
PHRASES |= {phrase_key(de): en for de, en in PAIRS}
ENGLISH |= {phrase_key(en): de for de, en in PAIRS}
TABLES = {("de", "en"): PHRASES, ("en", "de"): ENGLISH}
# the phrases that greet, thank, wish or address someone, or introduce oneself, so may open a longer sentence
# ("Entschuldigung, wo ist ...?", "Ich heiße Anna.", "Happy birthday, Sarah!": a model wrote "Warum! Sarah!")
GREETINGS = {"de": ["hallo", "hi", "hey", "servus", "moin", "grüß gott", "guten morgen", "guten tag", "guten abend",
                    "gute nacht", "tschüss", "tschüs", "ciao", "auf wiedersehen", "hallo zusammen", "entschuldigung",
                    "ich heiße", "mein name ist", "danke", "danke schön", "vielen dank", "alles gute",
                    "alles gute zum geburtstag", "herzlichen glückwunsch", "herzlichen glückwunsch zum geburtstag",
                    "frohe weihnachten", "frohes neues jahr",
                    "viel glück", "viel spaß", "bitte", "bis bald", "bis morgen", "bis später", "bis dann",
                    "sehr geehrte damen und herren", "mit freundlichen grüßen", "viele grüße", "liebe grüße",
                    "beste grüße", "tut mir leid", "es tut mir leid"],
             "en": ["hello", "hi", "hey", "good morning", "good afternoon", "good evening", "good night", "bye",
                    "goodbye", "hello everyone", "excuse me", "sorry", "my name is", "thank you", "thanks",
                    "thank you very much", "all the best", "happy birthday", "congratulations", "merry christmas",
                    "happy new year", "good luck", "have fun", "please", "see you", "see you soon", "see you later",
                    "see you tomorrow", "dear sir or madam", "kind regards", "best regards", "best wishes",
                    "yours sincerely", "i'm sorry"]}

INTRODUCTIONS = {"ich heiße", "mein name ist", "my name is"}
# the name after an introduction: capitalized words ("Anna Schmidt"), not an abbreviation's ("Dr." of "Dr. Müller")
NAME = re.compile(r"(?:\s+[A-ZÄÖÜ][\w'’-]*(?![\w'’-]))+(?!\.\s*\S)")
# thanks for something, a welcome to a place, a request: the phrase (with its preposition) opens the sentence, the
# rest is the model's ("Bitte rufen Sie mich an." -> "Please" + " rufen Sie mich an.": a model wrote "Pitor calls
# me", and "Please close the door." as "Fußgänger versammeln sich nahe der Tür.")
LEADS = {"de": {"danke für": "Thank you for", "danke schön für": "Thank you very much for",
                "vielen dank für": "Thank you very much for", "herzlichen dank für": "Many thanks for",
                "willkommen in": "Welcome to", "herzlich willkommen in": "Welcome to", "bitte": "Please",
                "viele grüße aus": "Greetings from", "liebe grüße aus": "Greetings from",
                "grüße aus": "Greetings from", "viel erfolg bei": "Good luck with", "viel glück bei": "Good luck with",
                "siehe": "See"},
         "en": {"thank you for": "Danke für", "thanks for": "Danke für",
                "thank you very much for": "Vielen Dank für", "thanks a lot for": "Vielen Dank für",
                "many thanks for": "Vielen Dank für", "welcome to": "Willkommen in", "please": "Bitte",
                "greetings from": "Grüße aus", "good luck with": "Viel Glück bei"}}
PHRASES |= LEADS["de"]
ENGLISH |= LEADS["en"]
# a notice's label before its colon ("Achtung: Rutschgefahr!" -> "Attention:" + " Rutschgefahr!": a model wrote
# "Eight:"; "Caution: slippery floor!" -> "Vorsicht:" + ...)
LABELS = {"de": {"achtung": "Attention", "vorsicht": "Caution", "hinweis": "Note", "warnung": "Warning",
                 "wichtig": "Important", "tipp": "Tip", "gefahr": "Danger"},
          "en": {"attention": "Achtung", "caution": "Vorsicht", "note": "Hinweis", "warning": "Warnung",
                 "important": "Wichtig", "tip": "Tipp", "danger": "Gefahr"}}
PHRASES |= LABELS["de"]
ENGLISH |= LABELS["en"]
# a form's or a page's field labels, only with their colon ("Kontakt: info@example.com": a model kept "Kontakt" as a
# name; "Address: 221B Baker Street" -> "Ein gut angezogenes Kleid mit ..."); alone, "Date" or "Time" is no label
FIELDS = {"de": {"kontakt": "Contact", "telefon": "Phone", "adresse": "Address", "anschrift": "Address",
                 "öffnungszeiten": "Opening hours", "preis": "Price", "datum": "Date", "uhrzeit": "Time",
                 "ort": "Location", "betreff": "Subject", "e-mail": "Email", "webseite": "Website",
                 "abfahrt": "Departure", "ankunft": "Arrival"},
          "en": {"contact": "Kontakt", "phone": "Telefon", "telephone": "Telefon", "address": "Adresse",
                 "opening hours": "Öffnungszeiten", "price": "Preis", "date": "Datum", "time": "Uhrzeit",
                 "location": "Ort", "subject": "Betreff", "email": "E-Mail", "e-mail": "E-Mail", "website": "Webseite",
                 "departure": "Abfahrt", "arrival": "Ankunft"}}
# a request's "bitte" / "please" that closes the sentence ("Zwei Kaffee, bitte." -> "Two coffees, please": a model
# wrote "asking", and dropped "please" from "I'd like a water, please."); German's in lowercase ("Ich habe eine
# Bitte": a request), English's not after "to" or "you" ("eager to please", "as you please": a verb)
CLOSINGS = {"de": ("bitte", "please"), "en": ("(?i:please)", "bitte")}
# a letter's salutation before a name ("Lieber Tom," -> "Dear Tom,": a model kept "Lieber" as a name; "Sehr geehrter
# Herr Bauer"), which the names finder joins to the name after it (text/finders/names.py); English "Dear" is German
# "Hallo": "Liebe" or "Lieber" would follow the addressee's gender
SALUTATIONS = {"de": {"lieber": "Dear", "liebe": "Dear", "sehr geehrter": "Dear", "sehr geehrte": "Dear"},
               "en": {"dear": "Hallo"}}
# first words of a phrase that keep their capital inside a sentence: a German noun, English "I"
CAPITALS = {"Entschuldigung", "Achtung", "Vorsicht", "Hinweis", "Warnung", "Tipp", "Gefahr", "I", "I'm",
            *FIELDS["en"].values()}


def alternatives(phrases) -> str:
    return "|".join(re.escape(g).replace(r"\ ", " +") for g in sorted(phrases, key=len, reverse=True))


def opening(greetings: list[str], leads: dict[str, str], labels: dict[str, str]) -> re.Pattern:
    """A greeting before a comma, an exclamation mark or a capitalized word, a lead (LEADS) before a word, or a
    label (LABELS, FIELDS) with its colon."""
    return re.compile(rf"[\s,]*((?i:{alternatives(greetings)})(?=\s*[,!]|\s+[^\W\d_]*[A-ZÄÖÜ])|"
                      rf"(?i:{alternatives(leads)})(?=\s+\S)|(?i:{alternatives(labels)})\s*:)")


# a salutation at a sentence's start before a capitalized word; the names finder joins it to the name there
SALUTE = {lang: re.compile(rf"\s*((?i:{alternatives(words)}))\s+(?=[A-ZÄÖÜ])") for lang, words in SALUTATIONS.items()}
TO_COMMA = re.compile(r"(?:[A-ZÄÖÜ][\w.'’-]*\s*)+,")          # the name after it, to its comma ("Herr Dr. Bauer,")


def opener_key(written: str) -> str:
    """An opener's key in the tables: "Achtung :" -> "achtung", "Guten  Morgen" -> "guten morgen"."""
    return " ".join(written.lower().rstrip(":").split())


def closing(word: str) -> re.Pattern:
    """The word (a pattern) after a comma or a space at the sentence's end, before its final marks: "Zwei Kaffee,
    bitte!"."""
    return re.compile(rf"(?<=[\w,])(?<!\bto)(?<!\byou)[\s,]+({word})\s*[.!?…]*\s*$")


class Phrases(PlaceholderStep):
    def __init__(self, source: str = "de", target: str = "en"):
        self.table = TABLES.get((source, target), {})
        self.fields = FIELDS.get(source, {})
        self.salute = SALUTE.get(source) if self.table else None
        self.opening = opening(GREETINGS[source], LEADS[source], LABELS[source] | self.fields) if self.table else None
        labels = alternatives(LABELS[source] | self.fields) if self.table else None      # a field after a comma too
        self.next_label = re.compile(rf"(?<=[,;] )((?i:{labels})\s*:)") if labels else None
        word, self.closed_by = CLOSINGS.get(source, ("", ""))
        self.closing = closing(word) if self.table and word else None

    def find(self, text: str) -> list[Span]:
        m = SENTENCE.fullmatch(text)
        key = phrase_key(m.group(1)) if m else None
        if key in self.table:
            return [Span(m.start(1), m.end(1), self.table[key])]
        salute = self.salute.match(text) if self.salute else None           # "Lieber Tom, vielen Dank für ..."
        saluted = TO_COMMA.match(text, salute.end()) if salute else None    # is the names finder's
        spans, at = [], saluted.end() if saluted else 0     # openers one after another: "Hallo, ich heiße Anna."
        while self.opening and (m := self.opening.match(text, at)):
            key, phrase = opener_key(m.group(1)), self.phrase_of(m.group(1))
            end = m.end(1)
            if (spans or saluted) and m.group(1)[0].islower() and phrase.split()[0] not in CAPITALS:   # inside
                phrase = phrase[0].lower() + phrase[1:]
            name = NAME.match(text, end) if key in INTRODUCTIONS else None
            if name:                                                     # "Ich heiße Anna" -> "My name is Anna"
                phrase, end = f"{phrase} {' '.join(name.group().split())}", name.end()
            spans.append(Span(m.start(1), end, phrase))
            at = end
        for label in self.next_label.finditer(text, at) if self.next_label else ():   # "..., Ankunft: 10:30 Uhr"
            spans.append(Span(label.start(1), label.end(1), self.phrase_of(label.group(1))))
        last = self.closing.search(text, at) if self.closing else None
        if last and last.start() > at:                          # "Zwei Kaffee, bitte." -> ..., "please"
            spans.append(Span(last.start(1), last.end(1), self.closed_by))
        return spans

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
