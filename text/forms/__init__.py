"""The formats, rules and word lists steps and finders read: placeholders as text, numbers, units, dates, words."""
