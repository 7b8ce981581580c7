"""The German user-input probe: lines as people type them into a translator, mostly in the style of Multi30K captions
but written for this probe (none occurs in Multi30K; tests/test_entities_probe.py checks). Never train or tune on
them. Each line has what a faithful English translation must contain; a line of several sentences has it per
sentence; a caps or lowercase line has a normal-case twin here (its items in upper case for caps).

Kinds: sentences (several on one line, with abbreviations that end no sentence), caps (all or mostly), lowercase,
typos, spacing, punctuation (quotes, parentheses, dashes), copy (URLs, e-mails, handles, hashtags, emoji, file
names, codes: exactly as written), greetings, people, places, brands, clubs, and no names (plain lines, where
inventing a name is the failure).
"""
from __future__ import annotations

from bench.entities_probe import AsIs, caps, lowercase, of_kind, probe, sentences

MAN, WOMAN, BOY, GIRL = ("man", "guy"), ("woman", "lady"), ("boy",), ("girl",)
CHILD, CHILDREN, DOG = ("child", "kid", "toddler"), ("children", "kids"), ("dog",)
TWO, THREE = ("two", "2"), ("three", "3")
BIKE = ("bike", "bicycle", "cycl*")
PLAY = ("play*",)
STREET = ("street", "road")

PLAIN = of_kind("no names", [
    probe("Ein schwarzer Hund schwimmt in einem Teich.", ("black",), DOG, ("swim*",), ("pond",)),
    probe("Zwei Kinder essen Eis vor einer Eisdiele.", TWO, CHILDREN, ("eat*",), ("ice",)),
    probe("Ein Mann spielt auf der Straße Gitarre.", MAN, ("guitar",), STREET),
    probe("Eine Frau liest im Park ein dickes Buch.", WOMAN, ("read*",), ("book",), ("park",)),
    probe("Ein Junge fährt Fahrrad auf einem Feldweg.", BOY, BIKE, ("path", "track", "trail", "road", "lane")),
    probe("Eine alte Frau füttert Tauben auf dem Marktplatz.", ("old", "elderly"), WOMAN, ("feed*",),
          ("pigeons", "doves", "birds"), ("square", "plaza", "market*")),
    probe("Drei Männer tragen ein Boot zum Fluss.", THREE, ("men",), ("carry*", "carri*"), ("boat",), ("river",)),
    probe("Ein Kind rennt lachend durch den Regen.", CHILD, ("run*",), ("rain",)),
    probe("Eine graue Katze schläft auf dem Sofa.", ("gray", "grey"), ("cat",), ("sleep*", "asleep"),
          ("sofa", "couch")),
    probe("Ein Koch schneidet Zwiebeln in der Küche.", ("cook", "chef"), ("cut*", "chop*", "slic*"), ("onions",),
          ("kitchen",)),
    probe("Die Kinder bauen einen Schneemann im Garten.", CHILDREN, ("build*", "making", "make"), ("snowman",),
          ("garden", "yard", "backyard")),
    probe("Ein Mädchen lacht und hält einen roten Luftballon.", GIRL, ("laugh*",), ("red",), ("balloon",)),
    probe("Ein Fischer sitzt ganz allein in seinem Boot.", ("fisherman", "fisher"), ("alone", "by himself"),
          ("boat",)),
    probe("Zwei Frauen trinken Kaffee auf einem kleinen Balkon.", TWO, ("women",), ("drink*",), ("coffee",),
          ("balcony",)),
    probe("Ein älterer Mann schiebt seinen Rollator über den Gehweg.", ("older", "elderly", "old"), MAN, ("push*",),
          ("walker", "rollator", "walking frame"), ("sidewalk", "pavement", "footpath", "walkway")),
])
P = {p.source: p for p in PLAIN}

