"""The entity probe: German sentences in the style of Multi30K captions, written for this probe (none occurs in
Multi30K; tests/test_entities_probe.py checks), each with what a faithful English translation must contain; and the
Probe type and builders the user-input probes (bench/user_probe.py, bench/user_probe_en.py) share.

must_contain holds one tuple of accepted alternatives per entity: a name is copied as is; a place may take its
English exonym ("Köln" or "Cologne"); a number takes its English formatting ("3,5" -> "3.5", "1.200" -> "1,200"
or "1200", "14:30 Uhr" -> "14:30" or "2:30"), and a small count also its English word. How an alternative is
matched (whole words, a trailing "*" for any ending, case) is bench/probe_checks.py's `contains`.
"""
from __future__ import annotations

from typing import NamedTuple


class Probe(NamedTuple):
    source: str
    must_contain: tuple        # tuple of alternatives-tuples: each item is kept when any alternative appears
    kind: str = "entities"     # what the line tests; the report has one row per kind
    sentence_sizes: tuple = ()  # a line of several sentences: how many items of must_contain each owns, in order
    twin: str = ""             # a caps or lowercase line: the source of its normal-case twin in the same probe
    verbatim: tuple = ()       # items that must come out exactly as written (URLs, e-mails, emoji, codes)
    ignore_case: bool = False  # an all-lowercase line: its items are matched case-insensitively


class AsIs(str):
    """An item copied through: it must come out exactly as written, case included."""


def items(entities) -> tuple:
    """A string is one alternative (copied as is), a tuple holds alternatives."""
    return tuple((e,) if isinstance(e, str) else tuple(e) for e in entities)


def probe(source: str, *entities, kind: str = "entities") -> Probe:
    """A one-sentence line; an entity is a string (copied as is), AsIs(string) or a tuple of alternatives."""
    return Probe(source, items(entities), kind, verbatim=tuple(e for e in entities if isinstance(e, AsIs)))


def sentences(source: str, *each: list, kind: str = "sentences") -> Probe:
    """A line of several sentences; `each` holds one list of entities per sentence, in order."""
    flat = [e for sentence in each for e in sentence]
    return Probe(source, items(flat), kind, tuple(map(len, each)),
                 verbatim=tuple(e for e in flat if isinstance(e, AsIs)))


def caps(twin: Probe, source: str = "") -> Probe:
    """The twin typed in caps (or `source`, a mostly-caps form of it): an all-caps translation is expected, so
    its items are the twin's in upper case."""
    upper = tuple(tuple(a.upper() for a in alternatives) for alternatives in twin.must_contain)
    return Probe(source or twin.source.upper(), upper, "caps", twin.sentence_sizes, twin.source,
                 tuple(v.upper() for v in twin.verbatim))


def lowercase(twin: Probe) -> Probe:
    """The twin typed all in lowercase; judged case-insensitively, except that copied items must come out as
    now written, in lowercase."""
    lower = tuple(tuple(a.lower() for a in alternatives) for alternatives in twin.must_contain)
    return Probe(twin.source.lower(), lower, "lowercase", twin.sentence_sizes, twin.source,
                 tuple(v.lower() for v in twin.verbatim), ignore_case=True)


def of_kind(kind: str, probes: list[Probe]) -> list[Probe]:
    return [p._replace(kind=kind) for p in probes]


COLOGNE, MUNICH, ZURICH, VIENNA = ("Köln", "Cologne"), ("München", "Munich"), ("Zürich", "Zurich"), ("Wien", "Vienna")
BAYERN = ("Bayern München", "Bayern Munich")
THOUSAND_200 = ("1,200", "1200")
HALF_PAST_TWO = ("14:30", "2:30")

