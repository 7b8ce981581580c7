"""The phrasebook's whole sentences, (German, English) pairs the phrase tables (text/forms/phrase_tables.py) read both
ways: a short question or request typed to someone (ASKED), what a learner or a traveller says of themselves
(SAID), a short call or exclamation (EXCLAIMED) and a sentence around a phone number (PHONED). Where one side has
several, each one's translation is the last named.
"""
from __future__ import annotations

# a short question or request typed to someone (Multi30K's captions hold almost none: "Wo bist du?" -> "Three women?",
# "Call me!" -> "Fire mich!", "Wer ist das?" -> "Who is the?"); (German, English), each one's translation the last
# named, "du" after "Sie"
ASKED = [("Wo sind Sie", "Where are you"), ("Wo bist du", "Where are you"), ("Wer sind Sie", "Who are you"),
         ("Wer bist du", "Who are you"), ("Was ist das", "What is that"), ("Was ist das", "What is this"),
         ("Wer ist das", "Who is this"), ("Wer ist das", "Who is that"), ("Was machen Sie", "What are you doing"),
         ("Was machst du", "What are you doing"), ("Wann kommen Sie", "When are you coming"),
         ("Wann kommst du", "When are you coming"), ("Was bedeutet das", "What does that mean"),
         ("Wo ist die Toilette", "Where is the bathroom"), ("Wo ist die Toilette", "Where is the toilet"),
         ("Wo ist der Bahnhof", "Where is the station"), ("Wo ist der Bahnhof", "Where is the train station"),
         ("Rufen Sie mich an", "Call me"), ("Ruf mich an", "Call me"), ("Ruf mich morgen an", "Call me tomorrow"),
         ("Ruf mich später an", "Call me later"), ("Ruf mich zurück", "Call me back"),
         ("Schreib mir eine E-Mail", "Email me"), ("Schreib mir morgen eine E-Mail", "Email me tomorrow"),
         ("Hilf mir", "Help me"),
         *(("Wie viel kostet das", f"How much does {it} cost") for it in ("this", "that", "it")),
         ("Wie viel kostet das", "How much is it"),
         ("Warte auf mich", "Wait for me"), ("Warte hier", "Wait here"), ("Hör zu", "Listen"),
         ("Setz dich", "Sit down"), ("Komm rein", "Come in"), ("Bleib hier", "Stay here"),
         ("Können Sie das wiederholen", "Can you repeat that"), ("Kannst du das wiederholen", "Could you repeat that"),
         ("Kannst du das wiederholen", "Can you repeat that"), ("Sprechen Sie langsamer", "Speak more slowly"),
         ("Sprich langsamer", "Speak more slowly"), ("Sprechen Sie bitte langsamer", "Please speak more slowly"),
         ("Sprich bitte langsamer", "Please speak more slowly"), ("Was haben Sie gesagt", "What did you say"),
         ("Was hast du gesagt", "What did you say"), ("Wo wohnen Sie", "Where do you live"),
         ("Wo wohnst du", "Where do you live"), ("Was machen Sie beruflich", "What do you do for a living"),
         ("Was machst du beruflich", "What do you do for a living"), ("Wie war Ihr Tag", "How was your day"),
         ("Wie war dein Tag", "How was your day"), ("Haben Sie Zeit", "Do you have time"),
         ("Hast du Zeit", "Do you have time"), ("Haben Sie Hunger", "Are you hungry"),
         ("Hast du Hunger", "Are you hungry"), ("Haben Sie Durst", "Are you thirsty"),
         ("Hast du Durst", "Are you thirsty"), ("Haben Sie Angst", "Are you scared"),
         ("Hast du Angst", "Are you scared"), ("Hast du Angst", "Are you afraid"),
         ("Hast du Lust", "Do you feel like it"), ("Was ist passiert", "What happened"),
         ("Was empfehlen Sie", "What do you recommend"), ("Was empfiehlst du", "What do you recommend"),
         ("Rufen Sie die Polizei", "Call the police"), ("Ruf die Polizei", "Call the police"),
         ("Rufen Sie einen Krankenwagen", "Call an ambulance"), ("Ruf einen Krankenwagen", "Call an ambulance"),
         # "Kann ich mit Karte zahlen?" -> "Can with maps pay?", "Can I pay by card?" -> "Könnene ich bezahlen an einem
         # Karton?", "How are you today?" -> "Wie du heute?" from a 30-minute model
         ("Kann ich mit Karte zahlen", "Can I pay by card"), ("Kann ich mit Karte bezahlen", "Can I pay with a card"),
         ("Kann ich mit Karte bezahlen", "Can I pay by card"),
         ("Kann ich mit Kreditkarte zahlen", "Can I pay by credit card"),
         ("Kann ich mit Kreditkarte bezahlen", "Can I pay by credit card"), ("Kann ich bar zahlen", "Can I pay cash"),
         ("Kann ich bar bezahlen", "Can I pay cash"), ("Kann ich bar bezahlen", "Can I pay in cash"),
         ("Wie geht es euch heute", "How are you today"), ("Wie geht es Ihnen heute", "How are you today"),
         ("Wie geht's dir heute", "How are you today"), ("Wie geht es dir heute", "How are you doing today"),
         ("Wie geht es dir heute", "How are you today"),
         *((f"Wie sagt man das auf {de}", f"How do you say {that} in {en}")
           for de, en in (("Deutsch", "German"), ("Englisch", "English")) for that in ("this", "that"))]
