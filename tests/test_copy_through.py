"""text/finders/copy_through.py: URLs, e-mail addresses, handles, hashtags, emoji, file names and codes, exactly as
written."""
import random
import subprocess
import sys
from pathlib import Path

import pytest

import text.forms.verbatim as verbatim
from text.finders.copy_through import CopyThrough
from text.forms.verbatim import span_pattern, verbatim_spans
from text.forms.masking import PLACEHOLDERS

P0, P1, P2, P3, P4 = PLACEHOLDERS[:5]


@pytest.mark.parametrize("source, masked, fills", [
    ("Auf dem Schild steht info@zoo-berlin.de.", f"Auf dem Schild steht {P0}.", ("info@zoo-berlin.de",)),
    ("Ein Mann schaut auf https://www.wetter.de nach.", f"Ein Mann schaut auf {P0} nach.", ("https://www.wetter.de",)),
    ("Besuche www.zoo.de. Danke.", f"Besuche {P0}. Danke.", ("www.zoo.de",)),
    ("(siehe https://x.de/a?b=1)", f"(siehe {P0})", ("https://x.de/a?b=1",)),
    ("Folgt @zoo_berlin und #Urlaub2024!", f"Folgt {P0} und {P1}!", ("@zoo_berlin", "#Urlaub2024")),
    ("Ein Mann fotografiert den Turm 📷", f"Ein Mann fotografiert den Turm {P0}", ("📷",)),
    ("Familie 👨\u200d👩\u200d👧 und 👍🏽", f"Familie {P0} und {P1}", ("👨\u200d👩\u200d👧", "👍🏽")),
    ("Danke :-) bis morgen ;) xD", f"Danke {P0} bis morgen {P1} {P2}", (":-)", ";)", "xD")),   # emoticons
    ("lol das ist gut, hahaha, OMG Lol", f"{P0} das ist gut, {P1}, {P2} {P3}", ("lol", "hahaha", "OMG", "Lol")),
    # chat's laughter ("lol" came back as "Brot", "haha" as "Heuhahaarhahaft"), not a word like it
    ("Lola, Lolita, Holland, lolly, ha, oha, Hahn, Omega, lOl.",
     "Lola, Lolita, Holland, lolly, ha, oha, Hahn, Omega, lOl.", ()),
    ("Schade :(, Punkt 8) und Zeit: (siehe oben)", f"Schade {P0}, Punkt 8) und Zeit: (siehe oben)", (":(",)),
    ("Die Datei bericht_2024.pdf ist da.", f"Die Datei {P0} ist da.", ("bericht_2024.pdf",)),
    ("Öffne bericht(final).docx und Rechnung (2).pdf.", f"Öffne {P0} und {P1}.",
     ("bericht(final).docx", "Rechnung (2).pdf")),                   # brackets in a file name
    ("Ein B2B Kunde hört MP3.", f"Ein {P0} Kunde hört {P1}.", ("B2B", "MP3")),
    ("Das Passwort abc$def, bei AT&T.", f"Das Passwort {P0}, bei {P1}.", ("abc$def", "AT&T")),   # symbols inside
    ("Er hat 1 000 000 Fans.", "Er hat 1 000 000 Fans.", ()),      # thousands after a number: no phone number
    ("Besuche example.com oder bahn.de/hilfe, z.B. heute.", f"Besuche {P0} oder {P1}, z.B. heute.",
     ("example.com", "bahn.de/hilfe")),                              # a bare domain; "z.B." is none
    ("Version 1.2.3-beta oder v2.1.3, am 12.03.2025.", f"Version {P0} oder {P1}, am 12.03.2025.",
     ("1.2.3-beta", "v2.1.3")),                                      # a version; a date stays the number step's
    ("Ein Hund läuft 3,5 km.", "Ein Hund läuft 3,5 km.", ()),
    ("Die Datei liegt in /etc/app/config.yaml.", f"Die Datei liegt in {P0}.", ("/etc/app/config.yaml",)),    # a path
    ("Öffne C:\\Users\\anna oder ~/docs/notes.txt.", f"Öffne {P0} oder {P1}.", ("C:\\Users\\anna", "~/docs/notes.txt")),
    ("Der Ordner /etc/app/ und ./run.sh.", f"Der Ordner {P0} und {P1}.", ("/etc/app/", "./run.sh")),
    ("Mit 50 km/h, und/oder Ein-/Ausgang, 1/2 /h.", "Mit 50 km/h, und/oder Ein-/Ausgang, 1/2 /h.", ()),   # no path
    ("Siehe https://de.wikipedia.org/wiki/Rhein_(Fluss).", f"Siehe {P0}.",
     ("https://de.wikipedia.org/wiki/Rhein_(Fluss)",)),
    ("Read https://en.wikipedia.org/wiki/Schindler's_List, 'www.x.de' or x.com's.",
     f"Read {P0}, '{P1}' or {P2}'s.", ("https://en.wikipedia.org/wiki/Schindler's_List", "www.x.de", "x.com")),
    ("Mail o'brien@example.com or 'anna@x.de'.", f"Mail {P0} or '{P1}'.", ("o'brien@example.com", "anna@x.de")),
    ("Link: <https://x.de/a> oder <info@x.de>", f"Link: <{P0}> oder <{P1}>", ("https://x.de/a", "info@x.de")),
    ("Drücke 1️⃣ oder #️⃣.", f"Drücke {P0} oder {P1}.", ("1️⃣", "#️⃣")),
    ("Fans aus 🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F und 🇩🇪!", f"Fans aus {P0} und {P1}!",
     ("🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", "🇩🇪")),
    ("Version v1.2.3 ist da.", f"Version {P0} ist da.", ("v1.2.3",)),
    ("Folgt @lena.malt und @zoo.", f"Folgt {P0} und {P1}.", ("@lena.malt", "@zoo")),
    ("Der ICE 578 und FRITZ!Box 7590.", f"Der {P0} und {P1}.", ("ICE 578", "FRITZ!Box 7590")),
    ("Es kostet EUR 20 oder USD 5.", "Es kostet EUR 20 oder USD 5.", ()),      # a price: the numbers finder's
    ("Mein iPhone 15 und die PlayStation 5.", f"Mein {P0} und die {P1}.", ("iPhone 15", "PlayStation 5")),
    ("Das iPhone hat 12 Apps, Anna 3 Äpfel.", "Das iPhone hat 12 Apps, Anna 3 Äpfel.", ()),   # no capital inside
    ("Ruf 0341 593 3500 an.", f"Ruf {P0} an.", ("0341 593 3500",)),
    ("Es kostet 200-1000 Euro, 555-0199.", "Es kostet 200-1000 Euro, 555-0199.", ()),   # a range; a phrase's
    ("Call +1 (555) 010-9999 or (030) 123 456.", f"Call {P0} or {P1}.", ("+1 (555) 010-9999", "(030) 123 456")),
    ("Tel. +49 (0)30 1234567, Kinder (6 und 8) (3) 45.", f"Tel. {P0}, Kinder (6 und 8) (3) 45.",
     ("+49 (0)30 1234567",)),                                                   # an area code has two digits
    ("In der Formel gilt a < b für alle Werte.", f"In der Formel gilt {P0} für alle Werte.", ("a < b",)),
    ("Es gilt x = 3 und y>2.", f"Es gilt {P0} und {P1}.", ("x = 3", "y>2")),
    ("Also 2 + 2 = 4 und 0 ≤ x ≤ 1.", f"Also {P0} und {P1}.", ("2 + 2 = 4", "0 ≤ x ≤ 1")),
    ("Denn 3 x 4 = 12, wenn x = 3 x 2.", f"Denn {P0}, wenn {P1}.", ("3 x 4 = 12", "x = 3 x 2")),   # x between numbers
    ("I <3 my dog - and a t-shirt.", "I <3 my dog - and a t-shirt.", ()),      # a heart, a dash: no formula
    ("Zwei Hunde = viel Spaß, 5 € > 3 €.", "Zwei Hunde = viel Spaß, 5 € > 3 €.", ()),   # words, prices: no formula
    ("{0} und {name} und %s und %(count)d Dateien.", f"{P0} und {P1} und {P2} und {PLACEHOLDERS[3]} Dateien.",
     ("{0}", "{name}", "%s", "%(count)d")),                        # a software string's slots for values
    ("Hallo {{name}}, %1$s für ${file} von $USER, {0:.2f}.", f"Hallo {P0}, {P1} für {P2} von {PLACEHOLDERS[3]}, "
     f"{PLACEHOLDERS[4]}.", ("{{name}}", "%1$s", "${file}", "$USER", "{0:.2f}")),
    ("Lösche (:user_id) jetzt.", f"Lösche ({P0}) jetzt.", (":user_id",)),
    ("Nur $5, 5 % der Leute, 50% off, {siehe oben}, Zeit:abends, :smile: und %D.",
     "Nur $5, 5 % der Leute, 50% off, {siehe oben}, Zeit:abends, :smile: und %D.", ()),   # prices, braces: no slot
    ("Ein ▁Hund ￭ rennt, Hund▁rennt.", f"Ein {P0} Hund {P1} rennt, Hund {P2} rennt.", ("▁", "￭", "▁")),
    # the subword units' own marks, apart from the words around them: a model read "▁Hund" as one word, "Wundund"
])
def test_what_is_never_translated_becomes_a_placeholder_for_itself(source, masked, fills):
    assert CopyThrough().apply(source) == (masked, fills)