SENTENCES = [
    sentences("Ein Mann repariert sein Fahrrad. Sein Hund wartet neben ihm.",
              [MAN, ("repair*", "fix*"), BIKE], [DOG, ("wait*",)]),
    sentences("Zwei Mädchen spielen im Sand. Ihre Mutter liest eine Zeitung.",
              [TWO, ("girls",), ("sand",)], [("mother", "mom", "mum"), ("newspaper", "paper")]),
    sentences("Es regnet. Die Leute tragen Regenschirme.", [("rain*",)], [("people",), ("umbrellas",)]),
    sentences("Ein Junge springt ins Wasser. Seine Freunde jubeln. Die Sonne scheint.",
              [BOY, ("jump*",), ("water",)], [("friends",), ("cheer*",)], [("sun",), ("shin*",)]),
    sentences("Der Zug hat Verspätung. Viele Menschen warten am Bahnsteig.",
              [("train",), ("late", "delay*")], [("people",), ("wait*",), ("platform",)]),
    sentences("Eine Frau kauft z. B. Äpfel und Birnen. Der Verkäufer lächelt.",
              [WOMAN, ("buy*", "bought"), ("apples",), ("pears",)],
              [("seller", "vendor", "salesman", "merchant", "shopkeeper", "trader", "stallholder"), ("smil*",)]),
    sentences("Ein Mann wartet an der Haltestelle Nr. 5. Der Bus kommt nicht.",
              [MAN, ("wait*",), ("stop",), ("5", "five")],
              [("bus",), ("not", "doesn't", "isn't", "hasn't", "won't", "never")]),
    sentences("Dr. Weber untersucht einen Hund. Das Tier hat keine Angst.",
              [("Weber",), DOG, ("examin*", "check*", "inspect*")], [("animal",), ("afraid", "scared", "fear*")]),
    sentences("Am 3. Oktober feiern viele Menschen auf der Straße. Es gibt Musik und Essen.",
              [("3rd", "third", "3"), ("October",), ("people",), ("celebrat*",), STREET], [("music",), ("food",)]),
    sentences("Ein Läufer trinkt 0,5 Liter Wasser. Dann läuft er weiter.",
              [("runner",), ("drink*",), ("0.5",), ("water",)], [("run*", "continu*", "keeps going", "goes on")]),
    sentences("Die Kinder spielen vor der Schillerstr. 12. Ihr Ball rollt auf die Straße.",
              [CHILDREN, PLAY, ("Schiller*",), ("12",)], [("ball",), ("roll*",), STREET]),
    sentences("Ein Mann geht mit seinem Hund spazieren. Es schneit. Beide sind glücklich.",
              [MAN, DOG, ("walk*",)], [("snow*",)], [("both",), ("happy",)]),
    sentences("Die Temperatur liegt bei 2,5 Grad. Trotzdem schwimmen zwei Männer im Meer.",
              [("temperature",), ("2.5",), ("degrees",)], [("swim*",), TWO, ("men",), ("sea", "ocean")]),
    sentences("Eine Frau sitzt im Café. Sie trinkt Tee und schreibt eine Karte!",
              [WOMAN, ("café", "cafe", "coffee shop")], [("drink*",), ("tea",), ("writ*",), ("card", "postcard")]),
    sentences("Wo ist der Bahnhof? Ein Tourist fragt einen Polizisten.",
              [("where",), ("station",)],
              [("tourist",), ("ask*",), ("police officer", "policeman", "officer", "cop", "policewoman")]),
    sentences("Ein Kind weint. Die Mutter tröstet es. Dann lachen beide wieder.",
              [CHILD, ("cries", "crying", "cry", "weeps", "weeping")],
              [("mother", "mom", "mum"), ("comfort*", "consol*", "sooth*")], [("laugh*",), ("both", "together")]),
    sentences("Der Markt beginnt um 8 Uhr. Um 9 Uhr ist er schon voll.",
              [("market",), ("start*", "begin*", "open*"), ("8", "eight")],
              [("9", "nine"), ("full", "crowded", "busy", "packed")]),
    sentences("Ein Bäcker verkauft Brot, Brötchen usw. Die Schlange ist lang.",
              [("baker",), ("sell*",), ("bread",), ("rolls", "buns")], [("line", "queue"), ("long",)]),
    sentences("St. Pauli spielt heute zu Hause. Die Fans singen laut.",
              [("St. Pauli", "St Pauli", "Sankt Pauli"), ("home",)], [("fans",), ("sing*",), ("loud*",)]),
    sentences("Prof. Dr. Schulz hält einen Vortrag. Die Studenten hören zu.",
              [("Schulz",), ("lecture", "talk", "speech", "presentation")], [("students",), ("listen*",)]),
    sentences("Ein Mann trägt ca. 20 Kisten. Er ist sehr müde.",
              [MAN, ("carr*",), ("20", "twenty"), ("boxes", "crates")], [("tired", "exhausted")]),
    sentences("Zwei Hunde spielen im Schnee. Einer hat einen Stock im Maul.",
              [TWO, ("dogs",), ("snow",)], [("stick",), ("mouth",)]),
    sentences("Eine Gruppe wandert auf den Berg. Oben machen sie ein Foto. Dann gehen sie zurück.",
              [("group",), ("hik*", "climb*", "walk*"), ("mountain",)], [("top", "summit"), ("photo", "picture")],
              [("back", "return*")]),
    sentences("Ein Junge fällt vom Fahrrad. Er steht sofort wieder auf.",
              [BOY, ("fall*", "fell"), BIKE], [("up",), ("immediately", "right away", "at once", "straight away")]),
    sentences("Das Auto ist kaputt! Der Fahrer ruft den ADAC an.",
              [("car",), ("broken", "broke", "damaged", "wrecked")], [("driver",), ("call*", "phon*"), ("ADAC",)]),
    sentences("Eine Frau joggt am 1. Mai durch den Wald. Sie hört Musik.",
              [WOMAN, ("jog*", "run*"), ("1st", "first", "1"), ("May",), ("forest", "woods", "wood")],
              [("listen*", "hear*"), ("music",)]),
]
S = {p.source: p for p in SENTENCES}

