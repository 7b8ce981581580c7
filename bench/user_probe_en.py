"""The English user-input probe, for English->German models: lines as people type them, mostly in the style of
Multi30K captions but written for this probe (none occurs in Multi30K; tests/test_entities_probe.py checks). Never
train or tune on them. Each line has what a faithful German translation must contain: German words (nouns
capitalized, so "Hund" but "spiel*"), German exonyms ("München"), and numbers in German format ("3.5" -> "3,5",
"1,200" -> "1.200" or "1200", "2:45 pm" -> "14:45").

Kinds as in bench/user_probe.py, plus numbers (English formats in the source).
"""
from __future__ import annotations

from bench.entities_probe import AsIs, caps, lowercase, of_kind, probe, sentences

MANN, FRAU, JUNGE, MAEDCHEN = ("Mann", "Mannes"), ("Frau",), ("Junge*",), ("Mädchen",)
KIND, KINDER, HUND = ("Kind", "Kindes", "Kleinkind"), ("Kinder*",), ("Hund*",)
ZWEI, DREI = ("zwei", "2"), ("drei", "3")
FAHRRAD = ("Fahrrad*", "Rad", "Rades")
STRASSE = ("Straße", "Strasse")

PLAIN = of_kind("no names", [
    probe("A black dog is swimming in a pond.", ("schwarz*",), HUND, ("schwimm*",), ("Teich*",)),
    probe("Two children are eating ice cream.", ZWEI, KINDER, ("ess*", "isst"), ("Eis",)),
    probe("A man plays the guitar on the street.", MANN, ("Gitarre",), STRASSE),
    probe("A woman is reading a thick book in the park.", FRAU, ("liest", "lesen", "lesend"), ("Buch",), ("Park",)),
    probe("An old woman is feeding pigeons in the square.", ("alt*",), FRAU, ("füttert", "füttern"), ("Tauben",),
          ("Platz",)),
    probe("Three men carry a boat to the river.", DREI, ("Männer",), ("trag*", "trägt"), ("Boot",), ("Fluss",)),
    probe("A gray cat is sleeping on the sofa.", ("grau*",), ("Katze",), ("schläft", "schlaf*"), ("Sofa", "Couch")),
    probe("A cook is cutting onions in the kitchen.", ("Koch", "Köchin"), ("schneid*",), ("Zwiebeln",), ("Küche",)),
    probe("A girl is laughing and holding a red balloon.", MAEDCHEN, ("lach*",), ("rot*",), ("Luftballon", "Ballon")),
    probe("Two women drink coffee on a small balcony.", ZWEI, ("Frauen",), ("trink*",), ("Kaffee",), ("Balkon",)),
    probe("A child runs through the rain.", KIND, ("renn*", "läuft", "lauf*"), ("Regen",)),
    probe("The children build a snowman in the garden.", KINDER, ("bau*",), ("Schneemann",), ("Garten",)),
])
P = {p.source: p for p in PLAIN}

