"""Stage two: each game's page text from its compiled config, its examples and its figures."""
