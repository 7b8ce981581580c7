"""text/finders/phrases.py: everyday phrases come from a phrase table, as whole sentences or a greeting opening one."""
import pytest

from text.finders.phrases import Phrases, written_in
from text.forms.masking import PLACEHOLDERS

P0, P1, P2 = PLACEHOLDERS[:3]


@pytest.mark.parametrize("source, masked, fill", [("Tschüss", P0, "Bye"), ("Hallo!", f"{P0}!", "Hello"),
                                                  ("GUTEN MORGEN.", f"{P0}.", "Good morning"),
                                                  ("  wie geht’s? ", f"  {P0}? ", "How are you"),
                                                  ("OK", P0, "OK"), ("Nein danke.", f"{P0}.", "No thanks"),
                                                  ("Freut mich!", f"{P0}!", "Nice to meet you"),
                                                  ("Kein Problem.", f"{P0}.", "No problem"),
                                                  ("Es geht mir gut.", f"{P0}.", "I'm fine")])   # "It is walking"
def test_a_whole_sentence_phrase_becomes_its_english_phrase(source, masked, fill):
    assert Phrases().apply(source) == (masked, (fill,))
    assert Phrases().reverse(masked, (fill,)) == f"{fill}{masked.strip()[1:]}"


@pytest.mark.parametrize("source", ["Ein Mann sagt danke.", "Er dankt für den Fisch.", "Hallo-Welt", "Hallo welt",
                                    "Ich habe eine Bitte."])
def test_a_phrase_inside_a_longer_sentence_is_left_to_the_model(source):
    assert Phrases().apply(source) == (source, ())


@pytest.mark.parametrize("source, masked, fill", [("Tschüss Anna.", f"{P0} Anna.", "Bye"),
                                                  ("Hallo, wie gehts denn?", f"{P0}, wie gehts denn?", "Hello"),
                                                  ("Guten Morgen Herr Bauer!", f"{P0} Herr Bauer!", "Good morning"),
                                                  ("Servus Welt", f"{P0} Welt", "Hi"),
                                                  ("Entschuldigung, wo ist die Post?",
                                                   f"{P0}, wo ist die Post?", "Excuse me"),
                                                  ("Ja, ich komme morgen.", f"{P0}, ich komme morgen.", "Yes"),  # "Ja"
                                                  ("Nein, das ist Annas Hund.", f"{P0}, das ist Annas Hund.", "No")])
def test_a_greeting_that_opens_a_longer_sentence_becomes_its_english_greeting(source, masked, fill):
    assert Phrases().apply(source) == (masked, (fill,))
    assert Phrases("en", "de").apply("Bye Anna!") == (f"{P0} Anna!", ("Tschüss",))


def test_english_phrases_become_german_ones_and_other_pairs_have_none():
    assert Phrases("en", "de").apply("Thank you!") == (f"{P0}!", ("Danke",))
    assert Phrases("fr", "en").apply("Hallo") == ("Hallo", ())


@pytest.mark.parametrize("source, fill", [("OK", "OK"), ("No thanks!", "Nein danke"), ("Yes, please.", "Ja bitte"),
                                          ("Watch out!", "Vorsicht"), ("What's your name?", "Wie heißt du"),
                                          ("Nice to meet you.", "Freut mich"), ("Of course!", "Natürlich"),
                                          ("Thanks so much!", "Vielen Dank"), ("Thank you so much.", "Vielen Dank"),
                                          ("Excuse me, where is the post office?",
                                                                        "Entschuldigung")])
def test_short_answers_in_english_become_german_ones(source, fill):
    assert Phrases("en", "de").apply(source)[1] == (fill,)


@pytest.mark.parametrize("language, line, masked, fills", [
    ("de", "Ich heiße Anna Schmidt.", f"{P0}.", ("My name is Anna Schmidt",)),             # the name comes along
    ("de", "Ich heiße Anna und spiele Tennis.", f"{P0} und spiele Tennis.", ("My name is Anna",)),
    ("de", "Hallo, ich heiße Anna.", f"{P0}, {PLACEHOLDERS[1]}.", ("Hello", "my name is Anna")),
    ("en", "Hello, my name is Tom.", f"{P0}, {PLACEHOLDERS[1]}.", ("Hallo", "ich heiße Tom")),
    ("de", "Mein Name ist Dr. Müller.", f"{P0} Dr. Müller.", ("My name is",)),           # an abbreviation: not along
    ("en", "Sorry, excuse me!", f"{P0}, {PLACEHOLDERS[1]}!", ("Entschuldigung", "Entschuldigung")),
    ("de", "Ich heiße nicht so.", "Ich heiße nicht so.", ()),            # no name after it: the model's
    ("en", "Hello, my name is anna.", f"{P0}, {PLACEHOLDERS[1]}.", ("Hallo", "ich heiße Anna")),     # lowercase
    ("de", "Ich heiße lena", f"{P0}", ("My name is Lena",)),     # "hello, my name is anna." lost the name
    ("en", "My name is not important.", "My name is not important.", ()),
    ("en", "Thanks a lot, see you.", f"{P0}, {PLACEHOLDERS[1]}.", ("Vielen Dank", "bis bald")),    # "Eine Menge"
])
def test_an_introduction_opens_a_sentence_and_an_opener_after_another_keeps_the_case_of_inside_a_sentence(
        language, line, masked, fills):
    pair = ("de", "en") if language == "de" else ("en", "de")
    assert Phrases(*pair).apply(line) == (masked, fills)


@pytest.mark.parametrize("pair, line, fill", [(("en", "de"), "Stop!", "Stopp"), (("en", "de"), "OPEN", "Geöffnet"),
                                              (("en", "de"), "Out of order.", "Außer Betrieb"),
                                              (("de", "en"), "Hilfe!", "Help"), (("de", "en"), "Geschlossen", "Closed"),
                                              (("en", "de"), "No parking", "Parken verboten"),
                                              (("de", "en"), "Rauchen verboten!", "No smoking"),
                                              (("de", "en"), "Heute geschlossen.", "Closed today"),
                                              (("en", "de"), "Open today!", "Heute geöffnet"),
                                              (("de", "en"), "Nur heute!", "Today only"),
                                              (("en", "de"), "Free Wi-Fi", "Kostenloses WLAN")])   # a hyphen too
def test_calls_and_signs_alone_are_phrases_but_not_inside_a_sentence(pair, line, fill):
    assert Phrases(*pair).apply(line)[1] == (fill,)
    assert Phrases(*pair).apply(f"{line.rstrip('!.')} the door now.")[1] == ()