SENTENCES = [
    sentences("A man is fixing his bike. His dog waits next to him.", [MANN, ("repar*",), FAHRRAD],
              [HUND, ("wart*",)]),
    sentences("It is raining. People are carrying umbrellas.", [("regnet", "Regen")],
              [("Leute", "Menschen"), ("Regenschirm*", "Schirm*")]),
    sentences("A boy jumps into the water. His friends cheer. The sun is shining.",
              [JUNGE, ("spring*",), ("Wasser",)], [("Freunde",), ("jubel*", "feuern")], [("Sonne",), ("scheint",)]),
    sentences("The train is late. Many people wait on the platform.",
              [("Zug",), ("Verspätung", "spät*", "verspätet")],
              [("Menschen", "Leute"), ("wart*",), ("Bahnsteig", "Gleis")]),
    sentences("Dr. Smith examines a dog. The animal is not afraid.", [("Smith",), HUND, ("untersuch*",)],
              [("Tier",), ("Angst", "ängstlich", "fürchtet")]),
    sentences("Mr. Brown buys apples, pears, etc. The seller smiles.",
              [("Brown",), ("kauf*",), ("Äpfel",), ("Birnen",)], [("Verkäufer*", "Händler*"), ("lächel*",)]),
    sentences("A woman sits in the café. She drinks tea and writes a postcard!", [FRAU, ("Café", "Cafe")],
              [("trink*",), ("Tee",), ("schreib*",), ("Postkarte", "Karte")]),
    sentences("Where is the station? A tourist asks a police officer.", [("wo",), ("Bahnhof",)],
              [("Tourist*",), ("frag*",), ("Polizist*",)]),
    sentences("The market opens at 8 a.m. At 9 a.m. it is already full.",
              [("Markt",), ("öffn*", "beginnt"), ("8",)], [("9",), ("voll",)]),
    sentences("The temperature is 2.5 degrees. Still, two men swim in the sea.",
              [("Temperatur",), ("2,5",), ("Grad",)], [("schwimm*",), ZWEI, ("Männer",), ("Meer", "See", "Ozean")]),
    sentences("A runner drinks 0.5 liters of water. Then he keeps running.",
              [("Läufer*",), ("trink*",), ("0,5",), ("Wasser",)], [("läuft", "lauf*", "weiter")]),
    sentences("St. Patrick's Day is fun. Everyone wears green.", [("Patrick*",)], [("grün*",), ("trag*", "trägt")]),
    sentences("A man walks his dog. It is snowing. Both are happy.", [MANN, HUND], [("schneit", "Schnee")],
              [("beide",), ("glücklich", "froh")]),
    sentences("Two dogs play in the snow. One has a stick in its mouth.", [ZWEI, ("Hunde",), ("Schnee",)],
              [("Stock",), ("Maul", "Mund", "Schnauze")]),
    sentences("The car is broken! The driver calls for help.", [("Auto", "Wagen"), ("kaputt", "defekt")],
              [("Fahrer*",), ("ruf*",), ("Hilfe",)]),
    sentences("A woman jogs through the forest on May 1st. She listens to music.",
              [FRAU, ("jogg*", "läuft"), ("1.", "ersten", "erste"), ("Mai",), ("Wald",)], [("hört",), ("Musik",)]),
    sentences("A man carries approx. 20 boxes. He is very tired.",
              [MANN, ("trag*", "trägt"), ("20", "zwanzig"), ("Kisten", "Kartons", "Boxen")],
              [("müde", "erschöpft")]),
    sentences("The kids play in front of No. 12. Their ball rolls onto the street.",
              [KINDER, ("spiel*",), ("12",)], [("Ball",), ("roll*",), STRASSE]),
]
S = {p.source: p for p in SENTENCES}

TYPOS = of_kind("typos", [
    probe("A man plays footbal in the park.", MANN, ("Fußball", "Fussball"), ("Park",)),
    probe("A woman rides her bicyle to work.", FRAU, FAHRRAD, ("Arbeit",)),
    probe("Two kids are playng on the beach.", ZWEI, KINDER, ("spiel*",), ("Strand",)),
    probe("The dog runs accross the street.", HUND, ("läuft", "renn*", "lauf*"), STRASSE),
    probe("A girl eats an aple and laughs.", MAEDCHEN, ("isst", "ess*"), ("Apfel",), ("lach*",)),
    probe("The man is wering a red hat.", MANN, ("trag*", "trägt"), ("rot*",), ("Hut",)),
    probe("a group of peple waits at the bus stop", ("Gruppe",), ("Menschen", "Leute", "Personen"),
          ("Bushaltestelle", "Haltestelle")),
    probe("An old man sits on a bench in teh shade.", ("alt*",), MANN, ("sitz*",), ("Bank",), ("Schatten",)),
    probe("A woman takes a fotograph of the sunset.", FRAU, ("fotograf*", "Foto", "Bild"), ("Sonnenuntergang",)),
])

