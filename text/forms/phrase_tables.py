"""The everyday phrases the phrases finder (text/finders/phrases.py) reads, German -> English and back: whole
sentences (greetings, thanks, wishes, calls and signs, an app's buttons, a traveller's sentences, the weather; what
one asks or says of oneself: text/forms/phrasebook.py; a letter's or an e-mail's: text/forms/letters.py; a
pronoun, its copula and an adjective: text/forms/statements.py), the openers of a longer one (greetings, leads,
notices' and fields' labels, a letter's salutations, what is attached) and a request's closing "bitte" / "please".
Each table holds a sentence's key (`phrase_key`) and the target's phrase as written.
"""
from __future__ import annotations

from text.forms.contracted import phrase_key
from text.forms.letters import ATTACHED, CLOSING_LINES, LETTERS
from text.forms.phrasebook import ASKED, EXCLAIMED, PHONED, SAID
from text.forms.statements import statement


PHRASES = {
    "hallo": "Hello", "hallo zusammen": "Hello everyone", "hi": "Hi", "hey": "Hey", "servus": "Hi", "moin": "Hi",
    "grüß gott": "Hello", "guten morgen": "Good morning", "guten tag": "Good afternoon", "guten abend": "Good evening",
    "gute nacht": "Good night", "tschüss": "Bye", "tschüs": "Bye", "ciao": "Bye", "auf wiedersehen": "Goodbye",
    "bis bald": "See you soon", "bis morgen": "See you tomorrow", "bis später": "See you later", "danke": "Thank you",
    "danke schön": "Thank you very much", "dankeschön": "Thank you very much", "vielen dank": "Thank you very much",
    "bitte": "Please", "bitte schön": "You're welcome", "gern geschehen": "You're welcome",
    "entschuldigung": "Excuse me", "es tut mir leid": "I'm sorry", "ja": "Yes", "nein": "No", "okay": "Okay",
    "ok": "OK",
    "ja bitte": "Yes please", "nein danke": "No thanks",
    "wie geht's": "How are you", "wie geht es dir": "How are you", "wie geht es ihnen": "How are you",
    "mir geht es gut": "I'm fine", "es geht mir gut": "I'm fine", "mir geht's gut": "I'm fine",
    "alles gute": "All the best",
    "herzlichen glückwunsch": "Congratulations",
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
    "wie geht's dir": "How are you", "wie gehts": "How are you", "wie gehts dir": "How are you",   # typed so often
    "wie geht es euch": "How are you", "was ist los": "What's up",
    "viel erfolg": "Good luck", "bis nächste woche": "See you next week", "pass auf dich auf": "Take care",
    "danke vielmals": "Thanks a lot", "tut mir leid": "I'm sorry",
    "was kostet das": "How much is it", "wir sehen uns": "See you", "wir sehen uns morgen": "See you tomorrow",
    "wir sehen uns später": "See you later", "wir sehen uns bald": "See you soon",
    "wir sehen uns nächste woche": "See you next week",
    "danke dir": "Thank you", "danke euch": "Thank you", "na ja": "Oh well", "naja": "Oh well",
    "bin gleich da": "I'll be right there", "ich bin gleich da": "I'll be right there",
    "wie viel uhr ist es": "What time is it", "wieviel uhr ist es": "What time is it",
}


