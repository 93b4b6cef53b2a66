"""The table server: friends or a class at one game, each on their own phone (issue 44).

Small modules, from the bottom up: `codes` (table codes and seat tokens), `errors` (a refusal worded in the
seat's language), `messages` (every client message checked through `strict_json`, with a size cap), `room` (one
table: its seats, the `Game` the server holds, the computer players), `seat_view` (what one seat may see: its own
hand, the others' counts, what is public) and `app` (the Starlette ASGI app: HTTP to open a table, a WebSocket
per phone). The engine imports none of it.
"""

from __future__ import annotations