TYPOS = of_kind("typos", [
    probe("Ein Man spielt Fusball im Park.", MAN, ("football", "soccer"), ("park",)),
    probe("Eine Frau fährt mit dem Fahrad zur Arbeit.", WOMAN, BIKE, ("work",)),
    probe("Zwei Kinder spilen am Strand.", TWO, CHILDREN, PLAY, ("beach",)),
    probe("Ein Hund läuft über die Strasse.", DOG, STREET),
    probe("Ein Mädchen isst einen Apfel unt lacht.", GIRL, ("eat*",), ("apple",), ("laugh*",)),
    probe("Der Mann tregt einen roten Hut.", MAN, ("wear*",), ("red",), ("hat",)),
    probe("Eine gruppe von menschen steht an der Bushaltestelle.", ("group",), ("people",), ("bus stop",)),
    probe("Ein Juge wirft einen Ball ins Wasser.", BOY, ("throw*", "toss*"), ("ball",), ("water",)),
    probe("ein mann und eine Frau tanzen auf der Hochzeit", MAN, WOMAN, ("danc*",), ("wedding",)),
    probe("Eine Frau fotografirt einen Sonnenuntergang.", WOMAN, ("photograph*", "picture", "photo"), ("sunset",)),
    probe("Ein alter Mann sitz auf einer Bank im Schaten.", ("old", "elderly"), MAN, ("sit*",), ("bench",),
          ("shade",)),
    probe("Die Kinder spielen verstekcen im Garten.", CHILDREN, ("hide and seek", "hide-and-seek", "hiding"),
          ("garden", "yard", "backyard")),
    probe("Ein Mann kocht Nudlen in einem großen Topf.", MAN, ("cook*",), ("pasta", "noodles"), ("pot",)),
])

