"""Places' names the names finder (text/finders/names.py) and the text steps read: German names of places, sights and
languages and their English ones (EXONYMS, LANGUAGES; `exonyms` for a pair of languages), towns of several words
kept whole (WHOLE_PLACES), English places whose words are common words (WORDED_PLACES), the endings of German
places' names (PLACE_ENDINGS: "-burg", "-dorf", ...) and towns, regions and countries often named (PLACE_NAMES).
"""
from __future__ import annotations

# German names of places and sights -> their English names (the ones English writes differently)
EXONYMS = {
    "Köln": "Cologne", "München": "Munich", "Wien": "Vienna", "Zürich": "Zurich", "Genf": "Geneva",
    "Nürnberg": "Nuremberg", "Hannover": "Hanover", "Braunschweig": "Brunswick", "Prag": "Prague",
    "Warschau": "Warsaw", "Moskau": "Moscow", "Rom": "Rome", "Venedig": "Venice", "Mailand": "Milan",
    "Florenz": "Florence", "Neapel": "Naples", "Lissabon": "Lisbon", "Kopenhagen": "Copenhagen",
    "Brüssel": "Brussels", "Athen": "Athens", "Peking": "Beijing", "Tokio": "Tokyo", "Kairo": "Cairo",
    "Bayern": "Bavaria", "Österreich": "Austria", "Schweiz": "Switzerland", "Frankreich": "France",
    "Spanien": "Spain", "Italien": "Italy", "Griechenland": "Greece", "Türkei": "Turkey", "Russland": "Russia",
    "Polen": "Poland", "Schweden": "Sweden", "Norwegen": "Norway", "Dänemark": "Denmark", "Belgien": "Belgium",
    "Niederlande": "the Netherlands", "Schottland": "Scotland", "Irland": "Ireland", "Mexiko": "Mexico",
    "Brasilien": "Brazil", "Argentinien": "Argentina", "Ägypten": "Egypt", "Indien": "India",
    "Australien": "Australia", "Sizilien": "Sicily", "Kreta": "Crete", "Bodensee": "Lake Constance",
    "Ostsee": "Baltic Sea", "Nordsee": "North Sea", "Rhein": "Rhine", "Donau": "Danube", "Alpen": "Alps",
    "Schwarzwald": "Black Forest", "Eiffelturm": "Eiffel Tower", "Kölner Dom": "Cologne Cathedral",
    "Brandenburger Tor": "Brandenburg Gate", "Bayern München": "Bayern Munich", "Deutschland": "Germany",
}
# German names of languages, capitalized as nouns ("Ich spreche Deutsch": a model kept "Deutsch"); German -> English
# only: English "German", "English" are adjectives too ("German shepherd", "English breakfast")
LANGUAGES = {"Deutsch": "German", "Englisch": "English", "Französisch": "French", "Spanisch": "Spanish",
             "Italienisch": "Italian", "Russisch": "Russian", "Türkisch": "Turkish", "Chinesisch": "Chinese",
             "Japanisch": "Japanese", "Arabisch": "Arabic", "Polnisch": "Polish", "Niederländisch": "Dutch"}
# towns whose name holds a word of the sentence's kind ("am", "an der"), written alike in both languages: one name,
# not "Frankfurt at Main"
WHOLE_PLACES = ("Frankfurt am Main", "Frankfurt an der Oder", "Freiburg im Breisgau", "Halle an der Saale",
                "Mülheim an der Ruhr", "Rothenburg ob der Tauber", "Weil am Rhein", "Neustadt an der Weinstraße",
                "Offenbach am Main", "Ludwigshafen am Rhein")
# English places whose words are common words ("new", "york" is "York"): a line in one case writes them as names
# ("i love new york." -> "I love new York.": only "York" was kept, and a model wrote "Ich verliebt York.")
WORDED_PLACES = ("New York", "New Jersey", "New Zealand", "New Orleans", "New Mexico", "New Delhi", "New England",
                 "New Hampshire", "Hong Kong", "Las Vegas", "Los Angeles", "San Francisco", "San Diego",
                 "Buenos Aires", "Rio de Janeiro", "Tel Aviv", "Cape Town", "Salt Lake City", "Great Britain",
                 "United States", "United Kingdom", "South Africa", "North Carolina", "South Carolina",
                 "North Dakota", "South Dakota", "West Virginia", "Puerto Rico", "Costa Rica", "Sri Lanka")
# towns, regions and countries a name of which data/augment.py's copy pairs give, and a statement's name is no
# person's ("Berlin ist groß." is no "Berlin is tall.", text/forms/statement_frames.py)
PLACE_NAMES = ("Berlin Hamburg Bremen Dresden Leipzig Stuttgart Hannover Dortmund Bonn Mainz Heidelberg Freiburg "
               "Potsdam Kiel Rostock Augsburg Regensburg Salzburg Graz Linz Innsbruck Bern Basel Luzern Zürich Genf "
               "Paris Lyon Marseille Madrid Barcelona Sevilla Lissabon Porto Amsterdam Rotterdam Oslo Stockholm "
               "Helsinki Kopenhagen Dublin London Manchester Edinburgh Boston Chicago Seattle Toronto Sydney Tokio "
               "Kyoto Shanghai Mumbai Nairobi Lagos Lima Santiago Istanbul Kreta Sizilien Bayern Tirol Texas Ohio "
               "Kenia Peru Chile Japan Kanada Brasilien Portugal Norwegen Schottland").split()
PLACE_ENDINGS = ("burg", "berg", "dorf", "hausen", "heim", "stadt", "furt", "ingen", "bach", "hafen", "feld",
                 "brück", "brücken", "au", "hof", "rode", "roda", "leben", "weiler", "kirchen", "stedt", "mund",
                 "stein")


def exonyms(source: str, target: str) -> dict[str, str]:
    """The names a place has in the target language where it differs from the source's, and the towns of several
    words kept whole (WHOLE_PLACES): German -> English and back (a language's name German -> English only); none for
    other pairs of languages."""
    whole = {place: place for place in WHOLE_PLACES}
    if (source, target) == ("de", "en"):
        return {**EXONYMS, **LANGUAGES, **whole}
    if (source, target) == ("en", "de"):
        return {**{english: german for german, english in EXONYMS.items() if not english.startswith("the ")}, **whole}
    return {}