@pytest.mark.parametrize("pair, line, fill", [(("de", "en"), "Lauf!", "Run"), (("en", "de"), "Run!", "Lauf"),
                                              (("de", "en"), "Schnell!", "Quick"), (("en", "de"), "Quick!", "Schnell"),
                                              (("de", "en"), "Schau mal!", "Look"),
                                              (("en", "de"), "Look!", "Schau mal"),
                                              (("en", "de"), "Be careful!", "Sei vorsichtig"),
                                              (("de", "en"), "Beruhige dich!", "Calm down"),
                                              (("en", "de"), "Hurry up!", "Beeil dich"),    # another table's wins
                                              (("de", "en"), "Vorsicht!", "Caution")])
def test_a_short_call_or_exclamation_alone_is_a_phrase_but_not_inside_a_sentence(pair, line, fill):
    """"Lauf!" came back as "Running!", "Schau mal!" as "Does-aged!", "Be careful!" as "Ich chore!", "Look!" as
    "Blick!"; "Ein Junge läuft schnell." and "Look at the dog." are the model's."""
    assert Phrases(*pair).apply(line) == (f"{PLACEHOLDERS[0]}!", (fill,))
    assert Phrases(*pair).apply(f"{line.rstrip('!')} at the dog now.")[1] == ()


@pytest.mark.parametrize("pair, line, masked, fill", [
    (("de", "en"), "Vielen Dank für Ihre Hilfe heute!", f"{P0} Ihre Hilfe heute!", "Thank you very much for"),  # for
    (("de", "en"), "Danke für den Fisch.", f"{P0} den Fisch.", "Thank you for"),
    (("en", "de"), "Thanks for the flowers.", f"{P0} the flowers.", "Danke für"),
    (("en", "de"), "Thank you very much for coming!", f"{P0} coming!", "Vielen Dank für"),
    (("en", "de"), "Thank you so much for the help with the move!", f"{P0} the help with the move!",
     "Vielen Dank für"),                                                                           # "Shast du much"
    (("en", "de"), "Thanks so much for coming.", f"{P0} coming.", "Vielen Dank für"),
    (("en", "de"), "Thanks so much, Anna!", f"{P0}, Anna!", "Vielen Dank"),
    (("de", "en"), "Herzlich willkommen in unserem Hotel.", f"{P0} unserem Hotel.", "Welcome to"),
    (("en", "de"), "Welcome to Berlin!", f"{P0} Berlin!", "Willkommen in"),
    (("en", "de"), "Happy birthday, Sarah!", f"{P0}, Sarah!", "Alles Gute zum Geburtstag"),       # to someone
    (("en", "de"), "Thank you, Anna!", f"{P0}, Anna!", "Danke"),
    (("de", "en"), "Vielen Dank, Herr Müller.", f"{P0}, Herr Müller.", "Thank you very much"),
    (("de", "en"), "Frohe Weihnachten Oma!", f"{P0} Oma!", "Merry Christmas"),
    (("de", "en"), "Bitte rufen Sie mich heute an.", f"{P0} rufen Sie mich heute an.", "Please"),   # "Pitor calls me"
    (("en", "de"), "Please close the door.", f"{P0} close the door.", "Bitte"),
    (("en", "de"), "Please, help us.", f"{P0}, help us.", "Bitte"),
    (("de", "en"), "Siehe Seite 12.", f"{P0} Seite 12.", "See"),      # a reference: "Siehe S. 12" came back as "They"
    (("de", "en"), "Grüße an Anna!", f"{P0} Anna!", "Greetings to"),         # "A group of cans on Anna!"
    (("de", "en"), "Viele Grüße an deine Mutter.", f"{P0} deine Mutter.", "Best wishes to"),
])
def test_thanks_wishes_and_welcomes_open_the_sentence_and_what_follows_is_left_to_the_model(pair, line, masked, fill):
    assert Phrases(*pair).apply(line) == (masked, (fill,))


@pytest.mark.parametrize("pair, line, fills", [
    (("de", "en"), "Tschüss, bis morgen!", ("Bye", "see you tomorrow")),    # "Bye, for a Mory!" from a 30-minute model
    (("en", "de"), "See you later, Tom.", ("Bis später",)),
    (("de", "en"), "Ich arbeite bis morgen.", ()),                           # not opening the sentence: the model's
    (("de", "en"), "Hallo, wie geht's dir?", ("Hello", "how are you")),     # "Hello, like you walks?" from a model
    (("de", "en"), "Hallo, wie geht's?", ("Hello", "how are you")),
    (("de", "en"), "Hallo, wie gehts?", ("Hello", "how are you")),            # without its apostrophe, as typed
    (("de", "en"), "Hallo Tom, wie geht's?", ("Hello", "how are you")),     # after its addressee: "Hello, Tom walking?"
    (("de", "en"), "Hallo Tom, wie war dein Urlaub?", ("Hello",)),          # no phrase after it
    (("en", "de"), "Hi, how are you?", ("Hallo", "wie geht es dir")),
    (("de", "en"), "Hallo, wie geht es dir nach dem Rennen?", ("Hello",)),             # a phrase only as the whole rest
    (("de", "en"), "Vielen Dank für deine Hilfe, bis bald!", ("Thank you very much for", "your help", "see you soon")),
    (("en", "de"), "Thanks for your help, see you soon!", ("Danke für", "deine Hilfe", "bis bald")),
    (("de", "en"), "Danke für alles, ja", ("Thank you for",)),                 # an answer closes no message
])
def test_a_farewell_opens_a_sentence_after_a_greeting_too(pair, line, fills):
    assert Phrases(*pair).apply(line)[1] == fills


@pytest.mark.parametrize("source, target, text, masked, fills", [
    ("de", "en", "Zwei Kaffee, bitte.", f"Zwei Kaffee, {P0}.", ("please",)),
    ("de", "en", "Den Kuchen bitte!", f"Den Kuchen {P0}!", ("please",)),
    ("de", "en", "Er sagt bitte.", f"Er sagt {P0}.", ("please",)),
    ("en", "de", "Can you help me, please?", f"Can you help me, {P0}?", ("bitte",)),
    ("en", "de", "He is eager to please.", "He is eager to please.", ()),
    ("en", "de", "Do as you please.", "Do as you please.", ()),
])
def test_a_requests_closing_please_is_a_phrase_but_not_the_noun_or_the_verb(source, target, text, masked, fills):
    """"Ich hätte gern zwei Kaffee und ein Wasser, bitte." came back with "asking"; "..., please." lost it."""
    assert Phrases(source, target).apply(text) == (masked, fills)


