"""Numbers in German text, their English form, and the check that a translation invents none."""
import pytest

from text.forms.number_forms import find_numbers, german_to_english, invented_numbers


@pytest.mark.parametrize("text, numbers", [
    ("Die Frau kauft 3,5 kg Äpfel für 12 Euro.", ["3,5", "12"]),
    ("1.200 Läufer starten um 14:30 Uhr.", ["1.200", "14:30"]),
    ("Ein Bus der Linie 42 fährt im Jahr 1998 durch 1.200.000 Pfützen.", ["42", "1998", "1.200.000"]),
    ("Der Spieler mit der Nr. 23 jubelt beim Stand von 2:1.", ["23", "2:1"]),
    ("Ein Schild zeigt 50 % Rabatt und die Nummer 0171 2345678.", ["50", "0171", "2345678"]),
    ("Sie landet am 24.12.2020 um 14.30 Uhr mit einem A380.", ["24.12.2020", "14.30", "380"]),
    ("Der 3. Läufer ist müde.", ["3"]),
    ("Zwei Kinder spielen Fußball.", []),
])
def test_numbers_are_found_as_written_in_german_text(text, numbers):
    assert [n.text for n in find_numbers(text, "de")] == numbers


@pytest.mark.parametrize("german, english", [
    ("3,5", "3.5"), ("1.200", "1,200"), ("1.200.000", "1,200,000"), ("1.200,50", "1,200.50"),
    ("14:30", "14:30"), ("2:1", "2:1"), ("12", "12"), ("1998", "1998"), ("24.12.2020", "24.12.2020"),
])
def test_german_formatting_becomes_english_formatting(german, english):
    assert german_to_english(german) == english


@pytest.mark.parametrize("source, output, invented", [
    ("Die Frau kauft 3,5 kg Äpfel für 12 Euro.", "The woman buys 3 apples for apples.", ["3"]),
    ("Die Frau kauft 3,5 kg Äpfel für 12 Euro.", "The woman buys 35 kg of apples for 12 euros.", ["35"]),
    ("Ein Mann trägt ein Trikot mit der Nummer 10.", "A man wears a jersey with the number 10000120.",
     ["10000120"]),
    ("Ein Mann fährt im Jahr 1998 Rad.", "A man rides a bike in 1989.", ["1989"]),
    ("1.200 Menschen warten.", "1.2 people are waiting.", ["1.2"]),
    ("Ein Zug fährt um 14:30 Uhr ab.", "A train leaves at 3:30 pm.", ["3:30"]),
    ("Zwei Hunde spielen.", "2 dogs play with 3 balls.", ["3"]),
    ("Ein Mann fährt mit dem Fahrrad durch Zürich.", "A man rides his bike through the circus in 2019.", ["2019"]),
])
def test_numbers_the_source_does_not_have_are_invented(source, output, invented):
    assert invented_numbers(source, output) == invented


@pytest.mark.parametrize("source, output", [
    ("Die Frau kauft 3,5 kg Äpfel für 12 Euro.", "The woman buys 3.5 kg of apples for 12 euros."),
    ("Die Frau kauft 3,5 kg Äpfel für 12 Euro.", "The woman buys 3,5 kg of apples for €12."),
    ("1.200 Menschen warten.", "1,200 people are waiting."),
    ("1.200 Menschen warten.", "1200 people are waiting."),
    ("1.200 Menschen warten.", "1.200 people are waiting."),
    ("Der Preis ist 1.200,50 Euro.", "The price is 1,200.50 euros."),
    ("Ein Zug fährt um 14:30 Uhr ab.", "A train leaves at 14:30."),
    ("Ein Zug fährt um 14:30 Uhr ab.", "A train leaves at 2:30 pm."),
    ("Ein Zug fährt um 14:30 Uhr ab.", "A train leaves at 2:30."),
    ("Ein Zug fährt um 14.30 Uhr ab.", "A train leaves at 2:30 p.m."),
    ("Ein Zug fährt um 14 Uhr ab.", "A train leaves at 2 pm."),
    ("EIN ZUG FÄHRT UM 14 UHR AB.", "A TRAIN LEAVES AT 2 PM."),
    ("Der Spieler mit der Nr. 23 jubelt.", "Player number 23 cheers."),
    ("Die Mannschaft führt 2:1.", "The team leads 2-1."),
    ("Ein Schild zeigt 50 % Rabatt.", "A sign shows 50% off."),
    ("Ein Flugzeug vom Typ A380 landet.", "An A380 plane lands."),
    ("Ein Plakat warnt vor COVID-19.", "A poster warns of COVID-19."),
    ("Der 3. Läufer ist müde.", "The 3rd runner is tired."),
    ("Zwei Hunde spielen.", "2 dogs are playing."),
    ("Zwei Hunde spielen.", "Two dogs are playing with one ball."),
    ("Eine Frau ruft 0171 2345678 an.", "A woman calls 0171 2345678."),
    ("Sie landet am 24.12.2020.", "She lands on 12/24/2020."),
])
def test_numbers_the_source_accounts_for_are_not_invented(source, output):
    assert invented_numbers(source, output) == []


@pytest.mark.parametrize("text", [
    "Ein Flugzeug vom Typ A380 landet am 24.12.2020 um 14.30 Uhr mit 1.200,50 kg.",
    "Die Mannschaft führt 2:1, 3,5 und 1,2,3 und 0171 und 10000120.",
])
def test_a_text_copied_into_the_output_invents_no_number(text):
    assert invented_numbers(text, text) == []