SPACING = of_kind("spacing", [
    probe("  Ein Hund   spielt mit einem Ball  ", DOG, PLAY, ("ball",)),
    probe("Eine Frau\tliest ein Buch.", WOMAN, ("read*",), ("book",)),
    probe("Ein Mann sitzt am Fenster .", MAN, ("sit*",), ("window",)),
    probe("Zwei  Kinder  bauen  eine  Sandburg", TWO, CHILDREN, ("sandcastle", "sand castle")),
    probe("Ein Radfahrer fährt bergauf,ohne anzuhalten.", ("cyclist", "biker", "bicyclist", "rider"),
          ("uphill", "up the hill", "up a hill"), ("stop*",)),
    probe("\tEin Vogel sitzt auf dem Dach.\t", ("bird",), ("sit*", "perch*"), ("roof",)),
    probe("Ein Mann verkauft Blumen    auf dem Markt.", MAN, ("sell*",), ("flowers",), ("market",)),
    sentences("Eine Frau lacht . Ein Kind lacht auch .", [WOMAN, ("laugh*",)], [CHILD, ("laugh*",)],
              kind="spacing"),
    probe(" Ein Pferd steht auf der Weide", ("horse",), ("pasture", "meadow", "field", "paddock")),
    probe("Ein Junge springt über eine Pfütze !", BOY, ("jump*",), ("puddle",)),
    sentences("Die Katze jagt eine Maus.Der Hund schaut zu.", [("cat",), ("chas*", "hunt*"), ("mouse",)],
              [DOG, ("watch*", "look*")], kind="spacing"),
])

PUNCTUATION = of_kind("punctuation", [
    probe("Auf dem Schild steht „Willkommen“.", ("sign",), ("welcome", "Willkommen")),
    probe('Ein Mann hält ein Schild mit "Frieden" hoch.', MAN, ("sign",), ("peace", "Frieden")),
    probe("Eine Frau liest »Die Verwandlung« im Zug.", WOMAN, ("read*",), ("Verwandlung", "Metamorphosis"),
          ("train",)),
    probe("Ein Mann (etwa 40 Jahre alt) fährt Ski.", MAN, ("40", "forty"), ("ski*",)),
    probe("Zwei Hunde – ein großer und ein kleiner – spielen im Park.", TWO, ("dogs",), ("big", "large"),
          ("small", "little"), ("park",)),
    probe("Ein Kind malt (mit Kreide) auf den Gehweg.", CHILD, ("draw*", "paint*"), ("chalk",),
          ("sidewalk", "pavement")),
    probe("Ein Mann ruft: „Vorsicht!“", MAN, ("shout*", "call*", "yell*"),
          ("careful", "caution", "watch out", "look out")),
    probe("Eine Frau – sie trägt einen gelben Mantel – wartet auf den Bus.", WOMAN, ("yellow",), ("coat",),
          ("wait*",), ("bus",)),
    probe("Der Hund heißt „Bello“ und ist drei Jahre alt.", DOG, ("Bello",), THREE, ("years",)),
    probe("Ein Schild sagt 'Betreten verboten'.", ("sign",),
          ("no entry", "forbidden", "prohibited", "no trespassing", "keep out", "do not enter", "no admittance")),
    probe("Ein Mädchen (mit Zöpfen) springt Seil.", GIRL, ("braids", "pigtails", "plaits"), ("rope",)),
    probe("Eine Familie grillt -- es riecht gut.", ("family",), ("grill*", "barbecu*", "bbq"), ("smell*",)),
    probe('Ein Mann sagt: "Das Essen ist fertig."', MAN, ("food", "meal", "dinner"), ("ready", "done")),
    probe("Ein Kellner bringt zwei Getränke (Cola & Wasser).", ("waiter",), TWO, ("drinks",),
          ("cola", "coke"), ("water",)),
])