ENGLISH = {
    "hello": "Hallo", "hi": "Hallo", "hey": "Hallo", "hello everyone": "Hallo zusammen",
    "good morning": "Guten Morgen", "good afternoon": "Guten Tag", "good evening": "Guten Abend",
    "good night": "Gute Nacht", "bye": "Tschüss", "goodbye": "Auf Wiedersehen", "see you": "Bis bald",
    "see you soon": "Bis bald", "see you later": "Bis später", "see you tomorrow": "Bis morgen",
    "thank you": "Danke", "thanks": "Danke", "thank you very much": "Vielen Dank", "thanks a lot": "Vielen Dank",
    "thank you so much": "Vielen Dank", "thanks so much": "Vielen Dank",
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
         ("Geöffnet täglich", "Open daily"), ("Täglich geöffnet", "Open daily"), ("Geschlossen", "Closed"),
         ("Heute geschlossen", "Closed today"), ("Heute geöffnet", "Open today"), ("Nur heute", "Today only"),
         ("Ausgang", "Exit"), ("Eingang", "Entrance"), ("Gefahr", "Danger"),
         ("Feuer", "Fire"), ("Drücken", "Push"), ("Ziehen", "Pull"), ("Ruhe", "Quiet"), ("Kein Zutritt", "No entry"),
         ("Außer Betrieb", "Out of order"), ("Ausverkauft", "Sold out"), ("Zu verkaufen", "For sale"),
         ("Eintritt frei", "Free admission"), ("Der Eintritt ist frei", "Admission is free"),
         ("Kostenloses WLAN", "Free WiFi"), ("Kostenloses WLAN", "Free Wi-Fi"),
         ("Parken verboten", "No parking"), ("Rauchen verboten", "No smoking"), ("Betreten verboten", "No trespassing"),
         ("Bitte nicht stören", "Do not disturb"), ("Notausgang", "Emergency exit"), ("Frisch gestrichen", "Wet paint"),
         ("Nur für Personal", "Staff only"), ("Kein Zutritt für Unbefugte", "Authorized personnel only"),
         ("Bitte warten", "Please wait"), ("Wow", "Wow"), ("Hurra", "Hooray"),
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
# the weather in a word ("The kids are playing outside. it's sunny." -> "... Ich ist sonnige sonnige." from a strong
# model: Multi30K's captions hardly say "it"); (German, English)
WEATHER = [*((f"Es ist {de}", f"It is {en}") for de, en in (("sonnig", "sunny"), ("kalt", "cold"), ("heiß", "hot"),
                                                           ("warm", "warm"), ("windig", "windy"), ("bewölkt", "cloudy"),
                                                           ("neblig", "foggy"))),
           ("Es regnet", "It is raining"), ("Es schneit", "It is snowing")]
PAIRS = EXCLAIMED + CALLS + SCREENS + TRAVEL + WEATHER + ASKED + SAID + LETTERS


class Stated(dict):
    """A table that reads a key it lacks as a statement (a pronoun, its copula and an adjective, or a possessive and
    a person one knows: text/forms/statements.py): its own entries win over one, as the phrases above win; its keys,
    and so its iteration and len(), are its own entries only."""

    def __init__(self, source: str, entries: dict[str, str]):
        super().__init__(entries)
        self.source = source

    def __missing__(self, key: str) -> str:
        found = statement(key, self.source) if isinstance(key, str) else None
        if found is None:
            raise KeyError(key)
        return found

    def __contains__(self, key: object) -> bool:
        return super().__contains__(key) or isinstance(key, str) and statement(key, self.source) is not None

    def get(self, key: str, default: str | None = None) -> str | None:
        if super().__contains__(key):
            return super().__getitem__(key)
        found = statement(key, self.source) if isinstance(key, str) else None
        return default if found is None else found


PHRASES = Stated("de", PHRASES | {phrase_key(de): en for de, en in PAIRS})
ENGLISH = Stated("en", {phrase_key(en): de for en, de in [*ENGLISH.items(), *((en, de) for de, en in PAIRS)]})
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
                    "beste grüße", "tut mir leid", "es tut mir leid", "danke dir", "danke euch", "ok", "okay",
                    "na ja", "naja", "ja", "nein"],     # an answer's ("Ja, gerne.": a model kept "Ja" as a name)
             "en": ["hello", "hi", "hey", "good morning", "good afternoon", "good evening", "good night", "bye",
                    "goodbye", "hello everyone", "excuse me", "sorry", "my name is", "thank you", "thanks",
                    "thanks a lot", "thank you very much", "thank you so much", "thanks so much", "all the best",
                    "happy birthday", "congratulations",
                    "merry christmas", "happy new year", "good luck", "have fun", "please", "see you", "see you soon",
                    "see you later", "see you tomorrow", "dear sir or madam", "kind regards", "best regards",
                    "best wishes", "yours sincerely", "i'm sorry", "i am sorry", *CLOSING_LINES["en"]]}

