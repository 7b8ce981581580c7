"""The rows of text/forms/everyday_nouns.py's table, one module per part of everyday life (home, online, money,
food, travel, town, health, work and school), each a list NOUNS of text/forms/everyday/noun.py's Noun."""
