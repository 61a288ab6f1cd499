"""The catalogs: translation at build time, the table's strings, and the checks on each catalog."""
