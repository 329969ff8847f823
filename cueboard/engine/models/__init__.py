"""Per-model laws: how a kind of body moves and collides (see cueboard/engine/__init__.py).

- ``ball.py`` — model 0, a sphere on cloth (snooker).
- ``disc.py`` — model 1, a disc sliding on a board (crokinole, novuss), added by the disc model.
"""