@pytest.mark.parametrize("source, target, text, masked, fill", [
    ("de", "en", "Achtung: Rutschgefahr!", f"{P0} Rutschgefahr!", "Attention:"),
    ("de", "en", "Hinweis : Der Laden ist zu.", f"{P0} Der Laden ist zu.", "Note:"),
    ("en", "de", "Caution: slippery floor!", f"{P0} slippery floor!", "Vorsicht:"),
    ("de", "en", "Telefon: 030 1234567", f"{P0} 030 1234567", "Phone:"),
    ("de", "en", "Treffpunkt: Hauptbahnhof, 9 Uhr.", f"{P0} Hauptbahnhof, 9 Uhr.", "Meeting point:"),  # "This is about"
    ("en", "de", "Meeting point: main entrance", f"{P0} main entrance", "Treffpunkt:"),
    ("de", "en", "Nächster Halt: Hauptbahnhof", f"{P0} Hauptbahnhof", "Next stop:"),    # "A group of people sitting"
    ("de", "en", "Termin: Di 14.30 Uhr", f"{P0} Di 14.30 Uhr", "Appointment:"),      # "Tuesday woman: 2:30 pm"
    ("de", "en", "Öffnungszeiten: Mo.-Fr. 9-18 Uhr", f"{P0} Mo.-Fr. 9-18 Uhr", "Opening hours:"),
    ("en", "de", "Address: 221B Baker Street", f"{P0} 221B Baker Street", "Adresse:"),
])
def test_a_notices_or_a_fields_label_with_its_colon_is_a_phrase(source, target, text, masked, fill):
    """"Achtung: Rutschgefahr!" -> "Eight: ..."; the colon travels inside: a model dropped it after a placeholder."""
    assert Phrases(source, target).apply(text) == (masked, (fill,))


def test_a_fields_label_after_a_comma_is_one_too():
    """"Abfahrt: 7:45 Uhr, Ankunft: 10:30 Uhr." came back as "7:45 drives: 10:30." from a 30-minute model."""
    assert Phrases().apply("Abfahrt: 7:45 Uhr, Ankunft: 10:30 Uhr.") == (f"{P0} 7:45 Uhr, {P1} 10:30 Uhr.",
                                                                        ("Departure:", "Arrival:"))


@pytest.mark.parametrize("source, target, text, masked, fills", [
    ("en", "de", "Open Mon-Fri 9-5", f"{P0} Mon-Fri 9-5", ("Geöffnet",)),
    ("en", "de", "Open daily 10-6", f"{P0} 10-6", ("Täglich geöffnet",)),
    ("de", "en", "Geöffnet Sa. 9-14 Uhr", f"{P0} Sa. 9-14 Uhr", ("Open",)),
    ("en", "de", "Open the door at 5.", "Open the door at 5.", ()),     # a verb
    ("en", "de", "Open Sundays 9-5", f"{P0} Sundays 9-5", ("Geöffnet",)),
    ("en", "de", "Open weekends 10-4", f"{P0} weekends 10-4", ("Geöffnet",)),       # was "Fall wirft"
    ("en", "de", "Closed on Sundays.", f"{P0} on Sundays.", ("Geschlossen",)),
    ("de", "en", "Geschlossen am Montag", f"{P0} am Montag", ("Closed",)),
    ("en", "de", "Open Sunny Beach", "Open Sunny Beach", ()),           # "Su" only as a whole word
    ("en", "de", "Open from 9 to 5.", f"{P0} from 9 to 5.", ("Geöffnet",)),         # "Fall von 9 bis 17 Uhr."
    ("de", "en", "Geöffnet ab 10 Uhr", f"{P0} ab 10 Uhr", ("Open",)),
    ("en", "de", "Open from the inside.", "Open from the inside.", ()),
])
def test_opening_hours_sign_word_before_its_days_or_hours_is_a_phrase(source, target, text, masked, fills):
    """"Open Mon-Fri 9-5" came back as "Fünf Montag-Freitag 9-5" from a 30-minute model."""
    assert Phrases(source, target).apply(text) == (masked, fills)


@pytest.mark.parametrize("source, target, text, masked, fills", [
    ("de", "en", "Abfahrt 10:15 Uhr, Ankunft 12:40 Uhr", f"{P0} 10:15 Uhr, {P1} 12:40 Uhr", ("Departure", "Arrival")),
    ("en", "de", "Price 12 €", f"{P0} 12 €", ("Preis",)),
    ("en", "de", "Time 45 minutes", "Time 45 minutes", ()),        # a duration as often as a time of day
    ("de", "en", "Achtung 5 Stufen", "Achtung 5 Stufen", ()),      # a notice's label takes its colon
    ("de", "en", "Die Abfahrt 10 Uhr", "Die Abfahrt 10 Uhr", ()),
    ("de", "en", "Zug nach Berlin: Abfahrt 8:15", f"Zug nach Berlin: {P0} 8:15", ("Departure",)),   # after a colon
    ("de", "en", "Gleis 4, Abfahrt 10:15 Uhr.", f"{P0} 4, {P1} 10:15 Uhr.", ("Platform", "Departure")),
])
def test_a_fields_label_before_its_number_is_one_without_a_colon(source, target, text, masked, fills):
    """"Gleis 4, Abfahrt 10:15 Uhr." came back as "Platform 4, drives 10:15." from a 30-minute model."""
    assert Phrases(source, target).apply(text) == (masked, fills)


@pytest.mark.parametrize("text", ["Date.", "Time!", "The price: high."])
def test_a_fields_label_without_its_colon_or_inside_a_sentence_is_left_to_the_model(text):
    assert Phrases("en", "de").apply(text) == (text, ())


@pytest.mark.parametrize("source, target, text, masked, fill", [
    ("de", "en", "Herzlichen Glückwunsch zum Geburtstag, Anna!", f"{P0}, Anna!", "Happy birthday"),
    ("de", "en", "Frohe Weihnachten und ein gutes neues Jahr!", f"{P0}!", "Merry Christmas and a happy New Year"),
    ("en", "de", "Merry Christmas and a happy New Year!", f"{P0}!", "Frohe Weihnachten und ein gutes neues Jahr"),
])
def test_a_seasons_wishes_are_one_phrase(source, target, text, masked, fill):
    assert Phrases(source, target).apply(text) == (masked, (fill,))