# what a learner or a traveller says of themselves, a whole sentence ("Ich bin müde." -> "I am tire.", "I'm hungry."
# -> "Ich bin me.", "I need help." -> "Ich brauche helfen." from a 30-minute model); (German, English), each one's
# translation the last named
SAID = [("Ich bin müde", "I'm tired"), ("Ich bin hungrig", "I'm hungry"), ("Ich habe Hunger", "I'm hungry"),
        ("Ich bin durstig", "I'm thirsty"), ("Ich habe Durst", "I'm thirsty"), ("Ich verstehe", "I understand"),
        ("Ich verstehe Sie nicht", "I don't understand you"), ("Ich verstehe dich nicht", "I don't understand you"),
        ("Ich brauche Hilfe", "I need help"), ("Ich habe eine Frage", "I have a question"),
        ("Ich vermisse dich", "I miss you"), ("Ich mag dich", "I like you"), ("Ich weiß", "I know"),
        ("Mir ist kalt", "I'm cold"), ("Mir ist langweilig", "I'm bored"), ("Ich bin krank", "I'm ill"),
        ("Ich bin krank", "I'm sick"), ("Mir geht es nicht gut", "I don't feel well"),
        ("Ich fühle mich nicht gut", "I'm not feeling well"), ("Ich fühle mich nicht gut", "I don't feel well"),
        ("Ich habe Kopfschmerzen", "I have a headache"), ("Ich bin satt", "I'm full"),
        ("Ich bin beschäftigt", "I'm busy"), ("Ich habe mich verspätet", "I'm late"),
        ("Ich bin spät dran", "I'm late"), ("Ich muss gehen", "I have to go"),
        ("Ich bin gleich zurück", "I'll be right back"), ("Ich bin zurück", "I'm back"),
        ("Ich bin wieder da", "I'm back"), ("Ich glaube schon", "I think so"),
        ("Ich glaube nicht", "I don't think so"), ("Ich habe keine Zeit", "I have no time"),
        ("Ich habe keine Zeit", "I don't have time"), ("Das ist mir egal", "I don't care"),
        ("Es ist mir egal", "I don't care"), ("Das macht nichts", "It doesn't matter"),
        ("Mach dir keine Sorgen", "Don't worry"), ("Keine Sorge", "Don't worry"), ("Gute Idee", "Good idea"),
        ("Schön, Sie zu sehen", "Nice to see you"), ("Schön, dich zu sehen", "Nice to see you"),
        ("Lange nicht gesehen", "Long time no see"), ("Ich bin Vegetarierin", "I'm a vegetarian"),
        ("Ich bin Vegetarier", "I'm a vegetarian"), ("Ich möchte bezahlen", "I would like to pay"),
        ("Ich möchte bezahlen", "I'd like to pay"), ("Ich möchte bitte bezahlen", "I'd like to pay, please"),
        ("Ich habe eine Reservierung", "I have a reservation"),
        ("Es freut mich", "I'm glad"), ("Das freut mich", "I'm glad"),      # "Es freut mich." -> "It enjoying me."
        ("Das stimmt", "That's right"), ("Sie haben recht", "You're right"),   # "You're right." -> "Ihr seid rechtes."
        ("Du hast recht", "You're right"),
        *(pair for de, en in (("Deutsch", "German"), ("Englisch", "English"))
          for pair in ((f"Ich spreche kein {de}", f"I don't speak {en}"),
                       (f"Ich spreche ein wenig {de}", f"I speak a little {en}"),
                       (f"Ich spreche ein bisschen {de}", f"I speak a little {en}"),
                       (f"Ich lerne {de}", f"I'm learning {en}")))]
