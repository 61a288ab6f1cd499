"""Stage one: rules files, checked against the schema, compiled into engine configs."""