# those of GREETINGS that close a message, after a comma too ("Danke für deine Hilfe, bis bald!")
FAREWELLS = {"de": {"tschüss", "tschüs", "ciao", "auf wiedersehen", "bis bald", "bis morgen", "bis später", "bis dann",
                    "viele grüße", "liebe grüße", "beste grüße", "mit freundlichen grüßen", "alles gute", "viel glück",
                    "viel spaß", "gute nacht"},
             "en": {"bye", "goodbye", "see you", "see you soon", "see you later", "see you tomorrow", "kind regards",
                    "best regards", "best wishes", "all the best", "good luck", "have fun", "good night"}}
# those of GREETINGS that thank, after a phrase's comma too ("Das war toll, danke!")
THANKS = {"de": {"danke", "danke schön", "dankeschön", "vielen dank", "danke dir", "danke euch"},
          "en": {"thank you", "thanks", "thanks a lot", "thank you very much", "thank you so much", "thanks so much"}}
INTRODUCTIONS = {"ich heiße", "mein name ist", "my name is"}
# where one lives or comes from, joined by "und" / "and" to an introduction's name, before the place ("Ich heiße Lena
# und wohne in Köln." -> "My name is Lena and I live in" + " Köln.": a model wrote "My name is Lena and live in
# Cologne.", "My name is Lena and I live in Cologne." "Ich heiße Lena und wohnt in Köln.")
INTRODUCED = {"de": {"und wohne in": "and I live in", "und ich wohne in": "and I live in",
                     "und komme aus": "and I'm from", "und ich komme aus": "and I'm from"},
              "en": {"and i live in": "und wohne in", "and i am from": "und komme aus",
                     "and i come from": "und komme aus"}}
# thanks for something, a welcome to a place, a request: the phrase (with its preposition) opens the sentence, the
# rest is the model's ("Bitte rufen Sie mich an." -> "Please" + " rufen Sie mich an.": a model wrote "Pitor calls
# me", and "Please close the door." as "Fußgänger versammeln sich nahe der Tür.")
LEADS = {"de": {"danke für": "Thank you for", "danke schön für": "Thank you very much for",
                "vielen dank für": "Thank you very much for", "herzlichen dank für": "Many thanks for",
                "willkommen in": "Welcome to", "herzlich willkommen in": "Welcome to", "bitte": "Please",
                "viele grüße aus": "Greetings from", "liebe grüße aus": "Greetings from",
                "grüße aus": "Greetings from", "grüße an": "Greetings to", "viele grüße an": "Best wishes to",
                "liebe grüße an": "Best wishes to", "viel erfolg bei": "Good luck with",
                "viel glück bei": "Good luck with", "siehe": "See",
                "lg aus": "Greetings from", "vg aus": "Greetings from", "lg an": "Best wishes to",   # abbreviated:
                "vg an": "Best wishes to",                                      # "LG aus Berlin" was "LG from Berlin"
                "schreib mir an": "Email me at", "schreiben sie mir an": "Email me at",   # an address: "Does"
                "ruf mich an unter": "Call me at", "rufen sie mich an unter": "Call me at",
                "mehr infos unter": "More info at", "weitere infos unter": "More info at",     # an address after it:
                "mehr informationen unter": "More information at",                  # "Several Infos under URL"
                "weitere informationen unter": "More information at", **ATTACHED["de"]},
         "en": {"thank you for": "Danke für", "thanks for": "Danke für",
                "thank you very much for": "Vielen Dank für", "thanks a lot for": "Vielen Dank für",
                "many thanks for": "Vielen Dank für", "thank you so much for": "Vielen Dank für",
                "thanks so much for": "Vielen Dank für", "welcome to": "Willkommen in", "please": "Bitte",
                "greetings from": "Grüße aus", "good luck with": "Viel Glück bei",
                "email me at": "Schreib mir an", "write to me at": "Schreib mir an", "mail me at": "Schreib mir an",
                "more info at": "Mehr Infos unter", "more information at": "Weitere Informationen unter",   # "Mon in"
                **ATTACHED["en"]}}