COPY = of_kind("copy", [
    probe("Ein Mann schaut auf www.tagesschau.de nach den Nachrichten.", MAN, AsIs("www.tagesschau.de"), ("news",)),
    probe("Auf dem Plakat steht https://www.stadtfest-bonn.de/programm.", ("poster", "sign", "billboard", "placard"),
          AsIs("https://www.stadtfest-bonn.de/programm")),
    probe("Eine Frau schreibt eine E-Mail an anna.meier@gmx.de.", WOMAN, ("email", "e-mail", "mail"),
          AsIs("anna.meier@gmx.de")),
    probe("Kontakt: info@baeckerei-huber.de", ("contact",), AsIs("info@baeckerei-huber.de")),
    probe("Folgt uns auf Instagram: @tierpark_nord", ("follow",), "Instagram", AsIs("@tierpark_nord")),
    probe("Ein Mädchen postet ein Foto mit #sommerferien.", GIRL, ("post*",), ("photo", "picture"),
          AsIs("#sommerferien")),
    probe("Die Läufer tragen T-Shirts mit #laufenfuerkinder.", ("runners",), ("T-shirts", "t-shirts", "shirts"),
          AsIs("#laufenfuerkinder")),
    probe("Ein Hund schläft in der Sonne ☀️", DOG, ("sleep*", "asleep"), ("sun",), AsIs("☀️")),
    probe("Zwei Freunde stoßen mit Bier an 🍻", TWO, ("friends",), ("beer*",), AsIs("🍻")),
    probe("Ein Mann schickt die Datei bericht_2023.pdf an seinen Chef.", MAN, ("send*",), ("file",),
          AsIs("bericht_2023.pdf"), ("boss",)),
    probe("Das Foto heißt IMG_4021.JPG.", ("photo", "picture"), AsIs("IMG_4021.JPG")),
    probe("Der Zug ICE 578 fährt nach Hamburg.", ("train",), AsIs("ICE 578"), "Hamburg"),
    probe("Ein Pilot steigt in eine Boeing 737.", ("pilot",), AsIs("Boeing 737")),
    probe("Der Gutschein-Code lautet SOMMER24.", ("code", "voucher", "coupon"), AsIs("SOMMER24")),
    probe("Ein Techniker repariert den Router vom Typ FRITZ!Box 7590.", ("technician", "engineer", "mechanic"),
          ("router",), AsIs("FRITZ!Box 7590")),
    probe("Mein Kennzeichen ist B-XY 1234.", ("plate", "registration", "license", "licence"), AsIs("B-XY 1234")),
    probe("Ein Kind lacht 😂😂", CHILD, ("laugh*",), AsIs("😂😂")),
    probe("Eine Frau tanzt im Regen 💃🌧️", WOMAN, ("danc*",), ("rain",), AsIs("💃🌧️")),
    probe("Infos unter www.zoo-leipzig.de oder 0341 593 3500.", AsIs("www.zoo-leipzig.de"), AsIs("0341 593 3500")),
    probe("Schreib mir unter @lena.malt oder lena@example.org!", ("writ*", "message", "contact"),
          AsIs("@lena.malt"), AsIs("lena@example.org")),
    probe("Der Hashtag #Tatort ist heute auf Platz 1.", AsIs("#Tatort"), ("1", "one", "first", "top")),
    probe("Ein Mann zeigt auf die Adresse Hauptstraße 5, 53111 Bonn.", MAN, ("address",), AsIs("53111"), "Bonn"),
    probe("Der Bus 7A hält am Hauptbahnhof.", ("bus",), AsIs("7A"),
          ("main station", "central station", "main train station", "Hauptbahnhof", "railway station")),
])
C = {p.source: p for p in COPY}