@pytest.mark.parametrize("source, target, text, masked, fills", [
    ("de", "en", "Mit freundlichen Grüßen", P0, ("Kind regards",)),
    ("de", "en", "Viele Grüße aus Hamburg!", f"{P0} Hamburg!", ("Greetings from",)),
    ("de", "en", "LG aus Berlin", f"{P0} Berlin", ("Greetings from",)),                # "LG from Berlin"
    ("de", "en", "Lg an alle", f"{P0} alle", ("Best wishes to",)),                     # not "Best wishes, An Alle"
    ("en", "de", "Kind regards, Anna", f"{P0}, Anna", ("Mit freundlichen Grüßen",)),
    ("de", "en", "Lieber Tom, vielen Dank für deine Hilfe.", f"Lieber Tom, {P0} {P1}.",
     ("thank you very much for", "your help")),
])
def test_a_letters_phrases_and_an_opener_after_its_salutation(source, target, text, masked, fills):
    """The salutation and its name are the names finder's; the opener after them is inside the sentence."""
    assert Phrases(source, target).apply(text) == (masked, fills)


@pytest.mark.parametrize("text, fill", [
    ("LG Anna", "Best wishes, Anna"), ("Liebe Grüße, Anna", "Best wishes, Anna"), ("VG Tom", "Best wishes, Tom"),
    ("MfG Peter Müller", "Kind regards, Peter Müller"), ("Gruß, Peter", "Regards, Peter"),
    ("Viele Grüße Anna ", "Best wishes, Anna"),
    ("Lg anna", "Best wishes, Anna"), ("Mfg Peter müller", "Kind regards, Peter Müller"),    # a lowercase line's
])
def test_a_letters_sign_off_and_the_writers_name_are_one_phrase_with_a_comma(text, fill):
    """"LG Anna" was one name, as written; "Gruß, Peter" kept "Gruß" as a name, "Liebe Grüße, Anna" was "Dear
    Grüße", and the name alone after a sign-off came back as "Best wishes, is about tonanas"."""
    assert Phrases().apply(text)[1] == (fill,)


@pytest.mark.parametrize("text", ["LG hat einen neuen Fernseher.", "Gruß an alle Kinder.", "Grüße von Anna",
                                  "LG Electronics"])
def test_a_sign_off_is_one_only_before_a_name_to_the_lines_end(text):
    assert Phrases().apply(text)[1] == ()


@pytest.mark.parametrize("line, language", [("Best regards", "en"), ("Kind regards, Anna", "en"),
                                            ("Hallo Tom", "de"), ("OK", None), ("Ein Hund läuft.", None),
                                            ("Sorry, ich bin spät dran.", None), ("Zwei Kaffee, bitte.", None)])
def test_a_line_is_written_in_the_one_language_whose_phrases_make_up_most_of_it(line, language):
    """"Kind regards, Anna" was read as German by the identifier's letters ("Kind"); German writes "Sorry" too."""
    assert written_in(line) == language


@pytest.mark.parametrize("source, target, text, masked, fills", [
    ("en", "de", "What's up?", f"{P0}?", ("Was ist los",)),
    ("en", "de", "Take care!", f"{P0}!", ("Pass auf dich auf",)),
    ("de", "en", "Danke vielmals!", f"{P0}!", ("Thanks a lot",)),
    ("de", "en", "Viel Erfolg bei der Prüfung!", f"{P0} der Prüfung!", ("Good luck with",)),
    ("de", "en", "Tut mir leid, der Zug war voll.", f"{P0}, der Zug war voll.", ("I'm sorry",)),
    # a traveller's
    ("de", "en", "Vielen Dank im Voraus!", f"{P0}!", ("Thanks in advance",)),
    ("en", "de", "Thank you in advance.", f"{P0}.", ("Vielen Dank im Voraus",)),
    ("de", "en", "Sprechen Sie Englisch?", f"{P0}?", ("Do you speak English",)),
    ("en", "de", "I'm lost.", f"{P0}.", ("Ich habe mich verlaufen",)),
    ("de", "en", "Die Rechnung, bitte.", f"{P0}.", ("The bill, please",)),
    ("en", "de", "Have a nice trip!", f"{P0}!", ("Gute Reise",)),
    ("de", "en", "Wie alt bist du?", f"{P0}?", ("How old are you",)),
    ("en", "de", "See you at the weekend!", f"{P0}!", ("Wir sehen uns am Wochenende",)),
    ("de", "en", "Wir sehen uns den Film an.", "Wir sehen uns den Film an.", ()),     # a verb, not a farewell
    # an app's buttons, interjections
    ("de", "en", "Passwort vergessen?", f"{P0}?", ("Forgot your password",)),
    ("en", "de", "Add to cart", P0, ("In den Warenkorb",)),
    ("de", "en", "Anmelden", P0, ("Sign in",)),
    ("en", "de", "Log in", P0, ("Anmelden",)),
    ("en", "de", "Wow!", f"{P0}!", ("Wow",)),
    ("de", "en", "Oh nein!", f"{P0}!", ("Oh no",)),
    ("en", "de", "Oops!", f"{P0}!", ("Ups",)),
    # the weather ("it's sunny." -> "Ich ist sonnige sonnige." from a strong model)
    ("en", "de", "It's sunny.", f"{P0}.", ("Es ist sonnig",)),
    ("en", "de", "It is raining!", f"{P0}!", ("Es regnet",)),
    ("de", "en", "Es ist kalt.", f"{P0}.", ("It is cold",)),
    ("en", "de", "It is cold outside.", "It is cold outside.", ()),                  # more: the model's
])
def test_everyday_phrases_a_travellers_an_apps_buttons_and_interjections(source, target, text, masked, fills):
    """"Take care!" came back as "Dieses Auto!", "Danke vielmals!" as "There is a lot of busy!", "Vielen Dank im
    Voraus!" as "Many Dank in front of the!", "I'm lost." as "Ich is taking.", "Passwort vergessen?" as "Areor
    eating?", "Add to cart" as "Ein gekärtter Flümmter", a quoted "Wow!" as "Eine Frau!"."""
    assert Phrases(source, target).apply(text) == (masked, fills)


@pytest.mark.parametrize("line, masked, fills", [
    ("Danke dir!", f"{P0}!", ("Thank you",)),                           # a model: "There are :)"
    ("Na ja...", f"{P0}...", ("Oh well",)),                             # "Na Glas."
    ("Bin gleich da!", f"{P0}!", ("I'll be right there",)),             # "Am about to take it!"
    ("Kein Zutritt für Unbefugte", P0, ("Authorized personnel only",)),  # "Kollege Zutritt for Unbefugte"
    ("ok, bis morgen", f"{P0}, {P1}", ("OK", "see you tomorrow")),      # "Oh, much, have the evening"
    ("Na ja, das ist gut.", f"{P0}, {P1}.", ("Oh well", "that is good")),        # a statement after it
])
def test_a_chats_and_a_signs_everyday_phrases(line, masked, fills):
    assert Phrases().apply(line) == (masked, fills)