# a short call or exclamation, typed alone or quoted ("„Lauf!“, ruft die Mutter." -> "“Running!” the mother calls.",
# "Be careful!" -> "Ich chore!", "Look!" -> "Blick!" from a 30-minute model); (German, English), each one's
# translation the last named, and any other table's pair wins over one of these (text/forms/phrase_tables.py)
EXCLAIMED = [("Renn", "Run"), ("Lauf", "Run"), ("Lauf weg", "Run away"), ("Schnell", "Quickly"), ("Schnell", "Quick"),
             ("Schneller", "Faster"), ("Beeil dich", "Hurry"), ("Mach schnell", "Hurry up"), ("Schau", "Look"),
             ("Sieh mal", "Look"), ("Guck mal", "Look"), ("Schau mal", "Look"), ("Sei vorsichtig", "Careful"),
             ("Seien Sie vorsichtig", "Be careful"), ("Sei vorsichtig", "Be careful"), ("Komm schon", "Come on"),
             ("Komm mit", "Come with me"), ("Komm zurück", "Come back"), ("Komm runter", "Come down"),
             ("Herein", "Come in"), ("Hau ab", "Go away"), ("Geh weg", "Go away"), ("Lass das", "Stop it"),
             ("Hör auf", "Stop it"), ("Keine Bewegung", "Freeze"), ("Nicht bewegen", "Don't move"),
             ("Beweg dich nicht", "Don't move"), ("Halt die Klappe", "Shut up"), ("Seid still", "Be quiet"),
             ("Sei still", "Be quiet"), ("Pst", "Shh"), ("Psst", "Shh"), ("Duck dich", "Get down"),
             ("Runter", "Get down"), ("Aufstehen", "Get up"), ("Steh auf", "Get up"), ("Raus", "Get out"),
             ("Raus hier", "Get out of here"), ("Weg da", "Get out of the way"), ("Aufwachen", "Wake up"),
             ("Wach auf", "Wake up"), ("Moment mal", "Wait a minute"), ("Warte mal", "Wait a minute"),
             ("Festhalten", "Hold on"), ("Halt dich fest", "Hold on"), ("Hierher", "Over here"),
             ("Hier drüben", "Over here"), ("Lass mich in Ruhe", "Leave me alone"), ("Lass los", "Let go"),
             ("Gehen wir", "Let's go"), ("Versteck dich", "Hide"), ("Hör mal", "Listen"), ("Spring", "Jump"),
             ("Fang", "Catch"), ("Hände hoch", "Hands up"), ("Zeig mal", "Show me"), ("Gib nicht auf", "Don't give up"),
             ("Hab keine Angst", "Don't be afraid"), ("Keine Panik", "Don't panic"), ("Entspann dich", "Relax"),
             ("Beruhig dich", "Calm down"), ("Beruhige dich", "Calm down"), ("Lächeln", "Smile"),
             ("Auf die Plätze, fertig, los", "On your marks, get set, go"), ("Weiter so", "Keep it up"),
             ("Gute Arbeit", "Good work"), ("Sehr gut", "Very good"), ("Prima", "Great"),
             ("Ausgezeichnet", "Excellent"), ("Perfekt", "Perfect"), ("Wunderbar", "Wonderful"),
             ("Fantastisch", "Fantastic"), ("Unglaublich", "Incredible"), ("Hals- und Beinbruch", "Break a leg"),
             ("Gesundheit", "Bless you"), ("Echt", "Really"), ("Wirklich", "Really"), ("Genau", "Exactly"),
             ("Schade", "What a pity"), ("Wie schade", "What a pity"), ("Mist", "Damn"), ("Verdammt", "Damn"),
             ("Oh mein Gott", "Oh my God"), ("Mein Gott", "My God"), ("Oje", "Oh dear"), ("Ach nein", "Oh no"),
             ("Ach so", "I see"), ("Na endlich", "Finally"), ("Endlich", "Finally"),
             ("Keine Ursache", "Don't mention it"),
             ("Nach Ihnen", "After you"), ("Nach dir", "After you")]
# a sentence around a phone number, "{}" the number, copied as typed ("Ruf mich unter 0171 2345678 an!" -> "Do I 0171
# 2345678!", "Call me on 0171 2345678." -> "Ein Haufen mich auf 0171 2345678." from a 30-minute model); (German,
# English), each one's translation the last named, "du" after "Sie"
PHONED = [("Rufen Sie mich unter {} an", "Call me at {}"), ("Ruf mich unter {} an", "Call me on {}"),
          ("Ruf mich unter {} an", "Call me at {}"), ("Rufen Sie mich unter {} zurück", "Call me back at {}"),
          ("Ruf mich unter {} zurück", "Call me back at {}"), ("Sie erreichen mich unter {}", "You can reach me on {}"),
          ("Sie erreichen mich unter {}", "You can reach me at {}"),
          ("Sie können mich unter {} erreichen", "You can reach me at {}"),
          ("Du kannst mich unter {} erreichen", "You can reach me at {}"),
          ("Du erreichst mich unter {}", "You can reach me at {}"),
          ("Ich bin unter {} erreichbar", "I can be reached at {}"),
          ("Meine Telefonnummer ist {}", "My phone number is {}"), ("Meine Nummer ist {}", "My number is {}")]