def test_a_training_pair_carries_a_span_as_a_placeholder_only_where_the_target_holds_it_as_written():
    assert CopyThrough().apply_pair("Ein Airbus A380 und ein B2B.", "An Airbus A380 and a B2Bx.") == \
        (f"Ein Airbus {P0} und ein B2B.", f"An Airbus {P0} and a B2Bx.")


@pytest.mark.parametrize("source, masked, fills", [
    ("Sie wohnt in der Goethestraße 12 in Frankfurt.", f"Sie wohnt in der {P0} in Frankfurt.", ("Goethestraße 12",)),
    ("Karl-Marx-Allee 5a, Schillerstr. 3", f"{P0}, {P1}", ("Karl-Marx-Allee 5a", "Schillerstr. 3")),
    ("He lives at 221B Baker Street.", f"He lives at {P0}.", ("221B Baker Street",)),
    ("The shop on 5th Avenue, at 350 5th Avenue.", f"The shop on {P0}, at {P1}.", ("5th Avenue", "350 5th Avenue")),
    ("Meet me at 5th Ave and 42nd St.", f"Meet me at {P0} and {P1}.", ("5th Ave", "42nd St")),   # abbreviated
    ("On 5th Ave. in May, 1st St., 3rd Blvd.", f"On {P0} in May, {P1}, {P2}.", ("5th Ave.", "1st St.", "3rd Blvd")),
    ("Die Hauptstraße ist voll, die Straße 5 mal.", "Die Hauptstraße ist voll, die Straße 5 mal.", ()),  # no number
    ("Auf dem Heimweg 20 Minuten, der Schulweg 3 km.", "Auf dem Heimweg 20 Minuten, der Schulweg 3 km.", ()),  # units
    ("Bring 2 Euro zum Kaiserring 5 mit.", f"Bring 2 Euro zum {P0} mit.", ("Kaiserring 5",)),     # "Bring": a verb
    ("Berliner Str. 7, 10115 Berlin", P0, ("Berliner Str. 7, 10115 Berlin",)),       # named after a place
    ("Meine Adresse ist Bahnhofstr. 12, 80335 München.", f"Meine Adresse ist {P0}.",   # its postcode and town: the
     ("Bahnhofstr. 12, 80335 München",)),                                            # comma was lost between them
    ("Er wohnt in der Frankfurter Allee 12a.", f"Er wohnt in der {P0}.", ("Frankfurter Allee 12a",)),
    ("Wir wohnen in der hauptstraße 5.", f"Wir wohnen in der {P0}.", ("hauptstraße 5",)),      # typed in lowercase
    ("bring 2 euro zum kaiserweg 5 mit.", "bring 2 euro zum kaiserweg 5 mit.", ()),  # not "weg", "ring" in lowercase
])
def test_a_street_address_is_copied_as_written(source, masked, fills):
    assert CopyThrough().apply(source) == (masked, fills)


