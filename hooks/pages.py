"""MkDocs hook: generate the game pages, home pages and engine configs from the rules files.

The work is done in `patience_gen.site.hooks`; this file only connects it to MkDocs's events.
"""

from patience_gen.site.hooks import on_config, on_page_context, on_page_markdown, on_serve

__all__ = ["on_config", "on_page_context", "on_page_markdown", "on_serve"]
