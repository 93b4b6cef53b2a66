"""`python -m skitgubbe`: the command line (skitgubbe.cli)."""

import sys

from skitgubbe.cli import main

sys.exit(main())
