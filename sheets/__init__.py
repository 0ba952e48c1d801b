"""sheets: record sheets, unit cards, army lists and reference handouts for tabletop wargames."""

__version__ = "0.1.0"
