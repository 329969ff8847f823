"""The three games. Each package ``cueboard.games.<name>`` exposes ``GAME``, an object that follows
:class:`cueboard.games.protocol.Game`."""

GAME_NAMES = ("snooker", "crokinole", "novuss")