@pytest.mark.parametrize("source, masked, fills", [
    ("Zahle an DE89 3704 0044 0532 0130 00 bis SW1A 1AA.", f"Zahle an {P0} bis {P1}.",
     ("DE89 3704 0044 0532 0130 00", "SW1A 1AA")),               # an IBAN, a British postcode: one span each
    ("Your order #A-12345 and #sommer-fest.", f"Your order {P0} and {P1}-fest.", ("#A-12345", "#sommer")),
    ("Call print() or obj.get_id(), set user_name, not Lehrer(in).", f"Call {P0} or {P1}, set {P2}, not Lehrer(in).",
     ("print()", "obj.get_id()", "user_name")),                     # code: a call, a snake_case name
    ("Open config.yaml and README.md, then type `ls -la`.", f"Open {P0} and {P1}, then type {P2}.",
     ("config.yaml", "README.md", "`ls -la`")),
    ("My iPhone 15 Pro runs Windows 11, not Ubuntu 22.04.", f"My {P0} runs {P1}, not {P2}.",
     ("iPhone 15 Pro", "Windows 11", "Ubuntu 22.04")),              # a model's name, a system's version
    ("Das iPhone 15 Professional, die Windows 3 Fenster.", f"Das {P0} Professional, die {P1} Fenster.",
     ("iPhone 15", "Windows 3")),
    ("Er nutzt C++, C# und .NET am USB-C Port, Version 2.0.",
     f"Er nutzt {P0}, {P1} und {P2} am {P3} Port, Version {P4}.",
     ("C++", "C#", ".NET", "USB-C", "2.0")),                        # marks a model dropped; a version after its word
    ("Type Ctrl + C, Strg+Umschalt + T, not Alt + Jung.", f"Type {P0}, {P1}, not Alt + Jung.",
     ("Ctrl + C", "Strg+Umschalt + T")),                            # keys pressed together, spaces too
    ("A Galaxy S23 Ultra, a MacBook Pro 14 and main.cpp, d.h. A380 pro Jahr.",
     f"A Galaxy {P0}, a {P1} and {P2}, d.h. {P3} pro Jahr.", ("S23 Ultra", "MacBook Pro 14", "main.cpp", "A380")),
    ("Unpack archive.tar.gz, then press ⌘+C.", f"Unpack {P0}, then press {P1}.", ("archive.tar.gz", "⌘+C")),
    ("I don`t know, it`s late, wie`s geht.", "I don`t know, it`s late, wie`s geht.", ()),   # backticks as apostrophes
    ("Go to Office 3, read Word 2.", "Go to Office 3, read Word 2.", ()),    # words before a number: no program
    ("Get ftp://x.de/a.zip or sftp://host/x, main.h and util.c., d.h. x.c",
     f"Get {P0} or {P1}, {P2} and {P3}., d.h. x.c",
     ("ftp://x.de/a.zip", "sftp://host/x", "main.h", "util.c")),     # other schemes; C files, not "d.h."
    ("Ein USB-C-Kabel, kein USB-Cable.", f"Ein {P0}-Kabel, kein USB-Cable.", ("USB-C",)),   # in a compound too
    ("A Coca-Cola® and a Snickers™ bar, © 2024.", f"A {P0} and a {P1} bar, {P2} 2024.",
     ("Coca-Cola®", "Snickers™", "©")),
])
def test_codes_of_banks_posts_orders_programs_and_products_are_copied_whole(source, masked, fills):
    assert CopyThrough().apply(source) == (masked, fills)