@pytest.mark.parametrize("pair, line, masked, fill", [
    (("de", "en"), "Danke :)", f"{P0} :)", "Thank you"),                  # a model: "There is :)"
    (("de", "en"), "Danke dir 😀", f"{P0} 😀", "Thank you"),
    (("en", "de"), "Hello 👋", f"{P0} 👋", "Hallo"),
])
def test_thanks_or_a_greeting_before_only_emoji_is_a_phrase(pair, line, masked, fill):
    assert Phrases(*pair).apply(line) == (masked, (fill,))


@pytest.mark.parametrize("pair, line, masked, fill", [
    (("de", "en"), "Handy: 0171 1234567", f"{P0} 0171 1234567", "Mobile:"),   # a weak model dropped "Handy:"
    (("de", "en"), "Fax: 030 123457", f"{P0} 030 123457", "Fax:"),
    (("en", "de"), "Mobile: 0171 1234567", f"{P0} 0171 1234567", "Handy:"),
])
def test_a_phone_numbers_field_label_is_a_phrase(pair, line, masked, fill):
    assert Phrases(*pair).apply(line) == (masked, (fill,))


@pytest.mark.parametrize("source, masked, fills", [
    ("Vielen Dank für deine Hilfe!", f"{P0} {P1}!", ("Thank you very much for", "your help")),
    ("Danke für eure Einladung.", f"{P0} {P1}.", ("Thank you for", "your invitation")),
    ("vielen dank für deine hilfe!", f"{P0} {P1}!", ("Thank you very much for", "your help")),
    ("Danke für deine Hilfe beim Umzug.", f"{P0} deine Hilfe beim Umzug.", ("Thank you for",)),   # more: the model's
    ("Danke für die Hilfe!", f"{P0} die Hilfe!", ("Thank you for",)),
])
def test_what_one_thanks_for_with_your_after_a_leads_fuer_is_its_english_phrase(source, masked, fills):
    """"Vielen Dank für deine Hilfe!" came back as "Thank you very much for t!": "deine Hilfe!" was the model's."""
    assert Phrases().apply(source) == (masked, fills)


@pytest.mark.parametrize("source, masked, fills", [
    ("Thank you so much for your help!", f"{P0} {P1}!", ("Vielen Dank für", "deine Hilfe")),    # "du helfen!"
    ("Thanks for the invitation.", f"{P0} {P1}.", ("Danke für", "die Einladung")),
    ("Thank you for your visit.", f"{P0} {P1}.", ("Danke für", "deinen Besuch")),       # "für" takes the accusative
    ("Thank you for the help with the move.", f"{P0} the help with the move.", ("Danke für",)),  # more: the model's
])
def test_what_one_thanks_for_after_for_is_its_german_phrase(source, masked, fills):
    assert Phrases("en", "de").apply(source) == (masked, fills)


@pytest.mark.parametrize("source, masked, fills", [
    ("Vielen Dank für deine Hilfe, LG Maria", f"{P0} {P1}, {P2}", ("Thank you very much for", "your help",
                                                                  "best wishes, Maria")),
    ("vielen dank für deine hilfe, lg maria", f"{P0} {P1}, {P2}", ("Thank you very much for", "your help",
                                                                  "best wishes, Maria")),
    ("Danke, viele Grüße, Anna", f"{P0}, {P1}", ("Thank you", "best wishes, Anna")),
    ("Ich kaufe einen Fernseher, LG Electronics", "Ich kaufe einen Fernseher, LG Electronics", ()),
])
def test_a_sign_off_after_a_comma_at_the_lines_end_is_one_as_alone(source, masked, fills):
    """"Vielen Dank für deine Hilfe, LG Maria" came back as "Thank you very much for helps to help LG Maria"."""
    assert Phrases().apply(source) == (masked, fills)


@pytest.mark.parametrize("pair, line, masked, fills", [
    (("de", "en"), "Wo bist du?", f"{P0}?", ("Where are you",)),                # "Three women?"
    (("en", "de"), "Where are you?", f"{P0}?", ("Wo bist du",)),                 # "Wo sind dich?"
    (("de", "en"), "Wer ist das?", f"{P0}?", ("Who is that",)),                  # "Who is the?"
    (("en", "de"), "Who is that?", f"{P0}?", ("Wer ist das",)),                  # "Wer ist?"
    (("de", "en"), "Was machst du?", f"{P0}?", ("What are you doing",)),         # "What is you performing?"
    (("en", "de"), "When are you coming?", f"{P0}?", ("Wann kommst du",)),       # "Wanne kommt dich?"
    (("de", "en"), "Wo ist der Bahnhof?", f"{P0}?", ("Where is the train station",)),   # "Where is the training?"
    (("en", "de"), "Where is the toilet?", f"{P0}?", ("Wo ist die Toilette",)),  # "Wo ist der Toil?"
    (("de", "en"), "Wie viel Uhr ist es?", f"{P0}?", ("What time is it",)),      # "How much is?"
    (("en", "de"), "What time is it?", f"{P0}?", ("Wie spät ist es",)),
    (("de", "en"), "Ruf mich an!", f"{P0}!", ("Call me",)),                      # "Do I don't look at each!"
    (("en", "de"), "Call me tomorrow.", f"{P0}.", ("Ruf mich morgen an",)),      # "Haufen morgen."
    (("en", "de"), "Wait for me!", f"{P0}!", ("Warte auf mich",)),               # "Möchte mich mirs!"
    (("de", "en"), "Setz dich!", f"{P0}!", ("Sit down",)),                       # "Do you have you!"
    (("de", "en"), "Entschuldigung, wo ist der Bahnhof?", f"{P0}, {P1}?", ("Excuse me", "where is the train station")),
    (("de", "en"), "Bitte hilf mir.", f"{P0} {P1}.", ("Please", "help me")),     # "Please is helping their."
    (("de", "en"), "Bitte rufen Sie mich an.", f"{P0} {P1}.", ("Please", "call me")),
    (("en", "de"), "Please, help me.", f"{P0}, {P1}.", ("Bitte", "hilf mir")),   # "Bitte hilft mich."
    (("de", "en"), "Schreib mir an anna@example.com.", f"{P0} anna@example.com.", ("Email me at",)),   # "Does"
    (("en", "de"), "Email me at anna@example.com.", f"{P0} anna@example.com.", ("Schreib mir an",)),   # "Email ich"
    (("de", "en"), "Ruf mich an unter 030 1234567.", f"{P0} 030 1234567.", ("Call me at",)),
    (("de", "en"), "Hast du Hunger?", f"{P0}?", ("Are you hungry",)),             # "Do you have Hous?"
    (("en", "de"), "Are you scared?", f"{P0}?", ("Hast du Angst",)),
    (("de", "en"), "Hast du Lust?", f"{P0}?", ("Do you feel like it",)),         # "Do you have Lust?" (a frame)
    (("en", "de"), "Email me tomorrow.", f"{P0}.", ("Schreib mir morgen eine E-Mail",)),    # "Email morgen."
    (("en", "de"), "How much does this cost?", f"{P0}?", ("Wie viel kostet das",)),   # "Wie viel kostet diese kostet?"
    (("de", "en"), "Wie viel kostet das?", f"{P0}?", ("How much is it",)),
])
def test_a_short_question_or_request_typed_to_someone_is_a_phrase(pair, line, masked, fills):
    assert Phrases(*pair).apply(line) == (masked, fills)