GREETINGS = of_kind("greetings", [
    probe("Hallo", ("hello", "hi", "hey")),
    probe("Tschüss", ("bye", "goodbye", "see you", "cheers", "so long", "ciao")),
    probe("Guten Morgen!", ("good morning", "morning")),
    probe("Danke schön.", ("thank you", "thanks", "many thanks")),
    probe("Wie geht's?", ("how are you", "how's it going", "how is it going", "how are things", "how are you doing")),
    probe("Gute Nacht", ("good night", "goodnight", "night")),
    probe("Herzlichen Glückwunsch zum Geburtstag!", ("happy", "congratulations", "congrats"), ("birthday",)),
    probe("Entschuldigung, wo ist die Toilette?", ("excuse me", "sorry", "pardon"), ("where",),
          ("toilet", "restroom", "bathroom", "washroom", "loo")),
    probe("Bis morgen!", ("tomorrow",)),
    probe("Guten Appetit!", ("enjoy your meal", "bon appetit", "bon appétit", "enjoy")),
    probe("Alles Gute!", ("all the best", "best wishes", "good luck")),
    probe("Frohe Weihnachten", ("merry", "happy"), ("Christmas",)),
    probe("Ja, gerne.", ("yes", "yeah", "sure"),
          ("gladly", "please", "with pleasure", "love to", "happy to", "of course", "sure")),
    probe("Willkommen in Berlin!", ("welcome",), "Berlin"),
    probe("Hallo zusammen, schönes Wochenende!", ("hello", "hi", "hey"), ("weekend",)),
])
G = {p.source: p for p in GREETINGS}

PEOPLE = of_kind("people", [
    probe("Die Läuferin Gesa Krause trainiert im Stadion.", "Gesa Krause"),
    probe("Unser Nachbar Herr Kowalski mäht den Rasen.", "Kowalski"),
    probe("Die Katze von Familie Yilmaz schläft auf dem Auto.", "Yilmaz"),
    probe("Oma Erna backt einen Apfelkuchen.", "Erna"),
    probe("Mesut Özil schießt einen Elfmeter.", ("Mesut Özil", "Mesut Ozil")),
    probe("Ein Mann, der wie Boris Becker aussieht, spielt Tennis.", "Boris Becker"),
    probe("Kai-Uwe und Sabine gehen im Wald spazieren.", "Kai-Uwe", "Sabine"),
    probe("Dr. Anja Hoffmann spricht mit einer Patientin.", "Anja Hoffmann"),
    probe("Malte zeigt seiner Schwester Pia ein Video.", "Malte", "Pia"),
    probe("Die Sängerin Nena singt auf einem Stadtfest.", "Nena"),
    probe("Olaf Scholz schüttelt einem Feuerwehrmann die Hand.", "Olaf Scholz"),
    probe("Ein Junge namens Finn-Luca baut ein Baumhaus.", "Finn-Luca"),
])
N = {p.source: p for p in PEOPLE}

PLACES = of_kind("places", [
    probe("Ein Paar spaziert am Ufer der Elbe in Magdeburg.", "Elbe", "Magdeburg"),
    probe("Touristen stehen vor dem Kölner Dom.", ("Cologne", "Köln", "Kölner")),
    probe("Eine Familie macht Urlaub an der Ostsee.", ("Baltic", "Ostsee")),
    probe("Ein Zug fährt über den Damm nach Sylt.", "Sylt"),
    probe("Ein Mann rudert auf dem Bodensee.", ("Lake Constance", "Bodensee")),
    probe("Wanderer erreichen den Gipfel der Zugspitze.", "Zugspitze"),
    probe("Zwei Frauen trinken Kaffee in Genf.", ("Genf", "Geneva")),
    probe("Ein Schiff fährt durch den Hafen von Rostock.", "Rostock"),
    probe("Ein Kind spielt im Schnee in Garmisch-Partenkirchen.", "Garmisch-Partenkirchen"),
    probe("Ein Radfahrer fährt durch Freiburg im Breisgau.", "Freiburg"),
    probe("Eine Gruppe besichtigt das Schloss Neuschwanstein.", "Neuschwanstein"),
    probe("Ein Mann wartet am Flughafen in Düsseldorf.", ("Düsseldorf", "Dusseldorf", "Duesseldorf")),
])
L = {p.source: p for p in PLACES}

BRANDS = of_kind("brands", [
    probe("Ein Mann trinkt eine Flasche Club-Mate.", "Club-Mate"),
    probe("Eine Frau kauft Brötchen bei Lidl.", "Lidl"),
    probe("Ein Kind isst ein Stück Milka Schokolade.", "Milka"),
    probe("Ein Mann fährt einen alten Trabant.", ("Trabant", "Trabi")),
    probe("Eine Studentin tippt auf ihrem MacBook.", "MacBook"),
    probe("Ein Lieferwagen von DHL parkt in zweiter Reihe.", "DHL"),
    probe("Zwei Jungen trinken Fanta am Kiosk.", "Fanta"),
])

