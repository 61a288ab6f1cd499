"""`python -m patience`: the engine's command line."""

import sys

from patience.cli import main

sys.exit(main())
