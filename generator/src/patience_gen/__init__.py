"""Build-time side of Patience: rules compiler, pages, catalogs and site assets."""