PEOPLE = [
    probe("Angela sitzt auf einer Bank und liest ein Buch.", "Angela"),
    probe("Jürgen Klopp steht am Spielfeldrand und ruft etwas.", "Jürgen Klopp"),
    probe("Ein Mann namens Thomas repariert ein Fahrrad auf der Straße.", "Thomas"),
    probe("Anna und Lukas bauen am Strand eine Sandburg.", "Anna", "Lukas"),
    probe("Sophie trägt ein gelbes Kleid und tanzt auf einer Wiese.", "Sophie"),
    probe("Ein kleines Mädchen namens Mia füttert Enten an einem Teich.", "Mia"),
    probe("Maximilian klettert auf einen hohen Baum.", "Maximilian"),
    probe("Mehmet verkauft Obst an einem Stand auf dem Markt.", "Mehmet"),
    probe("Greta hält ein Schild bei einer Demonstration hoch.", "Greta"),
    probe("Katharina spielt Geige vor einem großen Publikum.", "Katharina"),
    probe("Ein Junge namens Jonas springt mit seinem Skateboard über eine Rampe.", "Jonas"),
    probe("Lena und ihre Großmutter backen zusammen einen Kuchen.", "Lena"),
    probe("Ein Mann namens Felix angelt an einem ruhigen See.", "Felix"),
    probe("Hannah malt ein Bild mit bunten Farben.", "Hannah"),
    probe("Elias schiebt einen Kinderwagen durch den Park.", "Elias"),
    probe("Giovanni backt Pizza in einem Steinofen.", "Giovanni"),
    probe("Olga trägt einen roten Mantel und geht durch den Schnee.", "Olga"),
    probe("Sven und Ingrid paddeln in einem Kanu über den See.", "Sven", "Ingrid"),
    probe("Fatima lacht mit ihren Freundinnen in einem Café.", "Fatima"),
    probe("Paul wirft einen Ball für seinen Hund.", "Paul"),
    probe("Emma sitzt mit einem Laptop auf einer Treppe.", "Emma"),
    probe("Leon spielt Schlagzeug in einer Garage.", "Leon"),
    probe("Annas Hund rennt über den nassen Sand.", "Anna"),
    probe("Peters Tochter fährt zum ersten Mal Fahrrad.", "Peter"),
    probe("Frau Schmidt erklärt den Kindern eine Landkarte.", "Schmidt"),
    probe("Herr Becker gießt die Blumen in seinem Garten.", "Becker"),
    probe("Angela Merkel schüttelt einem Mann in einem Anzug die Hand.", "Angela Merkel"),
    probe("Thomas Müller jubelt nach einem Tor mit den Armen in der Luft.", "Thomas Müller"),
    probe("Manuel Neuer fängt einen Ball vor dem Tor.", "Manuel Neuer"),
    probe("Steffi Graf schlägt einen Ball über das Netz.", "Steffi Graf"),
    probe("Ein großer Mann, der aussieht wie Dirk Nowitzki, wirft einen Basketball.", "Dirk Nowitzki"),
    probe("Helene Fischer singt auf einer hell erleuchteten Bühne.", "Helene Fischer"),
    probe("Ein Mann als Albert Einstein verkleidet streckt die Zunge heraus.", "Albert Einstein"),
    probe("Touristen fotografieren eine Statue von Goethe und Schiller.", "Goethe", "Schiller"),
    probe("Ein Straßenmusiker spielt ein Stück von Mozart auf der Geige.", "Mozart"),
    probe("Ein Orchester spielt eine Sinfonie von Beethoven.", "Beethoven"),
    probe("Roger Federer wischt sich mit einem Handtuch den Schweiß ab.", "Roger Federer"),
    probe("Lionel Messi läuft mit dem Ball an zwei Verteidigern vorbei.", "Lionel Messi"),
    probe("Serena Williams ballt nach einem Punkt die Faust.", "Serena Williams"),
    probe("Sebastian Vettel steigt aus einem roten Rennwagen.", "Sebastian Vettel"),
    probe("Ein Fan hält ein Foto von Michael Schumacher in die Kamera.", "Michael Schumacher"),
    probe("Franz Beckenbauer winkt von einer Tribüne.", "Franz Beckenbauer"),
    probe("Heidi Klum lächelt auf einem roten Teppich.", "Heidi Klum"),
    probe("Ein Mann mit einem Schild, auf dem Karl steht, wartet am Flughafen.", "Karl"),
    probe("Ein Kind umarmt einen Mann namens Hans vor einem Bauernhof.", "Hans"),
    probe("Maria und Josef führen einen Esel durch ein Dorf.", "Maria", "Josef"),
    probe("Ayşe gießt Tee in kleine Gläser.", "Ayşe"),
    probe("Ein Mädchen namens Zoe schaukelt auf einem Spielplatz.", "Zoe"),
    probe("Kevin und Jan tragen ein Sofa eine Treppe hinauf.", "Kevin", "Jan"),
    probe("Ein älterer Mann namens Wolfgang liest die Zeitung auf einer Parkbank.", "Wolfgang"),
    probe("Ein Trainer namens Pep gibt seinen Spielern Anweisungen.", "Pep"),
    probe("Ein Schüler namens Noah hebt im Klassenzimmer die Hand.", "Noah"),
    probe("Marie und Julia fahren auf Rollschuhen einen Weg entlang.", "Marie", "Julia"),
    probe("Ein Koch namens Tim Mälzer schneidet Gemüse in einer Küche.", "Tim Mälzer"),
    probe("Ein Mann namens Dieter steht neben einem alten Traktor.", "Dieter"),
    probe("Birgit hält ein Baby auf dem Arm und lächelt.", "Birgit"),
    probe("Ein Junge mit einem Trikot von Lionel Messi spielt im Hof Fußball.", "Lionel Messi"),
    probe("Eine Frau namens Claudia verkauft Blumen auf der Straße.", "Claudia"),
    probe("Ein Mann namens Ahmed repariert ein Auto in einer Werkstatt.", "Ahmed"),
    probe("Frau Weber führt eine Gruppe Kinder durch ein Museum.", "Weber"),
]
PLACES = [
    probe("Ein Mann fährt mit dem Fahrrad durch Zürich.", ZURICH),
    probe("Eine Gruppe Touristen steht vor dem Dom in Köln.", COLOGNE),
    probe("Ein Paar tanzt auf einem Platz in München.", MUNICH),
    probe("Zwei Männer spielen Schach in einem Park in Wien.", VIENNA),
    probe("Eine Frau fotografiert den Eiffelturm in Paris.", "Paris", ("Eiffel Tower",)),
    probe("Ein roter Bus fährt über eine Brücke in London.", "London"),
    probe("Straßenkünstler malen auf dem Boden in Rom.", ("Rom", "Rome")),
    probe("Ein Gondoliere rudert durch einen Kanal in Venedig.", ("Venedig", "Venice")),
    probe("Menschen sitzen in einem Straßencafé in Mailand.", ("Mailand", "Milan")),
    probe("Eine Straßenbahn fährt durch die Altstadt von Prag.", ("Prag", "Prague")),
    probe("Ein Junge füttert Tauben auf einem Platz in Warschau.", ("Warschau", "Warsaw")),
    probe("Schneeflocken fallen auf die bunten Kuppeln in Moskau.", ("Moskau", "Moscow")),
    probe("Eine Frau kauft Waffeln an einem Stand in Brüssel.", ("Brüssel", "Brussels")),
    probe("Eine gelbe Straßenbahn fährt einen Hügel in Lissabon hinauf.", ("Lissabon", "Lisbon")),
    probe("Radfahrer warten an einer Ampel in Kopenhagen.", ("Kopenhagen", "Copenhagen")),
    probe("Touristen steigen die Stufen zur Akropolis in Athen hinauf.", ("Athen", "Athens")),
    probe("Ein Mann verkauft Lebkuchen auf einem Markt in Nürnberg.", ("Nürnberg", "Nuremberg")),
    probe("Ein Kind läuft über eine Brücke in Berlin.", "Berlin"),
    probe("Ein Schiff fährt in den Hafen von Hamburg ein.", "Hamburg"),
    probe("Eine Frau joggt am Ufer des Rheins in Bonn.", "Bonn", ("Rhine",)),
    probe("Ein Mann steht vor der Frauenkirche in Dresden.", "Dresden"),
    probe("Studenten sitzen auf einer Wiese in Leipzig.", "Leipzig"),
    probe("Geschäftsleute eilen durch die Straßen von Frankfurt.", "Frankfurt"),
    probe("Ein Mann in einem Trachtenanzug spaziert durch Salzburg.", "Salzburg"),
    probe("Skifahrer warten an einer Seilbahn bei Innsbruck.", "Innsbruck"),
    probe("Zwei Freunde fahren mit dem Rad an einer Gracht in Amsterdam entlang.", "Amsterdam"),
    probe("Ein Mann mit Schirm geht durch den Regen in Tokio.", ("Tokio", "Tokyo")),
    probe("Gelbe Taxis stehen im Stau in New York.", "New York"),
    probe("Eine Cable Car fährt einen steilen Hügel in San Francisco hinauf.", "San Francisco"),
    probe("Surfer tragen ihre Bretter an einem Strand in Sydney entlang.", "Sydney"),
    probe("Ein Schäfer treibt seine Herde durch ein Tal in der Schweiz.", ("Switzerland",)),
    probe("Ein Radrennfahrer fährt durch ein Dorf in Frankreich.", ("France",)),
    probe("Eine Familie macht ein Picknick an einem See in Österreich.", ("Austria",)),
    probe("Ein Fischer flickt sein Netz an einem Hafen in Italien.", ("Italy",)),
    probe("Ein Tänzer tanzt Flamenco auf einer Straße in Spanien.", ("Spain",)),
    probe("Kinder spielen Fußball an einem Strand in Brasilien.", ("Brazil",)),
    probe("Ein Mann reitet auf einem Kamel durch die Wüste in Ägypten.", ("Egypt",)),
    probe("Eine Frau trägt einen Korb auf dem Kopf über einen Markt in Indien.", ("India",)),
    probe("Wanderer stehen auf einem Gletscher in Island.", ("Iceland",)),
    probe("Ein Holzhaus steht an einem Fjord in Norwegen.", ("Norway",)),
    probe("Ein Mann spielt Dudelsack auf einem Hügel in Schottland.", ("Scotland",)),
    probe("Ein Boot fährt auf der Donau an einer Burg vorbei.", ("Danube",)),
    probe("Zwei Wanderer machen eine Pause in den Alpen.", ("Alps",)),
    probe("Eine Menschenmenge feiert vor dem Brandenburger Tor.", ("Brandenburg Gate", "Brandenburger Tor")),
]
BRANDS = [
    probe("Ein Läufer in Schuhen von Adidas überquert die Ziellinie.", "Adidas"),
    probe("Ein Basketballspieler trägt ein Stirnband von Nike.", "Nike"),
    probe("Ein junger Mann in einer Jacke von Puma wartet an der Bushaltestelle.", "Puma"),
    probe("Ein alter Volkswagen Bus steht an einem Strand.", "Volkswagen"),
    probe("Ein Mann poliert einen blauen BMW vor seinem Haus.", "BMW"),
    probe("Ein Fahrer steigt aus einem schwarzen Mercedes.", "Mercedes"),
    probe("Ein roter Porsche fährt eine kurvige Bergstraße hinauf.", "Porsche"),
    probe("Ein Kind baut mit Lego ein Schloss auf dem Teppich.", "Lego"),
    probe("Ein Mann trinkt eine Dose Coca-Cola im Schatten.", "Coca-Cola"),
    probe("Eine Familie trägt Kartons aus einem Geschäft von IKEA.", "IKEA"),
    probe("Ein Flugzeug der Lufthansa steht auf dem Rollfeld.", "Lufthansa"),
    probe("Eine Frau fährt auf einer grünen Vespa durch eine enge Gasse.", "Vespa"),
    probe("Ein Mann fotografiert mit einer alten Leica einen Brunnen.", "Leica"),
    probe("Zwei Jungen spielen mit einer Nintendo Konsole auf dem Sofa.", "Nintendo"),
    probe("Eine Frau wartet mit einem Becher von Starbucks an der Ampel.", "Starbucks"),
    probe("Ein Mann im Anzug telefoniert vor einem Gebäude von Siemens.", "Siemens"),
    probe("Ein Mechaniker beugt sich über den Motor eines Audi.", "Audi"),
    probe("Ein Mann in einem Ferrari winkt den Zuschauern zu.", "Ferrari"),
]
CLUBS = [
    probe("Fans von Bayern München singen im Stadion.", BAYERN),
    probe("Ein Junge in einem Trikot des FC Barcelona schießt auf ein Tor.", "FC Barcelona"),
    probe("Anhänger von Borussia Dortmund schwenken gelbe Fahnen.", "Borussia Dortmund"),
    probe("Spieler von Real Madrid laufen sich vor dem Spiel warm.", "Real Madrid"),
    probe("Ein Mann mit einem Schal von Werder Bremen steht an der Haltestelle.", "Werder Bremen"),
    probe("Ein Fan von Manchester United hält ein Plakat in die Höhe.", "Manchester United"),
    probe("Ein Mädchen im Trikot von Juventus dribbelt mit dem Ball.", "Juventus"),
    probe("Kinder in Trikots von Ajax Amsterdam spielen auf einem Bolzplatz.", ("Ajax",)),
    probe("Ein Spieler von Bayern München und ein Spieler von Borussia Dortmund kämpfen um den Ball.",
          BAYERN, "Borussia Dortmund"),
]
TITLES = [
    probe("Ein Junge liest auf einer Bank ein Buch von Harry Potter.", "Harry Potter"),
    probe("Ein Mann im Kostüm aus Star Wars posiert für ein Foto.", "Star Wars"),
    probe("Schauspieler proben auf einer Bühne eine Szene aus Hamlet.", "Hamlet"),
    probe("Ein Kind blättert in einem Heft von Asterix.", "Asterix"),
    probe("Ein Plakat für den Film Titanic hängt an einer Wand.", "Titanic"),
    probe("Schauspieler in Kostümen spielen Faust auf einer Freilichtbühne.", "Faust"),
]
NUMBERS = [
    probe("Die Frau kauft 3,5 kg Äpfel für 12 Euro.", ("3.5",), ("12",)),
    probe("Ein Mann trägt einen Sack mit 2,5 kg Kartoffeln.", ("2.5",)),
    probe("Etwa 1.200 Menschen laufen bei einem Stadtlauf mit.", THOUSAND_200),
    probe("Ein Schild zeigt, dass der Gipfel 2.962 Meter hoch ist.", ("2,962", "2962")),
    probe("Ein Zug fährt um 14:30 Uhr aus dem Bahnhof.", HALF_PAST_TWO),
    probe("Ein Mann wartet um 14.30 Uhr an einer Haltestelle.", HALF_PAST_TWO),
    probe("Die Uhr am Rathaus zeigt 9:15 Uhr.", ("9:15",)),
    probe("Ein Fußballspieler mit der Nr. 23 jubelt vor den Fans.", ("23",)),
    probe("Ein Spieler mit der Nummer 10 schießt einen Freistoß.", ("10",)),
    probe("Ein Bus der Linie 42 hält vor einer Schule.", ("42",)),
    probe("Reisende warten an Gleis 7 auf ihren Zug.", ("7", "seven")),
    probe("Ein Briefträger steht vor dem Haus Nummer 17.", ("17",)),
    probe("Ein Mann sitzt in einem Auto aus dem Jahr 1998.", ("1998",)),
    probe("Ein altes Foto aus dem Jahr 1965 zeigt einen Bahnhof.", ("1965",)),
    probe("Eine Frau steht vor einem Haus, das 1890 gebaut wurde.", ("1890",)),
    probe("Ein Mann verkauft Brezeln für 2 Euro das Stück.", ("2", "two")),
    probe("Ein Schild im Schaufenster verspricht 50 % Rabatt.", ("50",)),
    probe("Läufer überqueren nach 5 km eine Brücke.", ("5", "five")),
    probe("Ein Radfahrer hat noch 42,195 km vor sich.", ("42.195",)),
    probe("Die Anzeigetafel zeigt einen Spielstand von 2:1.", ("2:1", "2-1")),
    probe("Ein Kind hält ein Schild mit der Zahl 1.200.000 hoch.", ("1,200,000", "1200000", "1.2 million")),
    probe("Ein Thermometer an der Wand zeigt 35 Grad.", ("35",)),
    probe("Eine Frau wiegt 1,5 Kilo Tomaten auf einer Waage ab.", ("1.5",)),
    probe("Ein Mann zahlt 4,99 Euro für einen Kaffee.", ("4.99",)),
    probe("Ein Laster mit 12 Tonnen Sand fährt auf eine Baustelle.", ("12",)),
    probe("Eine Frau läuft mit der Startnummer 318 durch das Ziel.", ("318",)),
    probe("Ein Flugzeug fliegt in 10.000 Metern Höhe über die Wolken.", ("10,000", "10000")),
    probe("Ein Wanderweg ist 15 km lang und führt durch den Wald.", ("15",)),
    probe("Ein Schild warnt vor einer Steigung von 12 %.", ("12",)),
    probe("Eine Uhr auf dem Marktplatz zeigt 18:45 Uhr.", ("18:45", "6:45")),
    probe("Ein Mann trägt einen Rucksack mit 20 Litern Wasser.", ("20",)),
    probe("Ein Kind feiert seinen 8. Geburtstag mit Luftballons.", ("8th", "eighth")),
    probe("Eine Frau trägt ein Schild mit der Aufschrift 2024.", ("2024",)),
    probe("Ein Bus mit der Nummer 7 fährt durch eine Allee.", ("7", "seven")),
    probe("Ein Schild zeigt an, dass das Museum 1.500 Bilder hat.", ("1,500", "1500")),
    probe("Ein Bäcker verkauft 250 Brötchen am Morgen.", ("250",)),
    probe("Eine Frau zählt 37 Enten an einem Teich.", ("37",)),
    probe("Ein Kran hebt einen Träger von 3,2 Tonnen.", ("3.2",)),
    probe("Ein Paar tanzt um 23:00 Uhr auf einer Terrasse.", ("23:00", "11:00", "11 pm", "11 p.m.")),
    probe("Auf einem Plakat steht die Telefonnummer 0171 2345678.", ("0171 2345678",)),
    probe("Ein Kellner bringt Tisch 12 drei Teller Suppe.", ("12",)),
    probe("Eine Frau kauft 6 Eier und 1,5 Liter Milch.", ("6", "six"), ("1.5",)),
    probe("Ein Junge rennt 100 Meter in 13,4 Sekunden.", ("100",), ("13.4",)),
    probe("Ein Schwimmer taucht nach 50 Metern auf.", ("50",)),
    probe("Eine Straßenbahn der Linie 11 fährt an einem Brunnen vorbei.", ("11", "eleven")),
    probe("Ein Mann mit einem Schild, auf dem 1989 steht, steht an einer Mauer.", ("1989",)),
    probe("Ein Kind trägt ein Trikot mit der Nummer 99.", ("99",)),
    probe("Ein Bauer verkauft Erdbeeren für 3,50 Euro pro Schale.", ("3.50", "3.5")),
    probe("Ein Läufer hat die 21,1 km in 95 Minuten geschafft.", ("21.1",), ("95",)),
    probe("Ein Auto fährt mit 130 km/h über die Autobahn.", ("130",)),
]
MIXED = [
    probe("Angela trifft Thomas um 14:30 Uhr in Köln.", "Angela", "Thomas", COLOGNE, HALF_PAST_TWO),
    probe("Jürgen Klopp steht vor 80.000 Fans in Dortmund.", "Jürgen Klopp", ("80,000", "80000"), "Dortmund"),
    probe("Ein Mann in Schuhen von Nike läuft 10 km durch München.", "Nike", ("10", "ten"), MUNICH),
    probe("Lukas kauft in Zürich eine Uhr für 1.200 Franken.", "Lukas", ZURICH, THOUSAND_200),
    probe("Fans von Bayern München feiern den 2:1 Sieg in Berlin.", BAYERN, ("2:1", "2-1"), "Berlin"),
    probe("Sophie fährt mit dem Zug um 9:15 Uhr nach Wien.", "Sophie", ("9:15",), VIENNA),
    probe("Ein Volkswagen aus dem Jahr 1972 steht vor einem Haus in Hamburg.", "Volkswagen", ("1972",), "Hamburg"),
    probe("Mehmet verkauft in Köln Äpfel für 2,50 Euro das Kilo.", "Mehmet", COLOGNE, ("2.50", "2.5")),
    probe("Katharina spielt im Jahr 2019 Mozart in Salzburg.", "Katharina", ("2019",), "Mozart", "Salzburg"),
    probe("Ein Spieler des FC Barcelona mit der Nummer 10 läuft über den Rasen.", "FC Barcelona", ("10",)),
    probe("Greta und Jonas warten in Frankfurt an Gleis 12.", "Greta", "Jonas", "Frankfurt", ("12",)),
    probe("Ein Radfahrer in einem Trikot von Adidas fährt 3,5 km bis nach Bonn.", "Adidas", ("3.5",), "Bonn"),
    probe("Roger Federer signiert in Basel einen Tennisball für Emma.", "Roger Federer", "Basel", "Emma"),
    probe("Ein BMW mit 250 PS parkt vor einem Hotel in Stuttgart.", "BMW", ("250",), "Stuttgart"),
    probe("Anna liest im Zug nach Prag ein Buch von Harry Potter.", "Anna", ("Prag", "Prague"), "Harry Potter"),
]

PROBES = [*of_kind("people", PEOPLE), *of_kind("places", PLACES), *of_kind("brands", BRANDS),
          *of_kind("clubs", CLUBS), *of_kind("titles", TITLES), *of_kind("numbers", NUMBERS),
          *of_kind("mixed", MIXED)]
