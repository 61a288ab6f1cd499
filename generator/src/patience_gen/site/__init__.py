"""Stage three: the MkDocs side, the game page's table and the site's self-hosted assets."""