def test_a_line_without_anything_a_pattern_needs_is_not_searched_with_the_long_pattern(monkeypatch):
    """Preparing Multi30K spent 13 s searching its captions for what none of them holds; such a line is passed over."""
    monkeypatch.setattr(verbatim, "span_pattern", None)       # any use of it would raise
    assert CopyThrough().find("Zwei Männer, ein Hund: sie laufen (schnell) im Park. Oder nicht?") == []


def test_passing_lines_over_finds_what_the_long_pattern_finds_in_any_line():
    """Lines of letters, digits, marks, emoji and full stops drawn at random: the spans are SPAN's own, each time."""
    rng = random.Random(0)
    alphabet = [*"aZäßsd 09.,:;-_'\"!?()[]{}@#/\\$%&*+=~^|<>≤≥≠²½`", "()", "USB-C", "www", "de", "com", "pdf", "Straße",
                "📷", "©", "™", "Ctrl", "Version ", "NET", "\ufe0f", "\u20e3", "🇩", "🏴", "\u200d", "▁", "￭"]
    for _ in range(3000):
        line = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12)))
        assert [m.span() for m in verbatim_spans(line)] == [m.span() for m in span_pattern().finditer(line)], line


def test_the_long_pattern_is_compiled_at_its_first_use_not_at_import():
    """Compiling SPAN took a tenth of a second of each translate.py start, for lines most of which never use it."""
    code = ("import regex; compiled = []; real = regex.compile; "
            "regex.compile = lambda p, *a, **k: compiled.append(p) or real(p, *a, **k); "
            "import translate; from text.forms.verbatim import verbatim_spans; imported = len(compiled); "
            "verbatim_spans('www.x.de'); verbatim_spans('www.y.de'); print(len(compiled) - imported)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[1]).stdout
    assert out.split() == ["1"]         # once, at the first line that needs it
