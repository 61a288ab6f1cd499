"""`python -m patience_gen`: the generator's command line."""

import sys

from patience_gen.cli import main

sys.exit(main())