SPACING = of_kind("spacing", [
    probe("  A dog   plays with a ball  ", HUND, ("spiel*",), ("Ball",)),
    probe("A woman\treads a book.", FRAU, ("liest", "lesen"), ("Buch",)),
    probe("A man sits by the window .", MANN, ("sitz*",), ("Fenster",)),
    probe("Two  kids  build  a  sandcastle", ZWEI, KINDER, ("Sandburg",)),
    probe("\tA bird sits on the roof.\t", ("Vogel",), ("sitz*", "hockt"), ("Dach",)),
    sentences("The cat chases a mouse.The dog watches.", [("Katze",), ("jag*", "verfolgt"), ("Maus",)],
              [HUND, ("schaut", "beobachtet", "sieht", "zu")], kind="spacing"),
    probe("A horse stands in the meadow !", ("Pferd",), ("Weide", "Wiese")),
])

PUNCTUATION = of_kind("punctuation", [
    probe('A sign says "Welcome".', ("Schild",), ("Willkommen",)),
    probe("A man (about 40 years old) is skiing.", MANN, ("40", "vierzig"), ("ski*",)),
    probe("Two dogs – a big one and a small one – play in the park.", ZWEI, ("Hunde",), ("groß*",), ("klein*",),
          ("Park",)),
    probe("A child draws (with chalk) on the sidewalk.", KIND, ("mal*", "zeichn*"), ("Kreide",),
          ("Bürgersteig", "Gehweg", "Gehsteig")),
    probe('A man shouts: "Watch out!"', MANN, ("ruft", "schreit", "brüllt"),
          ("Vorsicht", "Achtung", "aufpassen", "pass auf", "passen Sie auf")),
    probe("The dog is called 'Rex' and is three years old.", HUND, ("Rex",), DREI, ("Jahre",)),
    probe("A woman – she wears a yellow coat – waits for the bus.", FRAU, ("gelb*",), ("Mantel",), ("wart*",),
          ("Bus",)),
    probe("A waiter brings two drinks (cola & water).", ("Kellner*",), ZWEI, ("Getränke",), ("Cola",), ("Wasser",)),
    probe("A family is having a barbecue -- it smells good.", ("Familie",), ("grill*",), ("riecht", "duftet")),
])

COPY = of_kind("copy", [
    probe("A man checks the news on www.bbc.co.uk.", MANN, ("Nachrichten",), AsIs("www.bbc.co.uk")),
    probe("The poster says https://www.cityfestival.org/program.", ("Plakat", "Poster", "Schild"),
          AsIs("https://www.cityfestival.org/program")),
    probe("A woman writes an email to john.smith@gmail.com.", FRAU, ("E-Mail", "Mail", "Email"),
          AsIs("john.smith@gmail.com")),
    probe("Contact: info@greenbakery.co.uk", ("Kontakt",), AsIs("info@greenbakery.co.uk")),
    probe("Follow us on Instagram: @city_zoo_official", ("folg*",), "Instagram", AsIs("@city_zoo_official")),
    probe("A girl posts a photo with #summerholidays.", MAEDCHEN, ("post*", "teilt", "stellt"), ("Foto", "Bild"),
          AsIs("#summerholidays")),
    probe("A dog sleeps in the sun ☀️", HUND, ("schläft", "schlaf*"), ("Sonne",), AsIs("☀️")),
    probe("Two friends toast with beer 🍻", ZWEI, ("Freunde",), ("Bier",), AsIs("🍻")),
    probe("A man sends the file report_final_v2.docx to his boss.", MANN, ("schick*", "sendet", "versendet"),
          ("Datei",), AsIs("report_final_v2.docx"), ("Chef*", "Vorgesetzt*")),
    probe("The photo is called DSC_0193.JPG.", ("Foto", "Bild"), AsIs("DSC_0193.JPG")),
    probe("A pilot boards an Airbus A320.", ("Pilot*",), AsIs("Airbus A320")),
    probe("The discount code is SUMMER24.", ("Code", "Gutschein*", "Rabatt*"), AsIs("SUMMER24")),
    probe("A kid laughs 😂😂", KIND, ("lach*",), AsIs("😂😂")),
    probe("Write to me at @anna.draws or anna@example.org!", ("schreib*",), AsIs("@anna.draws"),
          AsIs("anna@example.org")),
    probe("Flight LH 2034 leaves from gate B12.", ("Flug",), AsIs("LH 2034"), AsIs("B12")),
])
C = {p.source: p for p in COPY}