PHRASES |= LEADS["de"]
ENGLISH |= LEADS["en"]
# those of LEADS that lead only where one is written to or called, a URL, an e-mail address or a phone number after
# them (text/forms/verbatim.py's ADDRESS): "More info at the reception." gave "Mehr Infos unter feiert die Feier."
ADDRESS_LEADS = {"schreib mir an", "schreiben sie mir an", "ruf mich an unter", "rufen sie mich an unter",
                 "mehr infos unter", "weitere infos unter", "mehr informationen unter", "weitere informationen unter",
                 "email me at", "write to me at", "mail me at", "more info at", "more information at"}
# a sentence around a phone number (text/forms/phrasebook.py), its key with "{}" for the number
PHONE_SENTENCES = {("de", "en"): {phrase_key(de): en for de, en in PHONED},
                   ("en", "de"): {phrase_key(en): de for de, en in PHONED}}
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
                 "abfahrt": "Departure", "ankunft": "Arrival", "handy": "Mobile", "mobil": "Mobile", "fax": "Fax",
                 "treffpunkt": "Meeting point", "nächster halt": "Next stop", "termin": "Appointment",
                 "gleis": "Platform", "bahnsteig": "Platform"},
          "en": {"contact": "Kontakt", "phone": "Telefon", "telephone": "Telefon", "address": "Adresse",
                 "opening hours": "Öffnungszeiten", "price": "Preis", "date": "Datum", "time": "Uhrzeit",
                 "location": "Ort", "subject": "Betreff", "email": "E-Mail", "e-mail": "E-Mail", "website": "Webseite",
                 "departure": "Abfahrt", "arrival": "Ankunft", "mobile": "Handy", "fax": "Fax",
                 "meeting point": "Treffpunkt", "next stop": "Nächster Halt", "appointment": "Termin",
                 "platform": "Gleis"}}
# a sign's word of opening hours before its days or hours, without a colon ("Open Mon-Fri 9-5" -> "Geöffnet" + ...:
# a model wrote "Fünf Montag-Freitag 9-5"), each a call of CALLS
HOURS_SIGNS = {"de": ("täglich geöffnet", "geöffnet täglich", "geöffnet", "geschlossen"),
               "en": ("open daily", "open", "closed")}
# a request's "bitte" / "please" that closes the sentence ("Zwei Kaffee, bitte." -> "Two coffees, please": a model
# wrote "asking", and dropped "please" from "I'd like a water, please."); German's in lowercase ("Ich habe eine
# Bitte": a request), English's not after "to" or "you" ("eager to please", "as you please": a verb)
CLOSINGS = {"de": ("bitte", "please"), "en": ("(?i:please)", "bitte")}
# a letter's salutation before a name ("Lieber Tom," -> "Dear Tom,": a model kept "Lieber" as a name; "Sehr geehrter
# Herr Bauer"), which the names finder joins to the name after it (text/finders/names.py); English "Dear" is German
# "Hallo": "Liebe" or "Lieber" would follow the addressee's gender
SALUTATIONS = {"de": {"lieber": "Dear", "liebe": "Dear", "sehr geehrter": "Dear", "sehr geehrte": "Dear"},
               "en": {"dear": "Hallo"}}
# a letter's sign-off before the writer's name, to the line's end ("LG Anna" -> "Best wishes," + " Anna": the names
# finder took "LG Anna" for a name; "Gruß, Peter" kept "Gruß"), its abbreviations too; English writes a comma after it
SIGN_OFFS = {"de": {"lg": "Best wishes", "vg": "Best wishes", "mfg": "Kind regards", "gruß": "Regards",
                    "grüße": "Regards", "liebe grüße": "Best wishes", "viele grüße": "Best wishes",
                    "beste grüße": "Best regards", "freundliche grüße": "Kind regards",
                    "mit freundlichen grüßen": "Kind regards", **CLOSING_LINES["de"]}}
# what follows a brand, not a writer's name: "LG Electronics" is a company, not "Best wishes, Electronics"
BRAND_WORDS = frozenset("""electronics display chem energy solutions group holding holdings corp corporation inc ltd ag
    gmbh kg se bank motors mobile telecom systems software media technologies technology tech services
    international""".split())
# first words of a phrase that keep their capital inside a sentence: a German noun, English "I"
CAPITALS = {"Entschuldigung", "Achtung", "Vorsicht", "Hinweis", "Warnung", "Tipp", "Gefahr", "I", "I'm",
            *FIELDS["en"].values()}