@pytest.mark.parametrize("pair, line, fill", [(("de", "en"), "Kann ich mit Karte zahlen?", "Can I pay by card"),
                                              (("en", "de"), "Can I pay by card?", "Kann ich mit Karte bezahlen"),
                                              (("en", "de"), "Can I pay in cash?", "Kann ich bar bezahlen"),
                                              (("de", "en"), "Wie geht es dir heute?", "How are you today"),
                                              (("en", "de"), "How are you today?", "Wie geht es dir heute")])
def test_paying_by_card_and_how_one_is_today_are_phrases_but_not_inside_a_longer_question(pair, line, fill):
    """"Kann ich mit Karte zahlen?" came back as "Can with maps pay?", "How are you today?" as "Wie du heute?"."""
    assert Phrases(*pair).apply(line) == (f"{P0}?", (fill,))
    assert Phrases(*pair).apply(line.replace("?", " oder nicht?")) == (line.replace("?", " oder nicht?"), ())


@pytest.mark.parametrize("pair, line", [(("de", "en"), "Wo ist der Bahnhof von Berlin?"),
                                        (("en", "de"), "A man says call me."), (("en", "de"), "Call me at 5 pm.")])
def test_a_question_or_request_inside_a_longer_sentence_is_left_to_the_model(pair, line):
    assert Phrases(*pair).apply(line) == (line, ())


@pytest.mark.parametrize("pair, line, masked, fills", [
    (("de", "en"), "Ich bin müde.", f"{P0}.", ("I'm tired",)),                     # "I am tire."
    (("en", "de"), "I'm hungry.", f"{P0}.", ("Ich habe Hunger",)),                 # "Ich bin me."
    (("de", "en"), "Ich habe Hunger!", f"{P0}!", ("I'm hungry",)),                 # "I have Hous."
    (("en", "de"), "I need help!", f"{P0}!", ("Ich brauche Hilfe",)),              # "Ich brauche helfen."
    (("de", "en"), "Ich spreche ein bisschen Deutsch.", f"{P0}.", ("I speak a little German",)),   # "I am going to"
    (("en", "de"), "I don't speak German.", f"{P0}.", ("Ich spreche kein Deutsch",)),   # "Ich spricht nicht."
    (("de", "en"), "Mir ist kalt.", f"{P0}.", ("I'm cold",)),                      # "Mirt is odd."
    (("en", "de"), "I'll be right back.", f"{P0}.", ("Ich bin gleich zurück",)),   # "Ich wird gerade zurück."
    (("en", "de"), "I'd like to pay, please.", f"{P0}.", ("Ich möchte bitte bezahlen",)),    # "bitte" inside
    (("de", "en"), "Schön, dich zu sehen!", f"{P0}!", ("Nice to see you",)),       # "Do you see you!"
    (("en", "de"), "Don't worry!", f"{P0}!", ("Keine Sorge",)),                    # "Habt nicht."
    (("en", "de"), "Where do you live?", f"{P0}?", ("Wo wohnst du",)),             # "Wo wohnt dich?": "du" as ASKED
    (("en", "de"), "Can you repeat that?", f"{P0}?", ("Kannst du das wiederholen",)),   # "Körstst du, die?"
    (("de", "en"), "Was hast du gesagt?", f"{P0}?", ("What did you say",)),        # "What is you saying?"
    (("en", "de"), "How do you say this in German?", f"{P0}?", ("Wie sagt man das auf Deutsch",)),
    (("de", "en"), "Rufen Sie die Polizei!", f"{P0}!", ("Call the police",)),      # "Do they have the police!"
    (("en", "de"), "Please speak more slowly.", f"{P0}.", ("Sprich bitte langsamer",)),
    (("de", "en"), "Bitte sprechen Sie langsamer.", f"{P0} {P1}.", ("Please", "speak more slowly")),   # after "Bitte"
    (("de", "en"), "Entschuldigung, ich verstehe Sie nicht.", f"{P0}, {P1}.", ("Excuse me", "I don't understand you")),
    (("de", "en"), "Hallo Tom, wie war dein Tag?", f"{P0} Tom, {P1}?", ("Hello", "how was your day")),
    (("de", "en"), "Tut mir leid, ich bin spät dran.", f"{P0}, {P1}.", ("I'm sorry", "I'm late")),
])
def test_what_a_learner_or_a_traveller_says_of_themselves_or_asks_is_a_phrase(pair, line, masked, fills):
    assert Phrases(*pair).apply(line) == (masked, fills)


@pytest.mark.parametrize("pair, line", [(("de", "en"), "Ein müder Mann schläft."),
                                        (("de", "en"), "Ich bin müde und gehe nach Hause."),
                                        (("de", "en"), "Ein Mann hat Hunger und isst ein Sandwich."),
                                        (("en", "de"), "A hungry dog eats from a bowl."),
                                        (("en", "de"), "I need help with my bike."),
                                        (("en", "de"), "A man says he is tired."),
                                        (("de", "en"), "Eine Frau ruft die Polizei."),
                                        (("en", "de"), "Two people speak German at a table.")])
def test_the_same_words_inside_a_longer_sentence_are_left_to_the_model(pair, line):
    assert Phrases(*pair).apply(line) == (line, ())