GREETINGS = of_kind("greetings", [
    probe("Hello", ("hallo", "guten Tag", "servus", "moin", "hi")),
    probe("Bye", ("tschüss", "tschüs", "auf Wiedersehen", "ciao", "bis bald", "bye")),
    probe("Good morning!", ("guten Morgen", "Morgen")),
    probe("Thank you very much.", ("danke", "vielen Dank", "herzlichen Dank")),
    probe("How are you?", ("wie geht es", "wie geht's", "wie gehts")),
    probe("Good night", ("gute Nacht",)),
    probe("Happy birthday!", ("Geburtstag",)),
    probe("Excuse me, where is the restroom?", ("Entschuldigung", "entschuldigen", "Verzeihung"), ("wo",),
          ("Toilette", "WC", "Klo")),
    probe("See you tomorrow!", ("morgen",)),
    probe("Enjoy your meal!", ("guten Appetit", "Mahlzeit", "schmecken")),
    probe("Merry Christmas", ("Weihnachten",), ("frohe", "fröhliche", "schöne", "frohes", "gesegnete")),
    probe("Yes, please.", ("ja",), ("bitte", "gerne", "gern")),
    probe("Welcome to Munich!", ("willkommen",), ("München",)),
])
G = {p.source: p for p in GREETINGS}

PEOPLE = of_kind("people", [
    probe("Our neighbor Mr. Johnson mows the lawn.", "Johnson"),
    probe("Grandma Edith bakes an apple pie.", "Edith"),
    probe("Barack Obama waves to a crowd in Chicago.", "Barack Obama", "Chicago"),
    probe("A man who looks like Tom Hanks is buying bread.", "Tom Hanks"),
    probe("Priya and Michael walk through the forest.", "Priya", "Michael"),
    probe("Dr. Emily Carter talks to a patient.", "Emily Carter"),
    probe("Liam shows his sister Chloe a video.", "Liam", "Chloe"),
    probe("The singer Adele performs at a festival.", "Adele"),
    probe("A boy named Oliver builds a treehouse.", "Oliver"),
])
N = {p.source: p for p in PEOPLE}

PLACES = of_kind("places", [
    probe("A couple walks along the Thames in London.", ("Themse", "Thames"), "London"),
    probe("Tourists stand in front of Cologne Cathedral.", ("Köln", "Kölner")),
    probe("A family vacations on the Baltic Sea.", ("Ostsee",)),
    probe("A man rows on Lake Constance.", ("Bodensee",)),
    probe("Hikers reach the summit of Mount Everest.", "Everest"),
    probe("Two women drink coffee in Geneva.", ("Genf",)),
    probe("A ship sails through the port of Rotterdam.", "Rotterdam"),
    probe("A bus drives through Vienna.", ("Wien",)),
    probe("Skiers wait at a lift near Innsbruck.", "Innsbruck"),
    probe("A cyclist rides through Munich at 4:15 pm.", ("München",), ("16:15",)),
])
L = {p.source: p for p in PLACES}

BRANDS = of_kind("brands", [
    probe("A man drinks a can of Red Bull.", "Red Bull"),
    probe("A woman buys bread at Tesco.", "Tesco"),
    probe("A student types on her MacBook.", "MacBook"),
    probe("A FedEx van is double-parked.", "FedEx"),
    probe("Two boys drink Sprite at the kiosk.", "Sprite"),
])