CLUBS = of_kind("clubs", [
    probe("Fans vom 1. FC Köln singen vor dem Stadion.", ("FC Köln", "FC Cologne")),
    probe("Ein Junge trägt ein Trikot von Eintracht Frankfurt.", "Eintracht Frankfurt"),
    probe("Spieler des VfB Stuttgart feiern einen Sieg.", "VfB Stuttgart"),
    probe("Ein Mann mit einem Schal vom HSV steht im Regen.", "HSV"),
    probe("Fans von Union Berlin halten rote Fahnen hoch.", "Union Berlin"),
    probe("Ein Mädchen spielt für den FC St. Pauli.", ("FC St. Pauli", "St. Pauli", "St Pauli")),
])

CAPS = [
    *(caps(P[s]) for s in ["Zwei Kinder essen Eis vor einer Eisdiele.", "Ein Mann spielt auf der Straße Gitarre.",
                           "Eine Frau liest im Park ein dickes Buch.", "Drei Männer tragen ein Boot zum Fluss.",
                           "Eine graue Katze schläft auf dem Sofa.", "Ein Koch schneidet Zwiebeln in der Küche.",
                           "Ein Mädchen lacht und hält einen roten Luftballon.",
                           "Zwei Frauen trinken Kaffee auf einem kleinen Balkon."]),
    caps(S["Es regnet. Die Leute tragen Regenschirme."]),
    caps(S["Ein Mann repariert sein Fahrrad. Sein Hund wartet neben ihm."]),
    caps(L["Ein Schiff fährt durch den Hafen von Rostock."]),
    caps(N["Olaf Scholz schüttelt einem Feuerwehrmann die Hand."]),
    caps(C["Ein Hund schläft in der Sonne ☀️"]),
    caps(G["Guten Morgen!"]),
    caps(P["Ein schwarzer Hund schwimmt in einem Teich."], "EIN SCHWARZER HUND SCHWIMMT in einem Teich."),
    caps(P["Ein Kind rennt lachend durch den Regen."], "eIN kIND rENNT lACHEND dURCH dEN rEGEN."),
    caps(P["Ein Junge fährt Fahrrad auf einem Feldweg."], "EIN JUNGE FÄHRT FAHRRAD AUF EINEM Feldweg!!!"),
    caps(P["Die Kinder bauen einen Schneemann im Garten."], "DIE KINDER BAUEN EINEN SCHNEEMANN im Garten"),
]

LOWERCASE = [
    *(lowercase(P[s]) for s in ["Ein schwarzer Hund schwimmt in einem Teich.",
                                "Ein Mann spielt auf der Straße Gitarre.",
                                "Eine alte Frau füttert Tauben auf dem Marktplatz.",
                                "Ein Fischer sitzt ganz allein in seinem Boot.",
                                "Ein älterer Mann schiebt seinen Rollator über den Gehweg.",
                                "Ein Kind rennt lachend durch den Regen."]),
    lowercase(S["Zwei Mädchen spielen im Sand. Ihre Mutter liest eine Zeitung."]),
    lowercase(S["Ein Mann trägt ca. 20 Kisten. Er ist sehr müde."]),
    lowercase(N["Mesut Özil schießt einen Elfmeter."]),
    lowercase(L["Ein Mann wartet am Flughafen in Düsseldorf."]),
    lowercase(C["Eine Frau schreibt eine E-Mail an anna.meier@gmx.de."]),
    lowercase(G["Danke schön."]),
]

USER_PROBES = [*PLAIN, *SENTENCES, *CAPS, *LOWERCASE, *TYPOS, *SPACING, *PUNCTUATION, *COPY, *GREETINGS, *PEOPLE,
               *PLACES, *BRANDS, *CLUBS]