@pytest.mark.parametrize("pair, line, masked, fills", [
    (("de", "en"), "Ich freue mich auf Ihre Antwort.", f"{P0}.", ("I look forward to hearing from you",)),
    (("en", "de"), "I look forward to hearing from you.", f"{P0}.", ("Ich freue mich auf Ihre Antwort",)),
    (("en", "de"), "Thank you for your email.", f"{P0}.", ("Vielen Dank für Ihre E-Mail",)),   # "Danke für duschün."
    (("de", "en"), "Vielen Dank für Ihre E-Mail.", f"{P0}.", ("Thank you for your email",)),
    (("en", "de"), "If you have any questions, please let me know.", f"{P0}.",
     ("Bei Fragen stehe ich Ihnen gerne zur Verfügung",)),
    (("de", "en"), "Bei Fragen stehe ich gerne zur Verfügung.", f"{P0}.",
     ("If you have any questions, please let me know",)),                           # "A formt Itles to their emating."
    (("en", "de"), "Sorry for the delay.", f"{P0}.", ("Entschuldigen Sie die Verzögerung",)),   # "Sory für die Hira."
    (("en", "de"), "I'll get back to you as soon as possible.", f"{P0}.",
     ("Ich melde mich so bald wie möglich bei Ihnen",)),
    (("de", "en"), "Ich hoffe, es geht Ihnen gut.", f"{P0}.", ("I hope you are well",)),
    (("en", "de"), "Out of office", P0, ("Abwesenheitsnotiz",)),
    (("de", "en"), "Hochachtungsvoll", P0, ("Yours faithfully",)),
    (("en", "de"), "Hi all,", f"{P0},", ("Hallo zusammen",)), (("en", "de"), "Regards,", f"{P0},", ("Viele Grüße",)),
    (("en", "de"), "Warm regards, Anna", f"{P0}, Anna", ("Herzliche Grüße",)),
    (("de", "en"), "Herzliche Grüße, Anna", P0, ("Warm regards, Anna",)),
    (("en", "de"), "Sent from my iPhone", P0, ("Gesendet von meinem iPhone",)),
    (("de", "en"), "Anbei finden Sie die Rechnung.", f"{P0} die Rechnung.", ("Please find attached",)),
    (("en", "de"), "Please find attached my CV.", f"{P0} my CV.", ("Anbei finden Sie",)),
])
def test_a_letters_or_an_emails_fixed_sentence_or_opener_is_a_phrase_formal_in_german(pair, line, masked, fills):
    assert Phrases(*pair).apply(line) == (masked, fills)


@pytest.mark.parametrize("pair, line", [(("en", "de"), "A woman reads an email in her office."),
                                        (("en", "de"), "A man is sorry for the delay of the train."),
                                        (("en", "de"), "Two men look forward to the game."),
                                        (("en", "de"), "Hi all the kids wave."),
                                        (("de", "en"), "Eine Frau schreibt im Büro eine E-Mail."),
                                        (("de", "en"), "Ein Mann sendet Grüße von meinem iPhone."),
                                        (("de", "en"), "Ein Mann ist nicht im Büro und spielt Golf.")])
def test_a_letters_words_inside_a_longer_caption_sentence_are_left_to_the_model(pair, line):
    assert Phrases(*pair).apply(line) == (line, ())


@pytest.mark.parametrize("pair, line, masked, fill", [
    (("de", "en"), "haha ja", f"haha {P0}", "Yes"),                  # a model wrote "haha Glas Glass"
    (("de", "en"), "Danke lol!", f"{P0} lol!", "Thank you"),
    (("de", "en"), "hahaha, danke", f"hahaha, {P0}", "Thank you"),
    (("en", "de"), "haha ok", f"haha {P0}", "OK"),                   # "haha okoks"
])
def test_a_phrase_with_laughter_before_or_after_it_is_still_the_phrase(pair, line, masked, fill):
    assert Phrases(*pair).apply(line) == (masked, (fill,))


@pytest.mark.parametrize("line", ["haha ein Mann lacht", "lol", "Lolita danke"])
def test_laughter_beside_words_that_are_no_phrase_leaves_them_to_the_model(line):
    assert Phrases().apply(line) == (line, ())


@pytest.mark.parametrize("source, target, line, masked, fills", [
    ("de", "en", "Das war toll, danke!", f"{P0}, {P1}!", ("That was great", "thank you")),   # "That was dead, thank!"
    ("en", "de", "That was great, thanks.", f"{P0}, {P1}.", ("Das war toll", "danke")),
    ("de", "en", "Es war schön, tschüss!", f"{P0}, {P1}!", ("It was nice", "bye")),
    ("de", "en", "Ein Hund, danke!", "Ein Hund, danke!", ()),
    ("de", "en", "Das war toll, ja!", "Das war toll, ja!", ()),
])
def test_a_phrase_then_thanks_or_a_farewell_after_its_comma_are_both_phrases(source, target, line, masked, fills):
    assert Phrases(source, target).apply(line) == (masked, fills)


@pytest.mark.parametrize("source, target, line, masked, fill",
                         [("de", "en", "Liebe Grüße und bis bald!", f"{P0}!", "Best wishes and see you soon"),
                          ("de", "en", "Viele Grüße und bis morgen!", f"{P0}!", "Best wishes and see you tomorrow"),
                          ("en", "de", "Best wishes and see you soon.", f"{P0}.", "Viele Grüße und bis bald"),
                          ("de", "en", "Hallo und willkommen!", "Hallo und willkommen!", None)])
def test_a_closing_and_a_farewell_joined_by_and_are_one_phrase(source, target, line, masked, fill):
    """"Liebe Grüße und bis bald!": a model wrote "People sitting on the Grüße!"; not without a farewell."""
    assert Phrases(source, target).apply(line) == (masked, (fill,) if fill else ())


@pytest.mark.parametrize("line, masked, fill", [
    ("Liebe Grüsse!", f"{P0}!", "Best wishes"), ("Tschüss.", f"{P0}.", "Bye"),
    ("Liebe grüsse und bis Bald!", f"{P0}!", "Best wishes and see you soon")])
def test_a_phrase_typed_with_ss_for_sharp_s_is_found(line, masked, fill):
    """"LIEBE GRÜSSE!" reached the finder as "Liebe grüsse!" (capitals have no "ß"), Swiss German writes it so: a
    model wrote "Two people are bald and across the snow!"; "Tschüss" is the table's own."""
    assert Phrases().apply(line) == (masked, (fill,))



@pytest.mark.parametrize("pair, line, fill", [
    (("de", "en"), "Mehr Infos unter https://www.example.de/info.", "More info at"),
    (("de", "en"), "Weitere Informationen unter 030 1234567.", "More information at"),
    (("en", "de"), "More info at www.example.com", "Mehr Infos unter")])
def test_more_info_at_an_address_opens_the_sentence_and_the_address_is_another_finders(pair, line, fill):
    """"Mehr Infos unter URL." came back as "Several Infos under URL.", "More info at URL" as "Mon in einem URL"."""
    masked, fills = Phrases(*pair).apply(line)
    assert masked.startswith(f"{P0} ") and fills == (fill,)
    assert Phrases("de", "en").apply("Er sucht mehr Infos unter dem Tisch.")[1] == ()