CLUBS = of_kind("clubs", [
    probe("Fans of Manchester City sing outside the stadium.", "Manchester City"),
    probe("A boy wears a Liverpool FC jersey.", "Liverpool"),
    probe("Players of the New York Yankees celebrate a win.", "New York Yankees"),
    probe("A man with a Celtic scarf stands in the rain.", "Celtic"),
])

NUMBERS = of_kind("numbers", [
    probe("A woman pays 4.5 euros for a coffee.", FRAU, ("4,5", "4,50"), ("Euro",)),
    probe("About 1,200 people run in a city race.", ("1.200", "1200"), ("Menschen", "Leute", "Personen", "Läufer*")),
    probe("A train leaves the station at 2:45 pm.", ("Zug",), ("14:45",)),
    probe("A man buys 2.5 kg of potatoes.", MANN, ("2,5",), ("Kartoffeln",)),
    probe("The mountain is 2,962 meters high.", ("Berg",), ("2.962", "2962")),
    probe("A runner still has 42.195 km ahead of him.", ("Läufer*",), ("42,195",)),
    probe("A plane flies at 10,000 meters.", ("Flugzeug",), ("10.000", "10000")),
    probe("The clock on the town hall shows 9:15 am.", ("Uhr",), ("9:15", "09:15")),
    probe("A boy runs 100 meters in 13.4 seconds.", JUNGE, ("100",), ("13,4",)),
    probe("A player with the number 23 celebrates with the fans.", ("23",), ("Fans",)),
    probe("A woman buys 6 eggs and 1.5 liters of milk at 6:30 pm.", FRAU, ("6", "sechs"), ("1,5",), ("Milch",),
          ("18:30",)),
    probe("The thermometer shows 35.5 degrees.", ("Thermometer",), ("35,5",)),
    probe("A man pays $1,250.99 for a bike.", MANN, ("1.250,99",), FAHRRAD),
    probe("A bakery sells 2,500 rolls every morning.", ("Bäcker*",), ("2.500", "2500"), ("Brötchen", "Semmeln")),
])

CAPS = [
    *(caps(P[s]) for s in ["Two children are eating ice cream.", "A man plays the guitar on the street.",
                           "A woman is reading a thick book in the park.", "Three men carry a boat to the river.",
                           "A gray cat is sleeping on the sofa.", "A cook is cutting onions in the kitchen.",
                           "Two women drink coffee on a small balcony."]),
    caps(S["It is raining. People are carrying umbrellas."]),
    caps(S["A man is fixing his bike. His dog waits next to him."]),
    caps(N["Barack Obama waves to a crowd in Chicago."]),
    caps(C["A dog sleeps in the sun ☀️"]),
    caps(G["Good morning!"]),
    caps(P["A black dog is swimming in a pond."], "A BLACK DOG IS SWIMMING in a pond."),
    caps(P["The children build a snowman in the garden."], "tHE cHILDREN bUILD a sNOWMAN iN tHE gARDEN."),
]

LOWERCASE = [
    *(lowercase(P[s]) for s in ["A black dog is swimming in a pond.", "An old woman is feeding pigeons in the square.",
                                "A girl is laughing and holding a red balloon.", "A child runs through the rain."]),
    lowercase(S["A man walks his dog. It is snowing. Both are happy."]),
    lowercase(N["Liam shows his sister Chloe a video."]),
    lowercase(L["A bus drives through Vienna."]),
    lowercase(C["A woman writes an email to john.smith@gmail.com."]),
    lowercase(G["Thank you very much."]),
]

USER_PROBES_EN = [*PLAIN, *SENTENCES, *CAPS, *LOWERCASE, *TYPOS, *SPACING, *PUNCTUATION, *COPY, *GREETINGS,
                  *PEOPLE, *PLACES, *BRANDS, *CLUBS, *NUMBERS]