@pytest.mark.parametrize("pair, line", [(("en", "de"), "More info at the reception."),
                                        (("de", "en"), "Mehr Infos unter der Woche."),
                                        (("en", "de"), "Email me at the office.")])
def test_more_info_at_leads_only_before_an_address(pair, line):
    """Before words, "More info at the reception." came back as "Mehr Infos unter feiert die Feier.", "Mehr Infos unter
    der Woche." as "More info at there."."""
    assert Phrases(*pair).apply(line) == (line, ())


@pytest.mark.parametrize("pair, line, masked, fills", [
    (("de", "en"), "Ruf mich unter 0171 2345678 an!", f"{P0}!", ("Call me at 0171 2345678",)),   # "Do I 0171 ..."
    (("de", "en"), "Sie erreichen mich unter 0171 2345678.", f"{P0}.", ("You can reach me at 0171 2345678",)),
    (("de", "en"), "Bitte rufen Sie mich unter 0171 2345678 an.", f"{P0} {P1}.",
     ("Please", "call me at 0171 2345678")),                                   # "Please called She under ..."
    (("en", "de"), "Please call me at 555-0199.", f"{P0} {P1}.", ("Bitte", "ruf mich unter 555-0199 an")),
    (("en", "de"), "Call me on +49 (0)30 1234567.", f"{P0}.", ("Ruf mich unter +49 (0)30 1234567 an",)),
    (("en", "de"), "You can reach me at 555-0199.", f"{P0}.", ("Du erreichst mich unter 555-0199",))])
def test_a_sentence_around_a_phone_number_is_a_phrase_with_the_number_as_typed(pair, line, masked, fills):
    assert Phrases(*pair).apply(line) == (masked, fills)


@pytest.mark.parametrize("pair, line", [(("en", "de"), "Call me at 5 pm."), (("en", "de"), "Call me at 12:30."),
                                        (("de", "en"), "Ruf mich unter 0171 2345678 an, wenn du Zeit hast."),
                                        (("de", "en"), "Er wohnt unter 0171 2345678.")])
def test_a_time_or_a_longer_sentence_around_a_number_is_no_phone_phrase(pair, line):
    assert Phrases(*pair).apply(line) == (line, ())


@pytest.mark.parametrize("pair, line, fill", [
    (("de", "en"), "Ich komme gleich.", "I'll be right there"),             # "I about to come."
    (("de", "en"), "Ich bin unterwegs!", "I'm on my way"),                  # "I am walking!"
    (("de", "en"), "Ich habe es vergessen.", "I forgot"),                   # "I have a meal."
    (("de", "en"), "Ich auch.", "Me too"), (("de", "en"), "Das reicht!", "That's enough"),
    (("en", "de"), "I forgot.", "Ich habe es vergessen"),                   # "Ich is me."
    (("en", "de"), "I'm on my way.", "Ich bin unterwegs"),                  # "Ich bin auf meinem Weg."
    (("en", "de"), "I'll call you later.", "Ich rufe dich später an"),      # "Ich kostet euch."
    (("en", "de"), "I'm not sure.", "Ich bin mir nicht sicher"), (("en", "de"), "I love you.", "Ich liebe dich")])
def test_a_sentence_people_say_alone_is_a_phrase_but_not_inside_a_longer_one(pair, line, fill):
    assert Phrases(*pair).apply(line) == (f"{P0}{line[-1]}", (fill,))
    longer = f"{line[:-1]} mit dem Hund{line[-1]}" if pair[0] == "de" else f"{line[:-1]} with the dog{line[-1]}"
    assert Phrases(*pair).apply(longer) == (longer, ())


@pytest.mark.parametrize("pair, line, masked, fill", [
    (("de", "en"), "Ich heiße Lena und wohne in Köln.", f"{P0} Köln.", "My name is Lena and I live in"),
    (("de", "en"), "Mein Name ist Tom und ich komme aus Berlin!", f"{P0} Berlin!", "My name is Tom and I'm from"),
    (("en", "de"), "My name is Lena and I live in Cologne.", f"{P0} Cologne.", "Ich heiße Lena und wohne in"),
    (("en", "de"), "My name is Tom and I am from Berlin.", f"{P0} Berlin.", "Ich heiße Tom und komme aus"),
    (("de", "en"), "Ich heiße Lena und wohne in einem Haus.", f"{P0} und wohne in einem Haus.", "My name is Lena")])
def test_where_one_lives_or_comes_from_joins_an_introductions_name_before_a_place(pair, line, masked, fill):
    """"Ich heiße Lena und wohne in Köln." came back as "My name is Lena and live in Cologne.", and the English as
    "Ich heiße Lena und wohnt in Köln."; before a word that is no place's the rest stays the model's."""
    assert Phrases(*pair).apply(line) == (masked, (fill,))


@pytest.mark.parametrize("pair, line, fill", [
    (("en", "de"), "My name is Lena and I live in Cologne with my dog.", "Ich heiße Lena"),
    (("en", "de"), "My name is Lena and I live in Cologne, and you?", "Ich heiße Lena"),
    (("de", "en"), "Ich heiße Lena und wohne in Köln mit meinem Hund.", "My name is Lena"),
    (("de", "en"), "Ich heiße Lena und komme aus Wien, aber wohne in Berlin.", "My name is Lena")])
def test_where_one_lives_joins_the_introduction_only_before_a_place_that_ends_the_sentence(pair, line, fill):
    """Joined before more than the place, a model wrote "Ich heiße Lena und wohne in mit meinem Hund. Eine Köln.",
    "My name is Lena and I live in with my dog Cologne.", "Ich heiße Lena und wohne in, Köln und du?"."""
    rest = line[line.index(" und " if pair[0] == "de" else " and "):]
    assert Phrases(*pair).apply(line) == (P0 + rest, (fill,))


@pytest.mark.parametrize("pair, line, masked, fills", [
    (("de", "en"), "Hallo Tom, ruf mich unter 0171 2345678 an.", f"{P0} Tom, {P1}.",
     ("Hello", "call me at 0171 2345678")),                                 # "Hello, Tom, calls under 0171 2345678."
    (("en", "de"), "Hi Anna, call me at 555-0199!", f"{P0} Anna, {P1}!", ("Hallo", "ruf mich unter 555-0199 an"))])
def test_a_sentence_around_a_phone_number_after_a_greeting_and_a_name_is_a_phrase_too(pair, line, masked, fills):
    assert Phrases(*pair).apply(line) == (masked, fills)
